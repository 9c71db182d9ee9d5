import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import { join } from 'node:path';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db';
import { schema } from '../db';
import { backupKindOf, newFileName, releaseBackupLock, tryBackupLock, writeBackup } from '../db/backup';
import { PeriodicJob } from './periodic';
import { partsOf } from '../../common/formats';

const { backups } = schema;

export interface BackupSchedule {
  /** `HH:mm` in `timeZone`: the start of the hour in which the day's backup is made. */
  dailyAt: string;
  /** Scheduled backups kept (the newest); older ones are deleted, files and rows. Manual backups are never deleted. */
  keep: number;
  timeZone: string;
  dir: string;
}

/** The day (`YYYY-MM-DD`) and the minute of the day of an instant in a time zone (common/formats.ts). */
export function localDayAndMinute(at: Date, timeZone: string): { day: string; minute: number } {
  const parts = partsOf(at, timeZone)!;
  return { day: `${parts.year}-${parts.month}-${parts.day}`, minute: Number(parts.hour) * 60 + Number(parts.minute) };
}

/**
 * The scheduled backup, once: made when the platform's clock is within the hour after `dailyAt`
 * and no scheduled backup of that day exists (a server started outside that hour makes none until
 * the next day's; a second look in the hour finds the day's backup). A scheduled backup has no
 * creator (`created_by` null: the console says "scheduled"). Then the scheduled backups beyond the
 * newest `keep` are deleted. Answers the file written, or undefined.
 */
export async function runScheduledBackup(db: Db, now: Date, schedule: BackupSchedule): Promise<string | undefined> {
  const [hour, minute] = schedule.dailyAt.split(':').map(Number);
  const start = hour * 60 + minute;
  const local = localDayAndMinute(now, schedule.timeZone);
  if (local.minute < start || local.minute >= start + 60) return undefined;
  const scheduled = () => db.select({ id: backups.id, fileName: backups.fileName, createdAt: backups.createdAt }).from(backups)
    .where(isNull(backups.createdBy)).orderBy(desc(backups.createdAt), desc(backups.id));
  if ((await scheduled()).some((row) => localDayAndMinute(new Date(row.createdAt), schedule.timeZone).day === local.day)) return undefined;
  if (!tryBackupLock()) return undefined;
  try {
    const fileName = newFileName(backupKindOf(db), now, randomBytes(3).toString('hex'));
    const file = await writeBackup(db, schedule.dir, fileName);
    await db.insert(backups).values({ fileName: file.fileName, sizeBytes: file.sizeBytes, state: 'done', createdBy: null, createdAt: now });
    for (const old of (await scheduled()).slice(Math.max(schedule.keep, 1))) {
      await fs.rm(join(schedule.dir, old.fileName), { force: true });
      await db.delete(backups).where(and(eq(backups.id, old.id), isNull(backups.createdBy)));
    }
    return file.fileName;
  } finally {
    releaseBackupLock();
  }
}

/** The scheduled backup's job: a look every ten minutes (BACKUP_DAILY_AT, BACKUP_KEEP). */
export class ScheduledBackupJob extends PeriodicJob<string | undefined> {
  constructor(private db: Db, private now: () => Date, private schedule: BackupSchedule, private options: { everyMs?: number; log?: (message: string, error?: unknown) => void } = {}) {
    super('scheduled backup', options.log);
  }

  start() {
    void this.startEvery(this.options.everyMs ?? 600_000);
  }

  protected async runOnce() {
    const written = await runScheduledBackup(this.db, this.now(), this.schedule);
    if (written) this.options.log?.(`scheduled backup written: ${written}`);
    return written;
  }
}
