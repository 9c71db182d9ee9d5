import { ListScreen } from '../../../components/list/ListScreen';
import { filterInputs } from '../../../components/list/filters';
import { DeviceActionsProvider } from '../../../components/devices/DeviceActions';
import { WATER_FILTERS, type WaterMeter } from '../waterarchive/model';
import { ValveAllButton, ValveButton } from '../waterarchive/actions';
import { pickColumns } from '../waterstate/columns';

const COLUMNS = pickColumns(['address', 'meterType', 'projectName', 'buildingName', 'roomCode', 'tenantName', 'valveState', 'online', 'lastReadAt']);

/** Water meter switch: open or close a meter's valve, or the valves of every meter the filters match; with confirmation and progress. */
export default function WaterSwitchList() {
  return (
    <DeviceActionsProvider>
      <ListScreen<WaterMeter>
        columns={COLUMNS}
        filters={filterInputs('waterswitch', WATER_FILTERS)}
        toolbar={<ValveAllButton />}
        rowActions={<ValveButton />}
        deletable={false}
      />
    </DeviceActionsProvider>
  );
}
