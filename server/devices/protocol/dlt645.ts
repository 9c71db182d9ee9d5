/**
 * DL/T 645-2007 (electric meters), pure functions. Frame: optional FE…, then
 * `68 A0..A5 68 C L DATA CS 16`: the address is 12 digits as 6 BCD bytes, low byte first; every data
 * byte is sent +0x33; CS is the byte sum mod 256 from the first 68 to the last data byte.
 *
 * Control codes used: 11 read (reply 91, B1 "more follows" taken as 91, error D1 + error byte),
 * 08 broadcast time sync (address 99×6, ss mm hh DD MM YY, no reply), 1C relay control (reply 9C,
 * error DC + error byte), 13 read address (wildcard AA×6, reply 93), 14 write data (reply 94, error
 * D4) used for the per-meter clock (DI 04 00 01 01 date + week, 04 00 01 02 time).
 *
 * Data identifiers are numbers (`0x00010000`) and go on the wire low byte first: 0x00010000 is sent
 * 00 00 01 00, +0x33 each: 33 33 34 33 (checked against published frames in the tests).
 * Nothing here throws: parsers answer `{ ok: false, reason }` for any malformed input.
 */
import { addressBytes, addressText, bcdToInt, checksum, clockFields, instantOf, intToBcd, isBcd, type Parsed } from './bytes';

export const DLT645_WILDCARD = 'AAAAAAAAAAAA';
export const DLT645_BROADCAST = '999999999999';

export const C = { read: 0x11, broadcastTime: 0x08, relay: 0x1c, readAddress: 0x13, write: 0x14 } as const;

/** Data identifiers of DOMAIN.md. */
export const DI = {
  forwardTotal: 0x00010000,
  forwardBlock: 0x0001ff00,
  /** Forward active energy of a rate: 1 sharp, 2 peak, 3 flat, 4 valley. */
  forwardRate: (rate: number) => 0x00010000 | ((rate & 0xff) << 8),
  /** Combined active energy of a rate (00 00 rr 00), and its block. */
  combinedRate: (rate: number) => 0x00000000 | ((rate & 0xff) << 8),
  combinedBlock: 0x0000ff00,
  voltage: 0x02010100,
  current: 0x02020100,
  power: 0x02030000,
  /** Meter run status word 3 (2 bytes): bit4 relay open, bit6 relay command "open". */
  statusWord3: 0x04000503,
  /**
   * The meter's clock (DL/T 645-2007 appendix A, table A.5 parameters, 04 00 01 xx):
   * 04 00 01 01 date and week YYMMDDWW (sent WW DD MM YY), 04 00 01 02 time hhmmss (sent ss mm hh).
   */
  date: 0x04000101,
  time: 0x04000102,
  /**
   * Prepaid (money) meters, DL/T 645-2007 appendix A: 00 90 02 00 (current) remaining amount and
   * 00 90 02 01 (current) overdraft amount, both XXXXXX.XX yuan (table A.1, energy class 00);
   * 03 33 02 01 total purchase count after the last purchase, NNNN (table A.4, event records 03,
   * purchase records 03 33 02 01..0A for the last 1..10). The same identifiers are read by public
   * prepaid readers, e.g. the DL/T 645-2007 → 698.45 maps of concentrator firmware (剩余金额
   * 0x00900200, 透支金额 0x00900201, 购电次数 0x03330201).
   */
  remainingMoney: 0x00900200,
  overdraftMoney: 0x00900201,
  purchaseCount: 0x03330201,
} as const;

export interface Dlt645Frame {
  /** 12 upper-case hex digits as written on the meter (AAAAAAAAAAAA wildcard, 999999999999 broadcast). */
  address: string;
  control: number;
  /** The data field with the 0x33 offset removed. */
  data: Uint8Array;
}

export const isReply = (control: number) => (control & 0x80) !== 0;
export const isErrorReply = (control: number) => (control & 0x40) !== 0;

/** Builds one frame (FE FE FE FE preamble unless `preamble: false`); undefined for an invalid address or data over 200 bytes. */
export function buildFrame(address: string, control: number, data: ArrayLike<number> = [], options: { preamble?: boolean } = {}): Uint8Array | undefined {
  const addr = addressBytes(address, 6);
  if (!addr || data.length > 200) return undefined;
  const body = [0x68, ...addr, 0x68, control & 0xff, data.length, ...Array.from(data, (b) => (b + 0x33) & 0xff)];
  const frame = [...(options.preamble === false ? [] : [0xfe, 0xfe, 0xfe, 0xfe]), ...body, 0, 0x16];
  const bytes = Uint8Array.from(frame);
  bytes[bytes.length - 2] = checksum(Uint8Array.from(body));
  return bytes;
}

/** Parses exactly one frame (leading FE bytes allowed, nothing after the 16). */
export function parseFrame(input: ArrayLike<number>): Parsed<Dlt645Frame> {
  const bytes = Uint8Array.from(input as ArrayLike<number>);
  let start = 0;
  while (start < bytes.length && bytes[start] === 0xfe) start++;
  const n = bytes.length - start;
  if (n < 12) return { ok: false, reason: 'truncated' };
  if (bytes[start] !== 0x68 || bytes[start + 7] !== 0x68) return { ok: false, reason: 'bad_start' };
  const length = bytes[start + 9];
  if (n < 12 + length) return { ok: false, reason: 'truncated' };
  if (n > 12 + length) return { ok: false, reason: 'wrong_length' };
  const end = start + 10 + length;
  if (bytes[end + 1] !== 0x16) return { ok: false, reason: 'bad_end' };
  if (checksum(bytes, start, end) !== bytes[end]) return { ok: false, reason: 'bad_checksum' };
  const data = bytes.slice(start + 10, end).map((b) => (b - 0x33) & 0xff);
  return { ok: true, value: { address: addressText(bytes.subarray(start + 1, start + 7)), control: bytes[start + 8], data } };
}

const diBytes = (di: number) => [di & 0xff, (di >>> 8) & 0xff, (di >>> 16) & 0xff, (di >>> 24) & 0xff];
const diOf = (data: Uint8Array, at = 0) => ((data[at] | (data[at + 1] << 8) | (data[at + 2] << 16)) >>> 0) + data[at + 3] * 0x1000000;

export const readRequest = (address: string, di: number) => buildFrame(address, C.read, diBytes(di));
export const readAddressRequest = () => buildFrame(DLT645_WILDCARD, C.readAddress, []);

/** The six clock bytes ss mm hh DD MM YY (BCD) of an instant at a UTC offset (minutes). */
export function clockBytes(at: Date, utcOffsetMinutes?: number): number[] {
  const f = clockFields(at, utcOffsetMinutes);
  return [f.second, f.minute, f.hour, f.day, f.month, f.year % 100].flatMap((v) => intToBcd(v, 1));
}

export function parseClock(bytes: ArrayLike<number>, utcOffsetMinutes: number): Date | undefined {
  if (bytes.length !== 6) return undefined;
  const v = Array.from(bytes, (b) => bcdToInt([b]));
  if (v.some((x) => x === undefined)) return undefined;
  const [second, minute, hour, day, month, year] = v as number[];
  return instantOf({ second, minute, hour, day, month, year: 2000 + year }, utcOffsetMinutes);
}

/** Broadcast time sync (08 to 99×6, no reply). */
export const broadcastTimeRequest = (at: Date, utcOffsetMinutes?: number, address = DLT645_BROADCAST) =>
  buildFrame(address, C.broadcastTime, clockBytes(at, utcOffsetMinutes));

/** N1 of relay control (1C). */
export const RELAY_N1 = { trip: 0x1a, close_allowed: 0x1b, direct_close: 0x1c, keep_supply_on: 0x3a, keep_supply_off: 0x3b } as const;
export type RelayCommand = keyof typeof RELAY_N1;

/**
 * Password bytes of relay control / write: `password` is 8 hex digits written level first
 * (`02000000` = level 02, password 000000; `02123456` = level 02, password 123456) and goes on the
 * wire as the level byte, then the three password bytes low byte first (PA P0 P1 P2).
 * `operatorCode` is 8 hex digits sent low byte first (C0 C1 C2 C3).
 */
export function credentialBytes(password = '02000000', operatorCode = '00000000'): number[] | undefined {
  if (!/^[0-9A-Fa-f]{8}$/.test(password) || !/^[0-9A-Fa-f]{8}$/.test(operatorCode)) return undefined;
  const level = parseInt(password.slice(0, 2), 16);
  const pw = addressBytes(password.slice(2), 3)!;
  const op = addressBytes(operatorCode, 4)!;
  return [level, ...pw, ...op];
}

/** Relay control 1C: password (4) + operator code (4) + N1 + N2 (00) + validity ss mm hh DD MM YY. */
export function relayRequest(address: string, command: RelayCommand, options: { password?: string; operatorCode?: string; validUntil: Date; utcOffsetMinutes?: number }) {
  const cred = credentialBytes(options.password, options.operatorCode);
  if (!cred) return undefined;
  return buildFrame(address, C.relay, [...cred, RELAY_N1[command], 0x00, ...clockBytes(options.validUntil, options.utcOffsetMinutes)]);
}

export interface RelayRequest { password: string; operatorCode: string; n1: number; command?: RelayCommand; validUntil?: Date }

/** Reads a 1C request's data (the simulated meter's side). */
export function parseRelayData(data: Uint8Array, utcOffsetMinutes: number): Parsed<RelayRequest> {
  if (data.length !== 16) return { ok: false, reason: 'wrong_length' };
  const password = [data[0], data[3], data[2], data[1]].map((b) => b.toString(16).padStart(2, '0')).join('').toUpperCase();
  const operatorCode = addressText(data.subarray(4, 8));
  const n1 = data[8];
  const command = (Object.keys(RELAY_N1) as RelayCommand[]).find((k) => RELAY_N1[k] === n1);
  return { ok: true, value: { password, operatorCode, n1, command, validUntil: parseClock(data.subarray(10, 16), utcOffsetMinutes) } };
}

/** Write data 14: DI + password + operator code + value bytes. */
export function writeRequest(address: string, di: number, value: number[], options: { password?: string; operatorCode?: string }) {
  const cred = credentialBytes(options.password, options.operatorCode);
  if (!cred) return undefined;
  return buildFrame(address, C.write, [...diBytes(di), ...cred, ...value]);
}

/** Per-meter clock: date (DI 04000101: WW DD MM YY) and time (DI 04000102: ss mm hh). */
export function clockWriteRequests(address: string, at: Date, options: { password?: string; operatorCode?: string; utcOffsetMinutes?: number }) {
  return [
    writeRequest(address, DI.date, encodeDate(at, options.utcOffsetMinutes), options),
    writeRequest(address, DI.time, encodeTime(at, options.utcOffsetMinutes), options),
  ];
}

/** The reads of a meter's clock: date (04 00 01 01) then time (04 00 01 02). */
export const clockReadRequests = (address: string) => [readRequest(address, DI.date), readRequest(address, DI.time)];

/** Date and week WW DD MM YY (DI 04 00 01 01), BCD; undefined when not 4 valid bytes. */
export function decodeDate(b: ArrayLike<number>): { weekday: number; day: number; month: number; year: number } | undefined {
  if (b.length !== 4) return undefined;
  const v = Array.from(b, (x) => bcdToInt([x]));
  if (v.some((x) => x === undefined)) return undefined;
  const [weekday, day, month, year] = v as number[];
  if (weekday > 6 || day < 1 || day > 31 || month < 1 || month > 12) return undefined;
  return { weekday, day, month, year: 2000 + year };
}
/** Time ss mm hh (DI 04 00 01 02), BCD. */
export function decodeTime(b: ArrayLike<number>): { second: number; minute: number; hour: number } | undefined {
  if (b.length !== 3) return undefined;
  const v = Array.from(b, (x) => bcdToInt([x]));
  if (v.some((x) => x === undefined)) return undefined;
  const [second, minute, hour] = v as number[];
  if (second > 59 || minute > 59 || hour > 23) return undefined;
  return { second, minute, hour };
}
export const encodeDate = (at: Date, utcOffsetMinutes?: number) => {
  const f = clockFields(at, utcOffsetMinutes);
  return [f.weekday, f.day, f.month, f.year % 100].flatMap((v) => intToBcd(v, 1));
};
export const encodeTime = (at: Date, utcOffsetMinutes?: number) => {
  const f = clockFields(at, utcOffsetMinutes);
  return [f.second, f.minute, f.hour].flatMap((v) => intToBcd(v, 1));
};
/** The meter's clock from its date and time replies, at a UTC offset (minutes). */
export function meterClock(date: ArrayLike<number>, time: ArrayLike<number>, utcOffsetMinutes: number): Date | undefined {
  const d = decodeDate(date);
  const t = decodeTime(time);
  return d && t ? instantOf({ ...d, ...t }, utcOffsetMinutes) : undefined;
}

/** Money XXXXXX.XX yuan (4 bytes BCD, low first) as integer fen. */
export const decodeMoneyFen = (b: ArrayLike<number>) => (b.length === 4 ? bcdToInt(b) : undefined);
export const encodeMoneyFen = (fen: number) => intToBcd(Math.min(Math.max(0, Math.round(fen)), 99_999_999), 4);
/** A count NNNN (2 bytes BCD, low first). */
export const decodeCount = (b: ArrayLike<number>) => (b.length === 2 ? bcdToInt(b) : undefined);
export const encodeCount = (n: number) => intToBcd(Math.min(Math.max(0, Math.round(n)), 9999), 2);

/** Error byte bits of D1 / DC / D4 replies (DL/T 645-2007 error status word). */
export const ERROR_BITS: [number, string][] = [
  [0x01, 'other_error'], [0x02, 'no_data_requested'], [0x04, 'password_error_or_unauthorised'],
  [0x08, 'baud_rate_unchangeable'], [0x10, 'year_zones_exceeded'], [0x20, 'day_periods_exceeded'],
  [0x40, 'rates_exceeded'], [0x80, 'reserved_bit7'],
];
export const describeError = (byte: number | undefined) => {
  if (byte === undefined) return 'error reply without error byte';
  const names = ERROR_BITS.filter(([bit]) => byte & bit).map(([, name]) => name);
  return `error 0x${byte.toString(16).padStart(2, '0').toUpperCase()}${names.length ? ` (${names.join(', ')})` : ''}`;
};

export type ReadReply = { ok: true; di: number; value: Uint8Array } | { ok: false; errorByte?: number; detail: string };

/** A reply of read (91 / B1 / D1) for a DI; undefined when the frame is no reply of that read. */
export function readReply(frame: Dlt645Frame, di: number): ReadReply | undefined {
  if ((frame.control & 0x1f) !== C.read || !isReply(frame.control)) return undefined;
  if (isErrorReply(frame.control)) return { ok: false, errorByte: frame.data[0], detail: describeError(frame.data[0]) };
  if (frame.data.length < 4 || diOf(frame.data) !== di) return undefined;
  return { ok: true, di, value: frame.data.slice(4) };
}

/** A reply of relay control / write (9C|DC, 94|D4). */
export function ackReply(frame: Dlt645Frame, control: number): { ok: true } | { ok: false; errorByte?: number; detail: string } | undefined {
  if ((frame.control & 0x1f) !== control || !isReply(frame.control)) return undefined;
  if (isErrorReply(frame.control)) return { ok: false, errorByte: frame.data[0], detail: describeError(frame.data[0]) };
  return { ok: true };
}

/** Address read reply 93: the meter's address in the data field. */
export function addressReply(frame: Dlt645Frame): string | undefined {
  if (frame.control !== 0x93 || frame.data.length !== 6) return undefined;
  return addressText(frame.data);
}

// ---- value formats (all BCD, low byte first) ----

/** XXXXXX.XX kWh (4 bytes). */
export const decodeEnergy = (b: ArrayLike<number>) => (b.length === 4 ? scaled(bcdToInt(b), 100) : undefined);
export const encodeEnergy = (kwh: number) => intToBcd(Math.round(kwh * 100) % 1e8, 4);

/** Block 00 01 FF 00: total + rates 1..4, 5 × 4 bytes (fewer rates allowed: 4 × (1 + n)). */
export function decodeBlock(b: Uint8Array): number[] | undefined {
  if (b.length < 4 || b.length % 4 !== 0) return undefined;
  const out: number[] = [];
  for (let i = 0; i < b.length; i += 4) {
    const v = decodeEnergy(b.subarray(i, i + 4));
    if (v === undefined) return undefined;
    out.push(v);
  }
  return out;
}
export const encodeBlock = (values: number[]) => values.flatMap(encodeEnergy);

/** Voltage XXX.X V (2 bytes). */
export const decodeVoltage = (b: ArrayLike<number>) => (b.length === 2 ? scaled(bcdToInt(b), 10) : undefined);
export const encodeVoltage = (v: number) => intToBcd(Math.round(v * 10) % 1e4, 2);

/** Signed BCD: the top bit of the highest byte is the sign. */
function signed(b: ArrayLike<number>, divisor: number) {
  const bytes = Array.from(b);
  const negative = (bytes[bytes.length - 1] & 0x80) !== 0;
  bytes[bytes.length - 1] &= 0x7f;
  const v = scaled(bcdToInt(bytes), divisor);
  return v === undefined ? undefined : negative && v !== 0 ? -v : v;
}
function encodeSigned(value: number, divisor: number, length: number, max: number) {
  const bytes = intToBcd(Math.min(Math.round(Math.abs(value) * divisor), max), length);
  if (value < 0 && Math.round(Math.abs(value) * divisor) !== 0) bytes[length - 1] |= 0x80;
  return bytes;
}
/** Current XXX.XXX A (3 bytes, sign bit). */
export const decodeCurrent = (b: ArrayLike<number>) => (b.length === 3 ? signed(b, 1000) : undefined);
export const encodeCurrent = (a: number) => encodeSigned(a, 1000, 3, 799_999);
/** Active power XX.XXXX kW (3 bytes, sign bit). */
export const decodePower = (b: ArrayLike<number>) => (b.length === 3 ? signed(b, 10000) : undefined);
export const encodePower = (kw: number) => encodeSigned(kw, 10000, 3, 799_999);

function scaled(v: number | undefined, divisor: number) {
  return v === undefined ? undefined : Math.round(v) / divisor;
}

export { diBytes, diOf, isBcd };

/** Address text → its 6 bytes low byte first (as carried in a 93 reply's data). */
export const addressBytesOf = (address: string) => addressBytes(address, 6) ?? [];

/**
 * Relay state from run status word 3 (DI 04 00 05 03, 2 bytes low first): bit4 the relay is open,
 * bit6 the last relay command was "open". Relay closed → `on`; open and commanded open → `off`;
 * open but commanded closed (close allowed, waiting for the tenant's button) → `close_pending`.
 */
export function relayStateOf(b: ArrayLike<number>): 'on' | 'off' | 'close_pending' | undefined {
  if (b.length !== 2) return undefined;
  const open = (b[0] & 0x10) !== 0;
  const commandedOpen = (b[0] & 0x40) !== 0;
  return !open ? 'on' : commandedOpen ? 'off' : 'close_pending';
}
export const encodeStatusWord3 = (state: 'on' | 'off' | 'close_pending') => [state === 'on' ? 0x00 : state === 'off' ? 0x50 : 0x10, 0x00];
