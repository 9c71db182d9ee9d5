import type { Db } from './db';
import { schema } from './db';
import type { Session } from './auth/session';

export interface AuditEntry {
  action: string;
  entity: string;
  entityId?: string | number | null;
  before?: unknown;
  after?: unknown;
}

/** Appends to the operation log (call inside the write's transaction). */
export async function audit(db: Db, session: Session, entry: AuditEntry) {
  await db.insert(schema.operationLog).values({
    areaId: session.areaId,
    userId: session.userId,
    userName: session.userName,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId == null ? null : String(entry.entityId),
    call: session.call ?? null,
    before: (entry.before ?? null) as never,
    after: (entry.after ?? null) as never,
  });
}
