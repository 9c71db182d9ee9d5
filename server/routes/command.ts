import { and, inArray } from 'drizzle-orm';
import { schema } from '../db';
import { createRouter, defineRoute, z } from '../http/router';
import { ok } from '../http/envelope';
import { IdList } from '../http/paging';
import { inScope } from '../http/scope';

const { commands } = schema;

export function commandRoutes() {
  const router = createRouter();

  defineRoute(router, {
    method: 'get', path: '/findByIds', summary: 'Progress of device commands (queued / sent / succeeded / failed / expired)', tags: ['commands'],
    query: z.object({ ids: IdList }),
  }, async (c, { query }) => {
    const { db } = c.get('deps');
    const rows = await db.select({
      id: commands.id, deviceKind: commands.deviceKind, deviceId: commands.deviceId, type: commands.type, state: commands.state,
      attempts: commands.attempts, resultCode: commands.resultCode, createdAt: commands.createdAt, finishedAt: commands.finishedAt,
    }).from(commands).where(and(inArray(commands.id, query.ids.slice(0, 5000)), inScope(commands.areaId, c.get('session'))));
    return ok(c, rows);
  });

  return router;
}
