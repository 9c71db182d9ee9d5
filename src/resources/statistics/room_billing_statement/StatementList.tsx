import { TextInput, useRecordContext, useResourceContext, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { Typography } from '@mui/material';
import { ListScreen } from '../../../components/list/ListScreen';
import type { Column } from '../../../components/list/columns';
import { filterInputs, type FilterSpec } from '../../../components/list/filters';
import { ListTotals, type TotalItem } from '../../../components/list/ListTotals';
import { ServerExportButton } from '../../../components/list/ServerExportButton';
import { ROW_ACTION } from '../../../components/list/RowButtons';
import { DayInput } from '../../../components/pickers/DayField';
import { ROW_TIP } from '../../../components/list/RowTips';
import { choicesOf } from '../rechargeOrders/model';
import { MeterLinesLegend, MeterReadings } from './MeterReadings';
import { RUNNING, STATEMENT_SORT, UTILITY, linesPath, type RoomStatement } from './model';

const COLUMNS: Column<RoomStatement>[] = [
  { source: 'month', priority: 1 },
  { source: 'projectName', priority: 2, sortable: false },
  { source: 'buildingName', priority: 2, sortable: false },
  { source: 'roomCode', kind: 'code', priority: 1, sortable: false },
  { source: 'tenantName', priority: 2, sortable: false },
  { source: 'utility', kind: 'state', states: UTILITY, priority: 1, sortable: false },
  { source: 'openingReading', kind: 'quantity', priority: 3, sortable: false, render: (record) => <MeterReadings record={record} field="openingReading" /> },
  { source: 'closingReading', kind: 'quantity', priority: 3, sortable: false, render: (record) => <MeterReadings record={record} field="closingReading" /> },
  { source: 'usage', kind: 'quantity', priority: 1 },
  { source: 'openingBalanceFen', kind: 'money', priority: 2, sortable: false },
  { source: 'rechargeFen', kind: 'money', priority: 1 },
  { source: 'voidFen', kind: 'money', priority: 3, sortable: false },
  { source: 'chargeFen', kind: 'money', priority: 1 },
  { source: 'refundFen', kind: 'money', priority: 2 },
  { source: 'giftFen', kind: 'money', hidden: true, sortable: false },
  { source: 'adjustFen', kind: 'money', priority: 3, sortable: false },
  { source: 'closingBalanceFen', kind: 'money', priority: 1 },
  { source: 'running', kind: 'state', states: RUNNING, priority: 2, sortable: false },
];

const FILTERS: FilterSpec[] = [
  { source: 'projectId', kind: 'project', alwaysOn: true },
  { source: 'buildingId', kind: 'building', alwaysOn: true },
  { source: 'utility', kind: 'choice', choices: choicesOf(UTILITY), alwaysOn: true },
];

/** Balances are totalled only within one month (the server leaves them out otherwise). */
const TOTALS: TotalItem[] = [
  { source: 'count', label: 'stats.totals.statements', kind: 'count' },
  { source: 'usage', label: 'stats.totals.usage', kind: 'quantity' },
  { source: 'openingBalanceFen', label: 'stats.totals.openingBalance', kind: 'money' },
  { source: 'rechargeFen', label: 'stats.totals.recharge', kind: 'money' },
  { source: 'voidFen', label: 'stats.totals.void', kind: 'money' },
  { source: 'chargeFen', label: 'stats.totals.charge', kind: 'money' },
  { source: 'refundFen', label: 'stats.totals.refund', kind: 'money' },
  { source: 'giftFen', label: 'stats.totals.given', kind: 'money' },
  { source: 'adjustFen', label: 'stats.totals.adjust', kind: 'money' },
  { source: 'closingBalanceFen', label: 'stats.totals.closingBalance', kind: 'money' },
];

/** The rule the figures follow, said under the totals. */
function StatementRule() {
  const translate = useTranslate();
  return <Typography variant="caption" color="text.secondary" component="p" sx={{ px: 2, mt: -0.5, mb: 1 }} data-testid="statement-rule">{translate('stats.statement.rule')}</Typography>;
}

/** A statement's drill-down to its lines. */
function LinesButton() {
  const record = useRecordContext<RoomStatement>();
  const translate = useTranslate();
  if (!record) return null;
  const name = translate('stats.statement.lines');
  return <Link to={linesPath(record.id)} className={`${ROW_ACTION} ${ROW_ACTION}-primary`} aria-label={name} {...{ [ROW_TIP]: name }}><ReceiptLongIcon fontSize="small" /></Link>;
}

/** 房间结算统计: every room's statement per utility and month, with the totals of the filtered set; a row opens its lines. */
export default function StatementList() {
  const resource = useResourceContext()!;
  const filters = [
    ...filterInputs(resource, FILTERS),
    <DayInput key="month" kind="month" source="month" label={`resources.${resource}.fields.month`} alwaysOn />,
    <TextInput key="roomCode" source="roomCode" label={`resources.${resource}.fields.roomCode`} alwaysOn resettable={false} sx={{ width: 120 }} />,
  ];
  return (
    <ListScreen<RoomStatement>
      columns={COLUMNS} filters={filters} sort={STATEMENT_SORT} deletable={false} exportButton={<ServerExportButton />}
      summary={<><ListTotals items={TOTALS} /><StatementRule /><MeterLinesLegend /></>} rowActions={<LinesButton />}
    />
  );
}
