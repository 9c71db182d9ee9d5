/**
 * The protocol driver: executes one command for one meter over its module with real DL/T 645-2007
 * (electric) and CJ/T 188 (water) frames. `tcp-gateway` modules: a GatewayClient to host:port (one
 * per host:port, kept open, reconnecting with backoff); `dtu` modules: the DTU socket registered
 * with the module's address on the DtuListener (DEVICE_PORT). One frame at a time per module.
 *
 * Commands and frames:
 * - `set_parameter`: 14 writes of the identifiers DL/T 645-2007 defines for the set's values (power:
 *   04 00 0E 01; control: 04 00 10 01 … 04; protocol/dlt645Parameters.ts), each answered 94; gift sets
 *   are the platform's (ok, no frame); load, night and timed sets → `unsupported`;
 * - electric `read`: block read 00 01 FF 00 (total + 4 rates); on an error reply, 00 01 00 00 and
 *   00 01 rr 00 one by one (a rate the meter refuses reads 0); then voltage 02 01 01 00, current
 *   02 02 01 00, power 02 03 00 00 (a value the meter refuses is `null`), and run status word 3
 *   04 00 05 03 for `relayState` (left out when the meter refuses it);
 * - `trip` / `close_allowed` / `direct_close` / `keep_supply_on` / `keep_supply_off`: 1C with the
 *   module's password and operator code (ModuleSettings, defaults 02000000 / 00000000), N1
 *   1A / 1B / 1C / 3A / 3B, validity now + 10 minutes;
 * - `time_sync`: with `payload.broadcast` one 08 frame to 99×6 (no reply: ok when sent); otherwise
 *   the meter's own clock is written with 14 (DI 04 00 01 01 date + week, then 04 00 01 02 time,
 *   each answered 94), which needs a password with write rights; the meter's clock is read (04 00 01 01
 *   and 04 00 01 02) before and after, and the result gives both differences (`clockResult`);
 * - `recharge` with `payload.calibration.phase` `compare`: 03 33 02 01 purchase count, 00 90 02 00
 *   remaining and 00 90 02 01 overdraft amount (a meter that refuses them: `unsupported`);
 * - water `read`: 01 with DI 90 1F (order per `settings.diOrder`), reply 81 echoing the SER;
 * - `valve_open` / `valve_close`: 04 with DI A0 17 + 55 / 99, or the vendor code 2A
 *   (`settings.valveCode`); replies 84 / AA of either code are accepted.
 * Results follow the data conventions of driver.ts. Error replies → `device_error` naming the error
 * bits / status; garbage, silence, closed links → `no_reply`; preset_energy and recharge have no
 * frames here → `unsupported`. It never throws.
 * Meter clocks are read and written at `utcOffsetMinutes` (default the server's local offset).
 */
import { clockResult, type DeviceDriver, type DeviceOutcome, type DeviceTarget, type ModuleTarget } from './driver';
import * as cjt from './protocol/cjt188';
import type { RawFrame } from './protocol/deframe';
import * as dlt from './protocol/dlt645';
import { parameterPlan, parameterWriteRequests } from './protocol/dlt645Parameters';
import type { Exchange, Matcher } from './tcp/channel';
import type { DtuListener } from './tcp/dtuListener';
import { GatewayClient } from './tcp/gatewayClient';

export interface ProtocolDriverOptions {
  dtu?: DtuListener;
  log?: (message: string) => void;
  /** Overrides every module's frameTimeoutMs (tests). */
  frameTimeoutMs?: number;
  backoffMinMs?: number;
  backoffMaxMs?: number;
  utcOffsetMinutes?: number;
  now?: () => Date;
}

export type ProtocolDriver = DeviceDriver & { close(): Promise<void>; readonly gateways: ReadonlyMap<string, GatewayClient> };

const RELAY_RESULT: Record<dlt.RelayCommand, Record<string, unknown>> = {
  trip: { relayState: 'off' },
  close_allowed: { relayState: 'close_pending' },
  direct_close: { relayState: 'on' },
  keep_supply_on: { keepSupply: true },
  keep_supply_off: { keepSupply: false },
};

const noReply = (detail: string): DeviceOutcome => ({ ok: false, code: 'no_reply', detail });
const deviceError = (detail: string): DeviceOutcome => ({ ok: false, code: 'device_error', detail });

/** Thrown inside execute to end a command early (caught there; never leaves the driver). */
class Stop { constructor(readonly outcome: DeviceOutcome) {} }

export function createProtocolDriver(options: ProtocolDriverOptions = {}): ProtocolDriver {
  const log = options.log ?? (() => {});
  const gateways = new Map<string, GatewayClient>();
  const now = options.now ?? (() => new Date());
  let ser = Math.floor(Math.random() * 256);
  const nextSer = () => (ser = (ser + 1) & 0xff);

  type Send = <T>(bytes: Uint8Array | undefined, matcher: Matcher<T> | undefined) => Promise<T>;

  /** The link of a module, or a Stop with `no_reply`. */
  function linkOf(module: ModuleTarget): Send {
    const configured = Number(options.frameTimeoutMs ?? module.settings?.frameTimeoutMs ?? 3000);
    // a setting out of range (or not a number) falls back into 50 ms … 60 s
    const timeout = Number.isFinite(configured) ? Math.min(Math.max(configured, 50), 60_000) : 3000;
    let exchange: <T>(bytes: Uint8Array, matcher: Matcher<T> | undefined) => Promise<Exchange<T>>;
    if (module.kind === 'tcp-gateway') {
      if (!module.host || !module.port) throw new Stop(noReply(`module ${module.address} has no host:port`));
      const key = `${module.host}:${module.port}`;
      let client = gateways.get(key);
      if (!client) {
        client = new GatewayClient({ host: module.host, port: module.port, backoffMinMs: options.backoffMinMs, backoffMaxMs: options.backoffMaxMs, log });
        gateways.set(key, client);
      }
      const c = client;
      exchange = (bytes, matcher) => c.request(bytes, matcher, timeout);
    } else if (module.kind === 'dtu') {
      const dtu = options.dtu;
      if (!dtu) throw new Stop(noReply('no DTU listener (DEVICE_PORT is not set)'));
      if (!dtu.isOnline(module.address)) throw new Stop(noReply(`DTU ${module.address} is not registered`));
      exchange = (bytes, matcher) => dtu.request(module.address, bytes, matcher, timeout);
    } else {
      throw new Stop({ ok: false, code: 'unsupported', detail: `module kind ${module.kind} is not a protocol module` });
    }
    return async (bytes, matcher) => {
      if (!bytes) throw new Stop(deviceError('the frame cannot be built (address or module settings invalid)'));
      const result = await exchange(bytes, matcher);
      if (!result.ok) throw new Stop(noReply(result.detail));
      return result.value;
    };
  }

  // ---- DL/T 645 ----
  const dltMatch = <T>(address: string, pick: (frame: dlt.Dlt645Frame) => T | undefined): Matcher<T> => (raw: RawFrame) => {
    if (raw.protocol !== 'dlt645') return undefined;
    const parsed = dlt.parseFrame(raw.bytes);
    if (!parsed.ok || (parsed.value.address !== address && address !== dlt.DLT645_WILDCARD)) return undefined;
    return pick(parsed.value);
  };

  async function readDi(send: Send, address: string, di: number) {
    return send(dlt.readRequest(address, di), dltMatch(address, (f) => dlt.readReply(f, di)));
  }

  async function readElectric(send: Send, address: string): Promise<DeviceOutcome> {
    let energies: number[] | undefined;
    const block = await readDi(send, address, dlt.DI.forwardBlock);
    if (block.ok) {
      energies = dlt.decodeBlock(block.value);
      if (!energies) return deviceError('block read reply with unreadable values');
    } else {
      const total = await readDi(send, address, dlt.DI.forwardTotal);
      if (!total.ok) return deviceError(`total read refused: ${total.detail}`);
      const value = dlt.decodeEnergy(total.value);
      if (value === undefined) return deviceError('total read reply with an unreadable value');
      energies = [value];
      for (let rate = 1; rate <= 4; rate++) {
        const r = await readDi(send, address, dlt.DI.forwardRate(rate));
        energies.push(r.ok ? dlt.decodeEnergy(r.value) ?? 0 : 0);
      }
    }
    const [total, sharp = 0, peak = 0, flat = 0, valley = 0] = energies;
    const instant = async (di: number, decode: (b: Uint8Array) => number | undefined) => {
      const r = await readDi(send, address, di);
      return r.ok ? decode(r.value) ?? null : null;
    };
    const voltage = await instant(dlt.DI.voltage, dlt.decodeVoltage);
    const current = await instant(dlt.DI.current, dlt.decodeCurrent);
    const powerKw = await instant(dlt.DI.power, dlt.decodePower);
    const status = await readDi(send, address, dlt.DI.statusWord3);
    const relayState = status.ok ? dlt.relayStateOf(status.value) : undefined;
    return { ok: true, data: { total, sharp, peak, flat, valley, voltage, current, powerKw, ...(relayState ? { relayState } : {}) } };
  }

  async function relay(send: Send, module: ModuleTarget, address: string, command: dlt.RelayCommand): Promise<DeviceOutcome> {
    const frame = dlt.relayRequest(address, command, {
      password: module.settings?.password, operatorCode: module.settings?.operatorCode,
      validUntil: new Date(now().getTime() + 10 * 60_000), utcOffsetMinutes: options.utcOffsetMinutes,
    });
    const reply = await send(frame, dltMatch(address, (f) => dlt.ackReply(f, dlt.C.relay)));
    return reply.ok ? { ok: true, data: { ...RELAY_RESULT[command] } } : deviceError(`relay control refused: ${reply.detail}`);
  }

  async function timeSync(send: Send, module: ModuleTarget, address: string, broadcast: boolean): Promise<DeviceOutcome> {
    const at = now();
    if (broadcast) {
      await send(dlt.broadcastTimeRequest(at, options.utcOffsetMinutes), undefined);
      return { ok: true, data: { clock: at.toISOString() } };
    }
    // The meter's clock read back before and after the setting (04 00 01 01 date, 04 00 01 02 time);
    // a meter that refuses the reads is still set (its differences are then unknown).
    const before = await readClock(send, address);
    for (const frame of dlt.clockWriteRequests(address, at, { password: module.settings?.password, operatorCode: module.settings?.operatorCode, utcOffsetMinutes: options.utcOffsetMinutes })) {
      const reply = await send(frame, dltMatch(address, (f) => dlt.ackReply(f, dlt.C.write)));
      if (!reply.ok) return deviceError(`clock write refused: ${reply.detail}`);
    }
    const afterAt = now();
    const after = await readClock(send, address);
    return { ok: true, data: clockResult(at, before, after, afterAt) };
  }

  async function readClock(send: Send, address: string): Promise<Date | undefined> {
    const date = await readDi(send, address, dlt.DI.date);
    if (!date.ok) return undefined;
    const time = await readDi(send, address, dlt.DI.time);
    if (!time.ok) return undefined;
    return dlt.meterClock(date.value, time.value, options.utcOffsetMinutes ?? -now().getTimezoneOffset());
  }

  /**
   * Recharge calibration, compare: the meter's purchase count (03 33 02 01) and remaining amount
   * (00 90 02 00) less its overdraft (00 90 02 01, 0 when refused). A meter that keeps no prepaid
   * registers refuses the reads: `unsupported`. The correction (a purchase written to the meter)
   * needs the meter's ESAM keys (the encrypted 07 01 02 01 recharge) and is not carried here.
   */
  async function walletRead(send: Send, address: string): Promise<DeviceOutcome> {
    const count = await readDi(send, address, dlt.DI.purchaseCount);
    if (!count.ok) return { ok: false, code: 'unsupported', detail: `the meter keeps no purchase count: ${count.detail}` };
    const remaining = await readDi(send, address, dlt.DI.remainingMoney);
    if (!remaining.ok) return { ok: false, code: 'unsupported', detail: `the meter keeps no remaining amount: ${remaining.detail}` };
    const overdraft = await readDi(send, address, dlt.DI.overdraftMoney);
    const meterSaleCount = dlt.decodeCount(count.value);
    const remainingFen = dlt.decodeMoneyFen(remaining.value);
    const overdraftFen = overdraft.ok ? dlt.decodeMoneyFen(overdraft.value) ?? 0 : 0;
    if (meterSaleCount === undefined || remainingFen === undefined) return deviceError('prepaid registers with unreadable values');
    return { ok: true, data: { meterBalanceFen: remainingFen - overdraftFen, meterSaleCount } };
  }

  /**
   * set_parameter (payload.setKind, payload.values from the pipeline): the values DL/T 645-2007 has
   * identifiers for are written one 14 frame each, answered 94 (protocol/dlt645Parameters.ts); a
   * set held by the platform (gift) succeeds without a frame; a set without identifiers (load, night,
   * timed) answers `unsupported` before anything is sent. The result names the identifiers written.
   */
  async function setParameters(module: ModuleTarget, address: string, payload: Record<string, unknown>): Promise<DeviceOutcome> {
    const kind = String(payload.setKind ?? '');
    const plan = parameterPlan(kind, payload.values as Record<string, unknown> | undefined);
    if (plan.kind === 'unsupported') return { ok: false, code: 'unsupported', detail: plan.detail };
    if (plan.kind === 'platform') return { ok: true, data: { setKind: kind, written: [] } };
    const send = linkOf(module);
    const credentials = { password: module.settings?.password, operatorCode: module.settings?.operatorCode };
    const frames = parameterWriteRequests(address, plan.writes, credentials);
    const written: string[] = [];
    for (const [i, frame] of frames.entries()) {
      const reply = await send(frame, dltMatch(address, (f) => dlt.ackReply(f, dlt.C.write)));
      const di = plan.writes[i].di.toString(16).padStart(8, '0').toUpperCase();
      if (!reply.ok) return deviceError(`parameter write ${di} (${plan.writes[i].field}) refused: ${reply.detail}${written.length ? `; written before: ${written.join(', ')}` : ''}`);
      written.push(di);
    }
    return { ok: true, data: { setKind: kind, written } };
  }

  // ---- CJ/T 188 ----
  const cjtMatch = <T>(address: string, pick: (frame: cjt.Cjt188Frame) => T | undefined): Matcher<T> => (raw: RawFrame) => {
    if (raw.protocol !== 'cjt188') return undefined;
    const parsed = cjt.parseFrame(raw.bytes);
    if (!parsed.ok || (parsed.value.address !== address && address !== cjt.CJT188_WILDCARD)) return undefined;
    return pick(parsed.value);
  };

  async function water(send: Send, module: ModuleTarget, target: DeviceTarget, type: string): Promise<DeviceOutcome> {
    const meterType = target.meterType === 'hot' ? cjt.METER_TYPE.hot : cjt.METER_TYPE.cold;
    const order = module.settings?.diOrder ?? '901F';
    const s = nextSer();
    if (type === 'read') {
      const reply = await send(cjt.readRequest(meterType, target.address, s, order), cjtMatch(target.address, (f) => cjt.readReply(f, s, options.utcOffsetMinutes ?? -now().getTimezoneOffset())));
      if (!reply.ok) return deviceError(reply.detail);
      return { ok: true, data: { total: reply.value.total, valveState: reply.value.valveState, batteryLow: reply.value.batteryLow } };
    }
    const open = type === 'valve_open';
    const reply = await send(cjt.valveRequest(meterType, target.address, s, open, { code: module.settings?.valveCode ?? '04', order }), cjtMatch(target.address, (f) => cjt.valveReply(f, s)));
    if (!reply.ok) return deviceError(`valve control refused: ${reply.detail}`);
    if (reply.value.st0 !== undefined && cjt.valveOf(reply.value.st0) === 'abnormal') return deviceError(`valve abnormal: ${cjt.describeStatus(reply.value.st0, reply.value.st1)}`);
    return { ok: true, data: { valveState: open ? 'open' : 'closed' } };
  }

  return {
    gateways,
    async execute(target, type, payload): Promise<DeviceOutcome> {
      try {
        const calibration = type === 'recharge' ? (payload?.calibration as { phase?: string } | undefined) : undefined;
        if (calibration?.phase === 'compare' && target.kind === 'electric' && target.module?.protocol === 'dlt645' && /^\d{12}$/.test(target.address)) {
          return await walletRead(linkOf(target.module), target.address);
        }
        if (type === 'preset_energy' || type === 'recharge') {
          return { ok: false, code: 'unsupported', detail: `${type} is not carried over the protocol driver` };
        }
        const module = target.module;
        if (!module) return noReply('the meter has no module');
        if (target.kind === 'electric') {
          if (module.protocol !== 'dlt645') return { ok: false, code: 'unsupported', detail: `electric meter on a ${module.protocol} module` };
          const address = target.address;
          if (!/^\d{12}$/.test(address)) return deviceError(`electric address ${address} is not 12 digits`);
          if (type === 'read') return await readElectric(linkOf(module), address);
          if (type in RELAY_RESULT) return await relay(linkOf(module), module, address, type as dlt.RelayCommand);
          if (type === 'time_sync') return await timeSync(linkOf(module), module, address, payload?.broadcast === true);
          if (type === 'set_parameter') return await setParameters(module, address, payload ?? {});
          return { ok: false, code: 'unsupported', detail: `${type} on an electric meter` };
        }
        if (target.kind === 'water') {
          if (module.protocol !== 'cjt188') return { ok: false, code: 'unsupported', detail: `water meter on a ${module.protocol} module` };
          if (!/^\d{14}$/.test(target.address)) return deviceError(`water address ${target.address} is not 14 digits`);
          if (type === 'read' || type === 'valve_open' || type === 'valve_close') return await water(linkOf(module), module, target, type);
          // A water meter's gift set is the platform's allowance: nothing is written to the meter.
          if (type === 'set_parameter' && payload?.setKind === 'gift') return { ok: true, data: { setKind: 'gift', written: [] } };
          return { ok: false, code: 'unsupported', detail: `${type} on a water meter` };
        }
        // A module's own command: the DL/T 645 broadcast time sync of its bus (one frame, no reply).
        if (target.kind === 'module' && type === 'time_sync' && module.protocol === 'dlt645') return await timeSync(linkOf(module), module, target.address, true);
        return { ok: false, code: 'unsupported', detail: `${type} on a ${target.kind}` };
      } catch (error) {
        if (error instanceof Stop) return error.outcome;
        log(`protocol driver: ${(error as Error)?.message ?? error}`);
        return noReply(`driver error: ${(error as Error)?.message ?? error}`);
      }
    },
    async close() {
      await Promise.all([...gateways.values()].map((g) => g.close()));
      gateways.clear();
    },
  };
}
