import { useTranslate } from 'react-admin';
import { RecordEdit } from '../../../components/RecordPages';
import { ProjectForm } from './ProjectForm';

export default function ProjectEdit() {
  const translate = useTranslate();
  return <RecordEdit title={translate('routes.project')}><ProjectForm /></RecordEdit>;
}
