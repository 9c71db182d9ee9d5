import { ListScreen } from '../../../components/list/ListScreen';
import type { Column } from '../../../components/list/columns';
import { filterInputs } from '../../../components/list/filters';
import { RowEditButton } from '../../../components/list/RowButtons';
import { DeviceActionsProvider } from '../../../components/devices/DeviceActions';
import { ACCOUNT, BATTERY, METER_TYPE, ONLINE, VALVE, WATER_FILTERS, type WaterMeter } from './model';
import { FreeResetButton, OpenAccountsButton, ValveAllButton, ValveButton } from './actions';

/** The water archive's columns, declared once (table, column chooser, CSV). */
const COLUMNS: Column<WaterMeter>[] = [
  { source: 'address', kind: 'code', priority: 1, minWidth: 130 },
  { source: 'meterType', kind: 'state', states: METER_TYPE, priority: 3 },
  { source: 'projectName', priority: 2 },
  { source: 'buildingName', priority: 2 },
  { source: 'roomCode', kind: 'code', priority: 1 },
  { source: 'tenantName', priority: 2 },
  { source: 'tenantPhone', kind: 'code', hidden: true, sortable: false },
  { source: 'priceFen', kind: 'money', priority: 3 },
  { source: 'valveState', kind: 'state', states: VALVE, priority: 1 },
  { source: 'online', kind: 'state', states: ONLINE, sortable: false, priority: 1 },
  { source: 'batteryLow', kind: 'state', states: BATTERY, sortable: false, priority: 2 },
  { source: 'accountOpened', kind: 'state', states: ACCOUNT, sortable: false, priority: 3 },
  { source: 'freeAllowance', kind: 'quantity', hidden: true },
  { source: 'lastReading', kind: 'quantity', priority: 3 },
  { source: 'lastReadAt', kind: 'datetime', priority: 3 },
  { source: 'remark', hidden: true, sortable: false },
  { source: 'createdAt', kind: 'datetime', hidden: true },
];

export default function WaterArchiveList() {
  return (
    <DeviceActionsProvider>
      <ListScreen<WaterMeter>
        columns={COLUMNS}
        filters={filterInputs('waterarchive', WATER_FILTERS)}
        toolbar={<><ValveAllButton /><FreeResetButton /></>}
        bulkActions={<OpenAccountsButton />}
        rowActions={<><RowEditButton /><ValveButton /></>}
      />
    </DeviceActionsProvider>
  );
}
