import PowerSettingsNewIcon from '@mui/icons-material/PowerSettingsNew';
import { ListScreen } from '../../../components/list/ListScreen';
import { filterInputs } from '../../../components/list/filters';
import { DeviceActionsProvider } from '../../../components/devices/DeviceActions';
import { electricColumns } from '../electric/columns';
import { FilteredCommandButton, SelectedCommandButton } from '../electric/commands';
import { ELECTRIC_FILTERS, RELAY_ACTIONS, ROOM_SORT, type ElectricMeter } from '../electric/model';

const COLUMNS = electricColumns();

/**
 * On/off control: select meters (rows, or everything the filters match: "all in this building"),
 * choose the action (and a trip's cause), confirm, then the progress per meter; the relay tags
 * refresh once the batch is done.
 */
export default function RelayControlList() {
  return (
    <DeviceActionsProvider>
      <ListScreen<ElectricMeter>
        columns={COLUMNS}
        filters={filterInputs('tongduankongzhi', ELECTRIC_FILTERS)}
        sort={ROOM_SORT}
        deletable={false}
        toolbar={<FilteredCommandButton actions={RELAY_ACTIONS} label="electric.actions.controlFiltered" icon={<PowerSettingsNewIcon />} />}
        bulkActions={<SelectedCommandButton actions={RELAY_ACTIONS} label="electric.actions.controlSelected" icon={<PowerSettingsNewIcon />} />}
      />
    </DeviceActionsProvider>
  );
}
