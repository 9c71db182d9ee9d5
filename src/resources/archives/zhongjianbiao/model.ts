import type { RaRecord } from 'react-admin';
import type { StateStyle } from '../../../components/list/columns';
import type { FilterSpec } from '../../../components/list/filters';

export type Utility = 'electric' | 'water';
export const UTILITIES: Utility[] = ['electric', 'water'];

export interface RoomMeters extends RaRecord {
  roomCode: string; floor: number; state: number; buildingId: number; buildingName: string | null; projectId: number; projectName: string | null; tenantName: string | null;
  electricMeterId: number | null; electricAddress: string | null; electricOnline: boolean | null; relayState: string | null; keepSupply: boolean | null;
  waterMeterId: number | null; waterAddress: string | null; waterOnline: boolean | null; valveState: string | null;
  /** The water meter's account is opened (null without a water meter). */
  waterAccountOpened?: boolean | null;
  electricBalanceFen: number | null; waterBalanceFen: number | null;
}

/** A room's meter of one utility, or undefined. */
export const meterOf = (room: RoomMeters, utility: Utility) => {
  const id = utility === 'electric' ? room.electricMeterId : room.waterMeterId;
  if (!id) return undefined;
  return utility === 'electric'
    ? { id, address: room.electricAddress!, online: room.electricOnline, state: room.relayState, balanceFen: room.electricBalanceFen }
    : { id, address: room.waterAddress!, online: room.waterOnline, state: room.valveState, balanceFen: room.waterBalanceFen };
};

export const RELAY: Record<string, StateStyle> = {
  on: { label: 'bindings.relay.on', color: 'success' },
  off: { label: 'bindings.relay.off', color: 'error' },
  close_pending: { label: 'bindings.relay.close_pending', color: 'warning' },
};
/** Valve and online states as the water archive shows them. */
export { ONLINE, VALVE } from '../../devices/waterarchive/model';

export const ROOM_METER_FILTERS: FilterSpec[] = [
  { source: 'q', kind: 'search', alwaysOn: true },
  { source: 'projectId', kind: 'project', alwaysOn: true },
  { source: 'buildingId', kind: 'building', alwaysOn: true },
  { source: 'withoutElectric', kind: 'choice', alwaysOn: true, choices: [{ id: 'true', name: 'bindings.meters.withoutElectric' }, { id: 'false', name: 'bindings.meters.withElectric' }] },
  { source: 'withoutWater', kind: 'choice', alwaysOn: true, choices: [{ id: 'true', name: 'bindings.meters.withoutWater' }, { id: 'false', name: 'bindings.meters.withWater' }] },
];
