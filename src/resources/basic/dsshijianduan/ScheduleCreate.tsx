import { TemplateCreate } from '../../../components/templates/TemplatePages';
import { ScheduleForm } from './ScheduleForm';

export default function ScheduleCreate() {
  return <TemplateCreate><ScheduleForm /></TemplateCreate>;
}
