import type { RaRecord } from 'react-admin';
import type { StateStyle } from '../../../components/list/columns';
import type { FilterSpec } from '../../../components/list/filters';
import { ONLINE, VALVE, choicesOf } from '../waterarchive/model';

export interface ModuleSettings { valveCode?: '04' | '2A'; diOrder?: '901F' | '1F90'; password?: string; operatorCode?: string; frameTimeoutMs?: number }

/** A meter hanging off a module (module/findById's `meters`). */
export interface ModuleMeter {
  kind: 'electric' | 'water'; id: number; address: string; channel: number | null; roomId: number | null; roomCode: string | null;
  online: boolean; state: string; batteryLow: boolean; lastReadAt: string | null;
}

export interface Module extends RaRecord {
  address: string; name: string | null; kind: 'simulator' | 'tcp-gateway' | 'dtu'; protocol: 'dlt645' | 'cjt188';
  host: string | null; port: number | null; settings: ModuleSettings; online: boolean; lastHeartbeatAt: string | null;
  projectId: number | null; projectName: string | null; electricCount: number; waterCount: number; remark: string | null; createdAt: string;
  meters?: ModuleMeter[];
}

export const KIND: Record<string, StateStyle> = {
  simulator: { label: 'moduleScreen.kind.simulator', color: 'default' },
  'tcp-gateway': { label: 'moduleScreen.kind.tcp-gateway', color: 'primary' },
  dtu: { label: 'moduleScreen.kind.dtu', color: 'secondary' },
};
export const PROTOCOL: Record<string, StateStyle> = {
  dlt645: { label: 'moduleScreen.protocol.dlt645', color: 'warning' },
  cjt188: { label: 'moduleScreen.protocol.cjt188', color: 'info' },
};
/** Online / offline: the water archive's tags (one look for every device). */
export { ONLINE };
/** Relay states of electric meters as tags. */
export const RELAY: Record<string, StateStyle> = {
  on: { label: 'moduleScreen.relay.on', color: 'success' },
  off: { label: 'moduleScreen.relay.off', color: 'error' },
  close_pending: { label: 'moduleScreen.relay.close_pending', color: 'warning' },
};
/** The state tag of a module's meter: relay (electric) or valve (water). */
export const meterState = (meter: ModuleMeter): StateStyle | undefined => (meter.kind === 'electric' ? RELAY : VALVE)[meter.state];

/** The drivers' defaults (server/routes/module.ts SETTING_DEFAULTS), shown beside the settings. */
export const SETTING_DEFAULTS = { valveCode: '04', diOrder: '901F', password: '02000000', operatorCode: '00000000', frameTimeoutMs: 3000 } as const;

export const MODULE_FILTERS: FilterSpec[] = [
  { source: 'q', kind: 'search', alwaysOn: true },
  { source: 'projectId', kind: 'project', alwaysOn: true },
  { source: 'kind', kind: 'choice', choices: choicesOf(KIND), alwaysOn: true },
  { source: 'protocol', kind: 'choice', choices: choicesOf(PROTOCOL) },
  { source: 'online', kind: 'choice', choices: choicesOf(ONLINE) },
];

/** Client-side checks, the server's rules (server/routes/module.ts). */
export { MODULE_ADDRESS } from '../../../../common/meterAddress';
export const HEX8 = /^[0-9A-Fa-f]{8}$/;
const LABEL = /^(?!-)[A-Za-z0-9-]{1,63}(?<!-)$/;
const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
/** A hostname, an IPv4 or an IPv6 address (the server checks IPv6 exactly). */
export function looksLikeHost(value: string): boolean {
  if (IPV4.test(value)) return true;
  if (value.includes(':')) return /^[0-9A-Fa-f:.]+$/.test(value) && value.split(':').length >= 3;
  if (value.length > 253) return false;
  const labels = value.replace(/\.$/, '').split('.');
  if (labels.every((label) => /^\d+$/.test(label))) return false;
  return labels.every((label) => LABEL.test(label));
}
