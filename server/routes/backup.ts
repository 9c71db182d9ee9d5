import { randomBytes } from 'node:crypto';
import { createReadStream, promises as fs } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { count, desc, eq } from 'drizzle-orm';
import { schema } from '../db';
import { BackupRefused, FILE_NAME, backupDir, backupKindOf, kindOfFile, newFileName, releaseBackupLock, restoreBackup, tryBackupLock, writeBackup } from '../db/backup';
import { createRouter, defineRoute, fieldError, z, type Ctx } from '../http/router';
import { Id, Text } from '../http/input';
import { ok, page } from '../http/envelope';
import { PagingQuery } from '../http/paging';
import { offsetOf, orderBy } from '../db/paging';
import { ApiError, conflict, forbidden, notFound } from '../http/errors';
import { audit } from '../audit';
import { publish } from '../realtime/events';

const { backups, sysUsers } = schema;

/** Backups copy every area's data: a platform right (a role flagged platformAdmin), not an area administrator's. */
function requirePlatformAdmin(c: Ctx) {
  if (!c.get('session').platformAdmin) throw forbidden('errors.backupPlatformOnly');
}

/** One backup or restore at a time in this process, the scheduled backup included (server/db/backup.ts). */
async function exclusive<T>(work: () => Promise<T>): Promise<T> {
  if (!tryBackupLock()) throw conflict('errors.backupBusy');
  try {
    return await work();
  } finally {
    releaseBackupLock();
  }
}

const columns = {
  id: backups.id, fileName: backups.fileName, sizeBytes: backups.sizeBytes, state: backups.state,
  createdBy: backups.createdBy, createdByName: sysUsers.userName, createdAt: backups.createdAt,
};

async function findBackup(c: Ctx, id: number) {
  const [row] = await c.get('deps').db.select(columns).from(backups).leftJoin(sysUsers, eq(sysUsers.id, backups.createdBy)).where(eq(backups.id, id));
  if (!row || !FILE_NAME.test(row.fileName)) throw notFound('errors.recordNotFound');
  return row;
}

const describe = (row: { id: number; fileName: string; sizeBytes: number; createdAt: unknown }) => ({ id: row.id, fileName: row.fileName, sizeBytes: row.sizeBytes, createdAt: row.createdAt });

/**
 * Database backups (`shujukubeifen`, issue 33): list, back up now, download, delete and restore
 * (server/db/backup.ts does the work). Platform administrators only; every call that changes or
 * hands out data is in the operation log.
 */
export function backupRoutes() {
  const router = createRouter();

  defineRoute(router, {
    method: 'get', path: '/findByCondition', summary: 'The backups (paged, newest first): file, kind, size, time, who made it', tags: ['backup'],
    query: PagingQuery,
  }, async (c, { query }) => {
    requirePlatformAdmin(c);
    const { db } = c.get('deps');
    const [rows, [{ total }]] = await Promise.all([
      db.select(columns).from(backups).leftJoin(sysUsers, eq(sysUsers.id, backups.createdBy))
        .orderBy(...orderBy(query, { createdAt: backups.createdAt, sizeBytes: backups.sizeBytes, fileName: backups.fileName }, [desc(backups.id)]))
        .limit(query.pageSize).offset(offsetOf(query)),
      db.select({ total: count() }).from(backups),
    ]);
    return page(c, rows.map((row) => ({ ...row, kind: kindOfFile(row.fileName) })), total);
  });

  defineRoute(router, {
    method: 'post', path: '/addBackup', summary: 'Back up the whole database now (PGlite: its data folder; PostgreSQL: a logical dump through SQL); answers the new backup', tags: ['backup'],
    // The remark is asked for (it may be empty): a request without it is not a backup request.
    body: z.object({ remark: Text(100, 0) }),
  }, async (c, { body }) => {
    requirePlatformAdmin(c);
    const { db, now } = c.get('deps');
    const session = c.get('session');
    const created = await exclusive(async () => {
      const fileName = newFileName(backupKindOf(db), now(), randomBytes(3).toString('hex'));
      const file = await writeBackup(db, backupDir(), fileName);
      try {
        return await db.transaction(async (tx) => {
          const [row] = await tx.insert(backups).values({ fileName: file.fileName, sizeBytes: file.sizeBytes, state: 'done', createdBy: session.userId, createdAt: now() }).returning();
          await audit(tx, session, { action: 'create', entity: 'backup', entityId: row.id, after: { ...describe(row), kind: file.kind, remark: body.remark || null } });
          return row;
        });
      } catch (error) {
        await fs.rm(join(backupDir(), fileName), { force: true });
        throw error;
      }
    });
    return ok(c, { ...created, kind: kindOfFile(created.fileName), createdByName: session.userName });
  });

  defineRoute(router, {
    method: 'get', path: '/downloadBackup', summary: 'A backup file (gzip), as an attachment; the download is in the operation log', tags: ['backup'],
    query: z.object({ id: Id }),
  }, async (c, { query }) => {
    requirePlatformAdmin(c);
    const row = await findBackup(c, query.id);
    const path = join(backupDir(), row.fileName);
    const stat = await fs.stat(path).catch(() => undefined);
    if (!stat) throw notFound('errors.backupMissing');
    await audit(c.get('deps').db, c.get('session'), { action: 'download', entity: 'backup', entityId: row.id, after: describe(row) });
    return new Response(Readable.toWeb(createReadStream(path)) as ReadableStream, {
      headers: {
        'Content-Type': 'application/gzip',
        'Content-Length': String(stat.size),
        'Content-Disposition': `attachment; filename="${row.fileName}"`,
      },
    });
  });

  // Like the other delete calls of the platform: params (form-encoded content type accepted).
  defineRoute(router, {
    method: 'delete', path: '/deleteBackup', summary: 'Delete a backup (its file and its entry)', tags: ['backup'],
    query: z.object({ id: Id }),
  }, async (c, { query }) => {
    requirePlatformAdmin(c);
    const row = await findBackup(c, query.id);
    const { db } = c.get('deps');
    await exclusive(() => db.transaction(async (tx) => {
      await tx.delete(backups).where(eq(backups.id, row.id));
      await audit(tx, c.get('session'), { action: 'delete', entity: 'backup', entityId: row.id, before: describe(row) });
      await fs.rm(join(backupDir(), row.fileName), { force: true });
    }));
    return ok(c);
  });

  defineRoute(router, {
    method: 'post', path: '/restoreBackup',
    summary: 'Restore a backup into the database, after the typed confirmation (`confirm`: the backup\'s file name). One transaction; the operation log, front-end log and backups list are kept, every session ends',
    tags: ['backup'],
    body: z.object({ id: Id, confirm: Text(80) }),
  }, async (c, { body }) => {
    requirePlatformAdmin(c);
    const row = await findBackup(c, body.id);
    if (body.confirm !== row.fileName) throw fieldError(c, 'confirm', 'validation.backupConfirm');
    const { db, caches } = c.get('deps');
    const session = c.get('session');
    const result = await exclusive(async () => {
      try {
        return await restoreBackup(db, join(backupDir(), row.fileName), (tx, done) =>
          audit(tx, session, { action: 'restore', entity: 'backup', entityId: row.id, after: { ...describe(row), tables: done.tables, rows: done.rows } }));
      } catch (error) {
        if (error instanceof BackupRefused) throw new ApiError(400, error.key, error.params);
        throw error;
      }
    });
    caches.tableChanged(undefined);
    // Every session ended: their websockets check at once and close.
    for (const userId of result.endedUserIds) await publish(db, { type: 'sessions', userId });
    return ok(c, { tables: result.tables, rows: result.rows });
  });

  return router;
}
