import type { StateStyle } from '../../../components/list/columns';

export const CUT_CAUSE: Record<string, StateStyle> = {
  arrears: { label: 'stats.cutCause.arrears', color: 'error' },
  manual: { label: 'stats.cutCause.manual', color: 'primary' },
  overload: { label: 'stats.cutCause.overload', color: 'warning' },
  malignant_load: { label: 'stats.cutCause.malignant_load', color: 'warning' },
  night_limit: { label: 'stats.cutCause.night_limit', color: 'info' },
  timed: { label: 'stats.cutCause.timed', color: 'info' },
  keep_supply_released: { label: 'stats.cutCause.keep_supply_released', color: 'default' },
  maintenance: { label: 'stats.cutCause.maintenance', color: 'default' },
};
export const CUT_STATE: Record<string, StateStyle> = {
  off: { label: 'stats.cutState.off', color: 'error' },
  restored: { label: 'stats.cutState.restored', color: 'success' },
};
export const FAULT_KIND: Record<string, StateStyle> = {
  offline: { label: 'stats.faultKind.offline', color: 'warning' },
  read_failure: { label: 'stats.faultKind.read_failure', color: 'warning' },
  tamper: { label: 'stats.faultKind.tamper', color: 'error' },
  low_battery: { label: 'stats.faultKind.low_battery', color: 'info' },
  valve_fault: { label: 'stats.faultKind.valve_fault', color: 'error' },
  reading_drop: { label: 'stats.faultKind.reading_drop', color: 'error' },
  no_price: { label: 'stats.faultKind.no_price', color: 'warning' },
  tenant_report: { label: 'stats.faultKind.tenant_report', color: 'primary' },
};
export const DEVICE_KIND: Record<string, StateStyle> = {
  electric: { label: 'stats.deviceKind.electric', color: 'warning' },
  water: { label: 'stats.deviceKind.water', color: 'info' },
  module: { label: 'stats.deviceKind.module', color: 'default' },
  room: { label: 'stats.deviceKind.room', color: 'default' },
};
export const FAULT_STATE: Record<string, StateStyle> = {
  open: { label: 'stats.faultState.open', color: 'error' },
  cleared: { label: 'stats.faultState.cleared', color: 'success' },
};

/** Minutes as "2 h 05 min" style text, language-neutral: `h:mm`. */
export const hoursMinutes = (minutes: number | null | undefined) =>
  minutes === null || minutes === undefined ? '' : `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;
