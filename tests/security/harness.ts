/**
 * The API security harness (issue 8): the backend of a harness file, its operations and the
 * helpers its checks share (tests/security/api.test.ts, invalidInput.test.ts; two files so that
 * the test workers share the work). Generated from the OpenAPI document of the app and from its
 * route table, so that a new route cannot escape it:
 * - every API route of the app is documented (hence fuzzed and checked below);
 * - for every route, generated invalid input (fast-check) is refused with a 400 naming the field,
 *   never a 500, never a stack or SQL in the body, and never changes a row;
 * - for every route, missing, garbage, expired and logged-out tokens get 401, a read-only role
 *   gets 403 on writes, and an operator of another area gets nothing of the first area and
 *   changes nothing of it.
 * Random runs per route: SECURITY_FUZZ_RUNS (10 unless set, from vite.config.ts), after every listed invalid value once.
 */
import { afterAll } from 'vitest';
import { sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { loginAs, startTestBackend, type TestBackend } from '../support/testApp';
import { tokenHash } from '../../server/domain/tenantAuth';
import { API_BASE, PUBLIC } from '../../server/app';
import { operationsOf, validObject, validValue, type Mutation, type Operation, type Schema } from './openapi';
import { fieldLabel, resourceOf } from '../../server/http/fieldLabels';

export const RUNS = Number(process.env.SECURITY_FUZZ_RUNS ?? 100);
export const LOGOUT = `${API_BASE}/v1/quan_xian/deng_lu/logout`;

export const backend: TestBackend = await startTestBackend();
afterAll(() => backend.close());
const doc = await (await backend.app.request('/api/openapi.json')).json();
export const documented = operationsOf(doc);
// SPEC.md's login path under /api/ directly is the same route as the documented one under the prefix.
export const operations = [
  ...documented,
  ...[...PUBLIC].filter((path) => !documented.some((op) => op.path === path))
    .map((path) => ({ ...documented.find((op) => op.public && path.endsWith(op.path.replace(API_BASE, '')))!, path })),
];
export const adminToken = await loginAs(backend.app, 'admin');
export const TENANT_LOGOUT = '/api/v1/tenant/logout';

/**
 * A signed-in tenant (issue 42): a session of the phone of a tenant bound now, written as the sign-in
 * writes it; its room and the current month fill the tenant calls' path parameters.
 */
const [tenancy] = (await backend.database.db.execute(sql`
  SELECT b.room_id, right(regexp_replace(t.phone, '[^0-9]', '', 'g'), 11) AS phone FROM tenant_bindings b JOIN tenants t ON t.id = b.tenant_id
  WHERE b.end_date IS NULL AND t.deleted_at IS NULL AND t.phone ~ '^1[3-9][0-9]{9}$' ORDER BY b.room_id LIMIT 1`) as unknown as Rows<{ room_id: number; phone: string }>).rows;
export async function tenantSession(): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await backend.database.db.execute(sql`INSERT INTO tenant_sessions (token_hash, phone, created_at, last_seen_at, expires_at)
    VALUES (${tokenHash(token)}, ${tenancy.phone}, ${backend.clock.now}, ${backend.clock.now}, ${new Date(backend.clock.now.getTime() + 86_400_000)})`);
  return token;
}
export const tenantToken = await tenantSession();
const PATH_VALUES: Record<string, string> = { roomId: String(tenancy.room_id), month: backend.clock.now.toISOString().slice(0, 7), orderNo: 'E0', id: '1' };
/** An operation's path with its parameters filled in (a tenant's room, this month; ids no record has). */
export const pathOf = (op: Operation) => op.path.replace(/\{(\w+)\}/g, (_, name: string) => PATH_VALUES[name] ?? name);

type Rows<T> = { rows: T[] };
export const rows = async <T>(query: ReturnType<typeof sql>) => ((await backend.database.db.execute(query)) as unknown as Rows<T>).rows;

export interface Request { query?: Record<string, string | string[]>; body?: unknown; raw?: { contentType: string | undefined; body: string }; token?: string }

export async function send(op: Operation, request: Request) {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(request.query ?? {})) for (const v of [value].flat()) search.append(name, v);
  const headers: Record<string, string> = request.token === undefined ? {} : { [op.tenant ? 'X-Tenant-Token' : 'X-Token']: request.token };
  let body: string | undefined;
  if (request.raw) {
    if (request.raw.contentType) headers['Content-Type'] = request.raw.contentType;
    body = request.raw.body;
  } else if (op.body) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(request.body ?? {});
  }
  const response = await backend.app.request(`${pathOf(op)}${search.size ? `?${search}` : ''}`, { method: op.method.toUpperCase(), headers, body });
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
export function baseline(op: Operation): Request {
  const query: Record<string, string> = {};
  for (const param of op.query) if (param.required) query[param.name] = String(validValue(param.schema));
  return { query, body: op.body ? validObject(op.body.schema) : undefined };
}

export function apply(op: Operation, mutation: Mutation): Request {
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
export const LEAK = /\bat [\w.<>]+ \(|\n\s+at |\.ts:\d|node_modules|Failed query|params:|\bselect\b[\s\S]{0,80}\bfrom\b|\binsert into\b|\bdelete from\b|\bupdate\s+"?\w+"?\s+set\b/i;

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
    -- A partition's row (the readings' months: the parent's row trigger runs on them) counts as its table's.
    table_of text := coalesce((SELECT p.relname FROM pg_inherits i JOIN pg_class p ON p.oid = i.inhparent WHERE i.inhrelid = TG_RELID), TG_TABLE_NAME);
  BEGIN
    INSERT INTO harness_changes VALUES (table_of, has_area, (coalesce(new_row, old_row)->>'area_id')::int);
    -- A row moved to another area changes both.
    IF TG_OP = 'UPDATE' AND has_area AND (old_row->>'area_id') IS DISTINCT FROM (new_row->>'area_id') THEN
      INSERT INTO harness_changes VALUES (table_of, true, (old_row->>'area_id')::int);
    END IF;
    RETURN NULL;
  END $fn$;
`));
for (const { table_name: table } of await rows<{ table_name: string }>(sql`
  SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'
    AND table_name NOT IN ('sessions', 'login_throttle', 'harness_changes')
    AND table_name NOT IN (SELECT relname FROM pg_class WHERE relispartition)`)) {
  await backend.database.db.execute(sql.raw(`CREATE TRIGGER harness_record AFTER INSERT OR UPDATE OR DELETE ON "${table}" FOR EACH ROW EXECUTE FUNCTION harness_record()`));
}

/**
 * Rows changed so far, per table (or, for an area, its rows and the rows of the tables all areas
 * share): equal before and after a request when it changed nothing.
 */
export async function digest(where?: { areaIds: number[] }) {
  const filter = where ? sql.raw(` WHERE NOT has_area OR area_id IN (${where.areaIds.join(',')})`) : sql.raw('');
  const counted = await rows<{ table_name: string; n: string }>(sql`SELECT table_name, count(*)::text AS n FROM harness_changes${filter} GROUP BY 1 ORDER BY 1`);
  return Object.fromEntries(counted.map((row) => [row.table_name, row.n]));
}

/** The names inside a body field (an object's or a list's rows' properties, at any depth). */
function namesWithin(schema: Schema | undefined, out = new Set<string>()): Set<string> {
  if (!schema) return out;
  for (const alt of schema.anyOf ?? []) namesWithin(alt, out);
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    out.add(name);
    namesWithin(property, out);
  }
  return namesWithin(schema.items, out);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/**
 * Whether the 400's message (zh-chs, the default) names the field as the forms label it
 * (server/http/fieldLabels.ts), one of several issues joined by `；`: the field (`房间号：…`), an
 * element of it (`设备第 1 项：…`), or a field inside it (`最大功率（W）：…` of `values`, `第 1 行房间号：…`
 * of `rows`).
 */
export const names = (msg: string | undefined, field: string, op: Operation) => {
  const resource = resourceOf(op.path);
  const label = escapeRegExp(fieldLabel('zh-chs', resource, field));
  const inner = [...namesWithin(op.body?.schema.properties?.[field])].map((name) => escapeRegExp(fieldLabel('zh-chs', resource, name)));
  const named = new RegExp(`^(?:${label}(?:第 \\d+ 项)?${inner.length ? `|(?:第 \\d+ 行)?(?:${inner.join('|')})` : ''})：`);
  return (msg ?? '').split('；').some((part) => named.test(part));
};

export const label = (op: Operation) => `${op.method.toUpperCase()} ${op.path.replace(API_BASE, '')}`;
