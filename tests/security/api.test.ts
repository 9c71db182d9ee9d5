/**
 * The API security harness (issue 8). Generated from the OpenAPI document of the app and from its
 * route table, so that a new route cannot escape it:
 * - every API route of the app is documented (hence fuzzed and checked below);
 * - for every route, generated invalid input (fast-check) is refused with a 400 naming the field,
 *   never a 500, never a stack or SQL in the body, and never changes a row;
 * - for every route, missing, garbage, expired and logged-out tokens get 401, a read-only role
 *   gets 403 on writes, and an operator of another area gets nothing of the first area and
 *   changes nothing of it.
 * Random runs per route: SECURITY_FUZZ_RUNS (20 unless set, from vite.config.ts; CI's PostgreSQL run sets 100), after every listed invalid value once.
 */
import { afterAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { loginAs, startTestBackend, type TestBackend } from '../support/testApp';
import { API_BASE, PUBLIC, READ_ONLY_WRITES } from '../../server/app';
import { WEBSOCKET_PATH } from '../../server/realtime/socket';
import { freeTextParams, hostileText, listedMutations, mutationsOf, operationsOf, validObject, validValue, type Mutation, type Operation } from './openapi';

const RUNS = Number(process.env.SECURITY_FUZZ_RUNS ?? 100);
const LOGOUT = `${API_BASE}/v1/quan_xian/deng_lu/logout`;

const backend: TestBackend = await startTestBackend();
afterAll(() => backend.close());
const doc = await (await backend.app.request('/api/openapi.json')).json();
const documented = operationsOf(doc);
// SPEC.md's login path under /api/ directly is the same route as the documented one under the prefix.
const operations = [
  ...documented,
  ...[...PUBLIC].filter((path) => !documented.some((op) => op.path === path))
    .map((path) => ({ ...documented.find((op) => op.public && path.endsWith(op.path.replace(API_BASE, '')))!, path })),
];
const adminToken = await loginAs(backend.app, 'admin');

type Rows<T> = { rows: T[] };
const rows = async <T>(query: ReturnType<typeof sql>) => ((await backend.database.db.execute(query)) as unknown as Rows<T>).rows;

interface Request { query?: Record<string, string | string[]>; body?: unknown; raw?: { contentType: string | undefined; body: string }; token?: string }

async function send(op: Operation, request: Request) {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(request.query ?? {})) for (const v of [value].flat()) search.append(name, v);
  const headers: Record<string, string> = request.token === undefined ? {} : { 'X-Token': request.token };
  let body: string | undefined;
  if (request.raw) {
    if (request.raw.contentType) headers['Content-Type'] = request.raw.contentType;
    body = request.raw.body;
  } else if (op.body) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(request.body ?? {});
  }
  const response = await backend.app.request(`${op.path}${search.size ? `?${search}` : ''}`, { method: op.method.toUpperCase(), headers, body });
  const text = await response.text();
  let json: { code?: number; msg?: string } | undefined;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, text, json };
}

/** The valid baseline of an operation: required query parameters and body fields. */
function baseline(op: Operation): Request {
  const query: Record<string, string> = {};
  for (const param of op.query) if (param.required) query[param.name] = String(validValue(param.schema));
  return { query, body: op.body ? validObject(op.body.schema) : undefined };
}

function apply(op: Operation, mutation: Mutation): Request {
  const request = baseline(op);
  if (mutation.kind === 'query') request.query = { ...request.query, [mutation.field]: mutation.value };
  if (mutation.kind === 'body') {
    const body = { ...(request.body as Record<string, unknown>), extraField: 'ignored' } as Record<string, unknown>;
    if (mutation.value === undefined) delete body[mutation.field];
    else body[mutation.field] = mutation.value;
    request.body = body;
  }
  if (mutation.kind === 'raw') request.raw = { contentType: mutation.contentType, body: mutation.body };
  return request;
}

/** A stack trace, a source path or SQL in a response body. */
const LEAK = /\bat [\w.<>]+ \(|\n\s+at |\.ts:\d|node_modules|Failed query|params:|\bselect\b[\s\S]{0,80}\bfrom\b|\binsert into\b|\bdelete from\b|\bupdate\s+"?\w+"?\s+set\b/i;

/**
 * The harness's change log: a row trigger on every table but the session and throttling
 * bookkeeping records each row a statement inserts, updates or deletes (its table, and its area
 * where the table has one), inside the writing transaction, so a write that was rolled back leaves
 * nothing. Installed in this file's own database only. (Counting and summing the row versions of
 * every table instead cost a scan of the whole database twice per route.)
 */
await backend.database.db.execute(sql.raw('CREATE TABLE harness_changes (table_name text NOT NULL, has_area boolean NOT NULL, area_id integer)'));
await backend.database.db.execute(sql.raw(`
  CREATE FUNCTION harness_record() RETURNS trigger LANGUAGE plpgsql AS $fn$
  DECLARE
    old_row jsonb := CASE WHEN TG_OP = 'INSERT' THEN NULL ELSE to_jsonb(OLD) END;
    new_row jsonb := CASE WHEN TG_OP = 'DELETE' THEN NULL ELSE to_jsonb(NEW) END;
    has_area boolean := coalesce(new_row, old_row) ? 'area_id';
  BEGIN
    INSERT INTO harness_changes VALUES (TG_TABLE_NAME, has_area, (coalesce(new_row, old_row)->>'area_id')::int);
    -- A row moved to another area changes both.
    IF TG_OP = 'UPDATE' AND has_area AND (old_row->>'area_id') IS DISTINCT FROM (new_row->>'area_id') THEN
      INSERT INTO harness_changes VALUES (TG_TABLE_NAME, true, (old_row->>'area_id')::int);
    END IF;
    RETURN NULL;
  END $fn$;
`));
for (const { table_name: table } of await rows<{ table_name: string }>(sql`
  SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'
    AND table_name NOT IN ('sessions', 'login_throttle', 'harness_changes')`)) {
  await backend.database.db.execute(sql.raw(`CREATE TRIGGER harness_record AFTER INSERT OR UPDATE OR DELETE ON "${table}" FOR EACH ROW EXECUTE FUNCTION harness_record()`));
}

/**
 * Rows changed so far, per table (or, for an area, its rows and the rows of the tables all areas
 * share): equal before and after a request when it changed nothing.
 */
async function digest(where?: { areaIds: number[] }) {
  const filter = where ? sql.raw(` WHERE NOT has_area OR area_id IN (${where.areaIds.join(',')})`) : sql.raw('');
  const counted = await rows<{ table_name: string; n: string }>(sql`SELECT table_name, count(*)::text AS n FROM harness_changes${filter} GROUP BY 1 ORDER BY 1`);
  return Object.fromEntries(counted.map((row) => [row.table_name, row.n]));
}

/** Whether the 400's message names the field (`field: …`, `field.0: …`, one of several issues). */
const names = (msg: string | undefined, field: string) =>
  (msg ?? '').split('; ').some((part) => part.startsWith(`${field}:`) || part.startsWith(`${field}.`));

const label = (op: Operation) => `${op.method.toUpperCase()} ${op.path.replace(API_BASE, '')}`;

describe('route table', () => {
  it('documents every API route of the app, so that the harness covers it', () => {
    const documentedRoutes = new Set(documented.map((op) => `${op.method.toUpperCase()} ${op.path}`));
    const infrastructure = new Set(['/api/*', '/api/openapi.json', '/api/reference', WEBSOCKET_PATH, ...PUBLIC]);
    const missing = [...new Set(backend.app.routes.map((r) => `${r.method} ${r.path}`))]
      .filter((route) => route.split(' ')[1].startsWith('/api') && !infrastructure.has(route.split(' ')[1]) && !documentedRoutes.has(route));
    expect(missing).toEqual([]);
    expect(operations.length).toBeGreaterThanOrEqual(20);
  });
});

describe('change log', () => {
  it('sees a committed change of a row, in its area, and not one rolled back', async () => {
    const [{ id, area_id: area }] = await rows<{ id: number; area_id: number }>(sql`SELECT id, area_id FROM rooms ORDER BY id LIMIT 1`);
    const before = await digest();
    const beforeArea = await digest({ areaIds: [Number(area)] });
    const beforeOther = await digest({ areaIds: [-1] });
    await backend.database.db.transaction(async (tx) => {
      await tx.execute(sql`UPDATE rooms SET room_code = room_code WHERE id = ${id}`);
      tx.rollback();
    }).catch(() => undefined);
    expect(await digest()).toEqual(before);
    await backend.database.db.execute(sql`UPDATE rooms SET room_code = room_code WHERE id = ${id}`);
    expect((await digest()).rooms).not.toEqual(before.rooms);
    expect((await digest({ areaIds: [Number(area)] })).rooms).not.toEqual(beforeArea.rooms);
    expect(await digest({ areaIds: [-1] })).toEqual(beforeOther);
  });
});

describe('generated invalid input: 400 naming the field, no 500, no leak, no changed row', () => {
  for (const op of operations) {
    it(label(op), async () => {
      const token = op.public ? undefined : adminToken;
      const before = await digest();
      const mutations = mutationsOf(op);
      if (!mutations) {
        // No input at all: stray parameters are ignored, a NUL in one is still refused.
        // (Logging out ends the session it is called with: it gets a session of its own.)
        const own = async () => (op.path === LOGOUT ? loginAs(backend.app, 'admin') : token);
        expect((await send(op, { query: { stray: 'x', pageNum: 'abc' }, token: await own() })).status).toBe(200);
        const nul = await send(op, { query: { stray: 'a\u0000b' }, token: await own() });
        expect([nul.status, nul.json?.msg?.split(':')[0]]).toEqual([400, 'stray']);
        return;
      }
      const check = async (mutation: Mutation) => {
        const response = await send(op, { ...apply(op, mutation), token });
        const context = `${label(op)} ${JSON.stringify(mutation).slice(0, 300)} → ${response.status} ${response.text.slice(0, 300)}`;
        expect(response.status, context).not.toBe(500);
        expect(response.text, context).not.toMatch(LEAK);
        const parsesAsObject = mutation.kind === 'raw' && mutation.contentType?.includes('json') && /^\{/.test(mutation.body) && mutation.body.endsWith('}');
        if (parsesAsObject && !(op.body?.schema.required ?? []).length) return; // a valid (empty) body for this route
        expect(response.status, context).toBe(400);
        expect(response.json?.code, context).toBe(400);
        if (parsesAsObject) expect(response.json?.msg, context).toMatch(/^[^:]+: /);
        else expect(names(response.json?.msg, mutation.field), context).toBe(true);
      };
      // Every listed invalid value once, then random ones (fast-check).
      for (const mutation of listedMutations(op)) await check(mutation);
      await fc.assert(
        fc.asyncProperty(mutations, check),
        { numRuns: RUNS, endOnFailure: true },
      );
      expect(await digest()).toEqual(before);
    });
  }
});

describe('hostile but valid search text: answered, never a 500 or a leak', () => {
  for (const op of operations.filter((o) => o.method === 'get' && freeTextParams(o).length)) {
    it(label(op), async () => {
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...freeTextParams(op)).chain((param) => hostileText(param.schema.maxLength ?? 50).map((text) => ({ param: param.name, text }))), async ({ param, text }) => {
          const request = baseline(op);
          const response = await send(op, { ...request, query: { ...request.query, [param]: text }, token: adminToken });
          const context = `${label(op)} ${param}=${JSON.stringify(text)} → ${response.status} ${response.text.slice(0, 200)}`;
          expect(response.status, context).toBe(200);
          expect(response.text, context).not.toMatch(LEAK);
        }),
        { numRuns: RUNS },
      );
    });
  }
});

/** A token one character away from a real one (never equal to it, whatever its last character). */
const altered = (token: string) => `${token.slice(0, -1)}${token.endsWith('0') ? '1' : '0'}`;

describe('tokens, read-only role and area scope', () => {
  const protectedOps = operations.filter((op) => !op.public);

  it('answers 401 to a missing, garbage, expired or logged-out token on every route', async () => {
    const expired = await loginAs(backend.app, 'admin');
    await backend.database.db.execute(sql`UPDATE sessions SET expires_at = '2000-01-01T00:00:00Z' WHERE token = ${expired}`);
    const loggedOut = await loginAs(backend.app, 'admin');
    const logout = operations.find((op) => op.path === LOGOUT)!;
    expect((await send(logout, { token: loggedOut })).status).toBe(200);
    const before = await digest();
    for (const op of protectedOps) {
      for (const token of [undefined, '', 'garbage', 'f'.repeat(48), altered(adminToken), 'x'.repeat(300), expired, loggedOut]) {
        const response = await send(op, { ...baseline(op), token });
        expect(response.status, `${label(op)} token ${String(token).slice(0, 12)}`).toBe(401);
        expect(response.json?.code).toBe(401);
      }
    }
    expect(await digest()).toEqual(before);
  });

  it('answers 403 to a read-only role on every write', async () => {
    const viewer = await loginAs(backend.app, 'viewer');
    const before = await digest();
    const writes = protectedOps.filter((op) => op.method !== 'get' && !READ_ONLY_WRITES.has(op.path));
    expect(writes.length).toBeGreaterThan(5);
    for (const op of writes) {
      const response = await send(op, { ...baseline(op), token: viewer });
      expect(response.status, label(op)).toBe(403);
    }
    expect(await digest()).toEqual(before);
  });

  it('gives an operator of another area nothing of the first area, and lets it change nothing there', async () => {
    const other = await loginAs(backend.app, 'admin2');
    const [{ id: area1 }] = await rows<{ id: number }>(sql`SELECT id FROM areas WHERE name = '华东片区'`);
    const areaIds = (await rows<{ id: number }>(sql`SELECT id FROM areas WHERE id = ${area1} OR parent_id = ${area1}`)).map((r) => Number(r.id));
    const inArea = sql.raw(`area_id IN (${areaIds.join(',')})`);
    // Record ids of the first area, tried in every id-like field.
    const ids = new Set<number>();
    for (const table of ['water_meters', 'electric_meters', 'modules', 'projects', 'buildings', 'rooms', 'roles', 'sys_users', 'commands', 'faults']) {
      for (const { id } of await rows<{ id: number | string }>(sql`SELECT id FROM ${sql.identifier(table)} WHERE ${inArea} ORDER BY id LIMIT 2`)) ids.add(Number(id));
    }
    // Values only the first area has: device addresses, its users' names.
    const secrets = new Set<string>();
    for (const table of ['water_meters', 'electric_meters', 'modules']) {
      for (const { address } of await rows<{ address: string }>(sql`SELECT address FROM ${sql.identifier(table)} WHERE ${inArea}`)) secrets.add(`"${address}"`);
    }
    for (const { user_name: name } of await rows<{ user_name: string }>(sql`SELECT user_name FROM sys_users WHERE ${inArea}`)) secrets.add(`"${name}"`);
    expect(secrets.size).toBeGreaterThan(10);

    const before = await digest({ areaIds });
    const idLike = (name: string) => /^(id|ids)$|Id$/.test(name);
    for (const op of protectedOps.filter((o) => o.path !== LOGOUT)) {
      const requests: Request[] = [baseline(op)];
      for (const param of op.query.filter((p) => idLike(p.name))) {
        for (const id of ids) requests.push({ ...baseline(op), query: { ...baseline(op).query, [param.name]: String(id) } });
      }
      for (const name of Object.keys(op.body?.schema.properties ?? {}).filter(idLike)) {
        const list = op.body!.schema.properties![name].type === 'array';
        for (const id of ids) requests.push({ ...baseline(op), body: { ...(baseline(op).body as object), [name]: list ? [id] : id } });
      }
      for (const request of requests) {
        const response = await send(op, { ...request, token: other });
        const context = `${label(op)} ${JSON.stringify(request).slice(0, 200)} → ${response.status}`;
        expect(response.status, context).not.toBe(500);
        for (const secret of secrets) expect(response.text.includes(secret), `${context} shows ${secret}`).toBe(false);
      }
    }
    expect(await digest({ areaIds })).toEqual(before);
  });
});
