import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { schema } from '../db';
import { idsMatching, matches } from '../db/listKit';

const { rooms, tenants, tenantBindings, waterMeters } = schema;

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
 * A meter list's search box: the meter's address, its room's code, or its current tenant (its
 * `tenantColumns`: name, or name and phone). One id set per indexed column, united, so that each
 * part is served by its own index (an OR across joined tables is a full scan).
 */
export const meterSearch = (meters: MeterTable, q: string, tenantColumns: PgColumn[]): SQL => sql`${meters.id} IN (
  SELECT ${meters.id} FROM ${meters.table} WHERE ${matches(meters.address, q)}
  UNION SELECT ${meters.id} FROM ${meters.table} WHERE ${meters.roomId} IN (SELECT ${rooms.id} FROM ${rooms} WHERE ${matches(rooms.roomCode, q)})
  UNION SELECT ${meters.id} FROM ${meters.table} WHERE ${meters.roomId} IN (${tenantRooms(q, tenantColumns)}))`;

/** The water meter lists' search box (the water archive, the water recharge picker): address, room code, tenant name or phone. */
export const waterMeterSearch = (q: string) =>
  meterSearch({ table: waterMeters, id: waterMeters.id, roomId: waterMeters.roomId, address: waterMeters.address }, q, TENANT_NAME_OR_PHONE);
