import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { apiClient, loginAs, startTestBackend, type TestBackend } from '../support/testApp';
import { namesField } from '../support/fieldLabels';

let backend: TestBackend;
let api: ReturnType<typeof apiClient>;
let other: ReturnType<typeof apiClient>;
beforeAll(async () => {
  backend = await startTestBackend();
  api = apiClient(backend.app, await loginAs(backend.app, 'admin'));
  other = apiClient(backend.app, await loginAs(backend.app, 'admin2'));
});
afterAll(() => backend.close());

const rows = async <T>(query: ReturnType<typeof sql>) => ((await backend.database.db.execute(query)) as unknown as { rows: T[] }).rows;
interface Room {
  id: number; roomCode: string; floor: number; state: string; buildingId: number; buildingName: string; projectName: string;
  tenantName: string | null; tenantPhone: string | null; electricBalanceFen: number; waterBalanceFen: number; hasElectricMeter: boolean; hasWaterMeter: boolean;
}
const list = async (client: ReturnType<typeof apiClient>, query: Record<string, unknown> = {}) => {
  const { status, body } = await client.get('room/findByCondition', { pageNum: 1, pageSize: 100, ...query });
  expect(status, JSON.stringify(body)).toBe(200);
  return body.data as { records: Room[]; total: number };
};
/** A new building of the first project, for tests that make rooms. */
const newBuilding = async (name: string, floors = 10) => {
  const projectId = ((await api.get('project/findByCondition', { pageSize: 1, sortField: 'name' })).body.data.records as { id: number; name: string }[])[0].id;
  const { body } = await api.post('building/addBuilding', { projectId, name, floors });
  return body.data as { id: number; name: string; projectName: string; projectId: number };
};

describe('room/findByCondition', () => {
  it('lists rooms with tenant, balances (as the accounts hold them) and meters', async () => {
    const { records, total } = await list(api);
    expect(total).toBeGreaterThan(100);
    for (const room of records.slice(0, 30)) {
      const [truth] = await rows<{ e: string | null; w: string | null; em: boolean; wm: boolean }>(sql`SELECT
        (SELECT balance_fen::text FROM accounts WHERE room_id = ${room.id} AND utility = 'electric') AS e,
        (SELECT balance_fen::text FROM accounts WHERE room_id = ${room.id} AND utility = 'water') AS w,
        EXISTS (SELECT 1 FROM electric_meters WHERE room_id = ${room.id}) AS em, EXISTS (SELECT 1 FROM water_meters WHERE room_id = ${room.id}) AS wm`);
      expect(room).toMatchObject({ electricBalanceFen: Number(truth.e ?? 0), waterBalanceFen: Number(truth.w ?? 0), hasElectricMeter: truth.em, hasWaterMeter: truth.wm });
    }
    expect(records.some((r) => r.tenantName && r.state === 'occupied')).toBe(true);
    // Default order: building, then code in natural order.
    const first = records.filter((r) => r.buildingId === records[0].buildingId).map((r) => r.roomCode);
    expect(first).toEqual([...first].sort((a, b) => a.localeCompare(b, undefined, { numeric: true })));
  });

  it('filters by building, floor, state, arrears and search (code, tenant name, phone)', async () => {
    const { records } = await list(api);
    const sample = records.find((r) => r.tenantName)!;
    const byBuilding = await list(api, { buildingId: sample.buildingId, floor: sample.floor });
    expect(byBuilding.records.every((r) => r.buildingId === sample.buildingId && r.floor === sample.floor)).toBe(true);
    expect((await list(api, { state: 'vacant' })).records.every((r) => r.state === 'vacant' && !r.tenantName)).toBe(true);
    const arrears = await list(api, { arrears: 'true' });
    expect(arrears.total).toBeGreaterThan(0);
    expect(arrears.records.every((r) => r.electricBalanceFen < 0 || r.waterBalanceFen < 0)).toBe(true);
    expect((await list(api, { q: sample.tenantName })).records.map((r) => r.id)).toContain(sample.id);
    expect((await list(api, { q: sample.tenantPhone })).records.map((r) => r.id)).toContain(sample.id);
    expect((await list(api, { q: sample.roomCode, buildingId: sample.buildingId })).records.map((r) => r.id)).toContain(sample.id);
  });

  it('sorts by code naturally and by balance, and keeps the balance copy in step with the ledger', async () => {
    const byBalance = (await list(api, { sortField: 'electricBalanceFen', sortOrder: 'desc', pageSize: 50 })).records.map((r) => r.electricBalanceFen);
    expect(byBalance).toEqual([...byBalance].sort((a, b) => b - a));
    const codes = (await list(api, { sortField: 'roomCode', pageSize: 50 })).records.map((r) => r.roomCode);
    expect(codes).toEqual([...codes].sort((a, b) => a.localeCompare(b, undefined, { numeric: true })));
    const [account] = await rows<{ id: number; room_id: number }>(sql`SELECT id, room_id FROM accounts WHERE utility = 'water' ORDER BY id LIMIT 1`);
    await backend.database.db.execute(sql`UPDATE accounts SET balance_fen = -777 WHERE id = ${account.id}`);
    const [room] = (await list(api, { id: account.room_id })).records;
    expect(room.waterBalanceFen).toBe(-777);
    expect((await list(api, { arrears: 'true', id: account.room_id })).total).toBe(1);
  });

  it('refuses bad filters naming them, and shows area 2 nothing of area 1', async () => {
    for (const [field, value] of [['state', 'busy'], ['floor', '0'], ['arrears', 'maybe'], ['pageSize', '101']]) {
      const r = await api.get('room/findByCondition', { [field]: value });
      expect([r.status, r.body.msg]).toEqual([400, expect.stringMatching(namesField('room', field))]);
    }
    const mine = await list(api, { pageSize: 100 });
    const theirs = await list(other, { pageSize: 100 });
    expect(theirs.records.some((r) => mine.records.some((m) => m.id === r.id))).toBe(false);
    expect((await list(other, { id: mine.records[0].id })).total).toBe(0);
  });
});

describe('room CRUD', () => {
  it('adds a room (nothing else opened), updates it, refuses a taken code with a clear 409, deletes it', async () => {
    const building = await newBuilding('测试A楼');
    const added = await api.post('room/addRoom', { buildingId: building.id, roomCode: '101', floor: 1, size: 35.5 });
    expect(added.status).toBe(200);
    expect(added.body.data).toMatchObject({ roomCode: '101', floor: 1, size: 35.5, state: 'vacant', electricBalanceFen: 0, hasElectricMeter: false });
    const id = added.body.data.id;
    expect(await rows(sql`SELECT id FROM accounts WHERE room_id = ${id}`)).toHaveLength(0);
    const again = await api.post('room/addRoom', { buildingId: building.id, roomCode: '101', floor: 1 });
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe('建筑“测试A楼”中已有房间101');
    const second = await api.post('room/addRoom', { buildingId: building.id, roomCode: '102', floor: 1 });
    expect((await api.put('room/updateRoom', { id: second.body.data.id, roomCode: '101' })).status).toBe(409);
    expect((await api.put('room/updateRoom', { id, floor: 11 })).body.msg).toMatch(/^楼层：/);
    expect((await api.put('room/updateRoom', { id, roomCode: '101A', remark: '朝南' })).body.data).toMatchObject({ roomCode: '101A', remark: '朝南' });
    expect((await api.delete('room/deleteRoom', { id })).status).toBe(200);
    expect(await rows(sql`SELECT id FROM rooms WHERE id = ${id}`)).toHaveLength(0);
  });

  it('refuses to delete a room with meters, a tenant or a balance, saying which; another area cannot touch it', async () => {
    const { records } = await list(api, { state: 'occupied' });
    const busy = records.find((r) => r.hasElectricMeter && r.tenantName)!;
    const refused = await api.delete('room/deleteRoom', { id: busy.id });
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toMatch(/块表/);
    expect(refused.body.msg).toMatch(/1位在住用户/);
    expect(refused.body.msg).toContain(busy.roomCode);
    expect((await other.delete('room/deleteRoom', { id: busy.id })).status).toBe(404);
    expect((await other.put('room/updateRoom', { id: busy.id, remark: 'x' })).status).toBe(404);
    const foreign = await other.post('room/addRoom', { buildingId: busy.buildingId, roomCode: 'X1', floor: 1 });
    expect([foreign.status, foreign.body.msg]).toEqual([400, expect.stringMatching(namesField('room', 'buildingId'))]);
    expect(await rows(sql`SELECT id FROM rooms WHERE id = ${busy.id}`)).toHaveLength(1);
  });
});

describe('bulk creation', () => {
  it('previews the codes with the existing ones marked, then creates the rest in one call', async () => {
    const building = await newBuilding('测试B楼', 6);
    await api.post('room/addRoom', { buildingId: building.id, roomCode: '105', floor: 1 });
    const body = { buildingId: building.id, floorFrom: 1, floorTo: 6, numberFrom: 1, numberTo: 20, pattern: '{floor}{nn}' };
    const preview = await api.post('room/previewRoomsInBulk', body);
    expect(preview.status).toBe(200);
    expect(preview.body.data).toMatchObject({ total: 120, toCreate: 119, existing: 1 });
    expect(preview.body.data.rooms.slice(0, 3).map((r: { roomCode: string }) => r.roomCode)).toEqual(['101', '102', '103']);
    expect(preview.body.data.rooms.find((r: { roomCode: string }) => r.roomCode === '105').exists).toBe(true);
    expect(preview.body.data.rooms.at(-1).roomCode).toBe('620');
    expect(await rows(sql`SELECT id FROM rooms WHERE building_id = ${building.id}`)).toHaveLength(1);
    const created = await api.post('room/addRoomsInBulk', body);
    expect(created.body.data).toMatchObject({ created: 119, skipped: 1, skippedCodes: ['105'] });
    const [{ n, tx }] = await rows<{ n: number; tx: number }>(sql`SELECT count(*)::int AS n, count(DISTINCT xmin::text)::int AS tx FROM rooms WHERE building_id = ${building.id} AND room_code <> '105'`);
    expect([n, tx]).toEqual([119, 1]);
    const log = await rows<{ action: string }>(sql`SELECT action FROM operation_log WHERE entity = 'room' AND action = 'createBulk'`);
    expect(log).toHaveLength(1);
    // The list's sort key (project, building, code) follows a building's renaming.
    await api.put('building/updateBuilding', { id: building.id, name: '测试B2楼' });
    const keys = await rows<{ building_sort: string }>(sql`SELECT DISTINCT building_sort FROM rooms WHERE building_id = ${building.id} AND room_code = '101'`);
    expect(keys).toHaveLength(1);
    expect(keys[0].building_sort).toMatch(/测试B0000000002楼 0000000101$/);
    // A pattern that repeats codes reports the repeats.
    const repeats = await api.post('room/previewRoomsInBulk', { ...body, floorTo: 2, pattern: 'A{nn}' });
    expect(repeats.body.data).toMatchObject({ total: 40, duplicates: 20 });
  });

  it('refuses more than 5,000 rooms, floors above the building, bad patterns, naming the field', async () => {
    const building = await newBuilding('测试C楼', 200);
    const base = { buildingId: building.id, floorFrom: 1, floorTo: 1, numberFrom: 1, numberTo: 10, pattern: '{floor}{nn}' };
    const cases: [Record<string, unknown>, string][] = [
      [{ floorTo: 200, numberTo: 30 }, 'numberTo'],
      [{ pattern: '{floor}' }, 'pattern'],
      [{ pattern: '{x}{nn}' }, 'pattern'],
      [{ floorFrom: 3, floorTo: 2 }, 'floorTo'],
      [{ numberFrom: 'a' }, 'numberFrom'],
    ];
    for (const [change, field] of cases) {
      const r = await api.post('room/addRoomsInBulk', { ...base, ...change });
      expect([r.status, r.body.msg], JSON.stringify(change)).toEqual([400, expect.stringMatching(namesField('room', field))]);
    }
    const small = await newBuilding('测试D楼', 3);
    const above = await api.post('room/previewRoomsInBulk', { ...base, buildingId: small.id, floorTo: 4 });
    expect([above.status, above.body.msg]).toEqual([400, expect.stringMatching(namesField('room', 'floorTo'))]);
    expect((await other.post('room/previewRoomsInBulk', base)).status).toBe(400);
    expect(await rows(sql`SELECT id FROM rooms WHERE building_id IN (${building.id}, ${small.id})`)).toHaveLength(0);
  });
});

describe('room import', () => {
  it('imports 10,000 rows in one transaction', async () => {
    const building = await newBuilding('导入楼', 100);
    const csv = Array.from({ length: 10_000 }, (_, i) => ({
      projectName: building.projectName, buildingName: building.name, roomCode: `I${i + 1}`, floor: String(1 + (i % 100)), size: '30', remark: '',
    }));
    const dry = await api.post('room/importRooms', { rows: csv, dryRun: true });
    expect(dry.body.data).toMatchObject({ total: 10_000, valid: 10_000, invalid: 0, written: 0, errors: [] });
    const done = await api.post('room/importRooms', { rows: csv });
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({ total: 10_000, valid: 10_000, written: 10_000 });
    const [{ n, tx }] = await rows<{ n: number; tx: number }>(sql`SELECT count(*)::int AS n, count(DISTINCT xmin::text)::int AS tx FROM rooms WHERE building_id = ${building.id}`);
    expect([n, tx]).toEqual([10_000, 1]);
    // Imported again: every row's code exists now, named per row.
    const again = await api.post('room/importRooms', { rows: csv.slice(0, 3), dryRun: true });
    expect(again.body.data.errors[0]).toMatchObject({ row: 2, column: 'roomCode' });
  });

  it('with one bad row writes nothing in mode "all", and the rest in "validOnly"; the report names row and column', async () => {
    const building = await newBuilding('导入乙楼', 5);
    const csv = [1, 2, 3, 4].map((i) => ({ projectName: building.projectName, buildingName: building.name, roomCode: `J${i}`, floor: '1' }));
    csv[2] = { ...csv[2], floor: '9' };
    const bad = [...csv, { projectName: '不存在的项目', buildingName: building.name, roomCode: 'J9', floor: 'x' }, { ...csv[0] }];
    const all = await api.call('POST', 'room/importRooms', { body: { rows: bad, mode: 'all' }, headers: { 'Accept-Language': 'en' } });
    expect(all.status).toBe(200);
    expect(all.body.data).toMatchObject({ total: 6, valid: 3, invalid: 3, written: 0 });
    expect(all.body.data.errors).toEqual([
      { row: 4, column: 'floor', reason: 'must be at most 5 (the building\'s floors)' },
      { row: 6, column: 'floor', reason: 'must be a number' },
      { row: 7, column: 'roomCode', reason: 'J1 repeats line 2 of the file' },
    ]);
    expect(await rows(sql`SELECT id FROM rooms WHERE building_id = ${building.id}`)).toHaveLength(0);
    const unknown = await api.post('room/importRooms', { rows: [{ ...bad[4], floor: '1' }], dryRun: true });
    expect(unknown.body.data.errors[0]).toMatchObject({ row: 2, column: 'projectName', reason: '本片区没有名为“不存在的项目”的项目' });
    const some = await api.post('room/importRooms', { rows: bad, mode: 'validOnly' });
    expect(some.body.data).toMatchObject({ valid: 3, written: 3 });
    expect((await rows<{ room_code: string }>(sql`SELECT room_code FROM rooms WHERE building_id = ${building.id} ORDER BY room_code`)).map((r) => r.room_code)).toEqual(['J1', 'J2', 'J4']);
  });

  it('takes 20,000 rows in one call (a body above the 1 MB of other calls)', async () => {
    const many = Array.from({ length: 20_000 }, (_, i) => ({ projectName: '阳光公寓', buildingName: '1号楼', roomCode: `BIG-${i}`, floor: '1', size: '30.5', remark: '一个相当长的备注，让请求体超过一兆字节' }));
    expect(JSON.stringify({ rows: many }).length).toBeGreaterThan(1024 * 1024);
    const { status, body } = await api.post('room/importRooms', { rows: many, dryRun: true });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ total: 20_000, valid: 20_000, written: 0 });
  });

  it('refuses a malformed call as a whole (400 naming the field), and more than 20,000 rows', async () => {
    expect((await api.post('room/importRooms', { rows: [] })).body.msg).toMatch(/^数据行：/);
    expect((await api.post('room/importRooms', { rows: [{}] })).body.msg).toMatch(/^数据行第 1 项：/);
    expect((await api.post('room/importRooms', { rows: [{ roomCode: 5 }] })).body.msg).toMatch(/^第 1 行房间号：/);
    expect((await api.post('room/importRooms', { rows: [{ roomCode: '1' }], mode: 'some' })).body.msg).toMatch(/^导入方式：/);
    const many = await api.post('room/importRooms', { rows: Array.from({ length: 20_001 }, () => ({ roomCode: '1' })) });
    expect([many.status, many.body.msg]).toEqual([400, expect.stringMatching(/^数据行：/)]);
  });

  it('resolves names only within the caller\'s area', async () => {
    const { records } = await list(api, { pageSize: 1 });
    const r = await other.post('room/importRooms', { rows: [{ projectName: records[0].projectName, buildingName: records[0].buildingName, roomCode: 'Z1', floor: '1' }] });
    expect(r.body.data).toMatchObject({ written: 0, invalid: 1 });
    expect(r.body.data.errors[0].column).toBe('projectName');
  });
});

describe('tenant import', () => {
  it('imports tenants, binds those with a room (occupied now) and refuses rooms that have a tenant', async () => {
    const building = await newBuilding('租户楼', 3);
    await api.post('room/addRoomsInBulk', { buildingId: building.id, floorFrom: 1, floorTo: 1, numberFrom: 1, numberTo: 3, pattern: '{floor}{nn}' });
    const occupied = (await list(api, { state: 'occupied', pageSize: 1 })).records[0];
    const csv = [
      { name: '张三', phone: '13800000001', idNumber: '330100199001011231', buildingName: building.name, projectName: building.projectName, roomCode: '101' },
      { name: '李四', phone: '13800000002', remark: '无房间' },
      { name: '王五', phone: '13800000003', buildingName: occupied.buildingName, projectName: occupied.projectName, roomCode: occupied.roomCode },
      { name: '赵六', phone: 'abc' },
      { name: '钱七', idNumber: '330100199001011231' },
      { name: '孙八', idNumber: '330100199001011230' },
    ];
    const all = await api.post('tenant/importTenants', { rows: csv });
    expect(all.body.data).toMatchObject({ total: 6, valid: 2, invalid: 4, written: 0 });
    expect(all.body.data.errors.map((e: { row: number; column: string }) => [e.row, e.column])).toEqual([[4, 'roomCode'], [5, 'phone'], [6, 'idNumber'], [7, 'idNumber']]);
    // The resident id's check digit is checked as in the tenant form.
    expect(all.body.data.errors[3].reason).toMatch(/校验/);
    const some = await api.post('tenant/importTenants', { rows: csv, mode: 'validOnly' });
    expect(some.body.data.written).toBe(2);
    const [room] = (await list(api, { buildingId: building.id, q: '101' })).records;
    expect(room).toMatchObject({ roomCode: '101', state: 'occupied', tenantName: '张三' });
    expect(await rows(sql`SELECT id FROM tenants WHERE name = '李四' AND phone = '13800000002'`)).toHaveLength(1);
  });
});
