import type { StateStyle } from '../../../components/list/columns';
import type { RaRecord } from 'react-admin';
import type { Choice, FilterSpec } from '../../../components/list/filters';

export interface WaterMeter extends RaRecord {
  address: string; meterType: 'cold' | 'hot'; roomId: number | null; roomCode: string | null; buildingName: string | null;
  projectName: string | null; tenantName: string | null; tenantPhone: string | null; moduleId: number | null; priceFen: number;
  valveState: 'open' | 'closed' | 'abnormal'; batteryLow: boolean; online: boolean; accountOpened: boolean;
  freeAllowance: number; lastReading: number | null; lastReadAt: string | null; remark: string | null; createdAt: string;
}

/** Values of the water archive as states (message keys and tag colours); actions are verbs elsewhere. */
export const METER_TYPE: Record<string, StateStyle> = {
  cold: { label: 'water.meterType.cold', color: 'info' },
  hot: { label: 'water.meterType.hot', color: 'warning' },
};
export const VALVE: Record<string, StateStyle> = {
  open: { label: 'water.valve.open', color: 'success' },
  closed: { label: 'water.valve.closed', color: 'default' },
  abnormal: { label: 'water.valve.abnormal', color: 'error' },
};
export const ONLINE: Record<string, StateStyle> = {
  true: { label: 'water.online.true', color: 'success' },
  false: { label: 'water.online.false', color: 'default' },
};
export const BATTERY: Record<string, StateStyle> = {
  false: { label: 'water.battery.ok', color: 'default' },
  true: { label: 'water.battery.low', color: 'warning' },
};
export const ACCOUNT: Record<string, StateStyle> = {
  true: { label: 'water.account.opened', color: 'primary' },
  false: { label: 'water.account.notOpened', color: 'default' },
};

/** The choices of a state map, for select inputs and filters. */
export const choicesOf = (states: Record<string, StateStyle>): Choice[] => Object.entries(states).map(([id, style]) => ({ id, name: style.label }));

/** The water archive's filters, declared once (inputs and the scope of its bulk actions). */
export const WATER_FILTERS: FilterSpec[] = [
  { source: 'q', kind: 'search', alwaysOn: true },
  { source: 'projectId', kind: 'project', alwaysOn: true },
  { source: 'buildingId', kind: 'building', alwaysOn: true },
  { source: 'valveState', kind: 'choice', choices: choicesOf(VALVE) },
  { source: 'online', kind: 'choice', choices: choicesOf(ONLINE) },
  { source: 'meterType', kind: 'choice', choices: choicesOf(METER_TYPE) },
  { source: 'accountOpened', kind: 'choice', choices: choicesOf(ACCOUNT) },
  { source: 'batteryLow', kind: 'choice', choices: choicesOf(BATTERY) },
  { source: 'lastRead', kind: 'dateRange', label: 'resources.waterarchive.fields.lastReadAt' },
];
