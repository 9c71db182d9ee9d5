import { Zip, ZipDeflate } from 'fflate';
import { XLSX_TYPE, xlsxBytes } from '../../../common/xlsx';
import type { CsvColumn } from './csv';

/**
 * The console's Excel writer, loaded on the first Excel export (./exportCsv.ts): the same columns
 * as the CSV export, through the server's writer (common/xlsx.ts, with fflate), so that codes are
 * text cells, money and quantities numbers and instants dates in either.
 */
export function toXlsx<R>(records: R[], columns: CsvColumn<R>[], sheetName: string): Blob {
  const bytes = xlsxBytes({ Zip, ZipDeflate }, columns, records.map((record) => columns.map((column) => column.value(record))), sheetName);
  return new Blob([bytes as Uint8Array<ArrayBuffer>], { type: XLSX_TYPE });
}

export { saveFile } from '../../http/saveFile';
