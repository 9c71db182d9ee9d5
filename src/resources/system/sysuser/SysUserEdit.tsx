import { useTranslate } from 'react-admin';
import { RecordEdit } from '../../../components/RecordPages';
import { SysUserForm } from './SysUserForm';

export default function SysUserEdit() {
  const translate = useTranslate();
  return (
    <RecordEdit title={translate('routes.sysuser')}>
      <SysUserForm />
    </RecordEdit>
  );
}
