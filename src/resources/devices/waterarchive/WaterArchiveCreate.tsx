import { Create, useTranslate } from 'react-admin';
import { WaterArchiveForm } from './WaterArchiveForm';

export default function WaterArchiveCreate() {
  const translate = useTranslate();
  return (
    <Create redirect="list" title={translate('routes.waterarchive')} mutationOptions={{ meta: {} }}>
      <WaterArchiveForm />
    </Create>
  );
}
