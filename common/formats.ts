/**
 * One written form per kind of value, the same on every screen, in every language and in every
 * export (issue: "2025-07-29" beside "2025/7/27 00:00" in one list, "1503.6" in a list beside
 * "1503.60" in a dialog, "¥180008.36" beside "1,147"):
 * - an instant: `YYYY-MM-DD HH:mm` in the platform's time zone (never the browser's);
 * - a day: `YYYY-MM-DD`;
 * - a reading or a quantity (kWh, m³): two decimals, as the meters keep them, with thousands
 *   separators on screen;
 * - money: yuan with two decimals and thousands separators on screen (`1,234.56`);
 * - a count: thousands separators.
 * Pure: no Intl state beyond the formatters it caches, no DOM, no Node.
 */

const partsFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar and clock fields (`year`, `month`, `day`, `hour`, `minute`, `second`, two digits each but the year) of an instant in a time zone; undefined for an invalid one. */
export function partsOf(value: string | number | Date, timeZone: string): Record<string, string> | undefined {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return undefined;
  let format = partsFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23',
    });
    partsFormats.set(timeZone, format);
  }
  return Object.fromEntries(format.formatToParts(date).map((part) => [part.type, part.value]));
}

/** An instant as `YYYY-MM-DD HH:mm` (with `:ss` when `seconds`) in `timeZone`; '' for none or an invalid one. */
export function dateTimeText(value: string | number | Date | null | undefined, timeZone: string, seconds = false): string {
  if (value === null || value === undefined || value === '') return '';
  const p = partsOf(value, timeZone);
  if (!p) return '';
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}${seconds ? `:${p.second}` : ''}`;
}

/**
 * A day as `YYYY-MM-DD`: a calendar date the database gives as text ("2026-11-26") is kept as it
 * is; an instant is read in `timeZone`.
 */
export function dateText(value: string | number | Date | null | undefined, timeZone: string): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const p = partsOf(value, timeZone);
  return p ? `${p.year}-${p.month}-${p.day}` : '';
}

/** Digits grouped by three with commas ("1234567" → "1,234,567"). */
const group = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** A number with exactly `decimals` decimals and thousands separators (half away from zero); '' for none. */
export function groupedDecimal(value: number | string | null | undefined, decimals: number): string {
  if (value === null || value === undefined || value === '') return '';
  const number = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(number)) return '';
  const scale = 10 ** decimals;
  const scaled = Math.round(Math.abs(number) * scale + 1e-9);
  const whole = Math.floor(scaled / scale);
  const fraction = decimals ? `.${String(scaled % scale).padStart(decimals, '0')}` : '';
  return `${number < 0 && scaled > 0 ? '-' : ''}${group(String(whole))}${fraction}`;
}

/** A reading or quantity (kWh, m³) on screen: two decimals, thousands separators ("1,503.60"). */
export const quantityText = (value: number | string | null | undefined) => groupedDecimal(value, 2);

/** A reading or quantity in an export: two decimals, no separators, so that a spreadsheet reads a number ("1503.60"). */
export function quantityCell(value: number | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const number = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(number) ? groupedDecimal(number, 2).replace(/,/g, '') : '';
}

/** Money in fen on screen: yuan, two decimals, thousands separators ("-1,234.56"); '' for none. */
export function moneyText(fen: number | null | undefined): string {
  if (fen === null || fen === undefined || !Number.isFinite(fen)) return '';
  const abs = Math.abs(Math.round(fen));
  return `${fen < 0 && abs > 0 ? '-' : ''}${group(String(Math.floor(abs / 100)))}.${String(abs % 100).padStart(2, '0')}`;
}

/** A count on screen: thousands separators ("1,216"). */
export function countText(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  return `${value < 0 ? '-' : ''}${group(String(Math.abs(Math.trunc(value))))}`;
}

/**
 * A room as messages, titles and confirmations name it: project, building and room code, a space
 * between them ("滨江花园 1号楼 101"): "1号楼 101" exists in several projects. What is missing is
 * left out. Pickers and lists show the same parts in their own columns or with their own separators.
 */
export function roomText(room: { projectName?: string | null; buildingName?: string | null; roomCode?: string | null }): string {
  return [room.projectName, room.buildingName, room.roomCode].filter(Boolean).join(' ');
}
