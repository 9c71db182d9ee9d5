import { TemplateCreate } from '../../../components/templates/TemplatePages';
import { PriceTableForm } from './PriceTableForm';

export default function PriceTableCreate() {
  return <TemplateCreate><PriceTableForm /></TemplateCreate>;
}
