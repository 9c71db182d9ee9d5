import SpeedIcon from '@mui/icons-material/Speed';
import { ListScreen } from '../../../components/list/ListScreen';
import { filterInputs } from '../../../components/list/filters';
import { DeviceActionsProvider } from '../../../components/devices/DeviceActions';
import { electricColumns } from '../electric/columns';
import { FilteredCommandButton, READ_RESULT_COLUMNS, SelectedCommandButton } from '../electric/commands';
import { ELECTRIC_FILTERS, ROOM_SORT, type ElectricMeter } from '../electric/model';

const COLUMNS = electricColumns();
const READ = ['read'] as const;

/**
 * Meter query: the meters (filters, row selection), "read the selected" or "read all the list's
 * filters match" (e.g. all of one building), then a live per-meter table of the values as they arrive.
 */
export default function MeterQueryList() {
  return (
    <DeviceActionsProvider resultColumns={READ_RESULT_COLUMNS}>
      <ListScreen<ElectricMeter>
        columns={COLUMNS}
        filters={filterInputs('dianbiaoshishijilu', ELECTRIC_FILTERS)}
        sort={ROOM_SORT}
        deletable={false}
        toolbar={<FilteredCommandButton actions={READ} label="electric.actions.readFiltered" icon={<SpeedIcon />} />}
        bulkActions={<SelectedCommandButton actions={READ} label="electric.actions.readSelected" icon={<SpeedIcon />} />}
      />
    </DeviceActionsProvider>
  );
}
