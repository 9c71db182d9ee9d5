/**
 * Database backups (issue 33, `shujukubeifen`): a dump of the whole database to a file, and a
 * restore of such a file into the running database in one transaction.
 *
 * - PGlite: the data folder itself (PGlite's `dumpDataDir`, a tarball), gzipped — `*.pglite.tar.gz`.
 *   It is also a data folder a deployer can unpack and start on by hand.
 * - PostgreSQL: a logical dump through SQL (no pg_dump needed), gzipped JSON lines —
 *   `*.pg.jsonl.gz`: a header (format, schema version), per table a `{"table",…}` line followed by
 *   batches of its rows as JSON arrays (`row_to_json`, never parsed here: numbers, times and JSON
 *   values travel as PostgreSQL wrote them), and a trailer with the batch counts. Read in one
 *   REPEATABLE READ transaction, so the dump is one consistent moment.
 *
 * A restore reads either kind (a PGlite dump is opened in a PGlite of its own, off the server's
 * thread) and writes every table of the running database from it in ONE transaction: triggers of
 * the restored tables are off while it runs (the rows come with their derived columns already
 * right), sequences are set past the restored ids, and all sessions end. Tables that are the
 * platform's own history stay as they are: the operation log is append-only (a trigger refuses
 * UPDATE, DELETE and TRUNCATE, migration 0018) and a restore does not rewrite history — it appends
 * its own entry — and likewise the front-end log, the list of backups and the sign-in throttle.
 * A file of another schema version, or one that is damaged, is refused before anything changes.
 */
import { createReadStream, createWriteStream, promises as fs } from 'node:fs';
import { createGunzip, createGzip, gunzip } from 'node:zlib';
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { join, resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from './index';
import { PGLITE_SETTINGS } from './index';
import { PgliteWorkerClient } from './pgliteClient';

const gunzipAsync = promisify(gunzip);

/** Tables a restore leaves as they are (history of the platform itself), and the one it empties. */
export const KEPT_TABLES = ['operation_log', 'frontend_log', 'backups', 'login_throttle'] as const;
export const EMPTIED_TABLES = ['sessions'] as const;

export const FORMAT = 'metering-backup';
/** Rows per batch of a dump (one JSON array line; one INSERT on restore). */
const BATCH_ROWS = 5000;

export type BackupKind = 'pglite' | 'pg';
/** A backup's file name: made here only, checked before any path is built from it. */
export const FILE_NAME = /^backup-\d{8}-\d{6}-[0-9a-f]{6}\.(pglite\.tar\.gz|pg\.jsonl\.gz)$/;
export const kindOfFile = (fileName: string): BackupKind => (fileName.endsWith('.pglite.tar.gz') ? 'pglite' : 'pg');

/** Why a backup cannot be restored (the API reports the message key). */
export class BackupRefused extends Error {
  constructor(readonly key: 'errors.backupCorrupt' | 'errors.backupVersion' | 'errors.backupMissing', readonly params: Record<string, string | number> = {}) {
    super(key);
  }
}

/** The schema version: the migrations applied (count and the last one's time). */
export interface SchemaVersion { migrations: number; last: string }

type Rows = Record<string, unknown>[];
/** Runs one statement without parameters and answers its rows (the running database or a dump's PGlite). */
type Run = (text: string) => Promise<Rows>;

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

const runOnDb = (db: Db): Run => async (text) => ((await db.execute(sql.raw(text))) as unknown as { rows: Rows }).rows;

async function schemaVersion(run: Run): Promise<SchemaVersion> {
  const [row] = await run('SELECT count(*)::int AS n, coalesce(max(created_at), 0)::text AS last FROM drizzle.__drizzle_migrations');
  return { migrations: Number(row.n), last: String(row.last) };
}

/** The tables of the public schema (partitioned tables by their parent only), in name order. */
async function tablesOf(run: Run): Promise<string[]> {
  const rows = await run(`SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition ORDER BY c.relname`);
  return rows.map((row) => String(row.name));
}

/** Each table's columns that take a value on insert (generated columns are computed again). */
async function insertableColumns(run: Run): Promise<Map<string, string[]>> {
  const rows = await run(`SELECT table_name AS t, column_name AS c FROM information_schema.columns
    WHERE table_schema = 'public' AND is_generated = 'NEVER' ORDER BY table_name, ordinal_position`);
  const out = new Map<string, string[]>();
  for (const row of rows) {
    const list = out.get(String(row.t)) ?? [];
    list.push(String(row.c));
    out.set(String(row.t), list);
  }
  return out;
}

/** The tables in an order that inserts parents before the tables whose foreign keys point at them. */
async function insertOrder(run: Run, tables: string[]): Promise<string[]> {
  const edges = await run(`SELECT ch.relname AS child, pa.relname AS parent FROM pg_constraint k
    JOIN pg_class ch ON ch.oid = k.conrelid JOIN pg_class pa ON pa.oid = k.confrelid WHERE k.contype = 'f'`);
  const parents = new Map<string, Set<string>>(tables.map((t) => [t, new Set()]));
  for (const { child, parent } of edges) if (child !== parent) parents.get(String(child))?.add(String(parent));
  const order: string[] = [];
  const seen = new Set<string>();
  const visit = (table: string, path: Set<string>) => {
    if (seen.has(table) || path.has(table)) return;
    path.add(table);
    for (const parent of parents.get(table) ?? []) if (parents.has(parent)) visit(parent, path);
    seen.add(table);
    order.push(table);
  };
  for (const table of tables) visit(table, new Set());
  return order;
}

/** Each table's primary key when it is one column: its rows are then read by key ranges. */
async function singleKeys(run: Run): Promise<Map<string, string>> {
  const rows = await run(`SELECT c.relname AS t, a.attname AS k FROM pg_index i JOIN pg_class c ON c.oid = i.indrelid
    JOIN pg_namespace n ON n.oid = c.relnamespace JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = i.indkey[0]
    WHERE n.nspname = 'public' AND i.indisprimary AND i.indnatts = 1`);
  return new Map(rows.map((row) => [String(row.t), String(row.k)]));
}

const literal = (value: string) => `'${value.replace(/'/g, "''")}'`;

/**
 * Yields a table's rows as JSON array texts of up to BATCH_ROWS rows (inside a transaction):
 * by ranges of its one-column primary key, one aggregated text per batch, else through a cursor.
 */
async function* tableBatches(run: Run, table: string, key: string | undefined, cursor: string): AsyncGenerator<string> {
  if (key) {
    let last: string | undefined;
    for (;;) {
      const after = last === undefined ? '' : `WHERE ${ident(key)} > ${literal(last)}`;
      const [row] = await run(`SELECT json_agg(t)::text AS j, max(t.${ident(key)})::text AS last, count(*)::int AS n
        FROM (SELECT * FROM ${ident(table)} ${after} ORDER BY ${ident(key)} LIMIT ${BATCH_ROWS}) t`);
      if (!row || !Number(row.n)) return;
      yield (row.j as string).replace(/\n/g, ''); // json_agg puts a line break between rows: one batch, one line
      if (Number(row.n) < BATCH_ROWS) return;
      last = row.last as string;
    }
  }
  await run(`DECLARE ${cursor} NO SCROLL CURSOR FOR SELECT row_to_json(t)::text AS j FROM ${ident(table)} t`);
  try {
    for (;;) {
      const rows = await run(`FETCH ${BATCH_ROWS} FROM ${cursor}`);
      if (!rows.length) break;
      yield `[${rows.map((row) => row.j as string).join(',')}]`;
      if (rows.length < BATCH_ROWS) break;
    }
  } finally {
    await run(`CLOSE ${cursor}`);
  }
}

export interface BackupFile { fileName: string; sizeBytes: number; kind: BackupKind }

/** The client under a drizzle database: a PGlite (in-process or in its worker) has `dumpDataDir`. */
function pgliteClientOf(db: Db): { dumpDataDir(compression?: string): Promise<Blob>; exec?(sql: string): Promise<unknown> } | undefined {
  const client = (db as unknown as { $client?: { dumpDataDir?: unknown } }).$client;
  return client && typeof client.dumpDataDir === 'function' ? client as never : undefined;
}

export const backupKindOf = (db: Db): BackupKind => (pgliteClientOf(db) ? 'pglite' : 'pg');

/** A new backup's file name: its time (UTC) and a random tail. */
export function newFileName(kind: BackupKind, at: Date, random: string): string {
  const stamp = at.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `backup-${stamp}-${random}.${kind === 'pglite' ? 'pglite.tar.gz' : 'pg.jsonl.gz'}`;
}

/**
 * Writes a backup of the database into `dir` under `fileName` (made by newFileName). The file
 * appears under its name only when complete (written to a `.part` first).
 */
export async function writeBackup(db: Db, dir: string, fileName: string): Promise<BackupFile> {
  if (!FILE_NAME.test(fileName)) throw new Error(`bad backup file name ${fileName}`);
  await fs.mkdir(dir, { recursive: true });
  const path = join(dir, fileName);
  const part = `${path}.part`;
  const kind = kindOfFile(fileName);
  try {
    if (kind === 'pglite') {
      const client = pgliteClientOf(db);
      if (!client) throw new Error('not a PGlite database');
      // The worker's dump checkpoints first; an in-process PGlite is checkpointed here.
      if (!(client instanceof PgliteWorkerClient)) await client.exec?.('CHECKPOINT');
      const tar = await (client instanceof PgliteWorkerClient ? client.dumpDataDir() : client.dumpDataDir('none'));
      const bytes = new Uint8Array(await tar.arrayBuffer());
      await pipeline(Readable.from([bytes]), createGzip({ level: 3 }), createWriteStream(part));
    } else {
      await pipeline(Readable.from(logicalDump(db)), createGzip({ level: 3 }), createWriteStream(part));
    }
    await fs.rename(part, path);
  } catch (error) {
    await fs.rm(part, { force: true });
    throw error;
  }
  const { size } = await fs.stat(path);
  return { fileName, sizeBytes: size, kind };
}

/** The lines of a logical dump, read in one REPEATABLE READ, read-only transaction. */
async function* logicalDump(db: Db): AsyncGenerator<string> {
  // A generator cannot yield from inside db.transaction's callback: the lines are handed over
  // through a small queue while the transaction stays open.
  const queue: string[] = [];
  let wake: (() => void) | undefined;
  let done = false;
  let failure: unknown;
  let resume: (() => void) | undefined;
  const push = async (line: string) => {
    queue.push(line);
    wake?.();
    if (queue.length > 8) await new Promise<void>((r) => { resume = r; });
  };
  const work = db.transaction(async (tx) => {
    const run = runOnDb(tx as unknown as Db);
    const version = await schemaVersion(run);
    const tables = await tablesOf(run);
    const columns = await insertableColumns(run);
    const keys = await singleKeys(run);
    await push(`${JSON.stringify({ format: FORMAT, version: 1, kind: 'pg', schema: version, tables })}\n`);
    const batches: Record<string, number> = {};
    let n = 0;
    for (const table of tables) {
      await push(`${JSON.stringify({ table, columns: columns.get(table) ?? [] })}\n`);
      batches[table] = 0;
      for await (const batch of tableBatches(run, table, keys.get(table), `backup_c${n++}`)) {
        batches[table] += 1;
        await push(`${batch}\n`);
      }
    }
    await push(`${JSON.stringify({ end: true, batches })}\n`);
  }, { isolationLevel: 'repeatable read', accessMode: 'read only' }).then(
    () => { done = true; wake?.(); },
    (error: unknown) => { failure = error; done = true; wake?.(); },
  );
  while (!done || queue.length) {
    if (queue.length) {
      const line = queue.shift()!;
      if (queue.length <= 8) { resume?.(); resume = undefined; }
      yield line;
      continue;
    }
    await new Promise<void>((r) => { wake = r; });
    wake = undefined;
  }
  await work;
  if (failure) throw failure;
}

/** A backup opened for restoring: its schema version, tables and the rows of each. */
interface BackupSource {
  version: SchemaVersion;
  tables: string[];
  batches(table: string): AsyncIterable<string>;
  close(): Promise<void>;
}

/** Opens a PGlite backup in a PGlite of its own (a worker thread): a damaged file fails here. */
async function openPgliteSource(path: string): Promise<BackupSource> {
  let tar: Buffer;
  try {
    tar = await gunzipAsync(await fs.readFile(path));
  } catch {
    throw new BackupRefused('errors.backupCorrupt');
  }
  const client = new PgliteWorkerClient({ settings: PGLITE_SETTINGS, loadDataDir: tar.buffer.slice(tar.byteOffset, tar.byteOffset + tar.byteLength) as ArrayBuffer });
  try {
    await client.waitReady;
  } catch {
    await client.close().catch(() => undefined);
    throw new BackupRefused('errors.backupCorrupt');
  }
  // Nobody else uses this PGlite: one transaction, opened here and never committed, holds the cursors.
  const run: Run = async (text) => (await client.query<Record<string, unknown>>(text)).rows;
  try {
    await run('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const version = await schemaVersion(run);
    const tables = await tablesOf(run);
    const keys = await singleKeys(run);
    let n = 0;
    return {
      version, tables,
      batches: (table) => tableBatches(run, table, keys.get(table), `restore_c${n++}`),
      close: () => client.close(),
    };
  } catch {
    await client.close().catch(() => undefined);
    throw new BackupRefused('errors.backupCorrupt');
  }
}

/** Lines of a gzipped logical dump. */
function dumpLines(path: string): AsyncIterable<string> {
  return createInterface({ input: createReadStream(path).pipe(createGunzip()), crlfDelay: Infinity });
}

/**
 * Opens a logical backup: a first full read checks it (gzip checksum, header, every table's
 * batches as the trailer counts them), so a damaged file is refused before anything changes.
 */
async function openLogicalSource(path: string): Promise<BackupSource> {
  let header: { format?: string; schema?: SchemaVersion; tables?: string[] } | undefined;
  const counted: Record<string, number> = {};
  let trailer: { batches?: Record<string, number> } | undefined;
  try {
    let table: string | undefined;
    for await (const line of dumpLines(path)) {
      if (!header) {
        header = JSON.parse(line);
        continue;
      }
      if (line.startsWith('[')) {
        if (!table || trailer) throw new Error('rows outside a table');
        counted[table] += 1;
      } else {
        const control = JSON.parse(line) as { table?: string; end?: boolean; batches?: Record<string, number> };
        if (control.end) trailer = control;
        else if (control.table) {
          table = control.table;
          counted[table] = 0;
        } else throw new Error('unknown line');
      }
    }
  } catch {
    throw new BackupRefused('errors.backupCorrupt');
  }
  if (header?.format !== FORMAT || !header.schema || !Array.isArray(header.tables) || !trailer?.batches) throw new BackupRefused('errors.backupCorrupt');
  for (const table of header.tables) if (counted[table] !== trailer.batches[table]) throw new BackupRefused('errors.backupCorrupt');
  return {
    version: header.schema,
    tables: header.tables,
    batches: (wanted) => ({
      async *[Symbol.asyncIterator]() {
        let table: string | undefined;
        let first = true;
        for await (const line of dumpLines(path)) {
          if (first) { first = false; continue; }
          if (line.startsWith('[')) {
            if (table === wanted) yield line;
          } else {
            const control = JSON.parse(line) as { table?: string };
            if (table === wanted && control.table !== wanted) return;
            table = control.table;
          }
        }
      },
    }),
    close: async () => undefined,
  };
}

/** The next batch is read (from the backup's own PGlite or file) while this one is written. */
async function* readAhead(batches: AsyncIterable<string>): AsyncGenerator<string> {
  const it = batches[Symbol.asyncIterator]();
  let next = it.next();
  for (;;) {
    const current = await next;
    if (current.done) return;
    next = it.next();
    next.catch(() => undefined);
    yield current.value;
  }
}

export interface RestoreResult { tables: number; rows: number; endedUserIds: number[] }

/**
 * Restores the backup file at `path` into the running database, in one transaction; `inside`
 * runs in that transaction at the end (the caller's audit entry). Throws BackupRefused for a
 * missing, damaged or other-version file, before anything changed.
 */
export async function restoreBackup(db: Db, path: string, inside: (tx: Db, result: Omit<RestoreResult, 'endedUserIds'>) => Promise<void>): Promise<RestoreResult> {
  try {
    await fs.access(path);
  } catch {
    throw new BackupRefused('errors.backupMissing');
  }
  const source = kindOfFile(path.split(/[\\/]/).pop()!) === 'pglite' ? await openPgliteSource(path) : await openLogicalSource(path);
  try {
    const live = runOnDb(db);
    const version = await schemaVersion(live);
    if (version.migrations !== source.version.migrations || version.last !== source.version.last) {
      throw new BackupRefused('errors.backupVersion', { backup: source.version.migrations, current: version.migrations });
    }
    const liveTables = await tablesOf(live);
    const kept = new Set<string>([...KEPT_TABLES, ...EMPTIED_TABLES]);
    const restored = liveTables.filter((table) => !kept.has(table));
    if (restored.some((table) => !source.tables.includes(table))) throw new BackupRefused('errors.backupVersion', { backup: source.version.migrations, current: version.migrations });
    const columns = await insertableColumns(live);
    const order = await insertOrder(live, restored);
    return await db.transaction(async (tx) => {
      const run = runOnDb(tx as unknown as Db);
      const endedUserIds = (await run('SELECT DISTINCT user_id AS id FROM sessions')).map((row) => Number(row.id));
      for (const table of restored) await run(`ALTER TABLE ${ident(table)} DISABLE TRIGGER USER`);
      await run(`TRUNCATE ${[...restored, ...EMPTIED_TABLES].map(ident).join(', ')}`);
      // Indexes other than the keys are built again once the rows are in: one sorted build each
      // instead of an update per row (half the time of a restore on PGlite).
      const indexes = await run(`SELECT i.indexname AS name, i.indexdef AS def FROM pg_indexes i
        JOIN pg_class x ON x.relname = i.indexname JOIN pg_namespace n ON n.oid = x.relnamespace AND n.nspname = i.schemaname
        WHERE i.schemaname = 'public' AND i.tablename IN (${restored.map(literal).join(', ')})
          AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = x.oid)
          AND NOT EXISTS (SELECT 1 FROM pg_inherits h WHERE h.inhrelid = x.oid)`);
      for (const { name } of indexes) await run(`DROP INDEX ${ident(String(name))}`);
      let rows = 0;
      for (const table of order) {
        const cols = (columns.get(table) ?? []).map(ident).join(', ');
        for await (const batch of readAhead(source.batches(table))) {
          const result = await tx.execute(sql`INSERT INTO ${sql.identifier(table)} (${sql.raw(cols)}) OVERRIDING SYSTEM VALUE
            SELECT ${sql.raw(cols)} FROM json_populate_recordset(NULL::${sql.identifier(table)}, ${batch}::json)`);
          rows += Number((result as unknown as { rowCount?: number; affectedRows?: number }).rowCount ?? (result as unknown as { affectedRows?: number }).affectedRows ?? 0);
        }
      }
      // Readings of months this database has no partition for (migration 0033) wait in the default
      // one: their months are made (within the last three years) and the rows moved there.
      if (restored.includes('readings')) {
        await run(`SELECT ensure_reading_partitions(greatest(min(read_at), now() - interval '3 years'), max(read_at))
          FROM readings_other HAVING count(*) > 0`);
      }
      // A partitioned table's index is defined `ON ONLY` the parent: built again without ONLY so
      // that every partition has it.
      for (const { def } of indexes) await run(String(def).replace(/ ON ONLY /, ' ON '));
      // Sequences past the restored ids.
      const sequences = await run(`SELECT table_name AS t, column_name AS c, pg_get_serial_sequence(quote_ident(table_name), column_name) AS s
        FROM information_schema.columns WHERE table_schema = 'public' AND (column_default LIKE 'nextval(%' OR is_identity = 'YES')`);
      for (const { t, c, s } of sequences) {
        if (!s || !restored.includes(String(t))) continue;
        await run(`SELECT setval('${String(s).replace(/'/g, "''")}', coalesce((SELECT max(${ident(String(c))}) FROM ${ident(String(t))}), 0) + 1, false)`);
      }
      for (const table of restored) await run(`ALTER TABLE ${ident(table)} ENABLE TRIGGER USER`);
      // The caches of every process (their triggers were off while the rows went in).
      for (const table of ['areas', 'roles', 'resources', 'role_resources']) await run(`SELECT pg_notify('table_changed', '${table}')`);
      await inside(tx as unknown as Db, { tables: restored.length, rows });
      return { tables: restored.length, rows, endedUserIds };
    });
  } finally {
    await source.close();
  }
}

/** Where backups are kept: BACKUP_DIR, else a folder beside the data folder (`./data-backups`). */
export const backupDir = (env: NodeJS.ProcessEnv = process.env) => resolve(env.BACKUP_DIR || `${env.DATA_DIR || './data'}-backups`);

/**
 * One backup or restore at a time in this process (each reads or writes the whole database): the
 * API's calls and the scheduled backup take this lock; false when it is taken.
 */
let backupBusy = false;
export function tryBackupLock(): boolean {
  if (backupBusy) return false;
  backupBusy = true;
  return true;
}
export function releaseBackupLock() {
  backupBusy = false;
}
