/**
 * CJ/T 188-2004 (water meters), pure functions. Frame: optional FE…, then
 * `68 T A0..A6 C L DATA CS 16`; T 10 cold / 11 hot water (0x10–0x19 the water family); the address
 * is 14 digits as 7 BCD bytes, low byte first; no +0x33; CS is the byte sum mod 256 from 68 to the
 * last data byte. Data of requests and replies: DI0 DI1 SER ….
 *
 * - read data: C 01, DI 90 1F, reply C 81 with current cumulative flow (4 BCD bytes, 2 decimals,
 *   low byte first) + unit (2C m³, 29 L), settlement-day flow (4 + 1), real time (7 BCD bytes:
 *   ss mm hh DD MM YYYY low first), status ST0 ST1 (ST0 D0–D1 valve: 00 open, 01 closed, 1x abnormal;
 *   D2 battery low);
 * - valve: standard write C 04 with DI A0 17 + SER + 55 open / 99 close (reply 84), or the common
 *   vendor code C 2A with the same data (reply AA);
 * - error replies: C|0x40 (C1, C4, EA) with SER + ST0 ST1 (or DI + SER + status).
 * Field meters send the DI bytes in either order (90 1F or 1F 90; A0 17 or 17 A0): replies in either
 * order are accepted, the order sent is a module setting. Replies echo the request's SER.
 * Nothing here throws.
 */
import { addressBytes, addressText, bcdToInt, checksum, clockFields, instantOf, intToBcd, type Parsed } from './bytes';

export const CJT188_WILDCARD = 'AAAAAAAAAAAAAA';
export const METER_TYPE = { cold: 0x10, hot: 0x11 } as const;
export const isWaterType = (t: number) => t >= 0x10 && t <= 0x19;

export const C = { read: 0x01, write: 0x04, vendorValve: 0x2a } as const;
export const DI_READ = 0x901f;
export const DI_VALVE = 0xa017;

export type DiOrder = '901F' | '1F90';
export type ValveCode = '04' | '2A';

export interface Cjt188Frame {
  meterType: number;
  /** 14 upper-case hex digits as written on the meter. */
  address: string;
  control: number;
  data: Uint8Array;
}

/** Builds one frame (FE FE FE preamble unless `preamble: false`); undefined for an invalid address / type. */
export function buildFrame(meterType: number, address: string, control: number, data: ArrayLike<number> = [], options: { preamble?: boolean } = {}): Uint8Array | undefined {
  const addr = addressBytes(address, 7);
  if (!addr || meterType < 0 || meterType > 0xff || data.length > 200) return undefined;
  const body = [0x68, meterType, ...addr, control & 0xff, data.length, ...Array.from(data)];
  const bytes = Uint8Array.from([...(options.preamble === false ? [] : [0xfe, 0xfe, 0xfe]), ...body, 0, 0x16]);
  bytes[bytes.length - 2] = checksum(Uint8Array.from(body));
  return bytes;
}

/** Parses exactly one frame (leading FE allowed). */
export function parseFrame(input: ArrayLike<number>): Parsed<Cjt188Frame> {
  const bytes = Uint8Array.from(input as ArrayLike<number>);
  let start = 0;
  while (start < bytes.length && bytes[start] === 0xfe) start++;
  const n = bytes.length - start;
  if (n < 13) return { ok: false, reason: 'truncated' };
  if (bytes[start] !== 0x68) return { ok: false, reason: 'bad_start' };
  const length = bytes[start + 10];
  if (n < 13 + length) return { ok: false, reason: 'truncated' };
  if (n > 13 + length) return { ok: false, reason: 'wrong_length' };
  const end = start + 11 + length;
  if (bytes[end + 1] !== 0x16) return { ok: false, reason: 'bad_end' };
  if (checksum(bytes, start, end) !== bytes[end]) return { ok: false, reason: 'bad_checksum' };
  return {
    ok: true,
    value: { meterType: bytes[start + 1], address: addressText(bytes.subarray(start + 2, start + 9)), control: bytes[start + 9], data: bytes.slice(start + 11, end) },
  };
}

const diBytes = (di: number, order: DiOrder) => (order === '1F90' ? [di & 0xff, di >> 8] : [di >> 8, di & 0xff]);
/** The DI of a data field in either byte order, or undefined. */
export function diMatches(data: Uint8Array, di: number) {
  if (data.length < 2) return false;
  return (data[0] === di >> 8 && data[1] === (di & 0xff)) || (data[0] === (di & 0xff) && data[1] === di >> 8);
}

export const readRequest = (meterType: number, address: string, ser: number, order: DiOrder = '901F') =>
  buildFrame(meterType, address, C.read, [...diBytes(DI_READ, order), ser & 0xff]);

export const valveRequest = (meterType: number, address: string, ser: number, open: boolean, options: { code?: ValveCode; order?: DiOrder } = {}) =>
  buildFrame(meterType, address, options.code === '2A' ? C.vendorValve : C.write, [...diBytes(DI_VALVE, options.order ?? '901F'), ser & 0xff, open ? 0x55 : 0x99]);

export type ValveState = 'open' | 'closed' | 'abnormal';
export const valveOf = (st0: number): ValveState => (['open', 'closed', 'abnormal', 'abnormal'] as const)[st0 & 0x03];
export const describeStatus = (st0: number, st1 = 0) =>
  `status ${st0.toString(16).padStart(2, '0').toUpperCase()} ${st1.toString(16).padStart(2, '0').toUpperCase()} (valve ${valveOf(st0)}${st0 & 0x04 ? ', battery low' : ''})`;

export interface WaterReading {
  total: number;
  settlement?: number;
  clock?: Date;
  st0: number;
  st1: number;
  valveState: ValveState;
  batteryLow: boolean;
}

/** Flow XXXXXX.XX + unit byte → m³ (2C m³, 29 L; other units rejected). */
export function decodeFlow(b: ArrayLike<number>): number | undefined {
  if (b.length !== 5) return undefined;
  const v = bcdToInt(Array.from(b).slice(0, 4));
  if (v === undefined) return undefined;
  if (b[4] === 0x2c) return v / 100;
  if (b[4] === 0x29) return Math.round(v / 10) / 10000;
  return undefined;
}
export const encodeFlow = (m3: number) => [...intToBcd(Math.round(m3 * 100) % 1e8, 4), 0x2c];

/** Real time: ss mm hh DD MM YY YY (BCD, YYYY low byte first). */
export function encodeClock(at: Date, utcOffsetMinutes?: number) {
  const f = clockFields(at, utcOffsetMinutes);
  return [f.second, f.minute, f.hour, f.day, f.month].flatMap((v) => intToBcd(v, 1)).concat(intToBcd(f.year, 2));
}
export function decodeClock(b: ArrayLike<number>, utcOffsetMinutes: number) {
  if (b.length !== 7) return undefined;
  const v = [0, 1, 2, 3, 4].map((i) => bcdToInt([b[i]]));
  const year = bcdToInt([b[5], b[6]]);
  if (v.some((x) => x === undefined) || year === undefined) return undefined;
  const [second, minute, hour, day, month] = v as number[];
  return instantOf({ second, minute, hour, day, month, year }, utcOffsetMinutes);
}

export type Reply<T> = { ok: true; value: T } | { ok: false; detail: string; st0?: number; st1?: number };

/** Error reply data: SER ST0 ST1, or DI DI SER ST0 [ST1]. */
function errorReply(frame: Cjt188Frame, ser: number): Reply<never> | undefined {
  const d = frame.data;
  if (d.length === 3 && d[0] === (ser & 0xff)) return { ok: false, st0: d[1], st1: d[2], detail: `error reply ${frame.control.toString(16).toUpperCase()}, ${describeStatus(d[1], d[2])}` };
  if (d.length >= 4 && d[2] === (ser & 0xff)) return { ok: false, st0: d[3], st1: d[4], detail: `error reply ${frame.control.toString(16).toUpperCase()}, ${describeStatus(d[3], d[4] ?? 0)}` };
  if (d.length === 0) return { ok: false, detail: `error reply ${frame.control.toString(16).toUpperCase()}` };
  return undefined;
}

/**
 * A read reply (81 / C1) for SER; undefined when the frame is not the reply of that read (other
 * control, SER or DI). `utcOffsetMinutes` reads the meter's clock.
 */
export function readReply(frame: Cjt188Frame, ser: number, utcOffsetMinutes = 480): Reply<WaterReading> | undefined {
  if ((frame.control & 0x3f) !== C.read || !(frame.control & 0x80)) return undefined;
  if (frame.control & 0x40) return errorReply(frame, ser);
  const d = frame.data;
  if (d.length < 3 || !diMatches(d, DI_READ) || d[2] !== (ser & 0xff)) return undefined;
  if (d.length !== 22) return { ok: false, detail: `read reply of ${d.length} bytes, 22 expected` };
  const total = decodeFlow(d.subarray(3, 8));
  if (total === undefined) return { ok: false, detail: 'read reply with an unreadable flow or unit' };
  const st0 = d[20];
  const st1 = d[21];
  return {
    ok: true,
    value: { total, settlement: decodeFlow(d.subarray(8, 13)), clock: decodeClock(d.subarray(13, 20), utcOffsetMinutes), st0, st1, valveState: valveOf(st0), batteryLow: (st0 & 0x04) !== 0 },
  };
}

/** A valve reply (84 / AA, or error C4 / EA) for SER: data DI DI SER [ST0 ST1]. */
export function valveReply(frame: Cjt188Frame, ser: number): Reply<{ st0?: number; st1?: number }> | undefined {
  const base = frame.control & 0x3f;
  if ((base !== C.write && base !== C.vendorValve) || !(frame.control & 0x80)) return undefined;
  if (frame.control & 0x40) return errorReply(frame, ser);
  const d = frame.data;
  if (d.length < 3 || !diMatches(d, DI_VALVE) || d[2] !== (ser & 0xff)) return undefined;
  return { ok: true, value: d.length >= 5 ? { st0: d[3], st1: d[4] } : {} };
}

/** The simulated meter's side: a read reply frame. */
export function buildReadReply(req: Cjt188Frame, reading: { total: number; settlement?: number; clock: Date; valveState: ValveState; batteryLow: boolean }, utcOffsetMinutes?: number) {
  const st0 = (reading.valveState === 'open' ? 0 : reading.valveState === 'closed' ? 1 : 3) | (reading.batteryLow ? 0x04 : 0);
  const data = [req.data[0], req.data[1], req.data[2], ...encodeFlow(reading.total), ...encodeFlow(reading.settlement ?? reading.total), ...encodeClock(reading.clock, utcOffsetMinutes), st0, 0x00];
  return buildFrame(req.meterType, req.address, C.read | 0x80, data);
}

export { diBytes };
export type { Parsed };
export const parseAddress = (a: ArrayLike<number>) => addressText(a);
