import { useResourceContext } from 'react-admin';
import { AssignSetList, type AssignSetSpec } from '../../../components/devices/AssignSet';
import { electricColumns } from '../../devices/electric/columns';
import { ELECTRIC_FILTERS, ROOM_SORT, type ElectricMeter } from '../../devices/electric/model';
import { ASSIGN_SCREENS, type AssignRoute } from './kinds';

/** Each kind's screen: the electric meters with that kind's current set in view. */
const specOf = (route: AssignRoute): AssignSetSpec<ElectricMeter> => {
  const { setKind, setResource } = ASSIGN_SCREENS[route];
  const shown = `${setKind}SetName`;
  return {
    setKind, setResource, sort: ROOM_SORT,
    columns: electricColumns().map((column) => (column.source === shown ? { ...column, hidden: false, priority: 1 } : column)),
    // Online state in view: offline meters are queued and applied when their module answers.
    filters: ELECTRIC_FILTERS.map((filter) => (filter.source === 'online' ? { ...filter, alwaysOn: true } : filter)),
  };
};
const SPECS = Object.fromEntries(Object.keys(ASSIGN_SCREENS).map((route) => [route, specOf(route as AssignRoute)])) as Record<AssignRoute, AssignSetSpec<ElectricMeter>>;

/** 控制/夜间小功率/负载/定时通断 参数设置: assign a parameter set of one kind to chosen meters. */
export default function AssignSetScreen() {
  const resource = useResourceContext() as AssignRoute;
  return <AssignSetList<ElectricMeter> spec={SPECS[resource]} />;
}
