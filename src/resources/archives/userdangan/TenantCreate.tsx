import { useTranslate } from 'react-admin';
import { RecordCreate } from '../../../components/RecordPages';
import { TenantForm } from './TenantForm';

export default function TenantCreate() {
  const translate = useTranslate();
  return (
    <RecordCreate title={translate('routes.userdangan')}>
      <TenantForm />
    </RecordCreate>
  );
}
