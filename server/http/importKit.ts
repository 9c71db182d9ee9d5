import { sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { getTableConfig } from 'drizzle-orm/pg-core';
import type { Db } from '../db';
import { z, issueText, type Ctx } from './router';
import { Bool } from './input';
import { langOf, serverMessage } from './i18n';

/**
 * The CSV import kit (DESIGN.md, "Kits"): rooms and tenants today, any archive tomorrow.
 *
 * **What the call carries.** The rows as the console parsed them with papaparse (`header: true`):
 * an array of objects keyed by column name, every value a string. Parsing in the browser means the
 * operator sees the row count before anything is sent, the file's encoding (UTF-8 with or without
 * BOM; GBK as the console's fallback) is settled where the file is, and the server validates the
 * same JSON shapes as every other call (no second parser, no multipart upload). A row's values are
 * strings of at most MAX_CELL characters; `row` in the report is the row's line in the file (the
 * header is line 1), as a spreadsheet numbers it.
 *
 * **What it does.** Each row is trimmed (blank = absent) and parsed with the caller's zod schema;
 * the resolver then checks the rows against the database with one query per kind of reference (names
 * to ids, codes already taken) and against each other (duplicates in the file). The report lists
 * every problem as `{ row, column, reason }` in the caller's language. `mode: 'all'` writes nothing
 * when any row is invalid; `'validOnly'` writes the valid rows; `dryRun` validates only. Resolving
 * and writing share ONE transaction (the checks hold for the write), inserts go in batches, and the
 * table is analysed afterwards (its statistics change by up to 20,000 rows at once).
 */

/** Most rows one call takes. */
export const IMPORT_MAX_ROWS = 20_000;
/** Longest value of one cell. */
export const MAX_CELL = 200;
/** Rows per INSERT (PostgreSQL takes at most 65,535 parameters per statement). */
export const INSERT_BATCH = 1000;
/** Problems listed in one answer (the counts are always complete). */
export const REPORT_MAX = 1000;

export const ImportMode = z.enum(['all', 'validOnly']);

/** One problem of the file: its line, the column, and why (in the caller's language). */
export interface ImportProblem {
  row: number;
  column: string;
  reason: string;
}

export interface ImportResult {
  /** Rows in the call. */
  total: number;
  /** Rows without a problem. */
  valid: number;
  /** Rows with at least one problem. */
  invalid: number;
  /** Rows written (0 on a dry run, and in mode 'all' when any row is invalid). */
  written: number;
  dryRun: boolean;
  mode: 'all' | 'validOnly';
  /** The problems, at most REPORT_MAX of them, in row order. */
  errors: ImportProblem[];
  /** More problems than listed. */
  errorsCapped?: true;
}

/**
 * The body of an import call for these columns: `{ rows, mode?, dryRun? }`. Each row is an object
 * of the declared columns (strings; others are dropped); an empty row is refused as a whole (400),
 * since a file's blank lines are skipped by the console.
 */
export function importBody<const C extends readonly [string, ...string[]]>(columns: C) {
  const cell = z.string().max(MAX_CELL).optional();
  const row = z.object(Object.fromEntries(columns.map((name) => [name, cell])) as Record<C[number], typeof cell>)
    .refine((value) => Object.values(value).some((v) => typeof v === 'string' && v.trim() !== ''), 'validation.estate.emptyRow');
  return z.object({
    rows: z.array(row).min(1).max(IMPORT_MAX_ROWS),
    mode: ImportMode.default('all'),
    dryRun: Bool.optional(),
  });
}

/** Where the resolver reports a row's problem: a `server.validation.*` or `server.errors.*` key. */
export type Report = (row: number, column: string, key: string, params?: Record<string, string | number>) => void;

/** A parsed row and its line in the file. */
export interface ParsedRow<T> {
  row: number;
  value: T;
}

export interface ImportSpec<T, W> {
  /** The row schema (zod): the same rules as the single create, on trimmed strings. */
  schema: z.ZodType<T>;
  /**
   * Checks the parsed rows against the database and each other, with one query per kind of
   * reference; reports problems; answers what to write for each row it accepts (by line).
   */
  resolve(tx: Db, rows: ParsedRow<T>[], report: Report): Promise<Map<number, W>>;
  /** Writes the accepted rows (in batches); answers the ids written (for the operation log). */
  write(tx: Db, rows: W[]): Promise<(number | string)[]>;
  /** Logs the write in the operation log (same transaction). */
  audit(tx: Db, summary: { written: number; ids: (number | string)[]; mode: string }): Promise<void>;
  /** The table(s) to analyse after a write. */
  tables: PgTable[];
}

/** Trimmed strings, blanks as absent. */
const normalize = (row: Record<string, string | undefined>) =>
  Object.fromEntries(Object.entries(row).map(([key, value]) => [key, typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined]));

/** Runs an import: validate, resolve, report, and (unless told otherwise) write in one transaction. */
export async function runImport<T, W>(
  c: Ctx,
  spec: ImportSpec<T, W>,
  body: { rows: Record<string, string | undefined>[]; mode: 'all' | 'validOnly'; dryRun?: boolean },
): Promise<ImportResult> {
  const { db } = c.get('deps');
  const lang = langOf(c);
  const problems: ImportProblem[] = [];
  const badRows = new Set<number>();
  const report: Report = (row, column, key, params = {}) => {
    badRows.add(row);
    problems.push({ row, column, reason: serverMessage(lang, key, params) });
  };
  const parsed: ParsedRow<T>[] = [];
  body.rows.forEach((raw, index) => {
    const row = index + 2; // the header is line 1
    const result = spec.schema.safeParse(normalize(raw));
    if (result.success) parsed.push({ row, value: result.data });
    else {
      badRows.add(row);
      for (const issue of result.error.issues) problems.push({ row, column: issue.path.map(String).join('.') || '*', reason: issueText(issue, lang) });
    }
  });
  const dryRun = body.dryRun === true;
  let written = 0;
  await db.transaction(async (tx) => {
    const accepted = await spec.resolve(tx, parsed, report);
    const toWrite = [...accepted.entries()].filter(([row]) => !badRows.has(row)).sort(([a], [b]) => a - b).map(([, value]) => value);
    if (dryRun || !toWrite.length || (body.mode === 'all' && badRows.size)) return;
    const ids = await spec.write(tx, toWrite);
    written = ids.length;
    await spec.audit(tx, { written, ids, mode: body.mode });
  });
  if (written) {
    // New statistics for the planner (ANALYZE, unlike VACUUM, needs no transaction of its own).
    for (const table of spec.tables) await db.execute(sql`ANALYZE ${sql.identifier(getTableConfig(table).name)}`);
  }
  problems.sort((a, b) => a.row - b.row);
  const result: ImportResult = {
    total: body.rows.length, valid: body.rows.length - badRows.size, invalid: badRows.size, written, dryRun, mode: body.mode,
    errors: problems.slice(0, REPORT_MAX),
  };
  if (problems.length > REPORT_MAX) result.errorsCapped = true;
  return result;
}

/** Inserts rows in batches of INSERT_BATCH; answers the ids. */
export async function insertInBatches<R>(rows: R[], insert: (batch: R[]) => Promise<{ id: number }[]>): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += INSERT_BATCH) ids.push(...(await insert(rows.slice(i, i + INSERT_BATCH))).map((r) => r.id));
  return ids;
}
