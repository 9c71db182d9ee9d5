import type { RaRecord } from 'react-admin';
import type { Column } from '../../../components/list/columns';
import { choicesOf } from '../rechargeOrders/model';
import { RecordList, PLACE_FILTERS } from '../records/RecordList';
import { CUT_CAUSE, CUT_STATE, hoursMinutes } from '../records/model';
import { CUT_SORT } from './sort';

interface PowerCut extends RaRecord { meterAddress: string | null; roomCode: string | null; offAt: string; onAt: string | null; cause: string; durationMinutes: number }

const COLUMNS: Column<PowerCut>[] = [
  { source: 'offAt', kind: 'datetime', priority: 1 },
  { source: 'onAt', kind: 'datetime', priority: 1 },
  { source: 'durationMinutes', kind: 'number', priority: 1, render: (row) => hoursMinutes(row.durationMinutes), csv: (row) => row.durationMinutes },
  { source: 'cause', kind: 'state', states: CUT_CAUSE, priority: 1 },
  { source: 'projectName', priority: 2, sortable: false },
  { source: 'buildingName', priority: 2, sortable: false },
  { source: 'roomCode', kind: 'code', priority: 1, sortable: false },
  { source: 'meterAddress', kind: 'code', priority: 2, sortable: false },
  { source: 'remark', priority: 3, sortable: false },
];

/** 断电记录: when each meter's supply was cut and restored, why, and for how long. */
export default function PowerCutList() {
  return (
    <RecordList<PowerCut>
      columns={COLUMNS} sort={{ ...CUT_SORT }}
      filters={[...PLACE_FILTERS, { source: 'off', kind: 'dateRange', alwaysOn: true }, { source: 'cause', kind: 'choice', choices: choicesOf(CUT_CAUSE), alwaysOn: true }, { source: 'state', kind: 'choice', choices: choicesOf(CUT_STATE), alwaysOn: true }]}
      totals={[{ source: 'count', label: 'stats.totals.cuts', kind: 'count' }, { source: 'offCount', label: 'stats.totals.stillOff', kind: 'count' }, { source: 'offMinutes', label: 'stats.totals.offMinutes', kind: 'count' }]}
    />
  );
}
