/** Byte helpers shared by the DL/T 645 and CJ/T 188 codecs (pure functions, never throw on bad input). */

/** Sum of the bytes mod 256 (both protocols' checksum). */
export const checksum = (bytes: Uint8Array, from = 0, to = bytes.length) => {
  let sum = 0;
  for (let i = from; i < to; i++) sum = (sum + bytes[i]) & 0xff;
  return sum;
};

/** True when every nibble of the byte is a decimal digit. */
export const isBcd = (byte: number) => (byte & 0x0f) <= 9 && byte >> 4 <= 9;

/** BCD bytes, low byte first, to an integer (undefined when a nibble is not a digit). */
export function bcdToInt(bytes: ArrayLike<number>): number | undefined {
  let value = 0;
  for (let i = bytes.length - 1; i >= 0; i--) {
    const byte = bytes[i];
    if (!isBcd(byte)) return undefined;
    value = value * 100 + (byte >> 4) * 10 + (byte & 0x0f);
  }
  return value;
}

/** A non-negative integer as `length` BCD bytes, low byte first (the value is taken mod 100^length). */
export function intToBcd(value: number, length: number): number[] {
  const out: number[] = [];
  let rest = Math.max(0, Math.round(value));
  for (let i = 0; i < length; i++) {
    const pair = rest % 100;
    out.push(((Math.floor(pair / 10)) << 4) | (pair % 10));
    rest = Math.floor(rest / 100);
  }
  return out;
}

/** Address text (hex digits, e.g. `000000000161` or the wildcard `AAAAAAAAAAAA`) to bytes, low byte first. */
export function addressBytes(address: string, length: number): number[] | undefined {
  if (!new RegExp(`^[0-9A-Fa-f]{${length * 2}}$`).test(address)) return undefined;
  const out: number[] = [];
  for (let i = length - 1; i >= 0; i--) out.push(parseInt(address.slice(i * 2, i * 2 + 2), 16));
  return out;
}

/** Address bytes (low byte first) back to text, upper-case. */
export const addressText = (bytes: ArrayLike<number>) =>
  Array.from(bytes).reverse().map((b) => b.toString(16).padStart(2, '0')).join('').toUpperCase();

export const hex = (bytes: ArrayLike<number>) => Array.from(bytes).map((b) => b.toString(16).padStart(2, '0')).join(' ').toUpperCase();

/** `68 AA 16` / `68aa16` → bytes (tests and logs). */
export const fromHex = (text: string) => Uint8Array.from((text.replace(/[^0-9A-Fa-f]/g, '').match(/../g) ?? []).map((b) => parseInt(b, 16)));

/** Clock fields as meters keep them: local wall time at a fixed UTC offset (minutes, default the server's). */
export function clockFields(at: Date, utcOffsetMinutes = -at.getTimezoneOffset()) {
  const local = new Date(at.getTime() + utcOffsetMinutes * 60_000);
  return {
    second: local.getUTCSeconds(), minute: local.getUTCMinutes(), hour: local.getUTCHours(),
    day: local.getUTCDate(), month: local.getUTCMonth() + 1, year: local.getUTCFullYear(), weekday: local.getUTCDay(),
  };
}

/** Inverse of clockFields: the instant of local wall-clock fields at a UTC offset (undefined if invalid). */
export function instantOf(f: { second: number; minute: number; hour: number; day: number; month: number; year: number }, utcOffsetMinutes: number): Date | undefined {
  if (f.second > 59 || f.minute > 59 || f.hour > 23 || f.day < 1 || f.day > 31 || f.month < 1 || f.month > 12) return undefined;
  const ms = Date.UTC(f.year, f.month - 1, f.day, f.hour, f.minute, f.second) - utcOffsetMinutes * 60_000;
  const date = new Date(ms);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; reason: string };
