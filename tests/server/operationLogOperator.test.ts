import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { apiClient, loginAs, startTestBackend, type TestBackend } from '../support/testApp';

/**
 * Issue 46, the operation log (`caozuojilu`): a filter by operator. `userName` is one operator's
 * records (chosen among the log's operators, `operationLog/entities`' users), not every name that
 * contains it: `admin` is not `admin-ops`. Each record names the screens its call serves
 * (server/http/grants.ts), which the console shows instead of the API path.
 */
let backend: TestBackend;
type Row = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const rows = async (query: ReturnType<typeof sql>) => ((await backend.database.db.execute(query)) as unknown as { rows: Row[] }).rows;
let admin: ReturnType<typeof apiClient>;
let ops: ReturnType<typeof apiClient>;

beforeAll(async () => {
  backend = await startTestBackend();
  admin = apiClient(backend.app, await loginAs(backend.app, 'admin'));
  const resourceIds = (await rows(sql`SELECT id FROM resources WHERE res_url IN ('project', 'caozuojilu')`)).map((r) => Number(r.id));
  const role = await admin.post('role/addRole', { name: 'log-operator-projects', readOnly: false, resourceIds });
  expect(role.status).toBe(200);
  expect((await admin.post('sysUser/saveUser', { userName: 'admin-ops', password: 'log-operator-pass-1', roleId: role.body.data.id })).status).toBe(200);
  ops = apiClient(backend.app, await loginAs(backend.app, 'admin-ops', 'log-operator-pass-1'));
  expect((await ops.post('project/addProject', { name: '操作员筛选测试项目' })).status).toBe(200);
  expect((await admin.post('project/addProject', { name: '管理员筛选测试项目' })).status).toBe(200);
});
afterAll(() => backend.close());

const list = (query: Record<string, unknown>) => admin.get('operationLog/findByCondition', { pageSize: 100, ...query });

describe('operation log: the operator filter', () => {
  it('offers the log\'s operators as choices', async () => {
    const { status, body } = await admin.get('operationLog/entities');
    expect(status).toBe(200);
    expect(body.data.users).toEqual(expect.arrayContaining(['admin', 'admin-ops']));
    expect(body.data.users).not.toContain('admin2');
  });

  it('lists one operator\'s records only: admin\'s without admin-ops\', admin-ops\' (any case) without admin\'s', async () => {
    const mine = await list({ userName: 'admin' });
    expect(mine.status).toBe(200);
    const [{ n }] = await rows(sql`SELECT count(*)::int AS n FROM operation_log WHERE user_name = 'admin'`);
    expect(mine.body.data.total).toBe(n);
    expect(new Set((mine.body.data.records as Row[]).map((r) => r.userName))).toEqual(new Set(['admin']));

    const theirs = await list({ userName: 'ADMIN-OPS' });
    expect(theirs.body.data.total).toBe(1);
    expect(theirs.body.data.records[0]).toMatchObject({ userName: 'admin-ops', entity: 'project', action: 'create', after: { name: '操作员筛选测试项目' } });
    expect((await list({ userName: 'ops' })).body.data.total).toBe(0);
    // With the other filters.
    expect((await list({ userName: 'admin', entity: 'project', action: 'create' })).body.data.records.map((r: Row) => r.after.name)).toContain('管理员筛选测试项目');
  });

  it('logs a room\'s update with the table\'s row on both sides (the same fields, the state as stored)', async () => {
    const [room] = (await admin.get('room/findByCondition', { pageSize: 1 })).body.data.records;
    expect((await admin.put('room/updateRoom', { id: room.id, remark: '日志的两边' })).status).toBe(200);
    const [entry] = (await list({ entity: 'room', action: 'update' })).body.data.records;
    expect(entry.after.remark).toBe('日志的两边');
    expect(Object.keys(entry.before).sort()).toEqual(Object.keys(entry.after).sort());
    expect(entry.before.state).toBe(entry.after.state);
    const changed = Object.keys(entry.after).filter((key) => JSON.stringify(entry.before[key]) !== JSON.stringify(entry.after[key]));
    expect(changed).toEqual(['remark']);
  });

  it('names the screens of each record\'s call', async () => {
    const record = (await list({ userName: 'admin-ops' })).body.data.records[0];
    expect(record.call).toBe('POST /api/v1/electricity/project/addProject');
    expect(record.screens).toEqual(['project']);
    expect((await admin.get('operationLog/findById', { id: record.id })).body.data.screens).toEqual(['project']);
  });
});
