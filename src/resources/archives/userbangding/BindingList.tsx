import { useListContext, useRecordContext, useTranslate } from 'react-admin';
import { Chip } from '@mui/material';
import MeetingRoomIcon from '@mui/icons-material/MeetingRoom';
import PersonSearchIcon from '@mui/icons-material/PersonSearch';
import { ListScreen } from '../../../components/list/ListScreen';
import type { Column } from '../../../components/list/columns';
import { filterInputs } from '../../../components/list/filters';
import { RowIconButton } from '../../../components/list/RowButtons';
import { CURRENT_STATES } from '../../../components/tenants/BindingHistory';
import { settlementText } from '../../../components/tenants/settlement';
import { BINDING_FILTERS, type Binding } from './model';
import { roomText } from '../../../../common/formats';
import { BindButton } from './BindDialog';
import { UnbindButton, UnbindDialogs } from './UnbindDialog';

const COLUMNS: Column<Binding>[] = [
  { source: 'tenantName', priority: 1, sortable: false, render: (record) => <TenantName record={record} />, csv: (record) => record.tenantName },
  { source: 'tenantPhone', kind: 'code', sortable: false, priority: 2 },
  { source: 'projectName', sortable: false, priority: 2 },
  { source: 'buildingName', sortable: false, priority: 2 },
  { source: 'roomCode', kind: 'code', sortable: false, priority: 1 },
  { source: 'startDate', priority: 1 },
  { source: 'endDate', priority: 1 },
  { source: 'current', kind: 'state', states: CURRENT_STATES, sortable: false, priority: 1 },
  { source: 'settlements', sortable: false, priority: 2, render: (record) => <Settlements record={record} />, csv: (record, translate) => settlementText(record.settlements, translate) },
  { source: 'createdAt', kind: 'datetime', hidden: true, sortable: false },
];

function TenantName({ record }: { record: Binding }) {
  const translate = useTranslate();
  return <>{record.tenantName}{record.tenantDeleted ? translate('bindings.tenant.deletedMark') : ''}</>;
}

function Settlements({ record }: { record: Binding }) {
  const translate = useTranslate();
  return <>{settlementText(record.settlements, translate)}</>;
}

/** Row actions: the history of this row's room, or of its tenant (the list narrowed to it). */
function HistoryButtons() {
  const record = useRecordContext<Binding>();
  const { setFilters } = useListContext();
  if (!record) return null;
  // A history is the whole story of that room or tenant: the other filters (search, "current only", dates) go.
  const narrow = (key: 'roomId' | 'tenantId', id: number) => setFilters({ [key]: id }, {});
  return (
    <>
      <RowIconButton label="bindings.history.room" icon={<MeetingRoomIcon fontSize="small" />} onClick={() => narrow('roomId', record.roomId)} />
      <RowIconButton label="bindings.history.tenant" icon={<PersonSearchIcon fontSize="small" />} onClick={() => narrow('tenantId', record.tenantId)} />
    </>
  );
}

/** The room or tenant whose history the list shows, with a way back to the whole list. */
function HistoryScope() {
  const translate = useTranslate();
  const { filterValues, setFilters, data } = useListContext<Binding>();
  const { roomId, tenantId, ...rest } = filterValues as Record<string, unknown>;
  if (!roomId && !tenantId) return null;
  const first = data?.[0];
  const label = roomId
    ? translate('bindings.history.scopeRoom', { room: first ? roomText(first) : `#${String(roomId)}` })
    : translate('bindings.history.scopeTenant', { name: first?.tenantName ?? `#${String(tenantId)}` });
  return <Chip color="primary" variant="outlined" label={label} onDelete={() => setFilters(rest, {})} sx={{ alignSelf: 'center' }} />;
}

export default function BindingList() {
  return (
    <UnbindDialogs.Provider>
      <ListScreen<Binding>
        columns={COLUMNS}
        deletable={false}
        filters={filterInputs('userbangding', BINDING_FILTERS)}
        sort={{ field: 'id', order: 'DESC' }}
        toolbar={<><HistoryScope /><BindButton /></>}
        rowActions={<><UnbindButton /><HistoryButtons /></>}
      />
    </UnbindDialogs.Provider>
  );
}
