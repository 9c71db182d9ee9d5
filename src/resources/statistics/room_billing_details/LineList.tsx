import { Button, TextInput, useGetList, useListContext, useResourceContext, useTranslate } from 'react-admin';
import { Alert } from '@mui/material';
import { ListScreen } from '../../../components/list/ListScreen';
import type { Column } from '../../../components/list/columns';
import { filterInputs, type FilterSpec } from '../../../components/list/filters';
import { ListTotals, type TotalItem } from '../../../components/list/ListTotals';
import { ServerExportButton } from '../../../components/list/ServerExportButton';
import { formatYuan } from '../../../../common/money';
import { roomText } from '../../../../common/formats';
import { choicesOf } from '../rechargeOrders/model';
import { UTILITY, type RoomStatement } from '../room_billing_statement/model';
import { KIND, LINE_SORT, type StatementLine } from './model';
import { ReprintRowButton, ReprintRowDialogs } from '../../archives/userJiaofei/ReprintReceipt';

const COLUMNS: Column<StatementLine>[] = [
  { source: 'createdAt', kind: 'datetime', priority: 1 },
  { source: 'projectName', priority: 2, sortable: false },
  { source: 'buildingName', priority: 2, sortable: false },
  { source: 'roomCode', kind: 'code', priority: 1, sortable: false },
  { source: 'utility', kind: 'state', states: UTILITY, priority: 2, sortable: false },
  { source: 'kind', kind: 'state', states: KIND, priority: 1 },
  { source: 'amountFen', kind: 'money', priority: 1 },
  { source: 'balanceAfterFen', kind: 'money', priority: 1 },
  { source: 'energy', kind: 'quantity', priority: 3, sortable: false },
  { source: 'refId', kind: 'code', priority: 3, sortable: false },
  { source: 'operatorName', priority: 3, sortable: false },
  { source: 'remark', priority: 3, sortable: false },
];

const FILTERS: FilterSpec[] = [
  { source: 'projectId', kind: 'project', alwaysOn: true },
  { source: 'buildingId', kind: 'building', alwaysOn: true },
  { source: 'created', kind: 'dateRange', alwaysOn: true },
  { source: 'kind', kind: 'choice', choices: choicesOf(KIND), alwaysOn: true },
  { source: 'utility', kind: 'choice', choices: choicesOf(UTILITY) },
];

const TOTALS: TotalItem[] = [
  { source: 'count', label: 'stats.totals.lines', kind: 'count' },
  { source: 'rechargeFen', label: 'stats.totals.recharge', kind: 'money' },
  { source: 'voidFen', label: 'stats.totals.void', kind: 'money' },
  { source: 'deductionFen', label: 'stats.totals.deduction', kind: 'money' },
  { source: 'refundFen', label: 'stats.totals.refund', kind: 'money' },
  { source: 'netFen', label: 'stats.totals.net', kind: 'money' },
];

/** The statement the lines are filtered to (from its drill-down), said above the table, with a way back to all lines. */
function StatementBanner() {
  const { filterValues, setFilters } = useListContext();
  const translate = useTranslate();
  const statementId = filterValues.statementId as number | string | undefined;
  const { data } = useGetList<RoomStatement>('room_billing_statement', { pagination: { page: 1, perPage: 1 }, sort: { field: 'id', order: 'ASC' }, filter: { id: statementId } }, { enabled: !!statementId });
  if (!statementId) return null;
  const statement = data?.[0];
  const { statementId: _, ...rest } = filterValues;
  return (
    <Alert
      severity="info" sx={{ mb: 1 }} data-testid="statement-banner"
      action={<Button label="stats.statement.allLines" onClick={() => setFilters(rest, {})} />}
    >
      {statement
        ? translate('stats.statement.of', {
          room: roomText(statement),
          month: statement.month, utility: translate(UTILITY[statement.utility]?.label ?? statement.utility),
          recharge: formatYuan(statement.rechargeFen), charge: formatYuan(statement.chargeFen), balance: formatYuan(statement.closingBalanceFen),
        })
        : translate('ra.page.loading')}
    </Alert>
  );
}

/** A recharge line's order, whose receipt can be printed again from the line. */
const rechargeOrderOf = (line: StatementLine) => (line.kind === 'recharge' && line.refType === 'recharge_order' ? line.refId : null);

/** 房间结算明细: ledger entries of the rooms (a statement's lines when opened from it), with totals by kind; a recharge line reprints its receipt. */
export default function LineList() {
  const resource = useResourceContext()!;
  const filters = [
    ...filterInputs(resource, FILTERS),
    <TextInput key="roomCode" source="roomCode" label={`resources.${resource}.fields.roomCode`} alwaysOn resettable={false} sx={{ width: 120 }} />,
  ];
  return (
    <ReprintRowDialogs>
      <ListScreen<StatementLine>
        columns={COLUMNS} filters={filters} sort={LINE_SORT} deletable={false} exportButton={<ServerExportButton />}
        summary={<><StatementBanner /><ListTotals items={TOTALS} /></>}
        rowActions={<ReprintRowButton<StatementLine> orderIdOf={rechargeOrderOf} />}
      />
    </ReprintRowDialogs>
  );
}
