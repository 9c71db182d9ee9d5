import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readdirSync, rmSync, writeFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { apiClient, loginAs, startTestBackend, type TestBackend } from '../support/testApp';

type Row = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let backend: TestBackend;
let admin: ReturnType<typeof apiClient>;
let dir: string;
const savedDir = process.env.BACKUP_DIR;
const rows = async (query: ReturnType<typeof sql>) => ((await backend.database.db.execute(query)) as unknown as { rows: Row[] }).rows;
const one = async (query: ReturnType<typeof sql>) => (await rows(query))[0];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'metering-backups-'));
  process.env.BACKUP_DIR = dir;
  backend = await startTestBackend();
  admin = apiClient(backend.app, await loginAs(backend.app, 'admin'));
});
afterAll(async () => {
  await backend.close();
  if (savedDir === undefined) delete process.env.BACKUP_DIR;
  else process.env.BACKUP_DIR = savedDir;
  rmSync(dir, { recursive: true, force: true });
});

/** A fingerprint of the data a restore brings back: counts and sums of a few tables. */
const fingerprint = async () => one(sql`SELECT
  (SELECT count(*)::int FROM rooms) AS rooms, (SELECT coalesce(sum(balance_fen), 0)::text FROM accounts) AS balances,
  (SELECT count(*)::int FROM tenants) AS tenants, (SELECT string_agg(name, ',' ORDER BY id) FROM projects) AS projects,
  (SELECT count(*)::int FROM sys_users) AS users, (SELECT count(*)::int FROM resources) AS resources`);

describe('database backups', () => {
  let backupId: number;
  let fileName: string;

  it('refuses operators who are not platform administrators, and changes nothing', async () => {
    const other = apiClient(backend.app, await loginAs(backend.app, 'admin2'));
    const viewer = apiClient(backend.app, await loginAs(backend.app, 'viewer'));
    expect((await other.get('backup/findByCondition')).status).toBe(403);
    expect((await other.post('backup/addBackup', { remark: '' })).status).toBe(403);
    expect((await viewer.post('backup/addBackup', { remark: '' })).status).toBe(403);
    expect((await other.post('backup/restoreBackup', { id: 1, confirm: 'x' })).status).toBe(403);
    expect((await other.delete('backup/deleteBackup', { id: 1 })).status).toBe(403);
    expect(readdirSync(dir)).toEqual([]);
    expect((await one(sql`SELECT count(*)::int AS n FROM backups`)).n).toBe(0);
  });

  it('refuses bad input with a 400 naming the field', async () => {
    const none = await admin.post('backup/addBackup', {});
    expect(none.status).toBe(400);
    expect(none.body.msg).toMatch(/^备注：/);
    const long = await admin.post('backup/addBackup', { remark: 'x'.repeat(101) });
    expect(long.status).toBe(400);
    expect(long.body.msg).toMatch(/^备注：/);
    const noId = await admin.post('backup/restoreBackup', { confirm: 'x' });
    expect(noId.status).toBe(400);
    expect(noId.body.msg).toMatch(/^编号：/);
    expect((await admin.delete('backup/deleteBackup', { id: 'abc' })).body.msg).toMatch(/^编号：/);
    expect((await admin.get('backup/downloadBackup', { id: 0 })).body.msg).toMatch(/^编号：/);
    expect((await admin.delete('backup/deleteBackup', { id: 999999 })).status).toBe(404);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('backs up the whole database now, lists it with its size, and records it', async () => {
    // The file's own database, trimmed of its 300,000 demo readings and of their days (daily_usage,
    // 260,000 rows: the readings' aggregate, two thirds of the restore's time): what is checked here
    // is that every table comes back, not how long a large one takes (docs/performance.md). The
    // readings' other aggregates (hours, months) keep their rows.
    await backend.database.db.execute(sql`TRUNCATE readings, daily_usage`);
    const created = await admin.post('backup/addBackup', { remark: '升级前' });
    expect(created.status).toBe(200);
    backupId = created.body.data.id;
    fileName = created.body.data.fileName;
    expect(fileName).toMatch(backend.url ? /\.pg\.jsonl\.gz$/ : /\.pglite\.tar\.gz$/);
    expect(readdirSync(dir)).toEqual([fileName]);
    const list = await admin.get('backup/findByCondition');
    expect(list.body.data.total).toBe(1);
    expect(list.body.data.records[0]).toMatchObject({ id: backupId, fileName, createdByName: 'admin', kind: backend.url ? 'pg' : 'pglite' });
    expect(list.body.data.records[0].sizeBytes).toBeGreaterThan(1000);
    const log = await one(sql`SELECT action, entity, entity_id, after FROM operation_log WHERE entity = 'backup' ORDER BY id DESC LIMIT 1`);
    expect(log).toMatchObject({ action: 'create', entity: 'backup', entity_id: String(backupId) });
    expect(log.after.remark).toBe('升级前');
  });

  it('downloads the file (gzip) and records the download', async () => {
    const response = await backend.app.request(`/api/v1/electricity/backup/downloadBackup?id=${backupId}`, { headers: { 'X-Token': await loginAs(backend.app, 'admin') } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toContain(fileName);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([bytes[0], bytes[1]]).toEqual([0x1f, 0x8b]);
    expect(bytes.byteLength).toBe(readFileSync(join(dir, fileName)).byteLength);
    expect((await one(sql`SELECT count(*)::int AS n FROM operation_log WHERE entity = 'backup' AND action = 'download'`)).n).toBe(1);
  });

  it('restores only after the typed file name: a wrong confirmation changes nothing', async () => {
    const before = await fingerprint();
    const wrong = await admin.post('backup/restoreBackup', { id: backupId, confirm: 'yes' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.msg).toMatch(/^确认：/);
    expect(await fingerprint()).toEqual(before);
  });

  it('brings the data back: backup → change → restore, the operation log kept and appended, sessions ended', async () => {
    const before = await fingerprint();
    const logBefore = (await one(sql`SELECT count(*)::int AS n FROM operation_log`)).n as number;
    // Changes after the backup: a project renamed, balances, a user and a menu entry.
    await backend.database.db.execute(sql`UPDATE projects SET name = name || '（改）'`);
    await backend.database.db.execute(sql`UPDATE accounts SET balance_fen = balance_fen + 100`);
    await backend.database.db.execute(sql`DELETE FROM tenant_bindings WHERE id IN (SELECT id FROM tenant_bindings ORDER BY id LIMIT 3)`);
    const renamed = await admin.post('resourse/saveResourse', { name: '备份后新增', resUrl: '' });
    expect(renamed.status).toBe(200);
    expect(await fingerprint()).not.toEqual(before);
    const viewerToken = await loginAs(backend.app, 'viewer');

    const restored = await admin.post('backup/restoreBackup', { id: backupId, confirm: fileName });
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect(restored.body.data.rows).toBeGreaterThan(1000);
    expect(await fingerprint()).toEqual(before);
    // Derived columns came back as they were (room balances follow their accounts).
    const mismatched = await one(sql`SELECT count(*)::int AS n FROM rooms r JOIN accounts a ON a.room_id = r.id AND a.utility = 'electric' WHERE r.electric_balance_fen <> a.balance_fen`);
    expect(mismatched.n).toBe(0);
    // The readings' indexes were built again on every monthly partition (not on the parent only).
    const partitionsWithout = await one(sql`SELECT count(*)::int AS n FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
      WHERE i.inhparent = 'readings'::regclass AND (SELECT count(*) FROM pg_index x WHERE x.indrelid = c.oid) < (SELECT count(*) FROM pg_index x WHERE x.indrelid = 'readings'::regclass)`);
    expect(partitionsWithout.n).toBe(0);
    expect((await one(sql`SELECT count(*)::int AS n FROM pg_index WHERE indrelid = 'readings'::regclass AND NOT indisvalid`)).n).toBe(0);
    // The operation log is append-only: nothing of it was removed, and the restore is in it.
    const logAfter = (await one(sql`SELECT count(*)::int AS n FROM operation_log`)).n as number;
    expect(logAfter).toBeGreaterThan(logBefore);
    expect(await one(sql`SELECT action FROM operation_log WHERE entity = 'backup' ORDER BY id DESC LIMIT 1`)).toMatchObject({ action: 'restore' });
    // The backups list is kept; every session ended.
    expect((await admin.get('backup/findByCondition')).status).toBe(401);
    expect((await apiClient(backend.app, viewerToken).get('resourse/queryResourse')).status).toBe(401);
    admin = apiClient(backend.app, await loginAs(backend.app, 'admin'));
    expect((await admin.get('backup/findByCondition')).body.data.total).toBe(1);
    // New rows get new ids after the restore (sequences past the restored ids).
    const again = await admin.post('resourse/saveResourse', { name: '恢复后新增', resUrl: '' });
    expect(again.status).toBe(200);
  });

  it('refuses a damaged file or one of another schema version, and changes nothing', async () => {
    const before = await fingerprint();
    const damagedName = fileName.replace(/^backup-(\d{8})-(\d{6})-[0-9a-f]{6}/, 'backup-$1-$2-bad000');
    writeFileSync(join(dir, damagedName), gzipSync(Buffer.from('not a backup')));
    const [{ id: damagedId }] = await rows(sql`INSERT INTO backups (file_name, size_bytes) VALUES (${damagedName}, 10) RETURNING id`);
    const damaged = await admin.post('backup/restoreBackup', { id: damagedId, confirm: damagedName });
    expect(damaged.status).toBe(400);
    expect(damaged.body.msg).toMatch(/损坏|corrupt/i);

    // Another schema version: a logical dump whose header names other migrations.
    const otherName = 'backup-20200101-000000-abc123.pg.jsonl.gz';
    const lines = [
      JSON.stringify({ format: 'metering-backup', version: 1, kind: 'pg', schema: { migrations: 3, last: '1' }, tables: ['areas'] }),
      JSON.stringify({ table: 'areas', columns: ['id', 'name'] }), '[{"id":1,"name":"x"}]', JSON.stringify({ end: true, batches: { areas: 1 } }),
    ];
    writeFileSync(join(dir, otherName), gzipSync(Buffer.from(`${lines.join('\n')}\n`)));
    const [{ id: otherId }] = await rows(sql`INSERT INTO backups (file_name, size_bytes) VALUES (${otherName}, 10) RETURNING id`);
    const other = await admin.post('backup/restoreBackup', { id: otherId, confirm: otherName });
    expect(other.status).toBe(400);
    expect(other.body.msg).toMatch(/版本|version/i);
    expect(await fingerprint()).toEqual(before);
    expect((await admin.get('backup/findByCondition')).status).toBe(200);
  });

  it('deletes a backup: its file and its entry, recorded', async () => {
    const deleted = await admin.delete('backup/deleteBackup', { id: backupId });
    expect(deleted.status).toBe(200);
    expect(readdirSync(dir)).not.toContain(fileName);
    expect((await one(sql`SELECT count(*)::int AS n FROM backups WHERE id = ${backupId}`)).n).toBe(0);
    expect(await one(sql`SELECT action FROM operation_log WHERE entity = 'backup' ORDER BY id DESC LIMIT 1`)).toMatchObject({ action: 'delete' });
  });
});
