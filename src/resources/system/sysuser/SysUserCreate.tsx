import { useTranslate } from 'react-admin';
import { RecordCreate } from '../../../components/RecordPages';
import { SysUserForm } from './SysUserForm';

export default function SysUserCreate() {
  const translate = useTranslate();
  return (
    <RecordCreate title={translate('routes.sysuser')}>
      <SysUserForm create />
    </RecordCreate>
  );
}
