import { useListContext, useResourceContext, useTranslate, type RaRecord } from 'react-admin';
import { ListScreen } from '../../../components/list/ListScreen';
import type { Column } from '../../../components/list/columns';
import { filterInputs, type FilterSpec } from '../../../components/list/filters';
import { ListTotals, type TotalItem } from '../../../components/list/ListTotals';
import { ServerExportButton } from '../../../components/list/ServerExportButton';
import { PLACE_FILTERS } from '../records/RecordList';
import { CHANNEL, choicesOf } from '../rechargeOrders/model';
import { SeriesChart } from '../readings/SeriesChart';
import { yuanShort } from '../../home/dashboard/format';
import { SUMMARY_SORT } from './sort';

type Group = 'day' | 'month' | 'channel' | 'operator' | 'project';
const GROUPS: Group[] = ['day', 'month', 'channel', 'operator', 'project'];
interface SummaryRow extends RaRecord { key: string; label: string | null; count: number; amountFen: number; voidCount: number; voidAmountFen: number }

const groupOf = (values: Record<string, unknown>): Group => (GROUPS.includes(values.groupBy as Group) ? (values.groupBy as Group) : 'day');

/** A group's name: a day or month as it is, a channel in words, an operator or project by name ("none" for orders without one). */
function useGroupName() {
  const translate = useTranslate();
  const { filterValues } = useListContext();
  const group = groupOf(filterValues);
  return (row: Pick<SummaryRow, 'key' | 'label'>) =>
    group === 'channel' ? translate(CHANNEL[row.key]?.label ?? row.key)
      : group === 'operator' || group === 'project' ? row.label ?? translate('stats.readings.unassigned')
        : row.key;
}

function GroupCell({ record }: { record: SummaryRow }) {
  const name = useGroupName();
  return <>{name(record)}</>;
}

const COLUMNS: Column<SummaryRow>[] = [
  { source: 'key', priority: 1, render: (row) => <GroupCell record={row} />, csv: (row) => row.label ?? row.key },
  { source: 'count', kind: 'number', priority: 1 },
  { source: 'amountFen', kind: 'money', priority: 1 },
  { source: 'voidCount', kind: 'number', priority: 2 },
  { source: 'voidAmountFen', kind: 'money', priority: 2 },
];

const FILTERS: FilterSpec[] = [
  { source: 'groupBy', kind: 'choice', alwaysOn: true, choices: GROUPS.map((id) => ({ id, name: `resources.chongzhihuizong.fields.group.${id}` })) },
  { source: 'created', kind: 'dateRange', alwaysOn: true },
  { source: 'utility', kind: 'choice', alwaysOn: true, choices: [{ id: 'electric', name: 'stats.utility.electric' }, { id: 'water', name: 'stats.utility.water' }] },
  ...PLACE_FILTERS,
  { source: 'channel', kind: 'choice', choices: choicesOf(CHANNEL) },
];

const TOTALS: TotalItem[] = [
  { source: 'count', label: 'stats.readings.totals.orders', kind: 'count' },
  { source: 'amountFen', label: 'stats.readings.totals.recharged', kind: 'money' },
  { source: 'voidCount', label: 'stats.readings.totals.voidOrders', kind: 'count' },
  { source: 'voidAmountFen', label: 'stats.readings.totals.voided', kind: 'money' },
];

/** The chart of every group of the filtered orders (days and months in time order, the rest by money). */
function SummaryChart() {
  const translate = useTranslate();
  const { filterValues } = useListContext();
  const group = groupOf(filterValues);
  const name = useGroupName();
  const timed = group === 'day' || group === 'month';
  return (
    <SeriesChart<SummaryRow>
      title={translate('stats.readings.chart.summary', { group: translate(`resources.chongzhihuizong.fields.group.${group}`).toLowerCase() })}
      valueLabel={translate('stats.readings.chart.summaryLabel')}
      points={(series) => (timed ? series : series.slice(0, 15)).map((row) => ({ label: name(row), value: row.amountFen / 100 }))}
      format={(yuan) => yuanShort(Math.round(yuan * 100))}
      daily={group === 'day'} horizontal={!timed} height={timed ? 220 : 260}
    />
  );
}

/**
 * 充值汇总: the recharge orders summed by day, month, channel, operator or project (what stands, void
 * orders apart), filtered by date range, utility, place and channel: a chart of every group above
 * the table of groups with the totals of the filtered set, sorted and paged by the server, and its CSV.
 */
export default function RechargeSummaryList() {
  const resource = useResourceContext()!;
  return (
    <ListScreen<SummaryRow>
      columns={COLUMNS} filters={filterInputs(resource, FILTERS)} sort={SUMMARY_SORT} deletable={false}
      summary={<><ListTotals items={TOTALS} /><SummaryChart /></>} exportButton={<ServerExportButton />}
    />
  );
}
