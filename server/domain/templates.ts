import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { schema, type Db } from '../db';
import { PARAMETER_KINDS, type ParameterKind } from '../../common/tariffs';

/**
 * The templates of the basic parameters (price tables, day schedules, parameter sets): what uses
 * each of them (issue 29: "used by N meters", no delete while in use) and the assignment of a set
 * to a meter, which changes only when the meter has taken it (a `set_parameter` command succeeded).
 */
const { electricMeters, waterMeters, priceTables, parameterSets, rooms } = schema;

/** The electric meter column that holds a set of each kind. */
export const ELECTRIC_SET_COLUMN: Record<ParameterKind, PgColumn> = {
  power: electricMeters.powerSetId, control: electricMeters.controlSetId, load: electricMeters.loadSetId,
  night: electricMeters.nightSetId, timed: electricMeters.timedSetId, gift: electricMeters.giftSetId,
};

/** One user of a template: a meter (electric or water), or another template (a schedule's users). */
export interface TemplateUser {
  kind: 'electric' | 'water' | 'priceTable' | 'timedSet';
  id: number;
  /** Meter address, or the template's name. */
  name: string;
  roomCode: string | null;
}

/**
 * The id column of a template's row written with its table's name: drizzle writes a column of a
 * one-table select without it, and inside a subquery on the meters `"id"` would be the meter's.
 */
const outerId = (table: 'price_tables' | 'parameter_sets' | 'time_periods') => sql.raw(`"${table}"."id"`);

/** How many meters use a price table (an SQL count for a list's rows). */
export const priceTableUseCount = (id: SQL = outerId('price_tables')) =>
  sql<number>`(SELECT count(*)::int FROM ${electricMeters} WHERE ${electricMeters.priceTableId} = ${id})`;

/** How many meters use a parameter set of a kind (electric meters; water meters too for a gift set). */
export const parameterSetUseCount = (kind: ParameterKind, id: SQL = outerId('parameter_sets')) => kind === 'gift'
  ? sql<number>`((SELECT count(*)::int FROM ${electricMeters} WHERE ${electricMeters.giftSetId} = ${id}) + (SELECT count(*)::int FROM ${waterMeters} WHERE ${waterMeters.giftSetId} = ${id}))`
  : sql<number>`(SELECT count(*)::int FROM ${electricMeters} WHERE ${ELECTRIC_SET_COLUMN[kind]} = ${id})`;

/** How many templates use a day schedule: time-of-use price tables and timed on/off sets. */
export const scheduleUseCount = (id: SQL = outerId('time_periods')) =>
  sql<number>`((SELECT count(*)::int FROM ${priceTables} WHERE ${priceTables.timePeriodId} = ${id})
    + (SELECT count(*)::int FROM ${parameterSets} WHERE ${parameterSets.kind} = 'timed' AND (${parameterSets.values}->>'timePeriodId')::int = ${id}))`;

const LIST_MAX = 500;

/** The meters using a price table (at most 500, by address). */
export async function priceTableUsers(db: Db, id: number): Promise<TemplateUser[]> {
  return db.select({ kind: sql<'electric'>`'electric'`, id: electricMeters.id, name: electricMeters.address, roomCode: rooms.roomCode })
    .from(electricMeters).leftJoin(rooms, eq(rooms.id, electricMeters.roomId))
    .where(eq(electricMeters.priceTableId, id)).orderBy(electricMeters.address).limit(LIST_MAX);
}

/** The meters using a parameter set (at most 500 of each utility, by address). */
export async function parameterSetUsers(db: Db, kind: ParameterKind, id: number): Promise<TemplateUser[]> {
  const electric = await db.select({ kind: sql<'electric'>`'electric'`, id: electricMeters.id, name: electricMeters.address, roomCode: rooms.roomCode })
    .from(electricMeters).leftJoin(rooms, eq(rooms.id, electricMeters.roomId))
    .where(eq(ELECTRIC_SET_COLUMN[kind], id)).orderBy(electricMeters.address).limit(LIST_MAX);
  if (kind !== 'gift') return electric;
  const water = await db.select({ kind: sql<'water'>`'water'`, id: waterMeters.id, name: waterMeters.address, roomCode: rooms.roomCode })
    .from(waterMeters).leftJoin(rooms, eq(rooms.id, waterMeters.roomId))
    .where(eq(waterMeters.giftSetId, id)).orderBy(waterMeters.address).limit(LIST_MAX);
  return [...electric, ...water];
}

/** The ids of every electric meter holding a parameter set (a push to its meters). */
export async function parameterSetElectricIds(db: Db, kind: ParameterKind, id: number): Promise<number[]> {
  const rows = await db.select({ id: electricMeters.id }).from(electricMeters).where(eq(ELECTRIC_SET_COLUMN[kind], id)).orderBy(electricMeters.id);
  return rows.map((row) => row.id);
}

/** The templates using a day schedule. */
export async function scheduleUsers(db: Db, id: number): Promise<TemplateUser[]> {
  const tables = await db.select({ kind: sql<'priceTable'>`'priceTable'`, id: priceTables.id, name: priceTables.name, roomCode: sql<null>`NULL` })
    .from(priceTables).where(eq(priceTables.timePeriodId, id)).orderBy(priceTables.id);
  const sets = await db.select({ kind: sql<'timedSet'>`'timedSet'`, id: parameterSets.id, name: parameterSets.name, roomCode: sql<null>`NULL` })
    .from(parameterSets).where(and(eq(parameterSets.kind, 'timed'), sql`(${parameterSets.values}->>'timePeriodId')::int = ${id}`)).orderBy(parameterSets.id);
  return [...tables, ...sets];
}

/**
 * A `set_parameter` command succeeded: the meter now holds the set, so the meter's assignment of
 * that kind becomes the set (inside the transaction that records the outcome; DOMAIN.md: nothing
 * changes a device's recorded state except a command's result). The set must still exist, be of
 * that kind and of the meter's area (it may have been deleted meanwhile: then nothing changes).
 * Water meters take only gift sets. Returns whether an assignment was written.
 */
export async function assignParameterSet(db: Db, command: { deviceKind: string; deviceId: number; type: string; payload: Record<string, unknown> }): Promise<boolean> {
  if (command.type !== 'set_parameter') return false;
  const kind = command.payload.setKind as ParameterKind;
  const setId = command.payload.setId;
  if (!PARAMETER_KINDS.includes(kind) || typeof setId !== 'number') return false;
  const sameArea = (area: PgColumn) =>
    sql`EXISTS (SELECT 1 FROM ${parameterSets} WHERE ${parameterSets.id} = ${setId} AND ${parameterSets.kind} = ${kind} AND ${parameterSets.areaId} = ${area})`;
  if (command.deviceKind === 'electric') {
    const done = await db.update(electricMeters).set({ [setKey(kind)]: setId })
      .where(and(eq(electricMeters.id, command.deviceId), sameArea(electricMeters.areaId))).returning({ id: electricMeters.id });
    return done.length > 0;
  }
  if (command.deviceKind === 'water' && kind === 'gift') {
    const done = await db.update(waterMeters).set({ giftSetId: setId })
      .where(and(eq(waterMeters.id, command.deviceId), sameArea(waterMeters.areaId))).returning({ id: waterMeters.id });
    return done.length > 0;
  }
  return false;
}

const setKey = (kind: ParameterKind) => `${kind}SetId` as const;

/** The set columns of an electric meter the meter itself acts on (living/parameters.ts ACTING_KINDS). */
const ACTING_SET_COLUMNS = { power: 'powerSetId', load: 'loadSetId', night: 'nightSetId', timed: 'timedSetId' } as const;

/**
 * What a simulated electric meter seen for the first time (a restart of the process) is told: the
 * sets assigned to it on the platform that the meter itself acts on, each as a `set_parameter`
 * payload with its values (and a timed set's schedule), as a real meter keeps its parameters
 * through a power cycle; and its last rate registers, which it continues. One look at the meter.
 */
export async function meterFirstSight(db: Db, meterId: number): Promise<{ sets: Record<string, unknown>[]; lastRegisters: (number | null)[] | null }> {
  const { electricMeters } = schema;
  const [meter] = await db.select({
    powerSetId: electricMeters.powerSetId, loadSetId: electricMeters.loadSetId, nightSetId: electricMeters.nightSetId, timedSetId: electricMeters.timedSetId,
    sharp: electricMeters.lastSharp, peak: electricMeters.lastPeak, flat: electricMeters.lastFlat, valley: electricMeters.lastValley,
  }).from(electricMeters).where(eq(electricMeters.id, meterId));
  if (!meter) return { sets: [], lastRegisters: null };
  const sets: Record<string, unknown>[] = [];
  for (const [kind, column] of Object.entries(ACTING_SET_COLUMNS)) {
    const setId = meter[column];
    if (typeof setId === 'number') sets.push(await withParameterValues(db, { setId, setKind: kind }));
  }
  return { sets: sets.filter((payload) => payload.values), lastRegisters: [meter.sharp, meter.peak, meter.flat, meter.valley] };
}

/**
 * A `set_parameter` payload with what the meter is to hold: the set's `values` as they are now and,
 * for a timed set, its day schedule's `segments` (drivers know no database: the pipeline hands them
 * these). A set deleted meanwhile: the payload as it is (the driver refuses it: no values).
 */
export async function withParameterValues(db: Db, payload: Record<string, unknown>): Promise<Record<string, unknown>> {
  const setId = payload.setId;
  if (typeof setId !== 'number') return payload;
  const [set] = await db.select({ kind: parameterSets.kind, values: parameterSets.values }).from(parameterSets).where(eq(parameterSets.id, setId));
  if (!set || set.kind !== payload.setKind) return payload;
  if (set.kind !== 'timed') return { ...payload, values: set.values };
  const scheduleId = Number(set.values.timePeriodId);
  const [schedule] = Number.isInteger(scheduleId)
    ? await db.select({ segments: schema.timePeriods.segments }).from(schema.timePeriods).where(eq(schema.timePeriods.id, scheduleId))
    : [];
  return { ...payload, values: set.values, segments: schedule?.segments ?? [] };
}
