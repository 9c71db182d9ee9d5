import { downloadCSV } from 'react-admin';
import type { CsvColumn } from './csv';

type CsvWriter = typeof import('./csv');
type XlsxWriter = typeof import('./xlsx');
let writer: CsvWriter | undefined;
let xlsxWriter: XlsxWriter | undefined;

/**
 * The CSV writer (./csv.ts, with papaparse) is its own chunk, fetched on the first export only, so
 * that no screen carries it at start. Call it ahead (a menu about to offer an export) to have the
 * export run at once.
 */
export async function loadCsvWriter(): Promise<CsvWriter> {
  writer ??= await import('./csv');
  return writer;
}

/** Downloads records as CSV (at once when the writer is loaded, else once it is). */
export async function exportCsv<R>(records: R[], columns: CsvColumn<R>[], filename: string): Promise<void> {
  const { toCsv } = writer ?? (await loadCsvWriter());
  downloadCSV(toCsv(records, columns), filename);
}

/** Downloads records as an Excel workbook `<filename>.xlsx` (./xlsx.ts with fflate: its own chunk, fetched on the first Excel export). */
export async function exportXlsx<R>(records: R[], columns: CsvColumn<R>[], filename: string): Promise<void> {
  xlsxWriter ??= await import('./xlsx');
  xlsxWriter.saveFile(xlsxWriter.toXlsx(records, columns, filename), `${filename}.xlsx`);
}
