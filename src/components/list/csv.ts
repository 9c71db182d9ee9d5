import * as Papa from 'papaparse';

/**
 * The CSV writer, loaded on the first export (./exportCsv.ts), with papaparse.
 *
 * How a value is written to CSV:
 * - `text`: as typed by someone; a leading = + - @ (or tab/CR) is neutralised with an apostrophe so
 *   that a spreadsheet never runs it as a formula;
 * - `code`: an address, room code or phone number: kept as text in Excel (no 1.02515E+13, no lost
 *   leading zeros) by writing it as ="…";
 * - `value`: a number or a formatted time, as it is.
 */
export type CsvKind = 'text' | 'code' | 'value';

/** One CSV column: the label shown in the header row and how a record's value is written. */
export interface CsvColumn<R = Record<string, unknown>> {
  label: string;
  value: (record: R) => unknown;
  kind?: CsvKind;
}

const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell, made safe and kept as text where it must be. */
export function csvCell(value: unknown, kind: CsvKind = 'text'): string | number {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? value : '';
  const text = String(value);
  if (kind === 'code' && /^[0-9+][0-9 +\-]*$/.test(text)) return `="${text}"`;
  if (kind === 'value') return text;
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** CSV text with a UTF-8 byte order mark, so that Excel opens Chinese text correctly. */
export function toCsv<R>(records: R[], columns: CsvColumn<R>[]): string {
  const rows = records.map((record) => columns.map((column) => csvCell(column.value(record), column.kind)));
  return `\uFEFF${Papa.unparse({ fields: columns.map((c) => String(csvCell(c.label))), data: rows })}`;
}
