import { and, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { schema } from '../db';
import { z } from '../http/router';
import { Q } from '../http/input';
import { matches } from '../db/listKit';

const { rooms } = schema;

/**
 * The statistics lists' shared pieces (issue 31): the place filters every record list has
 * (project, building, room, room code: conditions on the record's room column, rooms taken
 * first), a time range on one column with its check (the end after the start: a 400 naming the
 * end), and months as `YYYY-MM`.
 */
export const PlaceFilters = { projectId: Q.id(), buildingId: Q.id(), roomId: Q.id(), roomCode: Q.text(20) };
export type PlaceFilter = { projectId?: number; buildingId?: number; roomId?: number; roomCode?: string };

/** Records whose room matches a condition on rooms (`OFFSET 0` keeps the rooms a subquery taken first). */
export const inRooms = (roomColumn: PgColumn, condition: SQL) => sql`${roomColumn} IN (SELECT ${rooms.id} FROM ${rooms} WHERE ${condition} OFFSET 0)`;

/** The place filters as conditions on a record's room column. */
export const placeConditions = (roomColumn: PgColumn, query: PlaceFilter): (SQL | undefined)[] => [
  query.projectId ? inRooms(roomColumn, eq(rooms.projectId, query.projectId)) : undefined,
  query.buildingId ? inRooms(roomColumn, eq(rooms.buildingId, query.buildingId)) : undefined,
  query.roomId ? eq(roomColumn, query.roomId) : undefined,
  query.roomCode?.trim() ? inRooms(roomColumn, matches(rooms.roomCode, query.roomCode)) : undefined,
];

/** A time range's two filters, `${name}From` (inclusive) and `${name}To` (exclusive): ISO timestamps with their offset. */
export const rangeFilters = <N extends string>(name: N) => ({ [`${name}From`]: Q.datetime(), [`${name}To`]: Q.datetime() }) as Record<`${N}From` | `${N}To`, ReturnType<typeof Q.datetime>>;

/** The check of a range: its end after its start, else a 400 naming the end. */
export const rangeCheck = (name: string) => (query: Record<string, unknown>, ctx: z.RefinementCtx) => {
  const from = query[`${name}From`] as string | undefined;
  const to = query[`${name}To`] as string | undefined;
  if (from && to && new Date(to) <= new Date(from)) ctx.addIssue({ code: 'custom', path: [`${name}To`], message: 'validation.stats.rangeOrder' });
};

/** A range's conditions on a time column. */
export const rangeConditions = (column: PgColumn, query: Record<string, unknown>, name: string) => and(
  query[`${name}From`] ? gte(column, new Date(query[`${name}From`] as string)) : undefined,
  query[`${name}To`] ? lt(column, new Date(query[`${name}To`] as string)) : undefined,
);

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
/** An optional month `YYYY-MM` (a 400 naming the field otherwise). */
export const Month = () => z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), z.string().regex(MONTH, 'validation.stats.month').optional())
  .openapi({ type: 'string', pattern: '^\\d{4}-(0[1-9]|1[0-2])$', example: '2026-10' });

/** Sums and counts of a statement's answer as numbers (the database gives bigint and numeric as text). */
export const numbers = <K extends string>(row: Record<K, unknown>) =>
  Object.fromEntries(Object.entries(row).map(([key, value]) => [key, value === null ? 0 : Math.round(Number(value) * 100) / 100])) as Record<K, number>;
