import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiClient, loginAs, startTestBackend, type TestBackend } from '../support/testApp';
import { localDayAndMinute, runScheduledBackup, type BackupSchedule } from '../../server/domain/backupSchedule';
import { dailyTimeSetting } from '../../server/config';

/**
 * The scheduled daily backup (issue 33): made within the hour after BACKUP_DAILY_AT in the
 * platform's zone, once a day, listed without a creator; the scheduled backups beyond BACKUP_KEEP
 * are deleted (file and row), the ones made on the screen never.
 */
let backend: TestBackend;
let dir: string;
const query = async <T,>(text: string) => ((await backend.database.db.execute(text as never)) as unknown as { rows: T[] }).rows;
const scheduledRows = () => query<{ id: number; file_name: string }>(`SELECT id, file_name FROM backups WHERE created_by IS NULL ORDER BY id`);

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'metering-scheduled-'));
  backend = await startTestBackend();
  // What is checked here is when backups are made and which are kept, not how long a large one takes
  // to write: the file's own database without its 300,000 demo readings and their days (daily_usage),
  // two thirds of each backup's bytes (the whole database's backup and restore: backup.test.ts).
  await backend.database.db.execute('TRUNCATE readings, daily_usage' as never);
});
afterAll(async () => {
  await backend.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('scheduled backup', () => {
  const schedule = (): BackupSchedule => ({ dailyAt: '03:00', keep: 1, timeZone: 'Asia/Shanghai', dir });

  it('reads the setting: HH:mm, or off; anything else stops the start with the setting named', () => {
    expect(dailyTimeSetting({}, 'BACKUP_DAILY_AT', '03:00')).toBe('03:00');
    expect(dailyTimeSetting({ BACKUP_DAILY_AT: '4:30' }, 'BACKUP_DAILY_AT', '03:00')).toBe('04:30');
    expect(dailyTimeSetting({ BACKUP_DAILY_AT: 'off' }, 'BACKUP_DAILY_AT', '03:00')).toBeUndefined();
    expect(() => dailyTimeSetting({ BACKUP_DAILY_AT: '25:00' }, 'BACKUP_DAILY_AT', '03:00')).toThrow(/BACKUP_DAILY_AT/);
    expect(localDayAndMinute(new Date('2026-11-25T19:10:00Z'), 'Asia/Shanghai')).toEqual({ day: '2026-11-26', minute: 190 });
  });

  it('makes none outside the hour after the set time', async () => {
    // 02:59 and 04:00 in Shanghai.
    expect(await runScheduledBackup(backend.database.db, new Date('2026-11-25T18:59:00Z'), schedule())).toBeUndefined();
    expect(await runScheduledBackup(backend.database.db, new Date('2026-11-25T20:00:00Z'), schedule())).toBeUndefined();
    expect(await scheduledRows()).toEqual([]);
  });

  it('makes one a day within the hour, keeps the newest, and never touches a backup made on the screen', async () => {
    // A backup made by an operator on the screen (a creator): never deleted by the schedule.
    const [manual] = await query<{ id: number }>(`INSERT INTO backups (file_name, size_bytes, state, created_by) VALUES ('manual-kept.pglite.tar.gz', 1, 'done', 1) RETURNING id`);
    writeFileSync(join(dir, 'manual-kept.pglite.tar.gz'), 'x');
    const first = await runScheduledBackup(backend.database.db, new Date('2026-11-25T19:05:00Z'), schedule());
    expect(first).toBeTruthy();
    expect(existsSync(join(dir, first!))).toBe(true);
    // A second look within the same hour finds the day's backup.
    expect(await runScheduledBackup(backend.database.db, new Date('2026-11-25T19:45:00Z'), schedule())).toBeUndefined();
    expect((await scheduledRows()).map((row) => row.file_name)).toEqual([first]);
    // The next day's: the older scheduled one goes (keep 1), file and row.
    const second = await runScheduledBackup(backend.database.db, new Date('2026-11-26T19:05:00Z'), schedule());
    expect(second).toBeTruthy();
    expect((await scheduledRows()).map((row) => row.file_name)).toEqual([second]);
    expect(existsSync(join(dir, first!))).toBe(false);
    expect(readdirSync(dir).sort()).toEqual([second, 'manual-kept.pglite.tar.gz'].sort());
    expect(await query(`SELECT id FROM backups WHERE id = ${manual.id}`)).toHaveLength(1);
  });

  it('is listed without a creator on the backup screen', async () => {
    const admin = apiClient(backend.app, await loginAs(backend.app, 'admin'));
    const { status, body } = await admin.get('backup/findByCondition', { pageNum: 1, pageSize: 10 });
    expect(status).toBe(200);
    const rows = (body.data as { records: { createdBy: number | null; createdByName: string | null }[] }).records;
    expect(rows.some((row) => row.createdBy === null && row.createdByName === null)).toBe(true);
  });
});
