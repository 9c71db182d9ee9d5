import { useTranslate } from 'react-admin';
import { RecordEdit } from '../../../components/RecordPages';
import { RoleForm } from './RoleForm';

export default function RoleEdit() {
  const translate = useTranslate();
  return (
    <RecordEdit title={translate('routes.bumen')}>
      <RoleForm />
    </RecordEdit>
  );
}
