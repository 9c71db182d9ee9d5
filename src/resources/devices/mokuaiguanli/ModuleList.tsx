import { useTranslate } from 'react-admin';
import { Typography } from '@mui/material';
import { ListScreen } from '../../../components/list/ListScreen';
import type { Column } from '../../../components/list/columns';
import { filterInputs } from '../../../components/list/filters';
import { RowEditButton } from '../../../components/list/RowButtons';
import { KIND, MODULE_FILTERS, ONLINE, PROTOCOL, type Module } from './model';

function Endpoint({ record }: { record: Module }) {
  const translate = useTranslate();
  if (!record.host) return <Typography component="span" variant="body2" color="text.disabled">{translate('moduleScreen.endpointNone')}</Typography>;
  return <Typography component="span" variant="body2" sx={{ fontFamily: 'monospace' }}>{endpointOf(record)}</Typography>;
}

/** host:port, an IPv6 host in brackets. */
export const endpointOf = (record: Pick<Module, 'host' | 'port'>) =>
  record.host ? `${record.host.includes(':') ? `[${record.host}]` : record.host}${record.port ? `:${record.port}` : ''}` : '';

/** Module management's columns, declared once (table, column chooser, CSV). */
const COLUMNS: Column<Module>[] = [
  { source: 'address', kind: 'code', priority: 1, minWidth: 130 },
  { source: 'name', priority: 1 },
  { source: 'kind', kind: 'state', states: KIND, priority: 1 },
  { source: 'protocol', kind: 'state', states: PROTOCOL, priority: 2 },
  { source: 'endpoint', sortable: false, priority: 2, render: (record) => <Endpoint record={record} />, csv: (record) => endpointOf(record) },
  { source: 'online', kind: 'state', states: ONLINE, sortable: false, priority: 1 },
  { source: 'electricCount', kind: 'number', sortable: false, priority: 1 },
  { source: 'waterCount', kind: 'number', sortable: false, priority: 1 },
  { source: 'lastHeartbeatAt', kind: 'datetime', priority: 2 },
  { source: 'projectName', sortable: false, priority: 3 },
  { source: 'remark', hidden: true, sortable: false },
  { source: 'createdAt', kind: 'datetime', hidden: true, sortable: false },
];

export default function ModuleList() {
  return (
    <ListScreen<Module>
      columns={COLUMNS}
      filters={filterInputs('mokuaiguanli', MODULE_FILTERS)}
      rowActions={<RowEditButton />}
    />
  );
}
