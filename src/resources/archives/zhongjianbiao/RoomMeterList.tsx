import { ListScreen } from '../../../components/list/ListScreen';
import type { Column } from '../../../components/list/columns';
import { filterInputs } from '../../../components/list/filters';
import { ONLINE, RELAY, ROOM_METER_FILTERS, VALVE, type RoomMeters } from './model';
import { RoomMetersButton, RoomMetersDialogs } from './RoomMetersDialog';

/** Rooms with their meters, declared once (table, column chooser, CSV). */
const COLUMNS: Column<RoomMeters>[] = [
  { source: 'projectName', sortable: false, priority: 2 },
  { source: 'buildingName', sortable: false, priority: 2 },
  { source: 'roomCode', kind: 'code', priority: 1 },
  { source: 'tenantName', sortable: false, priority: 2 },
  { source: 'electricAddress', kind: 'code', sortable: false, priority: 1, minWidth: 130 },
  { source: 'electricOnline', kind: 'state', states: ONLINE, sortable: false, priority: 2 },
  { source: 'relayState', kind: 'state', states: RELAY, sortable: false, priority: 2 },
  { source: 'electricBalanceFen', kind: 'money', sortable: false, hidden: true },
  { source: 'waterAddress', kind: 'code', sortable: false, priority: 1, minWidth: 150 },
  { source: 'waterOnline', kind: 'state', states: ONLINE, sortable: false, priority: 2 },
  { source: 'valveState', kind: 'state', states: VALVE, sortable: false, priority: 2 },
  { source: 'waterBalanceFen', kind: 'money', sortable: false, hidden: true },
];

export default function RoomMeterList() {
  return (
    <RoomMetersDialogs.Provider>
      <ListScreen<RoomMeters>
        columns={COLUMNS}
        deletable={false}
        filters={filterInputs('zhongjianbiao', ROOM_METER_FILTERS)}
        rowActions={<RoomMetersButton />}
      />
    </RoomMetersDialogs.Provider>
  );
}
