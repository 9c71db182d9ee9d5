import { and, eq, inArray, sql } from 'drizzle-orm';
import { schema } from '../db';
import { createRouter, defineRoute, fieldError, z } from '../http/router';
import { listOf, nameOf } from '../domain/results';
import { ok } from '../http/envelope';
import { IdList } from '../http/paging';
import { inScope } from '../http/scope';
import { badRequest } from '../http/errors';
import { audit } from '../audit';
import { Bool, Id, IdArray, MoneyFen, Num, Text } from '../http/input';
import { enqueueCommands, moduleAway, type NewCommand } from '../domain/commands';
import { PARAMETER_SET_KINDS, checkPayload, commandAllowed } from '../domain/commandTypes';
import { nothingLeftRefusal, planLog, planSupplyAction, previewOf } from '../domain/supply';
import { ArrearsOverride, checkArrearsOverride } from '../http/massConfirm';
import { COMMAND_TYPES, FINISHED_COMMAND_STATES, TRIP_CAUSES } from '../../common/states';

const { commands, waterMeters, electricMeters, modules, rooms, parameterSets } = schema;

/** Command states from which a command can be sent again. */
const RETRYABLE = FINISHED_COMMAND_STATES.filter((state) => state !== 'succeeded');

/** The API's schema of a command's payload (which fields each type takes: `checkPayload`). */
const CommandPayloadInput = z.object({
  cause: z.enum(TRIP_CAUSES).optional(),
  remark: Text(200, 0).optional(),
  broadcast: Bool.optional(),
  setKind: z.enum(PARAMETER_SET_KINDS).optional(),
  setId: Id.optional(),
  energy: Num(0.01, 999999.99).optional(),
  amountFen: MoneyFen.optional(),
}).strict();

export function commandRoutes() {
  const router = createRouter();

  defineRoute(router, {
    method: 'get', path: '/findByIds',
    summary: 'Progress of device commands (queued / sent / succeeded / failed / expired), with each device\'s address and room; `held`: queued and waiting for its module to come back online', tags: ['commands'],
    query: z.object({ ids: IdList }),
  }, async (c, { query }) => {
    const { db } = c.get('deps');
    const rows = await db.select({
      id: commands.id, deviceKind: commands.deviceKind, deviceId: commands.deviceId, type: commands.type, state: commands.state,
      attempts: commands.attempts, resultCode: commands.resultCode, result: commands.result, createdAt: commands.createdAt, finishedAt: commands.finishedAt,
      deviceAddress: sql<string | null>`coalesce(${waterMeters.address}, ${electricMeters.address}, ${modules.address})`,
      roomCode: rooms.roomCode,
      held: sql<boolean>`(${commands.state} = 'queued' AND ${moduleAway(sql`${commands.moduleId}`)})`,
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

  /*
   * Payload per type (anything else is refused, naming the field): trip `cause` (default manual);
   * time_sync `broadcast`; set_parameter `setKind` + `setId` (a parameter set of that kind in the
   * caller's area); preset_energy `energy` (kWh); recharge `amountFen`; `remark` with any type.
   * The chosen devices follow the one rule of mass actions (server/domain/supply.ts, issue 40): those
   * already in the target state, kept meters of a trip (DOMAIN.md rule 2) and, for a restore, those in
   * arrears (unless `includeArrears` with an `overrideReason`) are left out and counted (`leftOut`); a
   * request that leaves every device out is refused, naming them and why. `dryRun` answers the counts.
   * A broadcast time_sync is one command per module of the chosen meters (deviceKind `module`: one
   * broadcast frame per bus reaches them all), plus one per meter without a module. A meter without
   * a module is queued all the same and fails `no_path`, so the progress panel gives the reason.
   */
  defineRoute(router, {
    method: 'post', path: '/create',
    summary: 'Queue one command per device (binding: other tools use it). Types as in common/states.ts, payload fields per type (trip: cause; time_sync: broadcast, one command per module; set_parameter: setKind + setId; preset_energy: energy; recharge: amountFen). Devices already in the target state, kept meters of a trip and, for a restore (direct_close, close_allowed, valve_open), devices whose account is in arrears (unless `includeArrears` with an `overrideReason`) are left out; all left out: 400 naming them. `dryRun` answers `{ ids: [], count, leftOut, inArrears }`; otherwise `{ ids, count, leftOut, inArrears }`; progress by command/findByIds',
    tags: ['commands'],
    body: z.object({
      deviceKind: z.enum(['electric', 'water']),
      deviceIds: IdArray(5000),
      type: z.enum(COMMAND_TYPES),
      payload: CommandPayloadInput.optional(),
      /** Answer what would be queued and what left out, queue nothing. */
      dryRun: Bool.optional(),
      ...ArrearsOverride,
    }),
  }, async (c, { body }) => {
    const { db, now, commandsQueued } = c.get('deps');
    const session = c.get('session');
    if (!commandAllowed(body.deviceKind, body.type)) throw fieldError(c, 'type', 'errors.commandNotForDevice', { type: nameOf('command', body.type), kind: nameOf('utility', body.deviceKind) });
    const checked = checkPayload(body.type, body.payload ?? {});
    if ('problem' in checked) throw fieldError(c, checked.problem.field, checked.problem.key, checked.problem.params);
    const { payload } = checked;
    const includeArrears = checkArrearsOverride(c, body.type, body);
    if (body.type === 'set_parameter') {
      const [set] = await db.select({ id: parameterSets.id }).from(parameterSets)
        .where(and(eq(parameterSets.id, payload.setId!), eq(parameterSets.kind, payload.setKind!), inScope(parameterSets.areaId, session)));
      if (!set) throw fieldError(c, 'payload.setId', 'errors.parameterSetNotFound', { setKind: nameOf('setKind', payload.setKind!) });
    }
    const table = body.deviceKind === 'water' ? waterMeters : electricMeters;
    const wanted = [...new Set(body.deviceIds)];
    const chosen = and(inArray(table.id, wanted), inScope(table.areaId, session));
    const found = await db.select({ id: table.id }).from(table).where(chosen);
    if (found.length !== wanted.length) {
      const known = new Set(found.map((meter) => meter.id));
      throw fieldError(c, 'deviceIds', 'errors.devicesNotFound', { ids: listOf(wanted.filter((id) => !known.has(id))) });
    }
    // The one rule of what a mass action includes: already there, kept (a trip), in arrears (a restore).
    const plan = await planSupplyAction(db, body.deviceKind, body.type, chosen, { includeArrears });
    if (body.dryRun) return ok(c, { ids: [], ...previewOf(plan) });
    if (!plan.devices.length) throw nothingLeftRefusal(plan, body.type);
    const items: NewCommand[] = [];
    if (body.type === 'time_sync' && payload.broadcast) {
      // One broadcast frame per bus reaches every meter on it (DL/T 645 08 to 99…99, no reply).
      const byModule = new Map<number, number>();
      for (const meter of plan.devices) {
        if (meter.moduleId === null) items.push({ areaId: meter.areaId, deviceKind: body.deviceKind, deviceId: meter.id, type: body.type, payload });
        else if (!byModule.has(meter.moduleId)) byModule.set(meter.moduleId, meter.areaId);
      }
      for (const [moduleId, areaId] of byModule) items.push({ areaId, deviceKind: 'module', deviceId: moduleId, type: body.type, payload });
    } else {
      for (const meter of plan.devices) items.push({ areaId: meter.areaId, deviceKind: body.deviceKind, deviceId: meter.id, type: body.type, payload });
    }
    const ids = await db.transaction(async (tx) => {
      const created = await enqueueCommands(tx, session.userId, items, now());
      await audit(tx, session, {
        action: 'command', entity: `${body.deviceKind}Meter`, entityId: wanted.slice(0, 200).join(','),
        after: { type: body.type, payload, commandIds: created.length, ...planLog(plan, body.overrideReason) },
      });
      return created;
    });
    commandsQueued();
    return ok(c, { ids, ...previewOf(plan), count: plan.count });
  });

  return router;
}
