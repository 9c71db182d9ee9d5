import { useTranslate } from 'react-admin';
import { RecordCreate } from '../../../components/RecordPages';
import { ModuleForm } from './ModuleForm';

export default function ModuleCreate() {
  const translate = useTranslate();
  return (
    <RecordCreate title={translate('routes.mokuaiguanli')}>
      <ModuleForm />
    </RecordCreate>
  );
}
