import { ListScreen } from '../../../components/list/ListScreen';
import type { Column } from '../../../components/list/columns';
import { filterInputs, type FilterSpec } from '../../../components/list/filters';

interface FrontLogRow { id: number; createdAt: string; userName: string | null; url: string | null; message: string; stack: string | null; tokenMasked: string | null }

const COLUMNS: Column<FrontLogRow>[] = [
  { source: 'createdAt', kind: 'datetime', priority: 1 },
  { source: 'userName', priority: 1 },
  { source: 'url', kind: 'code', priority: 1, sortable: false },
  { source: 'message', priority: 1, sortable: false, minWidth: 260 },
  { source: 'tokenMasked', kind: 'code', priority: 2, sortable: false },
  { source: 'stack', sortable: false, hidden: true, render: (record) => (record.stack ?? '').slice(0, 120) },
];

const FILTERS: FilterSpec[] = [
  { source: 'q', kind: 'search', alwaysOn: true },
  { source: 'createdAt', kind: 'dateRange', alwaysOn: true },
];

export default function FrontLogList() {
  return <ListScreen<FrontLogRow> columns={COLUMNS} filters={filterInputs('log', FILTERS)} sort={{ field: 'createdAt', order: 'DESC' }} deletable={false} />;
}
