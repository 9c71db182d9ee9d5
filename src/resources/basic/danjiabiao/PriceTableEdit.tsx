import { TemplateEdit } from '../../../components/templates/TemplatePages';
import { PriceTableForm } from './PriceTableForm';

export default function PriceTableEdit() {
  return <TemplateEdit><PriceTableForm /></TemplateEdit>;
}
