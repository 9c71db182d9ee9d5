import { and, eq, inArray, sql } from 'drizzle-orm';
import { schema, type Db } from '../db';
import { createRouter, defineRoute, fieldError, z } from '../http/router';
import { listOf } from '../domain/results';
import { ok } from '../http/envelope';
import { IdArray, Q, Text } from '../http/input';
import { IdListQuery } from '../http/input';
import { PagingQuery } from '../http/paging';
import { inScope } from '../http/scope';
import { audit } from '../audit';
import { matches, rowsById, type ListSpec } from '../db/listKit';
import { csvTime } from '../http/csvStream';
import { fenToYuan } from '../../common/money';
import { enqueueCommands, type NewCommand } from '../domain/commands';
import { calibrationOf, type CalibrationPayload } from '../domain/calibration';
import { PlaceFilters, placeConditions, rangeCheck, rangeConditions, rangeFilters } from './statsKit';
import { exportRoute, listWithTotals } from './statsRecords';

const { calibrationRecords, commands, electricMeters, accounts, rooms, buildings, projects, sysUsers } = schema;

/**
 * Recharge calibration (issue 30, DOMAIN.md rule 4): `compare` queues a `recharge` command with
 * `calibration.phase = 'compare'` per chosen electric meter (the meter reads its purchase count
 * and remaining amount; the platform's sale counter and balance go with the command);
 * `findComparison` answers each compare beside the platform's figures now; `correct` queues, for
 * the compares the operator ticked, a `recharge` command that writes the platform's figures to
 * the meter (the platform is the truth), with the operator's reason. A correction is a record of
 * `chongzhijiaozhunjilu` only when its command succeeds (server/domain/calibration.ts).
 */

/** The platform's prepaid figures of each meter's room (electric account), in the caller's scope. */
async function metersWithAccounts(db: Db, ids: number[], session: Parameters<typeof inScope>[1]) {
  return db.select({
    id: electricMeters.id, areaId: electricMeters.areaId, address: electricMeters.address, roomId: electricMeters.roomId,
    balanceFen: accounts.balanceFen, saleCount: accounts.saleCount,
  }).from(electricMeters)
    .leftJoin(accounts, and(eq(accounts.roomId, electricMeters.roomId), eq(accounts.utility, 'electric')))
    .where(and(inArray(electricMeters.id, ids), inScope(electricMeters.areaId, session)))
    .orderBy(electricMeters.id);
}

/** A compare command with what it read, the platform's figures then and now, and the differences. */
function comparison(row: {
  id: number; deviceId: number; state: string; resultCode: string | null; result: unknown; payload: unknown;
  address: string | null; roomCode: string | null; buildingName: string | null; balanceFen: number | null; saleCount: number | null;
}) {
  const calibration = calibrationOf(row.payload as Record<string, unknown>);
  const result = (row.result ?? {}) as Record<string, unknown>;
  const meterBalanceFen = row.state === 'succeeded' && typeof result.meterBalanceFen === 'number' ? result.meterBalanceFen : null;
  const meterSaleCount = row.state === 'succeeded' && typeof result.meterSaleCount === 'number' ? result.meterSaleCount : null;
  const platformBalanceFen = row.balanceFen ?? calibration?.platformBalanceFen ?? null;
  const platformSaleCount = row.saleCount ?? calibration?.platformSaleCount ?? null;
  const balanceDiffFen = meterBalanceFen !== null && platformBalanceFen !== null ? meterBalanceFen - platformBalanceFen : null;
  const saleCountDiff = meterSaleCount !== null && platformSaleCount !== null ? meterSaleCount - platformSaleCount : null;
  return {
    id: row.id, meterId: row.deviceId, meterAddress: row.address, roomCode: row.roomCode, buildingName: row.buildingName,
    state: row.state, resultCode: row.resultCode,
    platformBalanceFen, platformSaleCount, meterBalanceFen, meterSaleCount, balanceDiffFen, saleCountDiff,
    differs: (balanceDiffFen ?? 0) !== 0 || (saleCountDiff ?? 0) !== 0,
  };
}

// ---- records (chongzhijiaozhunjilu) -------------------------------------------------------------

const RecordQuery = PagingQuery.extend({
  ...PlaceFilters, meterAddress: Q.text(20), operator: Q.text(50), ...rangeFilters('created'),
}).superRefine(rangeCheck('created'));
type RecordFilter = z.output<typeof RecordQuery>;

const recordQuery = (db: Db) => db.select({
  id: calibrationRecords.id, meterId: calibrationRecords.meterId, meterAddress: electricMeters.address, roomId: calibrationRecords.roomId,
  roomCode: rooms.roomCode, buildingName: buildings.name, projectName: projects.name,
  platformSaleCount: calibrationRecords.platformSaleCount, meterSaleCount: calibrationRecords.meterSaleCount,
  platformBalanceFen: calibrationRecords.platformBalanceFen, meterBalanceFen: calibrationRecords.meterBalanceFen,
  correctionFen: calibrationRecords.correctionFen,
  meterBalanceFenAfter: sql<number | null>`(${calibrationRecords.detail}->>'meterBalanceFenAfter')::bigint`.mapWith(Number),
  meterSaleCountAfter: sql<number | null>`(${calibrationRecords.detail}->>'meterSaleCountAfter')::int`.mapWith(Number),
  reason: sql<string | null>`${calibrationRecords.detail}->>'reason'`,
  commandId: sql<number | null>`(${calibrationRecords.detail}->>'commandId')::bigint`.mapWith(Number),
  operatorId: calibrationRecords.operatorId, operatorName: sql<string | null>`coalesce(${sysUsers.realName}, ${sysUsers.userName})`,
  createdAt: calibrationRecords.createdAt,
}).from(calibrationRecords)
  .leftJoin(electricMeters, eq(electricMeters.id, calibrationRecords.meterId))
  .leftJoin(rooms, eq(rooms.id, calibrationRecords.roomId))
  .leftJoin(buildings, eq(buildings.id, rooms.buildingId))
  .leftJoin(projects, eq(projects.id, rooms.projectId))
  .leftJoin(sysUsers, eq(sysUsers.id, calibrationRecords.operatorId));
type RecordRow = Awaited<ReturnType<ReturnType<typeof recordQuery>['where']>>[number];

const recordList: ListSpec<RecordRow> = {
  table: calibrationRecords, id: calibrationRecords.id, area: calibrationRecords.areaId,
  sorts: { id: calibrationRecords.id, createdAt: calibrationRecords.createdAt, correctionFen: calibrationRecords.correctionFen },
  defaultSort: { field: 'createdAt', descending: true },
  rows: rowsById('calibration_record_rows', recordQuery, calibrationRecords.id),
};

const recordConditions = (query: RecordFilter) => and(
  ...placeConditions(calibrationRecords.roomId, query),
  query.meterAddress?.trim() ? sql`${calibrationRecords.meterId} IN (SELECT ${electricMeters.id} FROM ${electricMeters} WHERE ${matches(electricMeters.address, query.meterAddress)})` : undefined,
  query.operator?.trim() ? sql`${calibrationRecords.operatorId} IN (SELECT ${sysUsers.id} FROM ${sysUsers} WHERE ${matches(sysUsers.userName, query.operator)} OR ${matches(sql`coalesce(${sysUsers.realName}, '')`, query.operator)})` : undefined,
  rangeConditions(calibrationRecords.createdAt, query, 'created'),
);

export function rechargeCalibrationRoutes() {
  const router = createRouter();
  const tags = ['recharge calibration'];

  defineRoute(router, {
    method: 'post', path: '/compare', tags,
    summary: 'Read the purchase count and remaining amount of chosen electric meters (meterIds, of your area, each in a room with an electric account): one recharge command with calibration phase "compare" each; answers { ids } (progress and figures by findComparison)',
    body: z.object({ meterIds: IdArray(5000) }),
  }, async (c, { body }) => {
    const { db, now, commandsQueued } = c.get('deps');
    const session = c.get('session');
    const wanted = [...new Set(body.meterIds)];
    const found = await metersWithAccounts(db, wanted, session);
    if (found.length !== wanted.length) {
      const known = new Set(found.map((meter) => meter.id));
      throw fieldError(c, 'meterIds', 'errors.devicesNotFound', { ids: listOf(wanted.filter((id) => !known.has(id))) });
    }
    const withoutAccount = found.filter((meter) => meter.balanceFen === null);
    if (withoutAccount.length) throw fieldError(c, 'meterIds', 'errors.calibration.noAccount', { addresses: listOf(withoutAccount.map((meter) => meter.address)) });
    const calibrated = new Set((await db.selectDistinct({ meterId: calibrationRecords.meterId }).from(calibrationRecords)
      .where(inArray(calibrationRecords.meterId, wanted))).map((row) => row.meterId));
    const items: NewCommand[] = found.map((meter) => ({
      areaId: meter.areaId, deviceKind: 'electric', deviceId: meter.id, type: 'recharge',
      payload: {
        amountFen: 0,
        calibration: {
          phase: 'compare', platformBalanceFen: meter.balanceFen!, platformSaleCount: meter.saleCount!, ...(calibrated.has(meter.id) ? { calibratedBefore: true } : {}),
        } satisfies CalibrationPayload,
      },
    }));
    const ids = await db.transaction(async (tx) => {
      const created = await enqueueCommands(tx, session.userId, items, now());
      await audit(tx, session, { action: 'calibrationCompare', entity: 'electricMeter', entityId: wanted.slice(0, 200).join(','), after: { commandIds: created.length } });
      return created;
    });
    commandsQueued();
    return ok(c, { ids });
  });

  defineRoute(router, {
    method: 'get', path: '/findComparison', tags,
    summary: 'Compare commands (ids) with what each meter read (meterBalanceFen, meterSaleCount), the platform\'s figures now (platformBalanceFen, platformSaleCount), the differences (meter − platform) and differs',
    query: z.object({ ids: IdListQuery() }),
  }, async (c, { query }) => {
    const { db } = c.get('deps');
    const rows = await db.select({
      id: commands.id, deviceId: commands.deviceId, state: commands.state, resultCode: commands.resultCode, result: commands.result, payload: commands.payload,
      address: electricMeters.address, roomCode: rooms.roomCode, buildingName: buildings.name, balanceFen: accounts.balanceFen, saleCount: accounts.saleCount,
    }).from(commands)
      .leftJoin(electricMeters, eq(electricMeters.id, commands.deviceId))
      .leftJoin(rooms, eq(rooms.id, electricMeters.roomId))
      .leftJoin(buildings, eq(buildings.id, rooms.buildingId))
      .leftJoin(accounts, and(eq(accounts.roomId, electricMeters.roomId), eq(accounts.utility, 'electric')))
      .where(and(inArray(commands.id, query.ids), eq(commands.type, 'recharge'), eq(commands.deviceKind, 'electric'), inScope(commands.areaId, c.get('session'))))
      .orderBy(commands.id);
    return ok(c, rows.filter((row) => calibrationOf(row.payload as Record<string, unknown>)?.phase === 'compare').map(comparison));
  });

  defineRoute(router, {
    method: 'post', path: '/correct', tags,
    summary: 'Correct the meters of ticked compares (commandIds: succeeded compare commands of your area) to the platform\'s sale counter and balance, with a reason (1–200 characters): one recharge command with calibration phase "correct" each (amountFen = platform − meter); meters that now agree are left out and counted (unchanged). The record is written when the command succeeds. Answers { ids, unchanged }',
    body: z.object({ commandIds: IdArray(5000), reason: Text(200) }),
  }, async (c, { body }) => {
    const { db, now, commandsQueued } = c.get('deps');
    const session = c.get('session');
    const wanted = [...new Set(body.commandIds)];
    const rows = await db.select({
      id: commands.id, areaId: commands.areaId, deviceId: commands.deviceId, state: commands.state, payload: commands.payload, result: commands.result,
    }).from(commands)
      .where(and(inArray(commands.id, wanted), eq(commands.type, 'recharge'), eq(commands.deviceKind, 'electric'), inScope(commands.areaId, session)));
    const compares = rows.filter((row) => row.state === 'succeeded' && calibrationOf(row.payload as Record<string, unknown>)?.phase === 'compare');
    if (compares.length !== wanted.length) {
      const usable = new Set(compares.map((row) => row.id));
      throw fieldError(c, 'commandIds', 'errors.calibration.notCompared', { ids: listOf(wanted.filter((id) => !usable.has(id))) });
    }
    const meters = new Map((await metersWithAccounts(db, [...new Set(compares.map((row) => row.deviceId))], session)).map((meter) => [meter.id, meter]));
    const items: NewCommand[] = [];
    let unchanged = 0;
    for (const compare of compares) {
      const meter = meters.get(compare.deviceId);
      const result = (compare.result ?? {}) as Record<string, unknown>;
      if (!meter || meter.balanceFen === null || typeof result.meterBalanceFen !== 'number' || typeof result.meterSaleCount !== 'number') {
        throw fieldError(c, 'commandIds', 'errors.calibration.notCompared', { ids: String(compare.id) });
      }
      if (result.meterBalanceFen === meter.balanceFen && result.meterSaleCount === meter.saleCount) {
        unchanged++;
        continue;
      }
      const calibration: CalibrationPayload = {
        phase: 'correct', platformBalanceFen: meter.balanceFen, platformSaleCount: meter.saleCount!,
        meterBalanceFen: result.meterBalanceFen, meterSaleCount: result.meterSaleCount, compareCommandId: compare.id, reason: body.reason,
      };
      items.push({ areaId: meter.areaId, deviceKind: 'electric', deviceId: meter.id, type: 'recharge', payload: { amountFen: meter.balanceFen - result.meterBalanceFen, calibration } });
    }
    const ids = await db.transaction(async (tx) => {
      const created = await enqueueCommands(tx, session.userId, items, now());
      await audit(tx, session, { action: 'calibrationCorrect', entity: 'electricMeter', entityId: items.slice(0, 200).map((item) => item.deviceId).join(','), after: { reason: body.reason, commandIds: created.length, unchanged } });
      return created;
    });
    if (ids.length) commandsQueued();
    return ok(c, { ids, unchanged });
  });

  listWithTotals(router, {
    summary: 'Recharge calibration records (meter, room, platform and meter figures before, the meter after, correction, reason, operator, time), paged, with totals. Filters: projectId, buildingId, roomId, roomCode, meterAddress, operator, createdFrom, createdTo',
    query: RecordQuery, conditions: recordConditions, list: recordList, table: calibrationRecords,
    totals: () => sql`count(*) AS count, coalesce(sum(${calibrationRecords.correctionFen}), 0) AS "correctionFen"`,
  });

  const F = 'resources.chongzhijiaozhunjilu.fields';
  exportRoute<typeof RecordQuery, RecordRow>(router, {
    summary: 'Recharge calibration records as CSV (the filtered set, streamed)', query: RecordQuery, name: 'recharge-calibration', where: recordConditions, select: recordQuery,
    table: { areaId: calibrationRecords.areaId, id: calibrationRecords.id },
    fields: () => [
      { label: `${F}.createdAt`, value: (row) => csvTime(row.createdAt), kind: 'time' },
      { label: `${F}.projectName`, value: (row) => row.projectName }, { label: `${F}.buildingName`, value: (row) => row.buildingName },
      { label: `${F}.roomCode`, value: (row) => row.roomCode, kind: 'code' }, { label: `${F}.meterAddress`, value: (row) => row.meterAddress, kind: 'code' },
      { label: `${F}.platformSaleCount`, value: (row) => row.platformSaleCount, kind: 'number' }, { label: `${F}.meterSaleCount`, value: (row) => row.meterSaleCount, kind: 'number' },
      { label: `${F}.platformBalanceFen`, value: (row) => (row.platformBalanceFen === null ? '' : fenToYuan(row.platformBalanceFen)), kind: 'money' },
      { label: `${F}.meterBalanceFen`, value: (row) => (row.meterBalanceFen === null ? '' : fenToYuan(row.meterBalanceFen)), kind: 'money' },
      { label: `${F}.meterBalanceFenAfter`, value: (row) => (row.meterBalanceFenAfter === null ? '' : fenToYuan(row.meterBalanceFenAfter)), kind: 'money' },
      { label: `${F}.correctionFen`, value: (row) => fenToYuan(row.correctionFen), kind: 'money' },
      { label: `${F}.reason`, value: (row) => row.reason }, { label: `${F}.operatorName`, value: (row) => row.operatorName },
    ],
  });

  return router;
}
