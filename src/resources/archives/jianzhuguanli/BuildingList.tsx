import { useRecordContext } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import MeetingRoomIcon from '@mui/icons-material/MeetingRoom';
import { ListScreen } from '../../../components/list/ListScreen';
import type { Column } from '../../../components/list/columns';
import { filterInputs } from '../../../components/list/filters';
import { RowEditButton, RowIconButton } from '../../../components/list/RowButtons';
import { filteredList, type Building } from '../model';
import { BUILDING_SORT } from './sort';
import { StickerSheetButton, StickerSheets } from '../payCodes/StickerSheet';

const COLUMNS: Column<Building>[] = [
  { source: 'name', priority: 1, minWidth: 120 },
  { source: 'projectName', priority: 1 },
  { source: 'floors', kind: 'number', priority: 2 },
  { source: 'rooms', kind: 'number', sortable: false, priority: 1 },
  { source: 'occupiedRooms', kind: 'number', sortable: false, priority: 2 },
  { source: 'remark', sortable: false, hidden: true },
  { source: 'createdAt', kind: 'datetime', sortable: false, hidden: true },
];

/** Drill down: the building's rooms. */
function BuildingRoomsButton() {
  const record = useRecordContext<Building>();
  const navigate = useNavigate();
  if (!record) return null;
  return <RowIconButton label="estate.actions.rooms" icon={<MeetingRoomIcon fontSize="small" />} onClick={() => navigate(filteredList('fangjianguanli', { projectId: record.projectId, buildingId: record.id }))} />;
}

export default function BuildingList() {
  return (
    <StickerSheets>
      <ListScreen<Building>
        columns={COLUMNS}
        sort={BUILDING_SORT}
        filters={filterInputs('jianzhuguanli', [{ source: 'q', kind: 'search', alwaysOn: true }, { source: 'projectId', kind: 'project', alwaysOn: true }])}
        rowActions={<><RowEditButton /><BuildingRoomsButton /><StickerSheetButton /></>}
      />
    </StickerSheets>
  );
}
