import { useTranslate } from 'react-admin';
import { RecordCreate } from '../../../components/RecordPages';
import { RoleForm } from './RoleForm';

export default function RoleCreate() {
  const translate = useTranslate();
  return (
    <RecordCreate title={translate('routes.bumen')}>
      <RoleForm create />
    </RecordCreate>
  );
}
