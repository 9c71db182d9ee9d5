import { TextInput, useListContext, useResourceContext, useTranslate, type RaRecord } from 'react-admin';
import { ListScreen } from '../../../components/list/ListScreen';
import type { Column } from '../../../components/list/columns';
import { filterInputs, type FilterSpec } from '../../../components/list/filters';
import { ListTotals, type TotalItem } from '../../../components/list/ListTotals';
import { ServerExportButton } from '../../../components/list/ServerExportButton';
import { PLACE_FILTERS } from '../records/RecordList';
import { SeriesChart } from '../readings/SeriesChart';
import { quickRange, startOfDay } from '../../../components/pickers/dateRanges';

interface RoomUsage extends RaRecord { roomId: number; roomCode: string; buildingName: string | null; projectName: string | null; period: string; usage: number; readings: number }
interface UsagePoint { period: string; usage: number; rooms: number }

const COLUMNS: Column<RoomUsage>[] = [
  { source: 'period', priority: 1 },
  { source: 'projectName', priority: 2, sortable: false },
  { source: 'buildingName', priority: 2, sortable: false },
  { source: 'roomCode', kind: 'code', priority: 1, sortable: false },
  { source: 'usage', kind: 'quantity', priority: 1 },
  { source: 'readings', kind: 'number', priority: 2 },
];

const FILTERS: FilterSpec[] = [
  ...PLACE_FILTERS,
  { source: 'read', kind: 'dateRange', alwaysOn: true },
  { source: 'granularity', kind: 'choice', alwaysOn: true, choices: [{ id: 'day', name: 'stats.readings.granularity.day' }, { id: 'month', name: 'stats.readings.granularity.month' }] },
];

const TOTALS: TotalItem[] = [
  { source: 'rooms', label: 'stats.readings.totals.rooms', kind: 'count' },
  { source: 'count', label: 'stats.readings.totals.groups', kind: 'count' },
  { source: 'usage', label: 'stats.readings.totals.usage', kind: 'quantity' },
  { source: 'readings', label: 'stats.readings.totals.readings', kind: 'count' },
];

const kwh = (value: number) => value.toLocaleString('en-US', { maximumFractionDigits: value >= 100 ? 0 : 2 });

/** The chart of the filtered rooms' usage per day or month. */
function UsageChart() {
  const translate = useTranslate();
  const { filterValues } = useListContext();
  const period = translate(`stats.readings.chart.period.${filterValues.granularity === 'month' ? 'month' : 'day'}`);
  return (
    <SeriesChart<UsagePoint>
      title={translate('stats.readings.chart.usage', { period })}
      valueLabel={translate('stats.readings.chart.usageLabel')}
      points={(series) => series.map((point) => ({ label: point.period, value: point.usage }))}
      daily={filterValues.granularity !== 'month'}
      format={kwh}
    />
  );
}

/**
 * 房间用电统计: the electricity each room used per day or month (the platform's days), from the
 * daily aggregates of its standing readings: a chart of the filtered rooms per period above a table of room × period
 * rows with the totals of the filtered set, sorted and paged by the server, exported as CSV.
 */
export default function RoomUsageList() {
  const resource = useResourceContext()!;
  const filters = [
    ...filterInputs(resource, FILTERS),
    <TextInput key="roomCode" source="roomCode" label={`resources.${resource}.fields.roomCode`} alwaysOn resettable={false} sx={{ width: 120 }} />,
  ];
  // A first visit shows this month (the platform's days): a city's whole history per day is millions of rows.
  const month = quickRange('thisMonth')!;
  return (
    <ListScreen<RoomUsage>
      columns={COLUMNS} filters={filters} sort={{ field: 'period', order: 'DESC' }} deletable={false}
      filterDefaultValues={{ readFrom: startOfDay(month.from), readTo: startOfDay(month.to) }}
      summary={<><ListTotals items={TOTALS} /><UsageChart /></>} exportButton={<ServerExportButton />}
    />
  );
}
