import { useTranslate } from 'react-admin';
import { ListScreen } from '../../../components/list/ListScreen';
import type { Column, StateStyle } from '../../../components/list/columns';
import { filterInputs, type FilterSpec } from '../../../components/list/filters';
import { COMMAND_STATES, COMMAND_TYPES } from '../../../../common/states';

interface CommandRow {
  id: number; createdAt: string; deviceKind: 'electric' | 'water'; deviceId: number; address: string | null; roomCode: string | null; type: string;
  payload: unknown; state: string; attempts: number; resultCode: string | null; result: unknown; operatorId: number | null; operatorName: string | null;
  sentAt: string | null; finishedAt: string | null;
}

const STATE: Record<string, StateStyle> = {
  queued: { label: 'commands.states.queued', color: 'default' },
  sent: { label: 'commands.states.sent', color: 'info' },
  succeeded: { label: 'commands.states.succeeded', color: 'success' },
  failed: { label: 'commands.states.failed', color: 'error' },
  expired: { label: 'commands.states.expired', color: 'warning' },
};
const KIND: Record<string, StateStyle> = {
  electric: { label: 'system.deviceKind.electric', color: 'primary' },
  water: { label: 'system.deviceKind.water', color: 'info' },
};

/** Who sent a command: the platform (no operator), an operator by name, or an operator outside the caller's areas. */
const senderText = (record: CommandRow, translate: (key: string) => string) =>
  record.operatorId === null ? translate('system.platform') : record.operatorName ?? translate('system.otherAreaOperator');

function Sender({ record }: { record: CommandRow }) {
  const translate = useTranslate();
  return <>{senderText(record, translate)}</>;
}

const COLUMNS: Column<CommandRow>[] = [
  { source: 'createdAt', kind: 'datetime', priority: 1 },
  { source: 'deviceKind', kind: 'state', states: KIND, priority: 2, sortable: false },
  { source: 'address', kind: 'code', priority: 1, sortable: false },
  { source: 'roomCode', kind: 'code', priority: 2, sortable: false },
  { source: 'type', priority: 1, render: (record) => <TypeName type={record.type} />, csv: (record, translate) => translate(`system.commandType.${record.type}`) },
  { source: 'state', kind: 'state', states: STATE, priority: 1 },
  { source: 'attempts', kind: 'number', priority: 2 },
  { source: 'resultCode', kind: 'code', priority: 2, sortable: false },
  { source: 'operatorName', priority: 1, sortable: false, render: (record) => <Sender record={record} />, csv: (record, translate) => senderText(record, translate) },
  { source: 'sentAt', kind: 'datetime', priority: 3, sortable: false, hidden: true },
  { source: 'finishedAt', kind: 'datetime', priority: 3, sortable: false },
];

function TypeName({ type }: { type: string }) {
  const translate = useTranslate();
  return <>{translate(`system.commandType.${type}`, { _: type })}</>;
}

const FILTERS: FilterSpec[] = [
  { source: 'address', kind: 'search', alwaysOn: true },
  { source: 'deviceKind', kind: 'choice', alwaysOn: true, choices: Object.entries(KIND).map(([id, style]) => ({ id, name: style.label })) },
  { source: 'type', kind: 'choice', alwaysOn: true, choices: COMMAND_TYPES.map((id) => ({ id, name: `system.commandType.${id}` })) },
  { source: 'state', kind: 'choice', alwaysOn: true, choices: COMMAND_STATES.map((id) => ({ id, name: STATE[id].label })) },
  { source: 'platform', kind: 'choice', alwaysOn: true, choices: [{ id: 'true', name: 'system.sender.true' }, { id: 'false', name: 'system.sender.false' }] },
  { source: 'createdAt', kind: 'dateRange', alwaysOn: true },
];

export default function CommandLogList() {
  return <ListScreen<CommandRow> columns={COLUMNS} filters={filterInputs('rizhi', FILTERS)} sort={{ field: 'createdAt', order: 'DESC' }} deletable={false} />;
}
