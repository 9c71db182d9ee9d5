import { TemplateEdit } from '../../../components/templates/TemplatePages';
import { ScheduleForm } from './ScheduleForm';

export default function ScheduleEdit() {
  return <TemplateEdit><ScheduleForm /></TemplateEdit>;
}
