import { bigint, integer, numeric, timestamp } from 'drizzle-orm/pg-core';

/** Money is always integer fen (1/100 yuan). */
export const fen = (name: string) => bigint(name, { mode: 'number' });
/** Energy (kWh) and volume (m³) with two decimals, as the meters count them (XXXXXX.XX). */
export const quantity = (name: string) => numeric(name, { precision: 14, scale: 2, mode: 'number' });
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const at = (name: string) => timestamp(name, { withTimezone: true });
/** Every record belongs to an area; the server scopes every query by the session's area. */
export const areaRef = () => integer('area_id').notNull();
