import { clockResult, type DeviceDriver, type DeviceOutcome, type DeviceTarget } from './driver';
import type { RelayAction } from './bank';
import { LivingEstate, moduleOffline, type MeterHint } from './living';
import { ACTING_KINDS, parametersFromPayloads, parametersOf } from './living/parameters';

export interface SimulatorOptions {
  /** The simulated meters (default: one estate per time scale and failure rate, shared by the process). */
  estate?: LivingEstate;
  /**
   * SIM_FAILURE_RATE (0..1, default 0.03): the chance that an online device does not answer one
   * attempt (the command is then retried), the share of modules offline at any moment (each for
   * tens of simulated minutes, server/devices/living/outages.ts), and a third of it the chance that
   * a valve command leaves the valve abnormal. 0: every device answers and every valve obeys.
   */
  failureRate?: number;
  random?: () => number;
  /** The simulator's clock (default: the system clock). */
  clock?: () => Date;
  /** SIM_TIME_SCALE for the default estate (default 1; LivingEstate's timeScale). */
  timeScale?: number;
  /**
   * What the platform knows of an electric meter beyond the command's target, asked once when the
   * estate first sees it: the `set_parameter` payloads of the sets assigned to it (a meter keeps its
   * parameters through a restart of the process) and its last rate registers (it continues them).
   */
  firstSight?: (target: SimulatorTarget) => Promise<{ sets: Record<string, unknown>[]; lastRegisters?: (number | null)[] | null }>;
}

/**
 * What the platform may tell the simulator of a device besides DeviceTarget: its recorded relay,
 * keep-supply, valve and battery state, taken when the estate first sees the meter (so a meter cut
 * for arrears stays cut after a restart). All optional.
 */
export type SimulatorTarget = DeviceTarget & Pick<MeterHint, 'relayState' | 'keepSupply' | 'valveState' | 'batteryLow'>;

const RELAY_ACTIONS: ReadonlySet<string> = new Set(['trip', 'close_allowed', 'direct_close', 'keep_supply_on', 'keep_supply_off']);
const RELAY_RESULT: Record<RelayAction, Record<string, unknown>> = {
  trip: { relayState: 'off' },
  // The meter accepted "close allowed": it closes when the tenant presses its button (a later read shows it on).
  close_allowed: { relayState: 'close_pending' },
  direct_close: { relayState: 'on' },
  keep_supply_on: { keepSupply: true },
  keep_supply_off: { keepSupply: false },
};

const shared = new Map<string, LivingEstate>();
/** The process's estate for a time scale and valve fault rate (created on first use). */
export function sharedEstate(timeScale = 1, valveFaultRate = 0): LivingEstate {
  const key = `${timeScale}/${valveFaultRate}`;
  let estate = shared.get(key);
  if (!estate) shared.set(key, (estate = new LivingEstate({ timeScale, valveFaultRate })));
  return estate;
}

const hintOf = (target: SimulatorTarget): MeterHint => ({
  lastTotal: target.lastTotal, lastReadAt: target.lastReadAt, meterType: target.meterType,
  relayState: target.relayState, keepSupply: target.keepSupply, valveState: target.valveState, batteryLow: target.batteryLow,
});

/** A recharge command's calibration payload (server/domain/calibration.ts). */
function isCalibration(value: unknown): value is { phase: 'compare' | 'correct'; platformBalanceFen: number; platformSaleCount: number; calibratedBefore?: boolean } {
  const v = value as Record<string, unknown> | undefined;
  return !!v && (v.phase === 'compare' || v.phase === 'correct') && Number.isSafeInteger(v.platformBalanceFen) && Number.isSafeInteger(v.platformSaleCount);
}

const ok = (data: Record<string, unknown> = {}): DeviceOutcome => ({ ok: true, data });

/**
 * The default driver: the living simulated estate (server/devices/living/). Meters whose registers
 * advance with a consumption model, relays and valves that follow commands, devices and modules
 * that sometimes do not answer. Offline devices (target or module offline) never answer.
 */
export function createSimulator(options: SimulatorOptions = {}): DeviceDriver {
  const failureRate = options.failureRate ?? 0.03;
  const random = options.random ?? Math.random;
  const clock = options.clock ?? (() => new Date());
  const estate = options.estate
    ?? (options.random ? new LivingEstate({ timeScale: options.timeScale ?? 1, valveFaultRate: failureRate / 3, random })
      : sharedEstate(options.timeScale ?? 1, failureRate / 3));
  return {
    async execute(target: SimulatorTarget, type: string, payload: Record<string, unknown>): Promise<DeviceOutcome> {
      // DL/T 645 broadcast time sync (address 99×6): no reply is expected, it succeeds when sent.
      if (type === 'time_sync' && payload.broadcast) return ok();
      const now = clock();
      if (!target.online || target.module?.online === false) return { ok: false, code: 'no_reply' };
      const moduleAddress = target.kind === 'module' ? target.address : target.module?.address;
      if (moduleAddress && moduleOffline(moduleAddress, now, failureRate, estate.timeScale)) return { ok: false, code: 'no_reply', detail: 'module offline' };
      if (failureRate > 0 && random() < failureRate) return { ok: false, code: 'no_reply' };

      if (target.kind === 'module') {
        return type === 'time_sync' ? ok({ clock: now.toISOString() }) : { ok: false, code: 'unsupported', detail: type };
      }
      if (target.kind === 'electric') {
        const hint = hintOf(target);
        if (options.firstSight && !estate.knowsElectric(target.address)) {
          const known = await options.firstSight(target);
          hint.parameters = parametersFromPayloads(known.sets);
          hint.lastRegisters = known.lastRegisters;
        }
        const meter = estate.electric(target.address, hint);
        if (!meter) return { ok: false, code: 'no_reply', detail: 'no meter at this address' };
        if (type === 'read') {
          const { total, sharp, peak, flat, valley, voltage, current, powerKw, relayState, remaining } = meter.read(now);
          // Trips the meter made by itself under its parameter sets since the last read (cause, off, on).
          const relayEvents = meter.takeRelayEvents().map((e) => ({ cause: e.cause, offAt: new Date(e.offAt).toISOString(), onAt: e.onAt === null ? null : new Date(e.onAt).toISOString() }));
          return ok({ total, sharp, peak, flat, valley, voltage, current, powerKw, relayState, ...(remaining !== undefined ? { remaining } : {}), ...(relayEvents.length ? { relayEvents } : {}) });
        }
        // A parameter set (payload.values, a timed set's payload.segments, given by the pipeline): the
        // meter acts on power, load, night and timed sets (living/parameters.ts); control and gift
        // sets are the platform's (accounts, billing) and are simply acknowledged.
        if (type === 'set_parameter') {
          const kind = String(payload.setKind ?? '');
          if (!payload.values) return { ok: false, code: 'device_error', detail: 'no parameter values' };
          if (!(ACTING_KINDS as readonly string[]).includes(kind)) return ok({ setKind: kind });
          return meter.setParameters(parametersOf(kind, payload.values as Record<string, unknown>, payload.segments), now)
            ? ok({ setKind: kind }) : { ok: false, code: 'device_error', detail: `parameter values refused (${kind})` };
        }
        if (RELAY_ACTIONS.has(type)) {
          const reply = meter.relay(type as RelayAction, now);
          return reply.ok ? ok(RELAY_RESULT[type as RelayAction]) : { ok: false, code: 'device_error', detail: `relay control refused (error ${reply.error})` };
        }
        if (type === 'time_sync') {
          // Per meter: the clock read back before and after the setting (DI 04 00 01 01 / 02).
          const before = meter.clockAt(now);
          meter.setClock(now, now);
          const after = meter.clockAt(now);
          return ok(clockResult(now, before, after));
        }
        // Recharge calibration: the meter's prepaid registers read (compare) or set to the platform's (correct).
        if (type === 'recharge' && isCalibration(payload.calibration)) {
          const platform = { balanceFen: payload.calibration.platformBalanceFen, saleCount: payload.calibration.platformSaleCount };
          // A meter the platform has corrected before holds the platform's figures (also after a restart of the simulator).
          if (payload.calibration.calibratedBefore === true) meter.calibrateWallet(platform);
          const before = meter.wallet(platform);
          if (payload.calibration.phase === 'compare') return ok({ meterBalanceFen: before.balanceFen, meterSaleCount: before.saleCount });
          const after = meter.calibrateWallet(platform);
          return ok({ meterBalanceFenBefore: before.balanceFen, meterSaleCountBefore: before.saleCount, meterBalanceFen: after.balanceFen, meterSaleCount: after.saleCount });
        }
        // Preset energy: the meter keeps the amount, and its reads answer what is left (`remaining`).
        if (type === 'preset_energy') {
          const energy = Number(payload.energy);
          if (!(energy > 0)) return { ok: false, code: 'device_error', detail: 'no preset amount' };
          return ok({ remaining: meter.presetEnergy(energy, now) });
        }
        if (type === 'set_parameter' || type === 'recharge') return ok();
        return { ok: false, code: 'unsupported', detail: type };
      }
      if (target.kind === 'water') {
        const meter = estate.water(target.address, hintOf(target));
        if (!meter) return { ok: false, code: 'no_reply', detail: 'no meter at this address' };
        if (type === 'read') return ok(meter.read(now));
        if (type === 'valve_open' || type === 'valve_close') {
          meter.valve(type === 'valve_open', now);
          return ok({ valveState: meter.read(now).valveState });
        }
        if (type === 'recharge') return ok();
        return { ok: false, code: 'unsupported', detail: type };
      }
      return { ok: false, code: 'unsupported', detail: type };
    },
  };
}
