import { inArray, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Session } from '../auth/session';

/** The session's area scope as a WHERE condition on a table's area_id column. */
export const inScope = (column: PgColumn, session: Session): SQL => inArray(column, session.areaIds);
