import { and, desc, eq, sql } from 'drizzle-orm';
import { schema } from '../db';
import { createRouter, defineRoute, z } from '../http/router';
import { Id } from '../http/input';
import { ok } from '../http/envelope';
import { notFound } from '../http/errors';
import { inScope } from '../http/scope';
import { moduleAway } from '../domain/commands';

const { commands, electricMeters, parameterSets, sysUsers } = schema;

/** How many assignments of a meter the history answers (the latest first). */
export const SET_HISTORY_MAX = 100;

/**
 * The history of the parameter sets sent to a meter (issue 30): every `set_parameter` command of
 * the meter, the latest first, with the set, who sent it, when, and how it ended (a meter's set
 * changes only when its command succeeded). Another area's meter answers 404.
 */
export function parameterAssignmentRoutes() {
  const router = createRouter();
  defineRoute(router, {
    method: 'get', path: '/findByMeter', tags: ['parameterSets'],
    summary: 'The parameter sets sent to an electric meter (meterId), latest first, at most 100: setKind, setId, setName, state, resultCode, held (queued, waiting for its module), operatorName, createdAt, finishedAt',
    query: z.object({ meterId: Id }),
  }, async (c, { query }) => {
    const { db } = c.get('deps');
    const session = c.get('session');
    const [meter] = await db.select({ id: electricMeters.id }).from(electricMeters)
      .where(and(eq(electricMeters.id, query.meterId), inScope(electricMeters.areaId, session)));
    if (!meter) throw notFound('errors.recordNotFound');
    const rows = await db.select({
      id: commands.id, state: commands.state, resultCode: commands.resultCode, createdAt: commands.createdAt, finishedAt: commands.finishedAt,
      setKind: sql<string>`${commands.payload}->>'setKind'`, setId: sql<number>`(${commands.payload}->>'setId')::int`,
      setName: parameterSets.name, operatorName: sql<string | null>`coalesce(${sysUsers.realName}, ${sysUsers.userName})`,
      held: sql<boolean>`(${commands.state} = 'queued' AND ${moduleAway(sql`${commands.moduleId}`)})`,
    }).from(commands)
      .leftJoin(parameterSets, eq(parameterSets.id, sql`(${commands.payload}->>'setId')::int`))
      .leftJoin(sysUsers, eq(sysUsers.id, commands.operatorId))
      .where(and(eq(commands.deviceKind, 'electric'), eq(commands.deviceId, meter.id), eq(commands.type, 'set_parameter')))
      .orderBy(desc(commands.id)).limit(SET_HISTORY_MAX);
    return ok(c, { records: rows, total: rows.length });
  });
  return router;
}
