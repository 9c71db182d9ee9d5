import { TextInput, useResourceContext } from 'react-admin';
import { ListScreen } from '../../../components/list/ListScreen';
import type { Column } from '../../../components/list/columns';
import { filterInputs, type FilterSpec } from '../../../components/list/filters';
import { ListTotals, type TotalItem } from '../../../components/list/ListTotals';
import { ServerExportButton } from '../../../components/list/ServerExportButton';
import { PLACE_FILTERS } from '../records/RecordList';
import { DeleteReadingButton, DeleteReadingDialog } from './DeleteReadingDialog';
import { READING_SORT } from './resource';
import type { Reading } from './model';

const PLACE: Column<Reading>[] = [
  { source: 'projectName', priority: 2, sortable: false },
  { source: 'buildingName', priority: 2, sortable: false },
  { source: 'roomCode', kind: 'code', priority: 1, sortable: false },
  { source: 'meterAddress', kind: 'code', priority: 1, sortable: false },
];
const quantity = (source: keyof Reading & string, priority: 1 | 2 | 3, hidden = false): Column<Reading> => ({ source, kind: 'quantity', priority, sortable: false, hidden });

/** The electric screen's columns: the totals of the four rates and the instant values beside the usage and its charge. */
const ELECTRIC: Column<Reading>[] = [
  { source: 'readAt', kind: 'datetime', priority: 1 }, ...PLACE,
  quantity('total', 1), quantity('sharp', 3, true), quantity('peak', 3), quantity('flat', 3), quantity('valley', 3),
  quantity('voltage', 3, true), quantity('current', 3, true), quantity('powerKw', 3, true),
  quantity('consumption', 1), { source: 'costFen', kind: 'money', priority: 1, sortable: false },
];
const WATER: Column<Reading>[] = [
  { source: 'readAt', kind: 'datetime', priority: 1 }, ...PLACE,
  quantity('total', 1), quantity('consumption', 1), { source: 'costFen', kind: 'money', priority: 1, sortable: false },
];

const FILTERS: FilterSpec[] = [...PLACE_FILTERS, { source: 'read', kind: 'dateRange', alwaysOn: true }];

const TOTALS: TotalItem[] = [
  { source: 'count', label: 'stats.readings.totals.readings', kind: 'count' },
  { source: 'consumption', label: 'stats.readings.totals.usage', kind: 'quantity' },
  { source: 'costFen', label: 'stats.readings.totals.charged', kind: 'money' },
];

/**
 * 电表抄表记录 / 水表抄表记录: a utility's readings, filtered by place, meter and day range, with the
 * totals of the whole filtered set, the server's CSV of it, and the soft delete of a wrong reading
 * (its reason, and whether its charge is refunded) to the deleted meter-reading records.
 */
export default function ReadingList() {
  const resource = useResourceContext()!;
  const filters = [
    ...filterInputs(resource, FILTERS),
    <TextInput key="roomCode" source="roomCode" label={`resources.${resource}.fields.roomCode`} alwaysOn resettable={false} sx={{ width: 120 }} />,
    <TextInput key="meterAddress" source="meterAddress" label={`resources.${resource}.fields.meterAddress`} alwaysOn resettable={false} sx={{ width: 160 }} />,
  ];
  return (
    <DeleteReadingDialog>
      <ListScreen<Reading>
        columns={resource === 'chaobiao_water' ? WATER : ELECTRIC} filters={filters} sort={READING_SORT} deletable={false}
        summary={<ListTotals items={TOTALS} />} exportButton={<ServerExportButton />} rowActions={<DeleteReadingButton />}
      />
    </DeleteReadingDialog>
  );
}
