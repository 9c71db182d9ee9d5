import { and, asc, eq } from 'drizzle-orm';
import { schema } from '../db';
import { createRouter, defineRoute, fieldError, z } from '../http/router';
import { nameOf } from '../domain/results';
import { Id, NullableId, Q } from '../http/input';
import { ok } from '../http/envelope';
import { notFound } from '../http/errors';
import { inScope } from '../http/scope';
import { audit } from '../audit';
import type { Db } from '../db';

const { areas, priceTables, parameterSets } = schema;

/** The most choices of each kind findAreaDefaults lists. */
const CHOICES_MAX = 500;

/**
 * An area's defaults (issues 29 and 40): the price table a meter in a room takes when none is chosen
 * (billingEngine.defaultPriceTableOf at addElectricMeter, and the `no_price` rule), the control set
 * whose limits a new electric account takes when its meter has none, and the one whose limits a new
 * water account takes (ledger.ts: openingLimits). All are templates of the caller's areas. `areaId` defaults to the caller's own area; another area is
 * refused (404), as is a table or set outside the caller's areas (400 naming the field). Audited.
 */
async function defaultsOf(db: Db, areaId: number) {
  const [row] = await db.select({
    areaId: areas.id, areaName: areas.name, defaultPriceTableId: areas.defaultPriceTableId, defaultControlSetId: areas.defaultControlSetId,
    defaultWaterControlSetId: areas.defaultWaterControlSetId,
  }).from(areas).where(eq(areas.id, areaId));
  if (!row) return undefined;
  const [table] = row.defaultPriceTableId ? await db.select({ name: priceTables.name }).from(priceTables).where(eq(priceTables.id, row.defaultPriceTableId)) : [];
  const setName = async (id: number | null) => (id ? (await db.select({ name: parameterSets.name }).from(parameterSets).where(eq(parameterSets.id, id)))[0]?.name ?? null : null);
  return {
    ...row, defaultPriceTableName: table?.name ?? null,
    defaultControlSetName: await setName(row.defaultControlSetId), defaultWaterControlSetName: await setName(row.defaultWaterControlSetId),
  };
}

export function areaDefaultsRoutes() {
  const router = createRouter();
  const tags = ['area defaults'];

  defineRoute(router, {
    method: 'get', path: '/findAreaDefaults', tags,
    summary: 'An area\'s default price table and control sets (areaId: yours when left out; another area 404): areaId, areaName, defaultPriceTableId, defaultPriceTableName, defaultControlSetId, defaultControlSetName (new electric accounts whose meter has none), defaultWaterControlSetId, defaultWaterControlSetName (new water accounts), and the choices: priceTables and controlSets of your areas ({ id, name }, at most 500 each)',
    query: z.object({ areaId: Q.id() }),
  }, async (c, { query }) => {
    const session = c.get('session');
    const areaId = query.areaId ?? session.areaId;
    if (!session.areaIds.includes(areaId)) throw notFound('errors.recordNotFound');
    const { db } = c.get('deps');
    const defaults = await defaultsOf(db, areaId);
    if (!defaults) throw notFound('errors.recordNotFound');
    // The choices (the caller's price tables and control sets, by name): the screen's pickers.
    const tableChoices = await db.select({ id: priceTables.id, name: priceTables.name }).from(priceTables)
      .where(inScope(priceTables.areaId, session)).orderBy(asc(priceTables.name), asc(priceTables.id)).limit(CHOICES_MAX);
    const setChoices = await db.select({ id: parameterSets.id, name: parameterSets.name }).from(parameterSets)
      .where(and(eq(parameterSets.kind, 'control'), inScope(parameterSets.areaId, session))).orderBy(asc(parameterSets.name), asc(parameterSets.id)).limit(CHOICES_MAX);
    return ok(c, { ...defaults, priceTables: tableChoices, controlSets: setChoices });
  });

  defineRoute(router, {
    method: 'put', path: '/updateAreaDefaults', tags,
    summary: 'Set an area\'s default price table (defaultPriceTableId), electric accounts\' control set (defaultControlSetId) and/or water accounts\' control set (defaultWaterControlSetId); null clears one; each a template of your areas (else 400 naming the field); areaId yours when left out (another area 404); audited. Answers the defaults as findAreaDefaults',
    body: z.object({ areaId: Id.optional(), defaultPriceTableId: NullableId.optional(), defaultControlSetId: NullableId.optional(), defaultWaterControlSetId: NullableId.optional() }),
  }, async (c, { body }) => {
    const { db } = c.get('deps');
    const session = c.get('session');
    const areaId = body.areaId ?? session.areaId;
    if (!session.areaIds.includes(areaId)) throw notFound('errors.recordNotFound');
    if (body.defaultPriceTableId === undefined && body.defaultControlSetId === undefined && body.defaultWaterControlSetId === undefined) {
      throw fieldError(c, 'defaultPriceTableId', 'validation.required');
    }
    await db.transaction(async (tx) => {
      const before = await defaultsOf(tx as unknown as Db, areaId);
      if (!before) throw notFound('errors.recordNotFound');
      if (body.defaultPriceTableId) {
        const [table] = await tx.select({ id: priceTables.id }).from(priceTables)
          .where(and(eq(priceTables.id, body.defaultPriceTableId), inScope(priceTables.areaId, session)));
        if (!table) throw fieldError(c, 'defaultPriceTableId', 'errors.areaDefaults.priceTableNotFound', { id: body.defaultPriceTableId });
      }
      for (const field of ['defaultControlSetId', 'defaultWaterControlSetId'] as const) {
        const id = body[field];
        if (!id) continue;
        const [set] = await tx.select({ id: parameterSets.id }).from(parameterSets)
          .where(and(eq(parameterSets.id, id), eq(parameterSets.kind, 'control'), inScope(parameterSets.areaId, session)));
        if (!set) throw fieldError(c, field, 'errors.parameterSetNotFound', { setKind: nameOf('setKind', 'control') });
      }
      const changes = {
        ...(body.defaultPriceTableId !== undefined ? { defaultPriceTableId: body.defaultPriceTableId } : {}),
        ...(body.defaultControlSetId !== undefined ? { defaultControlSetId: body.defaultControlSetId } : {}),
        ...(body.defaultWaterControlSetId !== undefined ? { defaultWaterControlSetId: body.defaultWaterControlSetId } : {}),
      };
      await tx.update(areas).set(changes).where(eq(areas.id, areaId));
      await audit(tx as unknown as Db, session, { action: 'update', entity: 'areaDefaults', entityId: areaId, before, after: { ...before, ...changes } });
    });
    return ok(c, await defaultsOf(db, areaId));
  });

  return router;
}
