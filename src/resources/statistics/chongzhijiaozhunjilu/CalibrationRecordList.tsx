import { TextInput, type RaRecord } from 'react-admin';
import type { Column } from '../../../components/list/columns';
import { RecordList, PLACE_FILTERS } from '../records/RecordList';

interface CalibrationRecord extends RaRecord {
  createdAt: string; projectName: string | null; buildingName: string | null; roomCode: string | null; meterAddress: string | null;
  platformSaleCount: number | null; meterSaleCount: number | null; meterSaleCountAfter: number | null;
  platformBalanceFen: number | null; meterBalanceFen: number | null; meterBalanceFenAfter: number | null; correctionFen: number;
  reason: string | null; operatorName: string | null;
}

const COLUMNS: Column<CalibrationRecord>[] = [
  { source: 'createdAt', kind: 'datetime', priority: 1 },
  { source: 'projectName', priority: 2, sortable: false, hidden: true },
  { source: 'buildingName', priority: 2, sortable: false },
  { source: 'roomCode', kind: 'code', priority: 1, sortable: false },
  { source: 'meterAddress', kind: 'code', priority: 1, sortable: false },
  { source: 'platformSaleCount', kind: 'number', priority: 2, sortable: false },
  { source: 'meterSaleCount', kind: 'number', priority: 2, sortable: false },
  { source: 'platformBalanceFen', kind: 'money', priority: 1, sortable: false },
  { source: 'meterBalanceFen', kind: 'money', priority: 1, sortable: false },
  // The meter after a correction holds the platform's balance: in the column chooser and the CSV, not in view.
  { source: 'meterBalanceFenAfter', kind: 'money', priority: 2, sortable: false, hidden: true },
  { source: 'correctionFen', kind: 'money', priority: 1 },
  { source: 'reason', priority: 1, sortable: false },
  { source: 'operatorName', priority: 1, sortable: false },
];

/** 充值校准记录: each correction a meter took: the platform's and the meter's figures before, the meter after, the reason and who. */
export default function CalibrationRecordList() {
  return (
    <RecordList<CalibrationRecord>
      columns={COLUMNS} sort={{ field: 'createdAt', order: 'DESC' }}
      filters={[...PLACE_FILTERS, { source: 'created', kind: 'dateRange', alwaysOn: true }]}
      extra={[
        <TextInput key="meterAddress" source="meterAddress" label="resources.chongzhijiaozhunjilu.fields.meterAddress" alwaysOn resettable={false} sx={{ width: 150 }} />,
        <TextInput key="operator" source="operator" label="resources.chongzhijiaozhunjilu.fields.operator" alwaysOn resettable={false} sx={{ width: 120 }} />,
      ]}
      totals={[{ source: 'count', label: 'calibration.records.count', kind: 'count' }, { source: 'correctionFen', label: 'calibration.records.correction', kind: 'money' }]}
    />
  );
}
