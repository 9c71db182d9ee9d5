import type { Context } from 'hono';
import { and, asc, gt, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import zhChs from '../../i18n/zh-chs';
import zhCht from '../../i18n/zh-cht';
import en from '../../i18n/en';
import ja from '../../i18n/ja';
import { CSV_BOM, csvCell, csvLine, type CsvKind } from '../../common/csv';
import { dateTimeText } from '../../common/formats';
import { Zip, ZipDeflate } from 'fflate';
import { XLSX_TYPE, xlsxWriter } from '../../common/xlsx';
import { fieldError } from './router';
import { listOf } from '../domain/results';
import { langOf, type Lang } from './i18n';
import { maskPersonalData, seesPersonalData } from './personalData';
import { platformTimeZone } from '../config';

const catalogs: Record<Lang, unknown> = { 'zh-chs': zhChs, 'zh-cht': zhCht, en, ja };

/** Any message of the console's catalog (`resources.x.fields.y`) in a language, English as fallback, the key itself last. */
export function catalogText(lang: Lang, key: string): string {
  const lookup = (catalog: unknown) => key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalog);
  const text = lookup(catalogs[lang]) ?? lookup(en);
  return typeof text === 'string' ? text : key;
}

/** One column of a streamed export: its header (a message key), how a row's value is written, and what kind of value it is (CSV and Excel: common/csv.ts). */
export interface CsvField<Row> {
  label: string;
  value: (row: Row, t: (key: string) => string) => unknown;
  kind?: CsvKind;
}

/** The formats of an export, chosen by the `format` query parameter (none: CSV). */
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The format a caller asked for; a 400 naming `format` for any other (before anything is read). */
export function exportFormat(c: Context): ExportFormat {
  const format = c.req.query('format');
  if (format === undefined || format === '' || format === 'csv') return 'csv';
  if (format === 'xlsx') return 'xlsx';
  throw fieldError(c as never, 'format', 'validation.oneOf', { values: listOf(EXPORT_FORMATS) });
}

/**
 * The server's export (the list kit's export, DESIGN.md "Kits"): the whole filtered result,
 * written batch by batch as the database gives it (`batches` yields rows; one batch is in memory at
 * a time), headers in the caller's language, personal data masked for a caller who may not see it.
 * CSV by default (`<name>.csv`: UTF-8 with a byte order mark, cells made formula-safe, codes plain;
 * common/csv.ts); with `format=xlsx` on the same path an Excel workbook (`<name>.xlsx`: codes as
 * text cells, money and quantities as numbers, instants as dates; common/xlsx.ts).
 */
export function csvResponse<Row>(c: Context, name: string, fields: CsvField<Row>[], batches: () => AsyncIterable<Row[]>): Response {
  const format = exportFormat(c);
  const lang = langOf(c);
  const t = (key: string) => catalogText(lang, key);
  const mask = !seesPersonalData(c);
  const encoder = new TextEncoder();
  // A caller who may not see personal data gets it masked here too (as in every JSON answer).
  const visible = (rows: Row[]) => (mask ? (rows.map(maskPersonalData) as Row[]) : rows);
  let iterator: AsyncIterator<Row[]> | undefined;
  const next = async () => {
    iterator ??= batches()[Symbol.asyncIterator]();
    return iterator.next();
  };
  const cancel = async () => {
    await iterator?.return?.();
  };
  let body: ReadableStream<Uint8Array>;
  if (format === 'xlsx') {
    let chunks: Uint8Array[] = [];
    const writer = xlsxWriter({ Zip, ZipDeflate }, fields.map((field) => ({ label: t(field.label), kind: field.kind })), (chunk) => chunks.push(chunk), name);
    const flush = (controller: ReadableStreamDefaultController<Uint8Array>) => {
      for (const chunk of chunks) controller.enqueue(chunk);
      chunks = [];
    };
    body = new ReadableStream<Uint8Array>({
      start: flush,
      async pull(controller) {
        try {
          const batch = await next();
          if (batch.done) writer.end();
          else writer.rows(visible(batch.value).map((row) => fields.map((field) => field.value(row, t))));
          flush(controller);
          if (batch.done) controller.close();
        } catch (error) {
          controller.error(error);
        }
      },
      cancel,
    });
  } else {
    body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode(CSV_BOM + csvLine(fields.map((field) => csvCell(t(field.label))))));
      },
      async pull(controller) {
        try {
          const batch = await next();
          if (batch.done) {
            controller.close();
            return;
          }
          controller.enqueue(encoder.encode(visible(batch.value).map((row) => csvLine(fields.map((field) => csvCell(field.value(row, t), field.kind)))).join('')));
        } catch (error) {
          controller.error(error);
        }
      },
      cancel,
    });
  }
  const filename = encodeURIComponent(`${name}.${format}`);
  return new Response(body, {
    status: 200,
    headers: {
      'Content-Type': format === 'xlsx' ? XLSX_TYPE : 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="export.${format}"; filename*=UTF-8''${filename}`,
      'Cache-Control': 'no-store',
    },
  });
}

/** A select that can be narrowed, ordered and limited (a drizzle select with its joins). */
interface Batchable<Row> {
  where(condition: unknown): { orderBy(...columns: unknown[]): { limit(n: number): Promise<Row[]> } };
}

/**
 * The rows of `select` matching `where`, in id order, `size` at a time: each batch continues after
 * the last id of the previous one (never an OFFSET), so that the last batch of a large export
 * costs what the first does.
 */
export async function* batchesById<Row extends { id: number }>(select: () => Batchable<Row>, id: PgColumn, where: SQL | undefined, size = 1000): AsyncGenerator<Row[]> {
  let after = 0;
  for (;;) {
    const rows = await select().where(and(where, gt(id, after))).orderBy(asc(id)).limit(size);
    if (rows.length) yield rows;
    if (rows.length < size) return;
    after = Number(rows[rows.length - 1].id);
  }
}

const TIME_ZONE = platformTimeZone();

/** An instant as the exports write it, as the screens do: `YYYY-MM-DD HH:mm` in the platform's time zone ('' for none; common/formats.ts). */
export function csvTime(at: Date | string | null | undefined): string {
  return dateTimeText(at, TIME_ZONE);
}
