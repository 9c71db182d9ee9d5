import { ListScreen } from '../../../components/list/ListScreen';
import type { Column } from '../../../components/list/columns';
import { filterInputs, type FilterSpec } from '../../../components/list/filters';
import { RowEditButton } from '../../../components/list/RowButtons';
import { ImportButton, type ImportColumn } from '../../../components/import/ImportButton';
import { ARREARS, METER, ROOM_STATE, type Room } from '../model';
import { choicesOf } from '../../devices/waterarchive/model';
import { BulkCreateButton } from './BulkCreateDialog';
import { ROOM_SORT } from './sort';
import { PayCodeButton, PayCodeDialogs } from '../payCodes/PayCodeDialog';

const COLUMNS: Column<Room>[] = [
  { source: 'roomCode', kind: 'code', priority: 1, minWidth: 90 },
  { source: 'projectName', sortable: false, priority: 2 },
  { source: 'buildingName', priority: 1 },
  { source: 'floor', kind: 'number', priority: 3 },
  // The area in m², two decimals as stored (20.20, and #,##0.00 in Excel): a count's format showed 20.2 as 20.
  { source: 'size', kind: 'quantity', sortable: false, priority: 3 },
  { source: 'state', kind: 'state', states: ROOM_STATE, sortable: false, priority: 1 },
  { source: 'tenantName', sortable: false, priority: 1 },
  { source: 'tenantPhone', kind: 'code', sortable: false, priority: 3 },
  { source: 'electricBalanceFen', kind: 'money', priority: 1 },
  { source: 'waterBalanceFen', kind: 'money', priority: 1 },
  { source: 'hasElectricMeter', kind: 'boolean', states: METER, sortable: false, priority: 3 },
  { source: 'hasWaterMeter', kind: 'boolean', states: METER, sortable: false, priority: 3 },
  { source: 'remark', sortable: false, hidden: true },
];

export const ROOM_FILTERS: FilterSpec[] = [
  { source: 'q', kind: 'search', alwaysOn: true },
  { source: 'projectId', kind: 'project', alwaysOn: true },
  { source: 'buildingId', kind: 'building', alwaysOn: true },
  { source: 'state', kind: 'choice', choices: choicesOf(ROOM_STATE) },
  { source: 'arrears', kind: 'choice', choices: choicesOf(ARREARS) },
];

/** The CSV columns of a room import (server/routes/room.ts). */
export const ROOM_IMPORT_COLUMNS: ImportColumn[] = [
  { name: 'projectName', required: true }, { name: 'buildingName', required: true }, { name: 'roomCode', required: true },
  { name: 'floor', required: true }, { name: 'size' }, { name: 'remark' },
];

export default function RoomList() {
  return (
    <PayCodeDialogs>
      <ListScreen<Room>
        columns={COLUMNS}
        sort={ROOM_SORT}
        filters={filterInputs('fangjianguanli', ROOM_FILTERS)}
        toolbar={<><BulkCreateButton /><ImportButton action="importRooms" columns={ROOM_IMPORT_COLUMNS} title="estate.import.rooms" /></>}
        rowActions={<><RowEditButton /><PayCodeButton /></>}
      />
    </PayCodeDialogs>
  );
}
