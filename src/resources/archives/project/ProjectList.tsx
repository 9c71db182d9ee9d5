import { useRecordContext } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import ApartmentIcon from '@mui/icons-material/Apartment';
import MeetingRoomIcon from '@mui/icons-material/MeetingRoom';
import { ListScreen } from '../../../components/list/ListScreen';
import type { Column } from '../../../components/list/columns';
import { filterInputs } from '../../../components/list/filters';
import { RowEditButton, RowIconButton } from '../../../components/list/RowButtons';
import { filteredList, type Project } from '../model';
import { PROJECT_SORT } from './sort';

const COLUMNS: Column<Project>[] = [
  { source: 'name', priority: 1, minWidth: 140 },
  { source: 'address', sortable: false, priority: 2 },
  { source: 'contact', sortable: false, priority: 2 },
  { source: 'phone', kind: 'code', sortable: false, priority: 2 },
  { source: 'buildings', kind: 'number', sortable: false, priority: 1 },
  { source: 'rooms', kind: 'number', sortable: false, priority: 1 },
  { source: 'remark', sortable: false, hidden: true },
  { source: 'createdAt', kind: 'datetime', sortable: false, hidden: true },
];

/** Drill down: the project's buildings, its rooms. */
export function ProjectDrillButtons() {
  const record = useRecordContext<Project>();
  const navigate = useNavigate();
  if (!record) return null;
  return (
    <>
      <RowIconButton label="estate.actions.buildings" icon={<ApartmentIcon fontSize="small" />} onClick={() => navigate(filteredList('jianzhuguanli', { projectId: record.id }))} />
      <RowIconButton label="estate.actions.rooms" icon={<MeetingRoomIcon fontSize="small" />} onClick={() => navigate(filteredList('fangjianguanli', { projectId: record.id }))} />
    </>
  );
}

export default function ProjectList() {
  return (
    <ListScreen<Project>
      columns={COLUMNS}
      sort={PROJECT_SORT}
      filters={filterInputs('project', [{ source: 'q', kind: 'search', alwaysOn: true }])}
      rowActions={<><RowEditButton /><ProjectDrillButtons /></>}
    />
  );
}
