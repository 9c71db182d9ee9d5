import { useTranslate } from 'react-admin';
import { RecordEdit } from '../../../components/RecordPages';
import { ElectricMeterForm } from './ElectricMeterForm';
import { ElectricMeterAside } from './ElectricMeterAside';

export default function ElectricMeterEdit() {
  const translate = useTranslate();
  return (
    <RecordEdit title={translate('routes.dianbiaoguanli')} aside={<ElectricMeterAside />}>
      <ElectricMeterForm />
    </RecordEdit>
  );
}
