import { TemplateEdit } from '../../../components/templates/TemplatePages';
import { ParameterSetForm } from './ParameterSetForm';

export default function ParameterSetEdit() {
  return <TemplateEdit pushable><ParameterSetForm /></TemplateEdit>;
}
