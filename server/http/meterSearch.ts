import { and, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { schema } from '../db';
import { idsMatching, matches } from '../db/listKit';

const { rooms, buildings, projects, tenants, tenantBindings, waterMeters } = schema;

/** A meter table as the search box needs it (electric_meters, water_meters). */
export interface MeterTable {
  table: PgTable;
  id: PgColumn;
  roomId: PgColumn;
  address: PgColumn;
}

/** A tenant's name and phone: what a meter or room search box looks a tenant up by. */
export const TENANT_NAME_OR_PHONE: PgColumn[] = [tenants.name, tenants.phone];

/**
 * Rooms whose current tenant has one of `tenantColumns` matching `q` (`idsMatching`: one indexed
 * SELECT per column). The matching tenants are taken as an array (`= ANY(ARRAY(…))`), so that their
 * bindings are found through the tenant index: as a join, the planner's guess of how many names
 * match (often 3× too many) made it scan every binding instead.
 */
export const tenantRooms = (q: string, tenantColumns = TENANT_NAME_OR_PHONE) => sql`SELECT ${tenantBindings.roomId} FROM ${tenantBindings}
  WHERE ${tenantBindings.endDate} IS NULL AND ${tenantBindings.tenantId} = ANY(ARRAY(${idsMatching(tenants, tenants.id, tenantColumns, q)}))`;

/**
 * Rooms of the projects or buildings whose name matches `q` ("阳光公寓" → its rooms): the few
 * matching buildings (by their name or their project's) first, small tables, as an array, then their
 * rooms through the rooms' building index (a generic plan then never scans the rooms).
 */
export const placeRooms = (q: string) => sql`SELECT ${rooms.id} FROM ${rooms} WHERE ${rooms.buildingId} = ANY(ARRAY(
  SELECT ${buildings.id} FROM ${buildings} WHERE ${matches(buildings.name, q)}
  UNION SELECT ${buildings.id} FROM ${buildings} WHERE ${buildings.projectId} IN (SELECT ${projects.id} FROM ${projects} WHERE ${matches(projects.name, q)})))`;

/** One word of the search box: the meter's address, its room's code, project or building, or its current tenant. */
const meterTermSearch = (meters: MeterTable, q: string, tenantColumns: PgColumn[]): SQL => sql`${meters.id} IN (
  SELECT ${meters.id} FROM ${meters.table} WHERE ${matches(meters.address, q)}
  UNION SELECT ${meters.id} FROM ${meters.table} WHERE ${meters.roomId} IN (SELECT ${rooms.id} FROM ${rooms} WHERE ${matches(rooms.roomCode, q)})
  UNION SELECT ${meters.id} FROM ${meters.table} WHERE ${meters.roomId} = ANY(ARRAY(${placeRooms(q)}))
  UNION SELECT ${meters.id} FROM ${meters.table} WHERE ${meters.roomId} IN (${tenantRooms(q, tenantColumns)}))`;

/** The words of a search (at most 5; the box's text whole when it has one word). */
export const searchTerms = (q: string) => q.trim().split(/\s+/u).filter(Boolean).slice(0, 5);

/**
 * A meter list's search box: the meter's address, its room's code, its room's project or building
 * name ("阳光公寓" finds that project's meters, as the list shows it beside each meter), or its
 * current tenant (its `tenantColumns`: name, or name and phone). One id set per indexed column,
 * united, so that each part is served by its own index (an OR across joined tables is a full scan).
 * Several words each narrow the search ("阳光公寓 101": room 101 of that project).
 */
export const meterSearch = (meters: MeterTable, q: string, tenantColumns: PgColumn[]): SQL => {
  const terms = searchTerms(q);
  if (terms.length <= 1) return meterTermSearch(meters, q, tenantColumns);
  return and(...terms.map((term) => meterTermSearch(meters, term, tenantColumns)))!;
};

/** The water meter lists' search box (the water archive, the water recharge picker): address, room code, project or building, tenant name or phone. */
export const waterMeterSearch = (q: string) =>
  meterSearch({ table: waterMeters, id: waterMeters.id, roomId: waterMeters.roomId, address: waterMeters.address }, q, TENANT_NAME_OR_PHONE);
