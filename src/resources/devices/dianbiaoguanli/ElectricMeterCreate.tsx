import { useTranslate } from 'react-admin';
import { RecordCreate } from '../../../components/RecordPages';
import { ElectricMeterForm } from './ElectricMeterForm';

export default function ElectricMeterCreate() {
  const translate = useTranslate();
  return (
    <RecordCreate title={translate('routes.dianbiaoguanli')}>
      <ElectricMeterForm />
    </RecordCreate>
  );
}
