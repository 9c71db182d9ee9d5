import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { API_BASE } from '../../server/app';
import { AUDIT_EXEMPT, grantKey } from '../../server/http/grants';
import { operationsOf, validObject, validValue, type Operation } from '../security/openapi';
import { loginAs, startTestBackend, type TestBackend } from '../support/testApp';

/**
 * Audit completeness (issue 33): every write call of the API (POST, PUT, DELETE) that changes a
 * row writes an operation_log row naming the call, in the same transaction, unless it is declared
 * exempt with a reason (server/http/grants.ts, AUDIT_EXEMPT). The walk calls every write route of
 * the OpenAPI document as the administrator: first the creating calls, then the changing ones,
 * then the deleting ones, with input built from the route's schema and the ids of records that
 * exist (those it created first), and watches a row-trigger change log of every table.
 */
let backend: TestBackend;
type Row = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const rows = async (query: ReturnType<typeof sql>) => ((await backend.database.db.execute(query)) as unknown as { rows: Row[] }).rows;
let token: string;
let operations: Operation[];

/** Tables whose rows are bookkeeping, not operator data: sessions, throttling, the logs themselves, the device pipeline's own state. */
const BOOKKEEPING = new Set(['sessions', 'login_throttle', 'operation_log', 'frontend_log', 'walk_changes']);

beforeAll(async () => {
  backend = await startTestBackend();
  token = await loginAs(backend.app, 'admin');
  operations = operationsOf(await (await backend.app.request('/api/openapi.json')).json()).filter((op) => op.method !== 'get' && !op.public);
  await backend.database.db.execute(sql.raw('CREATE TABLE walk_changes (table_name text NOT NULL)'));
  await backend.database.db.execute(sql.raw(`
    CREATE FUNCTION walk_record() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      -- A partition's row (the readings' months: the parent's row trigger runs on them) counts as its table's.
      INSERT INTO walk_changes VALUES (coalesce((SELECT p.relname FROM pg_inherits i JOIN pg_class p ON p.oid = i.inhparent WHERE i.inhrelid = TG_RELID), TG_TABLE_NAME));
      RETURN NULL;
    END $fn$;
  `));
  for (const { table_name: table } of await rows(sql`
    SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'
      AND table_name NOT IN (SELECT relname FROM pg_class WHERE relispartition)`)) {
    if (BOOKKEEPING.has(table)) continue;
    await backend.database.db.execute(sql.raw(`CREATE TRIGGER walk_record AFTER INSERT OR UPDATE OR DELETE ON "${table}" FOR EACH ROW EXECUTE FUNCTION walk_record()`));
  }
});
afterAll(() => backend.close());

/** Writes the walk leaves to their own tests, with the reason. */
const WALK_SKIP: Record<string, string> = {
  'POST backup/addBackup': 'dumps the whole database (tests/server/backup*.test.ts check its log row)',
  'POST backup/restoreBackup': 'replaces the whole database and ends every session, the walk\'s own',
  'DELETE backup/deleteBackup': 'needs a backup file made by addBackup',
};

const keyOf = (op: Operation) => grantKey(op.method, op.path.slice(API_BASE.length));
const controllerOf = (op: Operation) => op.path.slice(API_BASE.length + 1).split('/').slice(0, -1).join('/');
const stage = (op: Operation) => {
  const name = op.path.split('/').pop()!;
  if (/^(add|save|create|import|bind|attach)/i.test(name)) return 0;
  if (/^(delete|unbind|detach)/i.test(name)) return 2;
  return 1;
};

/** Ids known per controller: the records the walk created, then the area's existing ones. */
const createdIds = new Map<string, number[]>();

async function send(op: Operation, query: Record<string, string>, body: unknown) {
  const search = new URLSearchParams(query);
  const response = await backend.app.request(`${op.path}${search.size ? `?${search}` : ''}`, {
    method: op.method.toUpperCase(), headers: { 'X-Token': token, 'Content-Type': 'application/json' }, body: op.body ? JSON.stringify(body) : undefined,
  });
  const json = (await response.json().catch(() => null)) as { code?: number; data?: { id?: number } } | null;
  return { status: response.status, json };
}

/** Inputs to try for a route: its schema's baseline, then with each known id in its id fields. */
function inputs(op: Operation): { query: Record<string, string>; body: Record<string, unknown> | undefined }[] {
  const query: Record<string, string> = {};
  for (const param of op.query) if (param.required) query[param.name] = String(validValue(param.schema));
  const body = op.body ? validObject(op.body.schema) : undefined;
  const out = [{ query, body }];
  for (const id of (createdIds.get(controllerOf(op)) ?? []).slice(-2)) {
    const q = { ...query };
    for (const param of op.query) if (/^(id|ids)$/.test(param.name)) q[param.name] = String(id);
    const b = body && { ...body };
    if (b && op.body?.schema.properties) {
      for (const [name, schema] of Object.entries(op.body.schema.properties)) {
        if (name === 'id') b.id = id;
        if (name === 'ids') b.ids = schema.type === 'array' ? [id] : String(id);
      }
    }
    out.push({ query: q, body: b });
  }
  return out;
}

describe('audit completeness', () => {
  it('declares exemptions only for write routes of the app, each with its reason', () => {
    const writes = new Set(operations.map(keyOf));
    for (const [key, reason] of Object.entries(AUDIT_EXEMPT)) {
      expect(writes.has(key), `AUDIT_EXEMPT names ${key}, which is no write route of the app`).toBe(true);
      expect(reason.length, key).toBeGreaterThan(10);
    }
  });

  it('logs every write that changes a row, naming its call', async () => {
    const missing: string[] = [];
    const changed = new Set<string>();
    const ordered = [...operations].sort((a, b) => stage(a) - stage(b));
    for (const op of ordered) {
      const key = keyOf(op);
      if (key in AUDIT_EXEMPT || key in WALK_SKIP) continue;
      for (const input of inputs(op)) {
        const [{ n: changesBefore }] = await rows(sql`SELECT count(*)::int AS n FROM walk_changes`);
        const [{ n: logBefore }] = await rows(sql`SELECT coalesce(max(id), 0)::int AS n FROM operation_log`);
        const answer = await send(op, input.query, input.body);
        const [{ n: changesAfter }] = await rows(sql`SELECT count(*)::int AS n FROM walk_changes`);
        if (answer.status === 200 && typeof answer.json?.data?.id === 'number' && stage(op) === 0) {
          createdIds.set(controllerOf(op), [...(createdIds.get(controllerOf(op)) ?? []), answer.json.data.id]);
        }
        if (Number(changesAfter) === Number(changesBefore)) continue;
        changed.add(key);
        const logged = await rows(sql`SELECT call FROM operation_log WHERE id > ${logBefore} AND call = ${`${op.method.toUpperCase()} ${op.path}`}`);
        if (!logged.length) missing.push(`${key} (${JSON.stringify(input).slice(0, 120)}) changed rows and wrote no operation_log row`);
      }
    }
    expect(missing).toEqual([]);
    // The walk reaches the writes of every area of the API, not just a few.
    expect(changed.size).toBeGreaterThanOrEqual(15);
  });
});
