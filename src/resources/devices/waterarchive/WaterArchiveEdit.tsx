import { useTranslate } from 'react-admin';
import { RecordEdit } from '../../../components/RecordPages';
import { WaterArchiveForm } from './WaterArchiveForm';
import { WaterMeterAside } from './WaterMeterAside';

export default function WaterArchiveEdit() {
  const translate = useTranslate();
  return (
    <RecordEdit title={translate('routes.waterarchive')} aside={<WaterMeterAside />}>
      <WaterArchiveForm />
    </RecordEdit>
  );
}
