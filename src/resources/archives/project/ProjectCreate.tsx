import { useTranslate } from 'react-admin';
import { RecordCreate } from '../../../components/RecordPages';
import { ProjectForm } from './ProjectForm';

export default function ProjectCreate() {
  const translate = useTranslate();
  return <RecordCreate title={translate('routes.project')}><ProjectForm /></RecordCreate>;
}
