import { useTranslate } from 'react-admin';
import { RecordCreate } from '../../../components/RecordPages';
import { WaterArchiveForm } from './WaterArchiveForm';

export default function WaterArchiveCreate() {
  const translate = useTranslate();
  return (
    <RecordCreate title={translate('routes.waterarchive')}>
      <WaterArchiveForm />
    </RecordCreate>
  );
}
