import type { RaRecord } from 'react-admin';
import type { StateStyle } from '../../../components/list/columns';
import type { FilterSpec } from '../../../components/list/filters';
import { ONLINE, choicesOf } from '../waterarchive/model';
import { RELAY_ACTIONS } from '../../../../common/states';

export { ONLINE, choicesOf };

/** An electric meter as electricMeter/findByCondition answers it. */
export interface ElectricMeter extends RaRecord {
  address: string; model: string | null; phase: 1 | 3; ctRatio: number; channel: number | null;
  moduleId: number; moduleAddress: string | null; moduleName: string | null;
  roomId: number | null; roomCode: string | null; buildingId: number | null; buildingName: string | null; projectId: number | null; projectName: string | null;
  tenantName: string | null; tenantPhone: string | null;
  relayState: 'on' | 'off' | 'close_pending'; keepSupply: boolean; online: boolean;
  lastTotal: number | null; lastSharp: number | null; lastPeak: number | null; lastFlat: number | null; lastValley: number | null;
  lastVoltage: number | null; lastCurrent: number | null; lastPowerKw: number | null; lastReadAt: string | null;
  priceTableId: number | null; priceTableName: string | null;
  powerSetId: number | null; powerSetName: string | null; controlSetId: number | null; controlSetName: string | null;
  loadSetId: number | null; loadSetName: string | null; nightSetId: number | null; nightSetName: string | null;
  timedSetId: number | null; timedSetName: string | null; giftSetId: number | null; giftSetName: string | null;
  remark: string | null; createdAt: string;
}

/** The relay as a state (on / off / close pending: the tenant may press the meter's button). */
export const RELAY: Record<string, StateStyle> = {
  on: { label: 'electric.relay.on', color: 'success' },
  off: { label: 'electric.relay.off', color: 'error' },
  close_pending: { label: 'electric.relay.close_pending', color: 'warning' },
};
export const KEEP_SUPPLY: Record<string, StateStyle> = {
  true: { label: 'electric.keepSupply.true', color: 'info' },
  false: { label: 'electric.keepSupply.false', color: 'default' },
};
export const WITHOUT_ROOM: Record<string, StateStyle> = {
  true: { label: 'electric.withoutRoom.true' },
  false: { label: 'electric.withoutRoom.false' },
};

/** The six kinds of parameter sets a meter carries (form field `${kind}SetId`, list column `${kind}SetName`). */
export const SET_KINDS = ['power', 'control', 'load', 'night', 'timed', 'gift'] as const;
export type SetKind = (typeof SET_KINDS)[number];

export { ELECTRIC_ADDRESS } from '../../../../common/meterAddress';

/** The electric meter filters, declared once (the three screens' inputs and the scope of their bulk commands). */
export const ELECTRIC_FILTERS: FilterSpec[] = [
  { source: 'q', kind: 'search', alwaysOn: true },
  { source: 'projectId', kind: 'project', alwaysOn: true },
  { source: 'buildingId', kind: 'building', alwaysOn: true },
  { source: 'relayState', kind: 'choice', choices: choicesOf(RELAY), alwaysOn: true },
  { source: 'online', kind: 'choice', choices: choicesOf(ONLINE) },
  { source: 'keepSupply', kind: 'choice', choices: choicesOf(KEEP_SUPPLY) },
  { source: 'withoutRoom', kind: 'choice', choices: choicesOf(WITHOUT_ROOM) },
];

/** Remote actions on electric meters, and the causes an operator gives to a trip. */
export { RELAY_ACTIONS, TRIP_CAUSES, type TripCause } from '../../../../common/states';
export type MeterAction = 'read' | (typeof RELAY_ACTIONS)[number];

/** The endpoint map calls the three electric screens share (list, commands). */
export const ELECTRIC_LIST = 'electricMeter/findByCondition';

/** The electric screens open in room order (natural: 2号楼 101 before 10号楼 101). */
export const ROOM_SORT = { field: 'roomCode', order: 'ASC' } as const;
