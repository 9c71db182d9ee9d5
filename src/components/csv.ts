import * as Papa from 'papaparse';
import { downloadCSV } from 'react-admin';

/** One CSV column: the label shown in the header row and how a record's value is written. */
export interface CsvColumn<R = Record<string, unknown>> {
  label: string;
  value: (record: R) => unknown;
}

/** CSV text with a UTF-8 byte order mark, so that Excel opens Chinese text correctly. */
export function toCsv<R>(records: R[], columns: CsvColumn<R>[]): string {
  const rows = records.map((record) => columns.map((column) => {
    const value = column.value(record);
    return value === null || value === undefined ? '' : value;
  }));
  return `\uFEFF${Papa.unparse({ fields: columns.map((c) => c.label), data: rows })}`;
}

export function exportCsv<R>(records: R[], columns: CsvColumn<R>[], filename: string) {
  downloadCSV(toCsv(records, columns), filename);
}
