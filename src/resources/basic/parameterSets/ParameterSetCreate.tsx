import { TemplateCreate } from '../../../components/templates/TemplatePages';
import { ParameterSetForm } from './ParameterSetForm';

export default function ParameterSetCreate() {
  return <TemplateCreate><ParameterSetForm /></TemplateCreate>;
}
