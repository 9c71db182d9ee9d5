/**
 * The simulated gateway: a TCP server (port 0 = any free port) that answers real DL/T 645 and
 * CJ/T 188 frames for the meters of a MeterBank, so the whole protocol path runs over a real socket
 * (tests, demo: register it as a `tcp-gateway` module at host:port). It can also dial out as a DTU
 * (`dialDtu`): connect to DEVICE_PORT, register with an address, send heartbeats, answer frames.
 *
 * Answers: DL/T 645 read (total, block 00 01 FF 00 / 00 00 FF 00, per-rate, voltage, current, power,
 * run status word 3 with the relay state, the meter's clock 04 00 01 01 / 04 00 01 02;
 * other DIs D1 02), relay control 1C (9C, or DC + error byte when the meter refuses or the password
 * is wrong), broadcast time sync 08 (no reply), per-meter clock write 14 (DI 04000101 / 04000102, 94)
 * and parameter writes 14 of the power upper limit 04000E01 and the money limits 04001001–04 (94; read
 * back as written),
 * address read 13 (93, when `busAddress` is set); CJ/T 188 read 90 1F in either DI order and valve
 * control 04 / 2A. Faults for tests and demo: `split` replies into chunks of n bytes, `join` each
 * reply to the previous one in one packet, `delayMs`, `dropRate` / `dropNext`, `garbageRate` /
 * `garbageNext` (noise instead of a reply), `blockRead: false` (meters without block read).
 */
import net from 'node:net';
import type { MeterBank, RelayAction } from '../bank';
import { clockFields, instantOf, bcdToInt } from '../protocol/bytes';
import * as cjt from '../protocol/cjt188';
import { Deframer, type RawFrame } from '../protocol/deframe';
import * as dlt from '../protocol/dlt645';
import { PARAMETER_DI } from '../protocol/dlt645Parameters';

const MONEY_LIMIT_DIS = new Set<number>([PARAMETER_DI.alarmAmount1, PARAMETER_DI.alarmAmount2, PARAMETER_DI.overdraftLimit, PARAMETER_DI.hoardingLimit]);

export interface MeterServerOptions {
  bank: MeterBank;
  host?: string;
  port?: number;
  /** Send each reply in chunks of this many bytes (1 = byte by byte). */
  split?: number;
  /** Send each reply joined to a copy of the previous reply in one packet. */
  join?: boolean;
  delayMs?: number;
  dropRate?: number;
  garbageRate?: number;
  /** Meters answer block reads (default true); false → D1 02, the driver reads DI by DI. */
  blockRead?: boolean;
  /** Relay / write password the meters accept (8 hex digits as in ModuleSettings); unset → any. */
  password?: string;
  /** Meters' clock offset from UTC in minutes (default the server's local offset). */
  utcOffsetMinutes?: number;
  /** The single meter answering address read 13 on AA×6. */
  busAddress?: string;
  random?: () => number;
  now?: () => Date;
  log?: (message: string) => void;
}

export interface MeterServer {
  listen(): Promise<number>;
  readonly port: number;
  /** Changes fault options while running. */
  set(options: Partial<MeterServerOptions>): void;
  /** The next n requests get no reply / garbage instead of a reply. */
  dropNext(n: number): void;
  garbageNext(n: number): void;
  /** Requests answered or dropped so far, by control code (hex). */
  readonly seen: string[];
  /** Broadcast time syncs received. */
  readonly broadcasts: Date[];
  /** Closes every connection now (clients see a close) but keeps listening. */
  dropConnections(): void;
  close(): Promise<void>;
  /** Acts as a DTU: dials the platform's DEVICE_PORT, registers and answers frames on that socket. */
  dialDtu(target: { host?: string; port: number; address: string; heartbeatMs?: number; heartbeat?: string }): Promise<{ close(): void; socket: net.Socket }>;
}

const RELAY_ACTIONS: Record<number, RelayAction> = { 0x1a: 'trip', 0x1b: 'close_allowed', 0x1c: 'direct_close', 0x3a: 'keep_supply_on', 0x3b: 'keep_supply_off' };

export function createMeterServer(initial: MeterServerOptions): MeterServer {
  const options: MeterServerOptions = { ...initial };
  const random = () => (options.random ?? Math.random)();
  const now = () => (options.now ?? (() => new Date()))();
  const offset = () => options.utcOffsetMinutes ?? -new Date().getTimezoneOffset();
  const log = (m: string) => options.log?.(m);
  let drop = 0;
  let garbage = 0;
  const seen: string[] = [];
  const broadcasts: Date[] = [];
  const sockets = new Set<net.Socket>();
  const pendingDate = new Map<string, { day: number; month: number; year: number }>();
  /** Parameters written to each meter (DI → value bytes as sent, before the +0x33). */
  const parameters = new Map<string, Map<number, number[]>>();
  let boundPort = options.port ?? 0;

  // ---- DL/T 645 ----
  function answerDlt(frame: dlt.Dlt645Frame): Uint8Array | undefined {
    const at = now();
    if (frame.control === dlt.C.readAddress) {
      return options.busAddress && frame.address === dlt.DLT645_WILDCARD ? dlt.buildFrame(options.busAddress, 0x93, dlt.addressBytesOf(options.busAddress)) : undefined;
    }
    if (frame.control === dlt.C.broadcastTime) {
      const clock = dlt.parseClock(frame.data, offset());
      if (!clock) return undefined;
      if (frame.address === dlt.DLT645_BROADCAST) broadcasts.push(clock);
      else options.bank.electric(frame.address)?.setClock(clock, at);
      return undefined;
    }
    const meter = options.bank.electric(frame.address);
    if (!meter) return undefined;
    const reply = (control: number, data: number[] = []) => dlt.buildFrame(frame.address, control, data);
    if (frame.control === dlt.C.read) {
      if (frame.data.length !== 4) return reply(0xd1, [0x01]);
      const di = dlt.diOf(frame.data);
      const r = meter.read(at);
      const rates = [r.sharp, r.peak, r.flat, r.valley];
      let value: number[] | undefined;
      if (di === dlt.DI.forwardTotal || di === 0x00000000) value = dlt.encodeEnergy(r.total);
      else if (di === dlt.DI.forwardBlock || di === dlt.DI.combinedBlock) value = options.blockRead === false ? undefined : dlt.encodeBlock([r.total, ...rates]);
      else if ((di & 0xffff00ff) === 0x00010000 || (di & 0xffff00ff) === 0x00000000) {
        const rate = (di >> 8) & 0xff;
        if (rate >= 1 && rate <= 4) value = dlt.encodeEnergy(rates[rate - 1]);
      } else if (di === dlt.DI.voltage) value = dlt.encodeVoltage(r.voltage);
      else if (di === dlt.DI.current) value = dlt.encodeCurrent(r.current);
      else if (di === dlt.DI.power) value = dlt.encodePower(r.powerKw);
      else if (di === dlt.DI.statusWord3) value = dlt.encodeStatusWord3(r.relayState);
      else if ((di === dlt.DI.date || di === dlt.DI.time) && meter.clockAt) {
        // The meter's own (drifting) clock.
        const clock = meter.clockAt(at);
        value = di === dlt.DI.date ? dlt.encodeDate(clock, offset()) : dlt.encodeTime(clock, offset());
      }
      // A parameter written before is read back as it was written.
      value ??= parameters.get(frame.address)?.get(di);
      return value ? reply(0x91, [...dlt.diBytes(di), ...value]) : reply(0xd1, [0x02]);
    }
    if (frame.control === dlt.C.relay) {
      const parsed = dlt.parseRelayData(frame.data, offset());
      if (!parsed.ok) return reply(0xdc, [0x01]);
      if (options.password && parsed.value.password !== options.password.toUpperCase()) return reply(0xdc, [0x04]);
      if (parsed.value.validUntil && parsed.value.validUntil.getTime() < at.getTime()) return reply(0xdc, [0x01]);
      const action = RELAY_ACTIONS[parsed.value.n1];
      if (!action) return reply(0xdc, [0x01]);
      const result = meter.relay(action, at);
      return result.ok ? reply(0x9c) : reply(0xdc, [result.error & 0xff]);
    }
    if (frame.control === dlt.C.write) {
      if (frame.data.length < 12) return reply(0xd4, [0x01]);
      const di = dlt.diOf(frame.data);
      const d = frame.data;
      const password = [d[4], d[7], d[6], d[5]].map((b) => b.toString(16).padStart(2, '0')).join('').toUpperCase();
      if (options.password && password !== options.password.toUpperCase()) return reply(0xd4, [0x04]);
      const v = Array.from(d.subarray(12), (b) => bcdToInt([b]));
      if (v.some((x) => x === undefined)) return reply(0xd4, [0x01]);
      if (di === dlt.DI.date && v.length === 4) {
        pendingDate.set(frame.address, { day: v[1]!, month: v[2]!, year: 2000 + v[3]! });
        return reply(0x94);
      }
      if (di === dlt.DI.time && v.length === 3) {
        const f = clockFields(at, offset());
        const date = pendingDate.get(frame.address) ?? f;
        pendingDate.delete(frame.address);
        const clock = instantOf({ ...date, hour: v[2]!, minute: v[1]!, second: v[0]! }, offset());
        if (!clock) return reply(0xd4, [0x01]);
        meter.setClock(clock, at);
        return reply(0x94);
      }
      // The parameters DL/T 645-2007 gives identifiers for (dlt645Parameters.ts): the power upper
      // limit the meter trips above, and the prepaid money limits (alarm 1 and 2, overdraft,
      // hoarding), kept and read back as written.
      const limitBytes = di === PARAMETER_DI.powerUpperLimit ? 3 : MONEY_LIMIT_DIS.has(di) ? 4 : 0;
      if (limitBytes && v.length === limitBytes) {
        const value = v.reduce<number>((sum, byte, i) => sum + byte! * 100 ** i, 0);
        if (di === PARAMETER_DI.powerUpperLimit && meter.setParameters && !meter.setParameters({ power: { maxPowerW: value / 10 } }, at)) return reply(0xd4, [0x01]);
        const stored = parameters.get(frame.address) ?? new Map<number, number[]>();
        stored.set(di, Array.from(d.subarray(12)).map((b) => b));
        parameters.set(frame.address, stored);
        return reply(0x94);
      }
      return reply(0xd4, [0x02]);
    }
    return undefined;
  }

  // ---- CJ/T 188 ----
  function answerCjt(frame: cjt.Cjt188Frame): Uint8Array | undefined {
    const at = now();
    const meter = options.bank.water(frame.address);
    if (!meter) return undefined;
    if (frame.meterType !== 0xaa && frame.meterType !== cjt.METER_TYPE[meter.meterType]) return undefined;
    const type = cjt.METER_TYPE[meter.meterType];
    const d = frame.data;
    if (frame.control === cjt.C.read && d.length === 3 && cjt.diMatches(d, cjt.DI_READ)) {
      const r = meter.read(at);
      return cjt.buildReadReply({ ...frame, meterType: type }, { total: r.total, clock: at, valveState: r.valveState, batteryLow: r.batteryLow }, offset());
    }
    if ((frame.control === cjt.C.write || frame.control === cjt.C.vendorValve) && d.length === 4 && cjt.diMatches(d, cjt.DI_VALVE) && (d[3] === 0x55 || d[3] === 0x99)) {
      const result = meter.valve(d[3] === 0x55, at);
      const r = meter.read(at);
      const st0 = (r.valveState === 'open' ? 0 : r.valveState === 'closed' ? 1 : 3) | (r.batteryLow ? 4 : 0);
      return result.ok
        ? cjt.buildFrame(type, frame.address, frame.control | 0x80, [d[0], d[1], d[2], st0, 0])
        : cjt.buildFrame(type, frame.address, frame.control | 0xc0, [d[2], st0 | 0x03, 0]);
    }
    return undefined;
  }

  function answer(raw: RawFrame): Uint8Array | undefined {
    try {
      if (raw.protocol === 'dlt645') {
        const parsed = dlt.parseFrame(raw.bytes);
        if (!parsed.ok || dlt.isReply(parsed.value.control)) return undefined;
        seen.push(`dlt645:${parsed.value.control.toString(16)}`);
        return answerDlt(parsed.value);
      }
      const parsed = cjt.parseFrame(raw.bytes);
      if (!parsed.ok || parsed.value.control & 0x80) return undefined;
      seen.push(`cjt188:${parsed.value.control.toString(16)}`);
      return answerCjt(parsed.value);
    } catch (error) {
      log(`meter server: ${(error as Error).message}`);
      return undefined;
    }
  }

  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

  /** One connection's conversation (a gateway client socket or a dialled-out DTU socket). */
  function serve(socket: net.Socket) {
    sockets.add(socket);
    socket.setNoDelay(true);
    const deframer = new Deframer();
    let previous: Uint8Array | undefined;
    let chain = Promise.resolve();
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
    socket.on('data', (chunk) => {
      for (const frame of deframer.push(chunk)) {
        chain = chain.then(async () => {
          const reply = answer(frame);
          if (!reply) return;
          if (drop > 0) { drop--; return; }
          if (options.dropRate && random() < options.dropRate) return;
          let out: Uint8Array = reply;
          if (garbage > 0 || (options.garbageRate && random() < options.garbageRate)) {
            if (garbage > 0) garbage--;
            out = Uint8Array.from({ length: 12 + Math.floor(random() * 20) }, () => Math.floor(random() * 256) & 0xef);
          } else if (options.join && previous) {
            out = Uint8Array.from([...previous, ...reply]);
          }
          previous = reply;
          if (options.delayMs) await sleep(options.delayMs);
          if (socket.destroyed) return;
          const size = options.split && options.split > 0 ? options.split : out.length;
          for (let i = 0; i < out.length; i += size) {
            socket.write(out.subarray(i, i + size));
            if (size < out.length) await sleep(1);
          }
        }).catch(() => {});
      }
    });
  }

  const server = net.createServer(serve);

  return {
    listen: () => new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(boundPort, options.host ?? '127.0.0.1', () => {
        server.off('error', reject);
        boundPort = (server.address() as net.AddressInfo).port;
        resolve(boundPort);
      });
    }),
    get port() { return boundPort; },
    set: (patch) => Object.assign(options, patch),
    dropNext: (n) => { drop += n; },
    garbageNext: (n) => { garbage += n; },
    seen,
    broadcasts,
    dropConnections: () => { for (const s of sockets) s.destroy(); },
    close: () => new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      if (!server.listening) return resolve();
      server.close(() => resolve());
    }),
    dialDtu: (target) => new Promise((resolve, reject) => {
      const socket = net.connect({ host: target.host ?? '127.0.0.1', port: target.port });
      socket.once('error', reject);
      socket.once('connect', () => {
        socket.off('error', reject);
        socket.write(`${target.address}\r\n`);
        serve(socket);
        const timer = target.heartbeatMs ? setInterval(() => { if (!socket.destroyed) socket.write(target.heartbeat ?? 'HB'); }, target.heartbeatMs) : undefined;
        socket.once('close', () => clearInterval(timer));
        resolve({ socket, close: () => { clearInterval(timer); socket.destroy(); } });
      });
    }),
  };
}
