import type { ReactNode } from 'react';
import { TextInput, useResourceContext } from 'react-admin';
import { ListScreen } from '../../../components/list/ListScreen';
import type { Column } from '../../../components/list/columns';
import { filterInputs, type FilterSpec } from '../../../components/list/filters';
import { ListTotals, type TotalItem } from '../../../components/list/ListTotals';
import { ServerExportButton } from '../../../components/list/ServerExportButton';
import { choicesOf } from '../rechargeOrders/model';
import { PLACE_FILTERS } from '../records/RecordList';
import { SMS_REASON, SMS_SORT, SMS_STATE, type SmsRecord } from './model';
import { ResendButton, ResendDialog } from './ResendDialog';

const TOTALS: TotalItem[] = [
  { source: 'count', label: 'sms.totals.count', kind: 'count' },
  { source: 'sent', label: 'sms.totals.sent', kind: 'count' },
  { source: 'failed', label: 'sms.totals.failed', kind: 'count' },
  { source: 'pending', label: 'sms.totals.pending', kind: 'count' },
];

/** The columns of the automatic notices (duanxinfasong) or of the manual sends (smsmanage). */
const columnsOf = (kind: 'auto' | 'manual'): Column<SmsRecord>[] => [
  { source: 'createdAt', kind: 'datetime', priority: 1 },
  ...(kind === 'auto' ? [{ source: 'reason', kind: 'state', states: SMS_REASON, priority: 1 } as Column<SmsRecord>] : []),
  { source: 'state', kind: 'state', states: SMS_STATE, priority: 1 },
  { source: 'sentAt', kind: 'datetime', priority: 2 },
  { source: 'attempts', kind: 'number', hidden: true },
  { source: 'projectName', priority: 3, sortable: false },
  { source: 'buildingName', priority: 2, sortable: false },
  { source: 'roomCode', kind: 'code', priority: 1, sortable: false },
  { source: 'tenantName', priority: 2, sortable: false },
  { source: 'tenantPhone', kind: 'code', priority: 1, sortable: false },
  ...(kind === 'manual' ? [
    { source: 'templateName', priority: 3, sortable: false } as Column<SmsRecord>,
    { source: 'operatorName', priority: 2, sortable: false } as Column<SmsRecord>,
  ] : []),
  { source: 'content', priority: 2, sortable: false, minWidth: 280 },
];
const COLUMNS = { auto: columnsOf('auto'), manual: columnsOf('manual') };

const filtersOf = (kind: 'auto' | 'manual'): FilterSpec[] => [
  ...PLACE_FILTERS,
  { source: 'created', kind: 'dateRange', alwaysOn: true },
  { source: 'state', kind: 'choice', choices: choicesOf(SMS_STATE), alwaysOn: true },
  ...(kind === 'auto' ? [{ source: 'reason', kind: 'choice', choices: choicesOf(SMS_REASON), alwaysOn: true } as FilterSpec] : []),
];
const FILTERS = { auto: filtersOf('auto'), manual: filtersOf('manual') };

/**
 * An SMS record list (the kit of both SMS screens): messages newest first with their delivery
 * state, filtered by place, day range, state (and kind of notice), the totals of the filtered set,
 * the server's CSV of it, and the resend of a failed message; `toolbar` adds the screen's actions.
 */
export function SmsRecordList({ kind, toolbar }: { kind: 'auto' | 'manual'; toolbar?: ReactNode }) {
  const resource = useResourceContext()!;
  const filters = [
    ...filterInputs(resource, FILTERS[kind]),
    <TextInput key="roomCode" source="roomCode" label={`resources.${resource}.fields.roomCode`} alwaysOn resettable={false} sx={{ width: 120 }} />,
  ];
  return (
    <ResendDialog>
      <ListScreen<SmsRecord>
        columns={COLUMNS[kind]}
        filters={filters}
        sort={SMS_SORT}
        deletable={false}
        toolbar={toolbar}
        empty={toolbar ? false : undefined}
        exportButton={<ServerExportButton />}
        summary={<ListTotals items={TOTALS} />}
        rowActions={<ResendButton />}
      />
    </ResendDialog>
  );
}
