import type { RaRecord } from 'react-admin';
import type { StateStyle } from '../../components/list/columns';

/** What the estate screens share: records, state tags, client rules mirroring the server's. */
export interface Project extends RaRecord {
  name: string; address: string | null; contact: string | null; phone: string | null; remark: string | null;
  buildings: number; rooms: number; createdAt: string;
}
export interface Building extends RaRecord {
  name: string; projectId: number; projectName: string | null; floors: number; remark: string | null; rooms: number; occupiedRooms: number;
}
export interface Room extends RaRecord {
  roomCode: string; floor: number; size: number | null; state: 'vacant' | 'occupied'; projectId: number; projectName: string | null;
  buildingId: number; buildingName: string | null; tenantName: string | null; tenantPhone: string | null;
  electricBalanceFen: number; waterBalanceFen: number; hasElectricMeter: boolean; hasWaterMeter: boolean; remark: string | null;
}

/** server/routes/project.ts: FLOORS_MAX; server/routes/room.ts: ROOM_CODE_MAX, BULK_MAX. */
export const FLOORS_MAX = 200;
export const ROOM_CODE_MAX = 20;
export const BULK_MAX = 5000;

export const ROOM_STATE: Record<string, StateStyle> = {
  vacant: { label: 'estate.state.vacant', color: 'default' },
  occupied: { label: 'estate.state.occupied', color: 'success' },
};
export const METER: Record<string, StateStyle> = {
  true: { label: 'estate.meter.yes', color: 'primary' },
  false: { label: 'estate.meter.no', color: 'default' },
};
export const ARREARS: Record<string, StateStyle> = {
  true: { label: 'estate.arrears.true', color: 'error' },
  false: { label: 'estate.arrears.false', color: 'default' },
};

/** A list's address with a filter (`/jianzhuguanli?filter={"projectId":3}`), as react-admin reads it. */
export const filteredList = (route: string, filter: Record<string, unknown>) => `/${route}?filter=${encodeURIComponent(JSON.stringify(filter))}`;
