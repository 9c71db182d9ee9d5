import type { RaRecord } from 'react-admin';
import { DayInput } from '../../../components/pickers/DayField';
import type { Column } from '../../../components/list/columns';
import { RecordList, PLACE_FILTERS } from '../records/RecordList';

interface Settlement extends RaRecord {
  month: string; meterAddress: string | null; sharpKwh: number; peakKwh: number; flatKwh: number; valleyKwh: number; totalKwh: number;
  sharpFen: number; peakFen: number; flatFen: number; valleyFen: number; totalFen: number;
}

const COLUMNS: Column<Settlement>[] = [
  { source: 'month', priority: 1 },
  { source: 'projectName', priority: 2, sortable: false },
  { source: 'buildingName', priority: 2, sortable: false },
  { source: 'roomCode', kind: 'code', priority: 1, sortable: false },
  { source: 'meterAddress', kind: 'code', priority: 3, sortable: false },
  { source: 'sharpKwh', kind: 'quantity', priority: 2 },
  { source: 'peakKwh', kind: 'quantity', priority: 2 },
  { source: 'flatKwh', kind: 'quantity', priority: 2 },
  { source: 'valleyKwh', kind: 'quantity', priority: 2 },
  { source: 'totalKwh', kind: 'quantity', priority: 1, sortable: false },
  { source: 'sharpFen', kind: 'money', priority: 3, sortable: false },
  { source: 'peakFen', kind: 'money', priority: 3, sortable: false },
  { source: 'flatFen', kind: 'money', priority: 3, sortable: false },
  { source: 'valleyFen', kind: 'money', priority: 3, sortable: false },
  { source: 'totalFen', kind: 'money', priority: 1 },
];

/** 复费率月结算: each time-of-use meter's month, its sharp, peak, flat and valley energy and money. */
export default function SettlementList() {
  return (
    <RecordList<Settlement>
      columns={COLUMNS} sort={{ field: 'month', order: 'DESC' }} filters={PLACE_FILTERS}
      extra={[<DayInput key="month" kind="month" source="month" label="resources.monthly_order.fields.month" alwaysOn />]}
      totals={[
        { source: 'count', label: 'stats.totals.settlements', kind: 'count' }, { source: 'sharpKwh', label: 'stats.totals.sharp', kind: 'quantity' },
        { source: 'peakKwh', label: 'stats.totals.peak', kind: 'quantity' }, { source: 'flatKwh', label: 'stats.totals.flat', kind: 'quantity' },
        { source: 'valleyKwh', label: 'stats.totals.valley', kind: 'quantity' }, { source: 'totalFen', label: 'stats.totals.money', kind: 'money' },
      ]}
    />
  );
}
