import { sql } from 'drizzle-orm';
import { schema } from '../db';

/**
 * Whether a meter is shown online: it answered when last asked (`online`) and it has a module to
 * reach it through. Column and filter of the meter lists and the room's meters. (The partial
 * indexes `*_unreachable` of migrations 0004 and 0012 serve its negation.)
 */
export const shownOnline = (table: typeof schema.electricMeters | typeof schema.waterMeters) =>
  sql<boolean>`(${table.online} AND ${table.moduleId} IS NOT NULL)`;
