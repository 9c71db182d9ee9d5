import type { RaRecord } from 'react-admin';
import type { Column } from '../../../components/list/columns';
import { RecordList, PLACE_FILTERS } from './RecordList';

interface Gift extends RaRecord { meterAddress: string | null; amount: number; carriedOver: number; period: string; createdAt: string }

const COLUMNS: Column<Gift>[] = [
  { source: 'createdAt', kind: 'datetime', priority: 1 },
  { source: 'period', priority: 1 },
  { source: 'amount', kind: 'quantity', priority: 1 },
  { source: 'carriedOver', kind: 'quantity', priority: 2, sortable: false },
  { source: 'projectName', priority: 2, sortable: false },
  { source: 'buildingName', priority: 2, sortable: false },
  { source: 'roomCode', kind: 'code', priority: 1, sortable: false },
  { source: 'meterAddress', kind: 'code', priority: 2, sortable: false },
];

/** 免费电赠送记录 / 免费水赠送记录: the free allowance given to each meter on its gift day, and what was carried over. */
export default function GiftList() {
  return (
    <RecordList<Gift>
      columns={COLUMNS} sort={{ field: 'createdAt', order: 'DESC' }}
      filters={[...PLACE_FILTERS, { source: 'created', kind: 'dateRange', alwaysOn: true }]}
      totals={[{ source: 'count', label: 'stats.totals.gifts', kind: 'count' }, { source: 'amount', label: 'stats.totals.given', kind: 'quantity' }, { source: 'carriedOver', label: 'stats.totals.carriedOver', kind: 'quantity' }]}
    />
  );
}
