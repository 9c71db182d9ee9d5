import { ListScreen } from '../../../components/list/ListScreen';
import { filterInputs } from '../../../components/list/filters';
import { RowEditButton } from '../../../components/list/RowButtons';
import { DeviceActionsProvider } from '../../../components/devices/DeviceActions';
import { SetHistoryButton } from '../../../components/devices/SetHistory';
import { ImportButton, type ImportColumn } from '../../../components/import/ImportButton';
import { electricColumns } from '../electric/columns';
import { READ_RESULT_COLUMNS, RowCommandMenu } from '../electric/commands';
import { ELECTRIC_FILTERS, ROOM_SORT, type ElectricMeter } from '../electric/model';

const COLUMNS = electricColumns();

/** The import file's columns (electricMeter/importElectricMeters). */
const IMPORT_COLUMNS: ImportColumn[] = [
  { name: 'address', required: true }, { name: 'moduleAddress', required: true }, { name: 'channel' },
  { name: 'projectName' }, { name: 'buildingName' }, { name: 'roomCode' }, { name: 'model' }, { name: 'phase' }, { name: 'ctRatio' }, { name: 'remark' },
];

export default function ElectricMeterList() {
  return (
    <DeviceActionsProvider resultColumns={READ_RESULT_COLUMNS}>
      <ListScreen<ElectricMeter>
        columns={COLUMNS}
        filters={filterInputs('dianbiaoguanli', ELECTRIC_FILTERS)}
        sort={ROOM_SORT}
        toolbar={<ImportButton action="importMeters" columns={IMPORT_COLUMNS} title="electric.importTitle" />}
        rowActions={<><RowEditButton /><SetHistoryButton /><RowCommandMenu /></>}
      />
    </DeviceActionsProvider>
  );
}
