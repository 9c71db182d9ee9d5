import { useGetList, useResourceContext } from 'react-admin';
import type { Column } from '../../../components/list/columns';
import { AssignSetList, type AssignSetSpec } from '../../../components/devices/AssignSet';
import { electricColumns } from '../../devices/electric/columns';
import { ELECTRIC_FILTERS, ROOM_SORT, type ElectricMeter } from '../../devices/electric/model';
import { ASSIGN_SCREENS, type AssignRoute } from './kinds';

/** A timed set's schedule by its name (the schedules of 定时时间段, dsshijianduan). */
function useScheduleName() {
  const { data = [] } = useGetList<{ id: number; name: string }>('dsshijianduan', { pagination: { page: 1, perPage: 100 }, sort: { field: 'id', order: 'ASC' } });
  return (key: string, value: unknown) => (key === 'timePeriodId' ? data.find((schedule) => schedule.id === value)?.name ?? `#${String(value)}` : undefined);
}

/** The electric meter columns with this kind's current set in view, after the tenant. */
function withSetColumn(shown: string): Column<ElectricMeter>[] {
  const columns = electricColumns();
  const set = columns.find((column) => column.source === shown)!;
  const others = columns.filter((column) => column !== set);
  const at = others.findIndex((column) => column.source === 'tenantName') + 1;
  return [...others.slice(0, at), { ...set, hidden: false, priority: 1 as const, minWidth: 140 }, ...others.slice(at)];
}

/** Each kind's screen: the electric meters with that kind's current set in view. */
const specOf = (route: AssignRoute): AssignSetSpec<ElectricMeter> => {
  const { setKind, setResource, valueOrder } = ASSIGN_SCREENS[route];
  const shown = `${setKind}SetName`;
  return {
    setKind, setResource, valueOrder, sort: ROOM_SORT,
    useFormatValue: setKind === 'timed' ? useScheduleName : undefined,
    columns: withSetColumn(shown),
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
