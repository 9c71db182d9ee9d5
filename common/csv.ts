/**
 * How a value is written to a CSV cell, the same in the console's exports and the server's streamed
 * ones (pure: no papaparse, no Node).
 * - `text`: as typed by someone; a leading = + - @ (or tab/CR) is neutralised with an apostrophe so
 *   that a spreadsheet never runs it as a formula;
 * - `code`: an address, room code, order number or phone number: written plain, as it is (no
 *   ="…" wrapper, which tools other than Excel show as a formula), the formula guard applied; the
 *   Excel export (.xlsx) is the one that types it as a text cell;
 * - `value`: a number or a formatted time, as it is;
 * - `money` (yuan, two decimals), `quantity` (a reading or a usage, two decimals), `number` (a
 *   count), `time` (`YYYY-MM-DD HH:mm`), `date` (`YYYY-MM-DD`): written as `value` in CSV; the
 *   Excel export types them as numbers and real dates with their formats (common/xlsx.ts).
 */
export type CsvKind = 'text' | 'code' | 'value' | 'money' | 'quantity' | 'number' | 'time' | 'date';

/** A UTF-8 byte order mark: Excel opens Chinese text correctly only with it. */
export const CSV_BOM = '\uFEFF';

const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell, made safe and kept as text where it must be (not yet quoted). */
export function csvCell(value: unknown, kind: CsvKind = 'text'): string | number {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? value : '';
  const text = String(value);
  if (kind !== 'text' && kind !== 'code') return text;
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** A cell as CSV text: quoted when it holds a quote, the separator or a line break (RFC 4180). */
export function csvQuoted(cell: string | number): string {
  const text = String(cell);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV line (CRLF-terminated) of cells written by `csvCell`. */
export const csvLine = (cells: (string | number)[]) => `${cells.map(csvQuoted).join(',')}\r\n`;
