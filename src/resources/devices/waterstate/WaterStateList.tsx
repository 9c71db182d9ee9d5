import { ListScreen } from '../../../components/list/ListScreen';
import { filterInputs } from '../../../components/list/filters';
import { DeviceActionsProvider } from '../../../components/devices/DeviceActions';
import { WATER_FILTERS, type WaterMeter } from '../waterarchive/model';
import { WATER_STATE_COLUMNS } from './columns';
import { ReadAllButton, ReadSelectedButton } from './actions';

/** Water meter status: valve, battery, last reading, online; read now (selected, or all the filters match). */
export default function WaterStateList() {
  return (
    <DeviceActionsProvider>
      <ListScreen<WaterMeter>
        columns={WATER_STATE_COLUMNS}
        filters={filterInputs('waterstate', WATER_FILTERS)}
        toolbar={<ReadAllButton />}
        bulkActions={<ReadSelectedButton />}
        deletable={false}
      />
    </DeviceActionsProvider>
  );
}
