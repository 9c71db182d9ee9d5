import type { RaRecord } from 'react-admin';
import { StateCell, type Column } from '../../../components/list/columns';
import { choicesOf } from '../rechargeOrders/model';
import { RecordList, PLACE_FILTERS } from '../records/RecordList';
import { DEVICE_KIND, FAULT_KIND, FAULT_STATE } from '../records/model';

interface Fault extends RaRecord { deviceKind: string; deviceAddress: string | null; kind: string; detail: string | null; openedAt: string; clearedAt: string | null }

const COLUMNS: Column<Fault>[] = [
  { source: 'openedAt', kind: 'datetime', priority: 1 },
  { source: 'kind', kind: 'state', states: FAULT_KIND, priority: 1 },
  {
    source: 'state', priority: 1, sortable: false,
    render: (row) => <StateCell style={FAULT_STATE[row.clearedAt ? 'cleared' : 'open']} value={row.clearedAt ? 'cleared' : 'open'} />,
    csv: (row, translate) => translate(FAULT_STATE[row.clearedAt ? 'cleared' : 'open'].label),
  },
  { source: 'clearedAt', kind: 'datetime', priority: 1 },
  { source: 'deviceKind', kind: 'state', states: DEVICE_KIND, priority: 2 },
  { source: 'deviceAddress', kind: 'code', priority: 1, sortable: false },
  { source: 'projectName', priority: 2, sortable: false },
  { source: 'buildingName', priority: 2, sortable: false },
  { source: 'roomCode', kind: 'code', priority: 1, sortable: false },
  { source: 'detail', priority: 3, sortable: false },
];

/** 故障记录: offline modules, read failures, tampering, low batteries, valve faults, reading drops; open or cleared. */
export default function FaultList() {
  return (
    <RecordList<Fault>
      columns={COLUMNS} sort={{ field: 'openedAt', order: 'DESC' }}
      filters={[...PLACE_FILTERS, { source: 'opened', kind: 'dateRange', alwaysOn: true }, { source: 'kind', kind: 'choice', choices: choicesOf(FAULT_KIND), alwaysOn: true },
        { source: 'state', kind: 'choice', choices: choicesOf(FAULT_STATE), alwaysOn: true }, { source: 'deviceKind', kind: 'choice', choices: choicesOf(DEVICE_KIND) }]}
      totals={[{ source: 'count', label: 'stats.totals.faults', kind: 'count' }, { source: 'openCount', label: 'stats.totals.open', kind: 'count' }, { source: 'clearedCount', label: 'stats.totals.cleared', kind: 'count' }]}
    />
  );
}
