import * as Papa from 'papaparse';
import { csvCell, type CsvKind } from '../../../common/csv';

/**
 * The CSV writer, loaded on the first export (./exportCsv.ts), with papaparse.
 *
 * How a value is written to CSV:
 * - `text`: as typed by someone; a leading = + - @ (or tab/CR) is neutralised with an apostrophe so
 *   that a spreadsheet never runs it as a formula;
 * - `code`: an address, room code or phone number: written plain (the formula guard applied);
 * - `value`: a number or a formatted time, as it is.
 */
export type { CsvKind };

/** One CSV column: the label shown in the header row and how a record's value is written. */
export interface CsvColumn<R = Record<string, unknown>> {
  label: string;
  value: (record: R) => unknown;
  kind?: CsvKind;
}

/** One cell, made safe (common/csv.ts: the same rule as the server's exports). */
export { csvCell };

/** CSV text with a UTF-8 byte order mark, so that Excel opens Chinese text correctly. */
export function toCsv<R>(records: R[], columns: CsvColumn<R>[]): string {
  const rows = records.map((record) => columns.map((column) => csvCell(column.value(record), column.kind)));
  return `\uFEFF${Papa.unparse({ fields: columns.map((c) => String(csvCell(c.label))), data: rows })}`;
}
