import { and, eq, inArray, sql } from 'drizzle-orm';
import { schema } from '../db';
import { createRouter, defineRoute, z } from '../http/router';
import { ok } from '../http/envelope';
import { IdList } from '../http/paging';
import { inScope } from '../http/scope';
import { badRequest } from '../http/errors';
import { audit } from '../audit';
import { IdArray } from '../http/input';
import { enqueueCommands } from '../domain/commands';

const { commands, waterMeters, electricMeters, modules, rooms } = schema;

/** Command states from which a command can be sent again. */
const RETRYABLE = ['failed', 'expired'];

export function commandRoutes() {
  const router = createRouter();

  defineRoute(router, {
    method: 'get', path: '/findByIds',
    summary: 'Progress of device commands (queued / sent / succeeded / failed / expired), with each device\'s address and room', tags: ['commands'],
    query: z.object({ ids: IdList }),
  }, async (c, { query }) => {
    const { db } = c.get('deps');
    const rows = await db.select({
      id: commands.id, deviceKind: commands.deviceKind, deviceId: commands.deviceId, type: commands.type, state: commands.state,
      attempts: commands.attempts, resultCode: commands.resultCode, createdAt: commands.createdAt, finishedAt: commands.finishedAt,
      deviceAddress: sql<string | null>`coalesce(${waterMeters.address}, ${electricMeters.address}, ${modules.address})`,
      roomCode: rooms.roomCode,
    }).from(commands)
      .leftJoin(waterMeters, and(eq(commands.deviceKind, 'water'), eq(waterMeters.id, commands.deviceId)))
      .leftJoin(electricMeters, and(eq(commands.deviceKind, 'electric'), eq(electricMeters.id, commands.deviceId)))
      .leftJoin(modules, and(eq(commands.deviceKind, 'module'), eq(modules.id, commands.deviceId)))
      .leftJoin(rooms, eq(rooms.id, sql`coalesce(${waterMeters.roomId}, ${electricMeters.roomId})`))
      .where(and(inArray(commands.id, query.ids.slice(0, 5000)), inScope(commands.areaId, c.get('session'))))
      .orderBy(commands.id);
    return ok(c, rows);
  });

  defineRoute(router, {
    method: 'post', path: '/retry', summary: 'Send failed or expired commands again (one new command each, same device, type and payload)', tags: ['commands'],
    body: z.object({ ids: IdArray(5000) }),
  }, async (c, { body }) => {
    const { db, now, commandsQueued } = c.get('deps');
    const session = c.get('session');
    const failed = await db.select().from(commands)
      .where(and(inArray(commands.id, body.ids), inArray(commands.state, RETRYABLE), inScope(commands.areaId, session)))
      .orderBy(commands.id);
    if (!failed.length) throw badRequest('errors.nothingToRetry');
    const ids = await db.transaction(async (tx) => {
      const created = await enqueueCommands(tx, session.userId, failed.map((command) => ({
        areaId: command.areaId, deviceKind: command.deviceKind as 'water' | 'electric' | 'module', deviceId: command.deviceId,
        type: command.type, payload: command.payload ?? {},
      })), now());
      await audit(tx, session, { action: 'retry', entity: 'command', entityId: failed.map((command) => command.id).join(','), after: { commandIds: created } });
      return created;
    });
    commandsQueued();
    return ok(c, { ids });
  });

  return router;
}
