import type { ImportColumn } from './ImportButton';

/** A CSV file read for an import: its rows (declared columns only, strings), encoding and ignored columns. */
export interface ParsedCsv {
  name: string;
  rows: Record<string, string>[];
  encoding: 'UTF-8' | 'GBK';
  /** Columns of the file the import does not know (left out). */
  ignored: string[];
}

/** Why a file cannot be imported: a message key of `importKit` and its arguments. */
export interface CsvProblem {
  error: string;
  args?: Record<string, unknown>;
}

function bytesOf(file: Blob): Promise<ArrayBuffer> {
  if (typeof file.arrayBuffer === 'function') return file.arrayBuffer();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(file);
  });
}

/**
 * The text of a CSV file: UTF-8 (a BOM is dropped), else GB18030 — a superset of GBK, what Excel
 * on a Chinese Windows writes for "CSV" — when the bytes are not valid UTF-8.
 */
export function decodeCsv(bytes: ArrayBuffer): { text: string; encoding: ParsedCsv['encoding'] } {
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'UTF-8' };
  } catch {
    return { text: new TextDecoder('gb18030').decode(bytes), encoding: 'GBK' };
  }
}

/** Reads and parses a CSV file (papaparse, header row first, blank lines skipped). */
export async function parseCsvFile(file: File, columns: ImportColumn[]): Promise<ParsedCsv | CsvProblem> {
  if (!/\.csv$/i.test(file.name) && file.type !== 'text/csv') return { error: 'importKit.notCsv' };
  const { text, encoding } = decodeCsv(await bytesOf(file));
  // papaparse is CommonJS: a namespace import, loaded with the first import only.
  const Papa = await import('papaparse');
  const parsed = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: 'greedy', transformHeader: (header) => header.trim() });
  const quotes = parsed.errors.find((error) => error.type === 'Quotes');
  if (quotes) return { error: 'importKit.badQuotes', args: { row: (quotes.row ?? 0) + 2 } };
  const headers = parsed.meta.fields ?? [];
  const missing = columns.filter((column) => column.required && !headers.includes(column.name)).map((column) => column.name);
  if (missing.length) return { error: 'importKit.missingColumns', args: { columns: missing.join(', ') } };
  if (!parsed.data.length) return { error: 'importKit.noRows' };
  const known = new Set(columns.map((column) => column.name));
  const rows = parsed.data.map((row) => {
    const kept: Record<string, string> = {};
    for (const name of known) if (typeof row[name] === 'string') kept[name] = row[name];
    return kept;
  });
  return { name: file.name, rows, encoding, ignored: headers.filter((header) => header && !known.has(header)) };
}
