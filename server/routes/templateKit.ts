import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Db } from '../db';
import { listPage, rowsById, type ListSpec } from '../db/listKit';
import { containing } from '../db/paging';
import { createRouter, defineRoute, fieldError, z, type AppEnv, type Ctx } from '../http/router';
import { Id, Q } from '../http/input';
import { IdList, PagingQuery } from '../http/paging';
import { ok } from '../http/envelope';
import { notFound } from '../http/errors';
import { inScope } from '../http/scope';
import { audit } from '../audit';
import { conflict, listOf } from '../domain/results';
import type { TemplateUser } from '../domain/templates';
import type { RuleProblem } from '../../common/tariffs';

/**
 * Template CRUD, written once (DESIGN.md "Kits": "schema, in use by, audit"): the controller of a
 * basic-parameter template (price table, day schedule, parameter set of a kind). A screen declares
 * its table, its input schema, how the input becomes columns (with the shared rules of common/),
 * what uses a record; the kit gives
 * - `GET <list>`: the paged list on the server list kit (sorted by id or name, search `q` on the
 *   name), each row with `usedBy`;
 * - `POST <add>`: validated, written in the caller's area, answers `{ id }` and the row;
 * - `PUT <update>`: `id` and the fields to change, merged with the record and validated whole;
 * - `DELETE <delete>` (params `id` or `ids`): refused with 409 while in use, saying by what;
 * - `GET <usedBy>` (params `id`): what uses it (meters with their room, or templates);
 * every write in a transaction with its operation-log entry; another area's id answers 404.
 */
export interface TemplateSpec<Row extends { id: number; usedBy: number; areaId: number }, Body extends z.ZodObject> {
  /** OpenAPI tag and operation-log entity (`priceTable`, `timePeriod`, `parameterSet`). */
  tag: string;
  entity: string;
  /** Call names, e.g. `{ list: 'findByCondition', add: 'addPriceTable', … }`. */
  paths: { list: string; add: string; update: string; delete: string; usedBy: string };
  table: PgTable;
  id: PgColumn;
  area: PgColumn;
  name: PgColumn;
  /** The condition every row of this template has (a parameter set's kind), constants in its text. */
  base?: SQL;
  /** A name for the list's prepared statement (unique per template). */
  statement: string;
  /** The rows as the API answers them, with `usedBy` (an SQL count). */
  select: (db: Db) => { where(condition: SQL): PromiseLike<Row[]> & { prepare(name: string): unknown } };
  /** The add call's body (the update's is every field optional, plus `id`). */
  body: Body;
  /** The update call's body, when it is not `body` made partial. */
  patch?: z.ZodObject;
  /**
   * The columns to write: from the add's body, or the update's merged with the record (`before`).
   * Applies the shared rules (return a problem to refuse, naming the field) and checks references
   * in the area (throw `fieldError`).
   */
  columns(c: Ctx, input: { body: Record<string, unknown>; before?: Row; areaId: number }): Promise<{ values: Record<string, unknown> } | { problem: RuleProblem }>;
  /** What uses a record (the usedBy call, and the delete's refusal). */
  users(db: Db, id: number): Promise<TemplateUser[]>;
  /** Every electric meter using a record (the ids a push to its meters goes to), for parameter sets. */
  electricIds?(db: Db, id: number): Promise<number[]>;
  /** `server.errors.*` key of the refusal to delete while in use (params: count, names). */
  inUseKey: string;
}

/** The router of one template's calls (mount it with `api.route('/<controller>', …)`). */
export function templateRoutes<Row extends { id: number; usedBy: number; areaId: number }, Body extends z.ZodObject>(spec: TemplateSpec<Row, Body>): OpenAPIHono<AppEnv> {
  const router = createRouter();
  const tags = [spec.tag];
  const list: ListSpec<Row> = {
    table: spec.table, id: spec.id, area: spec.area, base: spec.base,
    sorts: { id: spec.id, name: spec.name },
    rows: rowsById(spec.statement, spec.select as never, spec.id) as never,
  };
  const scoped = (c: Ctx, condition: SQL) => and(condition, inScope(spec.area, c.get('session')), spec.base);
  async function findOne(c: Ctx, id: number): Promise<Row> {
    const [row] = await spec.select(c.get('deps').db).where(scoped(c, eq(spec.id, id))!);
    if (!row) throw notFound('errors.recordNotFound');
    return row;
  }
  async function columnsOf(c: Ctx, input: Parameters<typeof spec.columns>[1]) {
    const result = await spec.columns(c, input);
    if ('problem' in result) throw fieldError(c, result.problem.field, result.problem.key, result.problem.params);
    return result.values;
  }
  const Filters = PagingQuery.extend({ q: Q.text(50), id: Q.id() });

  defineRoute(router, { method: 'get', path: `/${spec.paths.list}`, summary: `${spec.tag}: paged list (q: name contains), each row with usedBy`, tags, query: Filters }, async (c, { query }) => {
    const where = and(
      query.q?.trim() ? sql`${spec.name} ILIKE ${containing(query.q.trim())}` : undefined,
      query.id ? eq(spec.id, query.id) : undefined,
    );
    return ok(c, await listPage(c.get('deps').db, list, { where, paging: query, areaIds: c.get('session').areaIds }));
  });

  defineRoute(router, { method: 'get', path: `/${spec.paths.usedBy}`, summary: `${spec.tag}: what uses it (meters with their rooms or templates, at most 500 of each; electricIds: every electric meter's id)`, tags, query: z.object({ id: Id }) }, async (c, { query }) => {
    await findOne(c, query.id);
    const { db } = c.get('deps');
    const users = await spec.users(db, query.id);
    // Every electric meter's id (not only the first 500 listed): what a push sends set_parameter to.
    const electricIds = spec.electricIds ? await spec.electricIds(db, query.id) : [];
    return ok(c, { records: users, total: users.length, electricIds });
  });

  defineRoute(router, { method: 'post', path: `/${spec.paths.add}`, summary: `${spec.tag}: add; answers data.id`, tags, body: spec.body }, async (c, { body }) => {
    const { db } = c.get('deps');
    const session = c.get('session');
    const values = await columnsOf(c, { body: body as Record<string, unknown>, areaId: session.areaId });
    const id = await db.transaction(async (tx) => {
      const [row] = await tx.insert(spec.table).values({ ...values, areaId: session.areaId } as never).returning() as Record<string, unknown>[];
      await audit(tx, session, { action: 'create', entity: spec.entity, entityId: row.id as number, after: row });
      return row.id as number;
    });
    return ok(c, await findOne(c, id));
  });

  const patch = (spec.patch ?? (spec.body.partial() as z.ZodObject)).extend({ id: Id });
  defineRoute(router, { method: 'put', path: `/${spec.paths.update}`, summary: `${spec.tag}: update (id and the fields to change)`, tags, body: patch }, async (c, { body }) => {
    const { db } = c.get('deps');
    const session = c.get('session');
    const { id, ...changes } = body as { id: number } & Record<string, unknown>;
    const before = await findOne(c, id);
    const values = await columnsOf(c, { body: changes, before, areaId: before.areaId });
    await db.transaction(async (tx) => {
      const [after] = await tx.update(spec.table).set(values as never).where(eq(spec.id, id)).returning() as Record<string, unknown>[];
      await audit(tx, session, { action: 'update', entity: spec.entity, entityId: id, before, after });
    });
    return ok(c, await findOne(c, id));
  });

  defineRoute(router, {
    method: 'delete', path: `/${spec.paths.delete}`, summary: `${spec.tag}: delete (id or ids); 409 while in use, naming what uses it`, tags,
    query: z.object({ id: IdList.optional(), ids: IdList.optional() }).refine((q) => q.id || q.ids, { message: 'validation.required', path: ['id'] }),
  }, async (c, { query }) => {
    const { db } = c.get('deps');
    const session = c.get('session');
    const ids = [...new Set([...(query.id ?? []), ...(query.ids ?? [])])];
    await db.transaction(async (tx) => {
      // Locked first: an assignment checked against these rows waits for the delete to end.
      const rows = await tx.select().from(spec.table).where(scoped(c, inArray(spec.id, ids))).for('update') as Record<string, unknown>[];
      if (rows.length !== ids.length) throw notFound('errors.recordNotFound');
      const counted = await spec.select(tx).where(inArray(spec.id, ids));
      for (const row of counted) {
        if (row.usedBy > 0) {
          const users = await spec.users(tx, row.id);
          throw conflict(spec.inUseKey, {
            name: String((row as unknown as { name: string }).name), count: row.usedBy,
            names: listOf(users.map((user) => user.name), 5, Math.max(row.usedBy, users.length)),
          });
        }
      }
      await tx.delete(spec.table).where(inArray(spec.id, ids));
      for (const before of rows) await audit(tx, session, { action: 'delete', entity: spec.entity, entityId: before.id as number, before });
    });
    return ok(c, { deleted: ids.length });
  });

  return router;
}
