import type { ModuleSettings } from '../db/schema/devices';

/** The module (bus) a command goes through, as the driver needs it. */
export interface ModuleTarget {
  id: number;
  address: string;
  /** `simulator` | `tcp-gateway` | `dtu` */
  kind: string;
  /** `dlt645` | `cjt188` */
  protocol: string;
  host: string | null;
  port: number | null;
  online: boolean;
  settings: ModuleSettings;
}

/** What a device driver is asked to do: one command for one device. */
export interface DeviceTarget {
  kind: 'electric' | 'water' | 'module';
  id: number;
  address: string;
  online: boolean;
  /** The path to the device (absent for a meter without a module: the pipeline fails it as `no_path`). */
  module?: ModuleTarget;
  /** Water meters: `cold` | `hot` (CJ/T 188 meter type 10 / 11). */
  meterType?: string;
  /** The last reading the platform holds (the simulator continues from it). */
  lastTotal?: number | null;
  lastReadAt?: Date | null;
  /** The state the platform has recorded (the simulator starts a meter it has not seen from it). */
  relayState?: string | null;
  keepSupply?: boolean | null;
  valveState?: string | null;
  batteryLow?: boolean | null;
}

/**
 * A driver's result data, by command type (numbers, kWh / m³ with two decimals):
 * - `read`, electric: `{ total, sharp, peak, flat, valley, voltage, current, powerKw, relayState? }`;
 *   water: `{ total, valveState: 'open'|'closed'|'abnormal', batteryLow }`;
 * - `trip` → `{ relayState: 'off' }`, `close_allowed` → `{ relayState: 'close_pending' }`,
 *   `direct_close` → `{ relayState: 'on' }`, `keep_supply_on|off` → `{ keepSupply: boolean }`;
 * - `valve_open|close` → `{ valveState }`; `time_sync` → `{ clock? }` (per meter with the clock read back: `clockResult`); a recharge calibration
 *   (`payload.calibration`) → the meter's `meterBalanceFen`, `meterSaleCount` (and `…Before` when corrected); others: `{}`.
 * Device state changes only from these results (and from device reports).
 */
export type DeviceOutcome =
  | { ok: true; data?: Record<string, unknown> }
  | { ok: false; code: 'no_reply' | 'device_error' | 'unsupported'; detail?: string };

/** A device driver: the simulator (default) or a protocol driver speaking DL/T 645 / CJ/T 188. */
export interface DeviceDriver {
  execute(target: DeviceTarget, type: string, payload: Record<string, unknown>): Promise<DeviceOutcome>;
}

/**
 * A per-meter time sync's result: the platform's time (`clock`), the meter's clock read before and
 * after the setting, and each one's difference from the platform in whole seconds (meter − platform;
 * `afterAt`: the platform's time of the second read, when it was later). A clock not read is null.
 */
export function clockResult(platform: Date, before: Date | undefined, after: Date | undefined, afterAt = platform) {
  const diff = (at: Date | undefined, reference: Date) => (at ? Math.round((at.getTime() - reference.getTime()) / 1000) : null);
  return {
    clock: platform.toISOString(), meterClockBefore: before?.toISOString() ?? null, diffBeforeS: diff(before, platform),
    meterClockAfter: after?.toISOString() ?? null, diffAfterS: diff(after, afterAt),
  };
}
