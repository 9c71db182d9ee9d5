import { Edit, useTranslate } from 'react-admin';
import { WaterArchiveForm } from './WaterArchiveForm';

export default function WaterArchiveEdit() {
  const translate = useTranslate();
  return (
    <Edit redirect="list" mutationMode="pessimistic" title={translate('routes.waterarchive')}>
      <WaterArchiveForm />
    </Edit>
  );
}
