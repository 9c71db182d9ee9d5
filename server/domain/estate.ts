import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db';
import { rowsOf } from '../db/rows';
import { conflict, type DomainError } from './results';

/**
 * What still hangs on a project, a building or some rooms (DOMAIN.md: deleting one that still holds
 * rooms, meters, a tenant or a non-zero balance is refused with a message saying what is in the way).
 * `rooms` is a condition on the rooms table aliased `r`; buildings and modules are counted only for
 * a project (`projectId`) or a building (`buildingId`).
 */
export interface Holdings {
  buildings: number;
  rooms: number;
  meters: number;
  tenants: number;
  balances: number;
  modules: number;
}

export async function holdingsOf(db: Db, target: { projectId?: number; buildingId?: number; roomIds?: number[] }): Promise<Holdings> {
  const rooms: SQL = target.projectId ? sql`r.project_id = ${target.projectId}`
    : target.buildingId ? sql`r.building_id = ${target.buildingId}`
    : sql`r.id = ANY(${`{${(target.roomIds ?? []).join(',')}}`}::int[])`;
  const [row] = rowsOf<Record<keyof Holdings, number>>(await db.execute(sql`SELECT
    ${target.projectId ? sql`(SELECT count(*)::int FROM buildings WHERE project_id = ${target.projectId})` : sql`0`} AS buildings,
    ${target.projectId || target.buildingId ? sql`(SELECT count(*)::int FROM rooms r WHERE ${rooms})` : sql`0`} AS rooms,
    (SELECT count(*)::int FROM electric_meters m JOIN rooms r ON r.id = m.room_id WHERE ${rooms})
      + (SELECT count(*)::int FROM water_meters m JOIN rooms r ON r.id = m.room_id WHERE ${rooms}) AS meters,
    (SELECT count(*)::int FROM tenant_bindings tb JOIN rooms r ON r.id = tb.room_id WHERE tb.end_date IS NULL AND ${rooms}) AS tenants,
    (SELECT count(*)::int FROM accounts a JOIN rooms r ON r.id = a.room_id WHERE a.balance_fen <> 0 AND ${rooms}) AS balances,
    ${target.projectId ? sql`(SELECT count(*)::int FROM modules WHERE project_id = ${target.projectId})` : sql`0`} AS modules`));
  return Object.fromEntries(Object.entries(row).map(([key, value]) => [key, Number(value)])) as unknown as Holdings;
}

const ORDER: (keyof Holdings)[] = ['buildings', 'rooms', 'meters', 'tenants', 'balances', 'modules'];

/** Whether anything is in the way. */
export const holdsAnything = (holdings: Holdings) => ORDER.some((key) => holdings[key] > 0);

/**
 * The conflict naming what is in the way, read in the caller's language: "项目“阳光公寓”仍有 3 栋建筑、
 * 120 个房间、…：请先删除或迁走".
 */
export function deleteBlocked(name: string, holdings: Holdings): DomainError {
  const items = ORDER.filter((key) => holdings[key] > 0).map((key) => ({ key: `errors.estate.holds.${key}`, params: { count: holdings[key] } }));
  return conflict('errors.estate.deleteBlocked', { name, what: { items, joinKey: 'errors.estate.holds.join' } });
}
