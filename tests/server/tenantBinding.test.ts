import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { apiClient, loginAs, startTestBackend, type TestBackend } from '../support/testApp';
import { namesField } from '../support/fieldLabels';
import { residentCheckChar } from '../../common/identity';
import { formatYuan } from '../../common/money';

let backend: TestBackend;
let api: ReturnType<typeof apiClient>;
let other: ReturnType<typeof apiClient>;
beforeAll(async () => {
  backend = await startTestBackend();
  api = apiClient(backend.app, await loginAs(backend.app, 'admin'));
  other = apiClient(backend.app, await loginAs(backend.app, 'admin2'));
});
afterAll(() => backend.close());

interface Binding {
  id: number; tenantId: number; tenantName: string; roomId: number; roomCode: string; buildingName: string; projectId: number; projectName: string;
  startDate: string; endDate: string | null; current: boolean; settlements: { utility: string; kind: string; amountFen: number; remark: string }[];
}
type Client = ReturnType<typeof apiClient>;
const bindings = async (client: Client, query: Record<string, unknown> = {}) => {
  const { status, body } = await client.get('tenantBinding/findByCondition', { pageNum: 1, pageSize: 100, ...query });
  expect(status, JSON.stringify(body)).toBe(200);
  return body.data as { records: Binding[]; total: number };
};
const rows = async <T>(query: ReturnType<typeof sql>) => ((await backend.database.db.execute(query)) as unknown as { rows: T[] }).rows;
const vacantRoom = async (query: Record<string, unknown> = {}) => ((await api.get('tenantBinding/findVacantRooms', { pageSize: 50, ...query })).body.data.records as { id: number; roomCode: string; lastEndDate: string | null }[]);
let serial = 0;
const newTenant = async (client: Client = api) => {
  const first17 = `31010119850115${String(serial++).padStart(3, '0')}`;
  const response = await client.post('tenant/addTenant', { name: `绑定测试${serial}`, phone: '13800000000', idNumber: `${first17}${residentCheckChar(first17)}` });
  expect(response.body.code, response.body.msg).toBe(200);
  return response.body.data.id as number;
};
/** Balance of each account of a room, and the sum of its ledger. */
const money = async (roomId: number) => rows<{ utility: string; balance: number; ledger: number }>(sql`
  SELECT a.utility, a.balance_fen::int AS balance, coalesce((SELECT sum(l.amount_fen) FROM ledger_entries l WHERE l.account_id = a.id), 0)::int AS ledger
  FROM accounts a WHERE a.room_id = ${roomId} ORDER BY a.utility`);
const roomState = async (roomId: number) => Number((await rows<{ state: number }>(sql`SELECT state FROM rooms WHERE id = ${roomId}`))[0].state);

describe('findByCondition and lookups', () => {
  it('lists current and past bindings newest first, with filters', async () => {
    const all = await bindings(api, { pageSize: 20 });
    expect(all.total).toBeGreaterThan(100);
    const ids = all.records.map((b) => b.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const past = await bindings(api, { current: 'false' });
    expect(past.total).toBeGreaterThan(10);
    expect(past.records.every((b) => !b.current && b.endDate)).toBe(true);
    const current = await bindings(api, { current: 'true', pageSize: 5 });
    expect(current.records.every((b) => b.current && b.endDate === null && b.roomCode && b.tenantName)).toBe(true);
    const one = current.records[0];
    expect((await bindings(api, { roomId: one.roomId })).records.map((b) => b.id)).toContain(one.id);
    expect((await bindings(api, { tenantId: one.tenantId })).records.map((b) => b.id)).toContain(one.id);
    expect((await bindings(api, { q: one.tenantName })).records.map((b) => b.id)).toContain(one.id);
    expect((await bindings(api, { projectId: one.projectId, pageSize: 100 })).records.every((b) => b.projectId === one.projectId)).toBe(true);
    // In force during a range: a binding ended long ago is not.
    const ended = past.records[0];
    const after = `${ended.endDate}T00:00:00+08:00`;
    const dayAfter = new Date(Date.parse(after) + 2 * 86_400_000).toISOString();
    expect((await bindings(api, { activeFrom: dayAfter, tenantId: ended.tenantId, roomId: ended.roomId })).total).toBe(0);
    expect((await bindings(api, { activeFrom: `${ended.startDate}T00:00:00+08:00`, activeTo: after, roomId: ended.roomId })).records.map((b) => b.id)).toContain(ended.id);
    expect((await api.get('tenantBinding/findByCondition', { current: 'yes' })).body.msg).toMatch(/^状态：/);
    expect((await api.get('tenantBinding/findByCondition', { activeFrom: '2026-13-01' })).body.msg).toMatch(/^有效期间开始：/);
  });

  it('offers only vacant rooms of the area, by project and building', async () => {
    const rooms = await vacantRoom();
    expect(rooms.length).toBeGreaterThan(10);
    const current = await rows<{ room_id: number }>(sql`SELECT room_id FROM tenant_bindings WHERE end_date IS NULL`);
    const taken = new Set(current.map((r) => Number(r.room_id)));
    expect(rooms.some((r) => taken.has(r.id))).toBe(false);
    const [{ id: buildingId }] = (await api.get('building/findByCondition', { pageSize: 1 })).body.data.records as { id: number }[];
    const inBuilding = (await api.get('tenantBinding/findVacantRooms', { buildingId, pageSize: 100 })).body.data.records as { buildingId: number }[];
    expect(inBuilding.every((r) => r.buildingId === buildingId)).toBe(true);
    const theirs = (await other.get('tenantBinding/findVacantRooms', { pageSize: 100 })).body.data.records as { id: number }[];
    expect(theirs.some((r) => rooms.some((mine) => mine.id === r.id))).toBe(false);
  });

  it('shows an operator of area 2 no binding of area 1', async () => {
    const mine = await bindings(api, { pageSize: 100 });
    const theirs = await bindings(other, { pageSize: 100, areaId: 1 });
    expect(theirs.total).toBeGreaterThan(0);
    expect(theirs.records.some((b) => mine.records.some((m) => m.id === b.id))).toBe(false);
    expect((await other.get('tenantBinding/findSettlementPreview', { bindingId: mine.records[0].id })).status).toBe(404);
  });
});

describe('bindTenant', () => {
  it('binds a tenant to a vacant room: the room is occupied, the tenant rents it, meters take the tenant as sort key', async () => {
    const tenantId = await newTenant();
    const room = (await vacantRoom())[0];
    // The room's balance (if any) goes to the tenancy (tenancyMoney.test.ts tests the choice itself).
    const bound = await api.post('tenantBinding/bindTenant', { tenantId, roomId: room.id, balanceAtBinding: 'carry' });
    expect(bound.body.code, bound.body.msg).toBe(200);
    expect(bound.body.data).toMatchObject({ tenantId, roomId: room.id, current: true, endDate: null, startDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    expect(await roomState(room.id)).toBe(1);
    const tenant = (await api.get('tenant/findByCondition', { id: tenantId })).body.data.records[0];
    expect(tenant).toMatchObject({ bound: true, roomCode: room.roomCode });
    const sortKeys = await rows<{ tenant_sort: string | null }>(sql`SELECT tenant_sort FROM electric_meters WHERE room_id = ${room.id} UNION ALL SELECT tenant_sort FROM water_meters WHERE room_id = ${room.id}`);
    expect(sortKeys.every((k) => k.tenant_sort === tenant.name)).toBe(true);
    // A tenant may rent several rooms.
    const second = (await vacantRoom())[0];
    expect((await api.post('tenantBinding/bindTenant', { tenantId, roomId: second.id, startDate: '2026-11-01', balanceAtBinding: 'settle' })).body.code).toBe(200);
    expect((await api.get('tenant/findByCondition', { id: tenantId })).body.data.records[0].rooms).toHaveLength(2);
  });

  it('refuses a room that has a tenant, naming them, and changes nothing', async () => {
    const [current] = (await bindings(api, { current: 'true', pageSize: 1 })).records;
    const tenantId = await newTenant();
    const before = await bindings(api, { roomId: current.roomId });
    const response = await api.post('tenantBinding/bindTenant', { tenantId, roomId: current.roomId });
    expect(response.status).toBe(409);
    expect(response.body.msg).toContain(current.tenantName);
    expect((await bindings(api, { roomId: current.roomId })).total).toBe(before.total);
  });

  it('lets exactly one of concurrent binds of one room win; the database refuses a second current tenant too', async () => {
    const room = (await vacantRoom())[0];
    const tenants = await Promise.all([1, 2, 3, 4, 5].map(() => newTenant()));
    const results = await Promise.all(tenants.map((tenantId) => api.post('tenantBinding/bindTenant', { tenantId, roomId: room.id, balanceAtBinding: 'carry' })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(4);
    expect(await rows(sql`SELECT id FROM tenant_bindings WHERE room_id = ${room.id} AND end_date IS NULL`)).toHaveLength(1);
    await expect(backend.database.db.execute(sql`INSERT INTO tenant_bindings (area_id, tenant_id, room_id, start_date) VALUES (1, ${tenants[0]}, ${room.id}, '2026-11-01')`)).rejects.toThrow();
  });

  it('refuses bad dates, unknown and foreign records, naming the field', async () => {
    const tenantId = await newTenant();
    const [withHistory] = await rows<{ id: number }>(sql`SELECT r.id FROM rooms r WHERE r.area_id = 1 AND EXISTS (SELECT 1 FROM tenant_bindings tb WHERE tb.room_id = r.id)
      AND NOT EXISTS (SELECT 1 FROM tenant_bindings tb WHERE tb.room_id = r.id AND tb.end_date IS NULL) ORDER BY r.id LIMIT 1`);
    const [room] = await vacantRoom({ id: withHistory.id });
    expect(room.lastEndDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const early = await api.post('tenantBinding/bindTenant', { tenantId, roomId: room.id, startDate: '2000-01-01' });
    expect([early.status, early.body.msg]).toEqual([400, expect.stringMatching(/^开始日期：.*\d{4}-\d{2}-\d{2}/)]);
    expect((await api.post('tenantBinding/bindTenant', { tenantId, roomId: room.id, startDate: '2030-01-01' })).body.msg).toMatch(/^开始日期：/);
    expect((await api.post('tenantBinding/bindTenant', { tenantId, roomId: room.id, startDate: '2026-02-30' })).body.msg).toMatch(/^开始日期：/);
    expect((await api.post('tenantBinding/bindTenant', { roomId: room.id })).body.msg).toMatch(/^租户：/);
    expect((await api.post('tenantBinding/bindTenant', { tenantId: 'abc', roomId: room.id })).body.msg).toMatch(/^租户：/);
    expect((await api.post('tenantBinding/bindTenant', { tenantId: 2_000_000_000, roomId: room.id })).status).toBe(404);
    // Area 2 cannot bind its tenant to a room of area 1, nor an area-1 tenant anywhere.
    const theirTenant = await newTenant(other);
    expect((await other.post('tenantBinding/bindTenant', { tenantId: theirTenant, roomId: room.id })).status).toBe(404);
    expect((await other.post('tenantBinding/bindTenant', { tenantId, roomId: room.id })).status).toBe(404);
    expect(await roomState(room.id)).toBe(0);
    expect((await bindings(api, { roomId: room.id, current: 'true' })).total).toBe(0);
  });
});

describe('unbindTenant', () => {
  /** A current binding whose room has both accounts, with balances of the given signs. */
  const bindingWith = async (condition: ReturnType<typeof sql>) => {
    const [row] = await rows<{ id: number; room_id: number }>(sql`
      SELECT tb.id, tb.room_id FROM tenant_bindings tb
      JOIN accounts e ON e.room_id = tb.room_id AND e.utility = 'electric'
      JOIN accounts w ON w.room_id = tb.room_id AND w.utility = 'water'
      WHERE tb.end_date IS NULL AND tb.area_id = 1 AND ${condition} ORDER BY tb.id LIMIT 1`);
    expect(row).toBeDefined();
    return { bindingId: Number(row.id), roomId: Number(row.room_id) };
  };

  it('previews both balances, then refunds to zero (arrears collected), with statement lines; history stays', async () => {
    const { bindingId, roomId } = await bindingWith(sql`e.balance_fen < 0 AND w.balance_fen > 0`);
    const preview = (await api.get('tenantBinding/findSettlementPreview', { bindingId })).body.data;
    expect(preview.accounts.map((a: { utility: string }) => a.utility)).toEqual(['electric', 'water']);
    const [electric, water] = preview.accounts as { balanceFen: number; meterAddress: string | null; refund: { collectedFen: number; refundedFen: number } }[];
    expect(electric.refund.collectedFen).toBe(-electric.balanceFen);
    expect(water.refund.refundedFen).toBe(water.balanceFen);
    const ledgerBefore = Number((await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM ledger_entries WHERE room_id = ${roomId}`))[0].n);

    const result = await api.post('tenantBinding/unbindTenant', { bindingId, settlement: 'refund', remark: '退房' });
    expect(result.body.code, result.body.msg).toBe(200);
    const { settlements, message, binding } = result.body.data;
    expect(settlements).toMatchObject([
      { utility: 'electric', balanceBeforeFen: electric.balanceFen, collectedFen: -electric.balanceFen, refundedFen: 0, balanceFen: 0 },
      { utility: 'water', balanceBeforeFen: water.balanceFen, refundedFen: water.balanceFen, collectedFen: 0, balanceFen: 0 },
    ]);
    expect(message).toContain(formatYuan(Math.abs(electric.balanceFen)));
    expect(message).toContain(formatYuan(Math.abs(water.balanceFen)));
    expect(binding).toMatchObject({ id: bindingId, current: false, endDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    for (const account of await money(roomId)) expect(account).toMatchObject({ balance: 0, ledger: 0 });
    // A refund and a settlement line per account, pointing back to the binding.
    const lines = await rows<{ kind: string; amount: number; ref_type: string; ref_id: string; remark: string }>(sql`
      SELECT kind, amount_fen::int AS amount, ref_type, ref_id, remark FROM ledger_entries WHERE room_id = ${roomId} ORDER BY id DESC LIMIT 4`);
    expect(lines.map((l) => l.kind).sort()).toEqual(['refund', 'refund', 'settlement', 'settlement']);
    expect(lines.every((l) => l.ref_type === 'tenantBinding' && l.ref_id === String(bindingId) && l.remark.includes('退房'))).toBe(true);
    expect(Number((await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM ledger_entries WHERE room_id = ${roomId}`))[0].n)).toBe(ledgerBefore + 4);
    expect(await roomState(roomId)).toBe(0);
    const history = (await bindings(api, { roomId })).records.find((b) => b.id === bindingId)!;
    expect(history).toMatchObject({ current: false });
    expect(history.settlements.map((s) => s.kind)).toEqual(['refund', 'settlement', 'refund', 'settlement']);
    // Unbinding twice is refused; the room is vacant for the next tenant.
    expect((await api.post('tenantBinding/unbindTenant', { bindingId, settlement: 'refund' })).status).toBe(409);
    expect((await vacantRoom({ pageSize: 100, ids: String(roomId) })).map((r) => r.id)).toEqual([roomId]);
  });

  it('a recharge and an unbinding of one room at once both finish (no deadlock), and the balance is its ledger', async () => {
    // Both write the room (the binding, and the balance copies a trigger keeps on it) and its
    // account; on PostgreSQL they really run at once, and the locks are taken room → account.
    for (let round = 0; round < 3; round++) {
      const { bindingId, roomId } = await bindingWith(sql`e.balance_fen >= 0 AND w.balance_fen >= 0 AND e.balance_fen < e.hoard_limit_fen - 10000
        AND EXISTS (SELECT 1 FROM electric_meters m WHERE m.room_id = tb.room_id)`);
      const [recharge, unbind] = await Promise.all([
        api.post('account/recharge', { roomId, utility: 'electric', amountFen: 10000, channel: 'cash', requestId: `race-${bindingId}-${round}` }),
        api.post('tenantBinding/unbindTenant', { bindingId, settlement: 'carryOver' }),
      ]);
      expect(recharge.status, JSON.stringify(recharge.body)).toBe(200);
      expect(unbind.status, JSON.stringify(unbind.body)).toBe(200);
      for (const account of await money(roomId)) expect(account.balance).toBe(account.ledger);
    }
  });

  it('carries balances over: unchanged, recorded by a 0 settlement line', async () => {
    const { bindingId, roomId } = await bindingWith(sql`e.balance_fen <> 0 AND w.balance_fen <> 0`);
    const before = await money(roomId);
    const result = await api.post('tenantBinding/unbindTenant', { bindingId, settlement: 'carryOver', endDate: '2026-11-20' });
    expect(result.body.code, result.body.msg).toBe(200);
    expect(result.body.data.settlements.map((s: { carriedOverFen: number }) => s.carriedOverFen)).toEqual(before.map((a) => a.balance));
    expect(result.body.data.binding.endDate).toBe('2026-11-20');
    const after = await money(roomId);
    expect(after).toEqual(before);
    for (const account of after) expect(account.balance).toBe(account.ledger);
    const lines = await rows<{ kind: string; amount: number; remark: string }>(sql`SELECT kind, amount_fen::int AS amount, remark FROM ledger_entries WHERE room_id = ${roomId} AND ref_id = ${String(bindingId)}`);
    expect(lines).toHaveLength(2);
    expect(lines.every((l) => l.kind === 'settlement' && l.amount === 0)).toBe(true);
    expect(lines.map((l) => l.remark).join()).toContain(formatYuan(before[0].balance));
  });

  it('refuses bad input and foreign bindings, changing nothing', async () => {
    const { bindingId, roomId } = await bindingWith(sql`true`);
    const before = await money(roomId);
    const binding = (await bindings(api, { id: bindingId })).records[0];
    const cases: [Record<string, unknown>, string][] = [
      [{ bindingId }, 'settlement'],
      [{ bindingId, settlement: 'cash' }, 'settlement'],
      [{ settlement: 'refund' }, 'bindingId'],
      [{ bindingId, settlement: 'refund', endDate: '2099-01-01' }, 'endDate'],
      [{ bindingId, settlement: 'refund', endDate: '1999-01-01' }, 'endDate'],
      [{ bindingId, settlement: 'refund', endDate: '20261120' }, 'endDate'],
      [{ bindingId, settlement: 'refund', remark: 'x'.repeat(201) }, 'remark'],
    ];
    for (const [body, field] of cases) {
      const response = await api.post('tenantBinding/unbindTenant', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.msg, JSON.stringify(body)).toMatch(namesField('tenantBinding', field));
    }
    expect((await other.post('tenantBinding/unbindTenant', { bindingId, settlement: 'refund' })).status).toBe(404);
    expect(await money(roomId)).toEqual(before);
    expect((await bindings(api, { id: bindingId })).records[0]).toEqual(binding);
    expect(await roomState(roomId)).toBe(1);
  });

  it('settles a room without accounts by ending the binding only', async () => {
    const tenantId = await newTenant();
    const [room] = await rows<{ id: number }>(sql`SELECT r.id FROM rooms r WHERE r.area_id = 1 AND NOT EXISTS (SELECT 1 FROM accounts a WHERE a.room_id = r.id)
      AND NOT EXISTS (SELECT 1 FROM tenant_bindings tb WHERE tb.room_id = r.id AND tb.end_date IS NULL) LIMIT 1`);
    if (!room) return; // every room of the seed has an account
    const bound = await api.post('tenantBinding/bindTenant', { tenantId, roomId: room.id, balanceAtBinding: 'carry' });
    const result = await api.post('tenantBinding/unbindTenant', { bindingId: bound.body.data.id, settlement: 'refund' });
    expect(result.body.data.settlements).toEqual([]);
  });
});

describe('room pickers order rooms by project, building and room', () => {
  it('findVacantRooms and findUserUnBind sorted by buildingName follow project → building → room in natural order', async () => {
    const vacant = (await api.get('tenantBinding/findVacantRooms', { pageNum: 1, pageSize: 100, sortField: 'buildingName', sortOrder: 'asc' })).body.data.records as { id: number }[];
    const expected = await rows<{ id: number }>(sql`SELECT r.id FROM rooms r WHERE r.area_id IN (SELECT id FROM areas WHERE id = 1 OR parent_id = 1)
      AND NOT EXISTS (SELECT 1 FROM tenant_bindings tb WHERE tb.room_id = r.id AND tb.end_date IS NULL) ORDER BY r.building_sort, r.id LIMIT 100`);
    expect(vacant.map((r) => r.id)).toEqual(expected.map((r) => Number(r.id)));
    // Natural within a building: 2 before 10, 101 before 1001.
    const unbound = (await api.get('webWaterArchive/findUserUnBind', { pageNum: 1, pageSize: 100, sortField: 'buildingName', sortOrder: 'asc' })).body.data.records as { projectName: string; buildingName: string; roomCode: string }[];
    const keys = unbound.map((r) => [r.projectName, r.buildingName, r.roomCode]);
    const natural = (a: string, b: string) => a.localeCompare(b, 'zh', { numeric: true });
    const sorted = [...keys].sort((a, b) => natural(a[0], b[0]) || natural(a[1], b[1]) || natural(a[2], b[2]));
    expect(keys.map((k) => k.join('/'))).toEqual(sorted.map((k) => k.join('/')));
  });
});
