import { and, eq, sql, type SQL } from 'drizzle-orm';
import { schema, type Db } from '../db';
import { createRouter, defineRoute, type z } from '../http/router';
import { Q } from '../http/input';
import { ok } from '../http/envelope';
import { PagingQuery } from '../http/paging';
import { listPage, matches, rowsById, type ListSpec } from '../db/listKit';
import { inScope } from '../http/scope';
import { rowsOf } from '../db/rows';
import { batchesById, csvResponse, csvTime } from '../http/csvStream';
import { PlaceFilters, numbers, placeConditions, rangeCheck, rangeConditions, rangeFilters } from './statsKit';

const { presetEnergyRecords: records, electricMeters, rooms, buildings, projects, sysUsers, commands } = schema;

/** The results a preset energy record holds (server/domain/presetEnergy.ts). */
export const PRESET_RESULTS = ['succeeded', 'failed', 'unsupported', 'expired'] as const;

/**
 * Preset energy records (预置电量记录, `preset_power_record`, issue 30): one row per preset command's
 * result (meter, room, kWh, operator, result, time), as the statistics record lists are (statsRecords.ts):
 * paged and filtered on the list kit with the totals of the filtered set, and that set as CSV.
 */
const RecordQuery = PagingQuery.extend({
  ...PlaceFilters, meterAddress: Q.text(20), operator: Q.text(50), state: Q.oneOf(PRESET_RESULTS), ...rangeFilters('created'),
}).superRefine(rangeCheck('created'));
type RecordFilter = z.output<typeof RecordQuery>;

const recordQuery = (db: Db) => db.select({
  id: records.id, meterId: records.meterId, meterAddress: electricMeters.address, roomId: records.roomId,
  roomCode: rooms.roomCode, buildingName: buildings.name, projectName: projects.name,
  energy: records.energy, state: records.state, commandId: records.commandId,
  /** Why a preset did not succeed: its command's result code (no_reply, device_error, unsupported, no_path, deadline…). */
  reason: sql<string | null>`CASE WHEN ${records.state} <> 'succeeded' THEN ${commands.resultCode} END`,
  operatorName: sql<string | null>`coalesce(${sysUsers.realName}, ${sysUsers.userName})`, createdAt: records.createdAt,
}).from(records)
  .leftJoin(electricMeters, eq(electricMeters.id, records.meterId))
  .leftJoin(rooms, eq(rooms.id, records.roomId))
  .leftJoin(buildings, eq(buildings.id, rooms.buildingId))
  .leftJoin(projects, eq(projects.id, rooms.projectId))
  .leftJoin(sysUsers, eq(sysUsers.id, records.operatorId))
  .leftJoin(commands, eq(commands.id, records.commandId));
type RecordRow = Awaited<ReturnType<ReturnType<typeof recordQuery>['where']>>[number];

const recordList: ListSpec<RecordRow> = {
  table: records, id: records.id, area: records.areaId,
  sorts: { id: records.id, createdAt: records.createdAt, energy: records.energy, state: records.state },
  defaultSort: { field: 'createdAt', descending: true },
  rows: rowsById('preset_energy_record_rows', recordQuery, records.id),
};

const conditions = (query: RecordFilter): SQL | undefined => and(
  ...placeConditions(records.roomId, query),
  query.meterAddress?.trim() ? sql`${records.meterId} IN (SELECT ${electricMeters.id} FROM ${electricMeters} WHERE ${matches(electricMeters.address, query.meterAddress)})` : undefined,
  query.operator?.trim() ? sql`${records.operatorId} IN (SELECT ${sysUsers.id} FROM ${sysUsers} WHERE ${matches(sysUsers.userName, query.operator)} OR ${matches(sysUsers.realName, query.operator)})` : undefined,
  query.state ? eq(records.state, query.state) : undefined,
  rangeConditions(records.createdAt, query, 'created'),
);

const F = 'resources.preset_power_record.fields';

export function presetEnergyRecordRoutes() {
  const router = createRouter();
  const tags = ['statistics records'];

  defineRoute(router, {
    method: 'get', path: '/findByCondition', tags, query: RecordQuery,
    summary: 'Preset energy records (meter, room, energy kWh, operator, result succeeded | failed | unsupported | expired, time), paged, with totals (count, succeeded, energy of the succeeded). Filters: projectId, buildingId, roomId, roomCode, meterAddress, operator, state, createdFrom, createdTo',
  }, async (c, { query }) => {
    const { db } = c.get('deps');
    const where = conditions(query);
    const [page, [totals]] = await Promise.all([
      listPage(db, recordList, { where, paging: query, areaIds: c.get('session').areaIds }),
      db.execute(sql`SELECT count(*) AS count, count(*) FILTER (WHERE ${records.state} = 'succeeded') AS succeeded,
        coalesce(sum(${records.energy}) FILTER (WHERE ${records.state} = 'succeeded'), 0) AS energy
        FROM ${records} WHERE ${and(inScope(records.areaId, c.get('session')), where)}`).then((result) => rowsOf<Record<string, unknown>>(result)),
    ]);
    return ok(c, { ...page, totals: numbers(totals) });
  });

  defineRoute(router, {
    method: 'get', path: '/exportByCondition', tags, query: RecordQuery,
    summary: 'Preset energy records as CSV (the filtered set, streamed)',
  }, async (c, { query }) => {
    const { db } = c.get('deps');
    const where = and(inScope(records.areaId, c.get('session')), conditions(query));
    return csvResponse<RecordRow>(c, 'preset-energy-records', [
      { label: `${F}.createdAt`, value: (row) => csvTime(row.createdAt), kind: 'time' },
      { label: `${F}.meterAddress`, value: (row) => row.meterAddress, kind: 'code' },
      { label: `${F}.projectName`, value: (row) => row.projectName },
      { label: `${F}.buildingName`, value: (row) => row.buildingName },
      { label: `${F}.roomCode`, value: (row) => row.roomCode, kind: 'code' },
      { label: `${F}.energy`, value: (row) => row.energy, kind: 'quantity' },
      { label: `${F}.state`, value: (row, t) => t(`presetEnergy.result.${row.state}`) },
      { label: `${F}.reason`, value: (row, t) => (row.reason ? t(`commands.reasons.${row.reason}`) : '') },
      { label: `${F}.operatorName`, value: (row) => row.operatorName },
    ], () => batchesById<RecordRow>(() => recordQuery(db) as never, records.id, where));
  });

  return router;
}
