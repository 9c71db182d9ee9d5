import type { Column } from '../../../components/list/columns';
import { TemplateList } from '../../../components/templates/TemplateList';
import { ScheduleBar } from '../../../components/templates/ScheduleBar';
import { withEnds, type Segment } from '../../../../common/tariffs';

export interface Schedule { id: number; name: string; segments: Segment[]; usedBy: number; remark: string | null }

const COLUMNS: Column<Schedule>[] = [
  {
    source: 'bar', sortable: false, priority: 1, minWidth: 240, render: (record) => <ScheduleBar segments={record.segments} />,
    csv: (record, translate) => withEnds(record.segments).map((s) => `${s.start}-${s.end} ${translate(`tariffs.rate.${s.rate}`)}`).join('; '),
  },
  { source: 'segments', kind: 'number', sortable: false, priority: 2, render: (record) => record.segments.length, csv: (record) => record.segments.length },
];

export default function ScheduleList() {
  return <TemplateList<Schedule> columns={COLUMNS} usedByUnit="templates" />;
}
