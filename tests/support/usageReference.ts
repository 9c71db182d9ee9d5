/**
 * The usage rule (server/domain/usageRule.ts) written again for the tests' references, apart from the
 * server's code: a reading holds the usage of its interval (since, read], spread evenly over its time;
 * a span [a, b) gets trunc(T·F(b)) − trunc(T·F(a)) of a figure T, F(x) the share of the interval
 * elapsed at x in whole milliseconds, trunc toward zero; a reading without an interval lies at its instant. A reading's
 * usage is the sum of its four rate registers' parts; a reading without a valid split has it all flat.
 */

/** A reading as the references need it: times in ms, the rate registers and the charge in integers. */
export interface RuleReading { since: number | null; read: number; registers: number[]; fen: number }

/** The SQL columns a reading row is read with (`alias.` its table): since and read in ms, consumption, rates as text. */
export const ruleColumns = (alias = 'r') =>
  `floor(extract(epoch FROM ${alias}.since_at) * 1000)::bigint AS since_ms, floor(extract(epoch FROM ${alias}.read_at) * 1000)::bigint AS read_ms, ` +
  `${alias}.consumption::text AS consumption, coalesce(${alias}.usage_rates::text, '') AS rates, ${alias}.cost_fen::text AS fen`;

/** The same as one text per row, fields joined by '|' (many rows read as one string_agg). */
export const ruleText = (alias = 'r') =>
  `concat_ws('|', coalesce(floor(extract(epoch FROM ${alias}.since_at) * 1000)::bigint::text, ''), floor(extract(epoch FROM ${alias}.read_at) * 1000)::bigint, ` +
  `${alias}.consumption, coalesce(${alias}.usage_rates::text, ''), ${alias}.cost_fen)`;

/** A reading from `ruleColumns`' fields. */
export function ruleReading(row: { since_ms: unknown; read_ms: unknown; consumption: unknown; rates: unknown; fen: unknown }): RuleReading {
  const since = row.since_ms === null || row.since_ms === undefined || row.since_ms === '' ? null : Number(row.since_ms);
  return { since, read: Number(row.read_ms), registers: registersOf(String(row.consumption), String(row.rates ?? '')), fen: Number(row.fen ?? 0) };
}

/** A reading from `ruleText`'s five fields. */
export function ruleReadingOf(fields: string[]): RuleReading {
  const [since, read, consumption, rates, fen] = fields;
  return ruleReading({ since_ms: since, read_ms: read, consumption, rates, fen });
}

/** Hundredths of a decimal text, exactly (round half away from zero past the second decimal). */
function hundredths(text: string): number {
  const negative = text.trim().startsWith('-');
  const [whole, fraction = ''] = text.trim().replace('-', '').split('.');
  const digits = (fraction + '000').slice(0, 3);
  const value = Number(whole) * 100 + Number(digits.slice(0, 2)) + (Number(digits[2]) >= 5 ? 1 : 0);
  return negative ? -value : value;
}

/** The four rate registers of a reading in hundredths: the stored split when it adds up, else all flat. */
export function registersOf(consumption: string, rates: string): number[] {
  const total = hundredths(consumption);
  if (rates) {
    const split = JSON.parse(rates) as unknown;
    if (Array.isArray(split) && split.length === 4 && split.reduce((sum: number, x) => sum + Number(x), 0) === total) return split.map(Number);
  }
  return [0, 0, total, 0];
}

/** n / d toward zero, d > 0, written as |n| / d with n's sign. */
function truncDiv(n: bigint, d: bigint): bigint {
  return n < 0n ? -(-n / d) : n / d;
}

/** A figure's part in [a, b) of a reading interval (since, read]. */
export function partIn(total: number, since: number | null, read: number, a: number, b: number): number {
  if (since === null || since >= read) return read >= a && read < b ? total : 0;
  const length = BigInt(read - since);
  const share = (x: number) => truncDiv(BigInt(total) * BigInt(Math.max(0, Math.min(read - since, x - since))), length);
  return Number(share(b) - share(a));
}

/** A reading's usage in [a, b), in hundredths (its registers' parts added). */
export function usageIn(reading: RuleReading, a: number, b: number): number {
  return reading.registers.reduce((sum, register) => sum + partIn(register, reading.since, reading.read, a, b), 0);
}

/** A reading's charge in [a, b), in fen. */
export function costIn(reading: RuleReading, a: number, b: number): number {
  return partIn(reading.fen, reading.since, reading.read, a, b);
}

/** Whether a reading has anything in [a, b) or was taken in it (the readings a reference must read). */
export const meets = (reading: RuleReading, a: number, b: number) =>
  reading.read >= a && Math.min(reading.since ?? reading.read, reading.read) < b;
