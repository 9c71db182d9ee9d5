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

interface RoomRow {
  id: number; roomCode: string; tenantName?: string | null; waterAccountOpened?: boolean | null; buildingId: number; projectId: number; electricMeterId: number | null; electricAddress: string | null; electricOnline: boolean | null; relayState: string | null;
  waterMeterId: number | null; waterAddress: string | null; waterOnline: boolean | null; valveState: string | null; electricBalanceFen: number | null; waterBalanceFen: number | null;
}
type Client = ReturnType<typeof apiClient>;
const list = async (client: Client, query: Record<string, unknown> = {}) => {
  const { status, body } = await client.get('roomMeter/findByCondition', { pageNum: 1, pageSize: 100, ...query });
  expect(status, JSON.stringify(body)).toBe(200);
  return body.data as { records: RoomRow[]; total: number };
};
const rows = async <T>(query: ReturnType<typeof sql>) => ((await backend.database.db.execute(query)) as unknown as { rows: T[] }).rows;
const spare = async (utility: 'electric' | 'water', client: Client = api) =>
  ((await client.get('roomMeter/findUnattachedMeters', { utility, pageSize: 100 })).body.data.records as { id: number; address: string }[]);
const sortKeys = async (table: 'electric_meters' | 'water_meters', id: number) =>
  (await rows<{ room_id: number | null; room_sort: string | null; building_sort: string | null; tenant_sort: string | null }>(
    sql`SELECT room_id, room_sort, building_sort, tenant_sort FROM ${sql.identifier(table)} WHERE id = ${id}`))[0];
const naturalKey = async (roomId: number) => (await rows<{ k: string }>(sql`SELECT natural_sort_key(room_code) AS k FROM rooms WHERE id = ${roomId}`))[0].k;
const balances = async (roomId: number) => rows<{ utility: string; balance: number }>(sql`SELECT utility, balance_fen::int AS balance FROM accounts WHERE room_id = ${roomId} ORDER BY utility`);

describe('findByCondition and lookups', () => {
  it('lists rooms with both meters, their state and balances; filters rooms without a meter', async () => {
    const first = await list(api, { pageSize: 20 });
    expect(first.total).toBeGreaterThan(500);
    const withBoth = first.records.find((r) => r.electricMeterId && r.waterMeterId)!;
    expect(withBoth).toMatchObject({ electricAddress: expect.stringMatching(/^\d{12}$/), waterAddress: expect.stringMatching(/^\d{14}$/), relayState: expect.any(String), valveState: expect.any(String) });
    const noWater = await list(api, { withoutWater: 'true' });
    expect(noWater.total).toBeGreaterThan(0);
    expect(noWater.records.every((r) => r.waterMeterId === null)).toBe(true);
    const noElectric = await list(api, { withoutElectric: 'true' });
    expect(noElectric.records.every((r) => r.electricMeterId === null)).toBe(true);
    expect((await list(api, { q: withBoth.waterAddress })).records.map((r) => r.id)).toEqual([withBoth.id]);
    expect((await list(api, { q: withBoth.electricAddress })).records.map((r) => r.id)).toEqual([withBoth.id]);
    const inBuilding = await list(api, { buildingId: withBoth.buildingId, sortField: 'roomCode', sortOrder: 'asc' });
    expect(inBuilding.records.every((r) => r.buildingId === withBoth.buildingId)).toBe(true);
    const codes = inBuilding.records.map((r) => Number(r.roomCode));
    expect(codes).toEqual([...codes].sort((a, b) => a - b));
    expect((await api.get('roomMeter/findByCondition', { withoutWater: 'yes' })).body.msg).toMatch(/^水表：/);
    // One meter per utility per room in the data.
    expect(await rows(sql`SELECT room_id FROM water_meters WHERE room_id IS NOT NULL GROUP BY room_id HAVING count(*) > 1`)).toHaveLength(0);
    expect(await rows(sql`SELECT room_id FROM electric_meters WHERE room_id IS NOT NULL GROUP BY room_id HAVING count(*) > 1`)).toHaveLength(0);
  });

  it('finds rooms by their current tenant (name or phone), as the list shows them; a former tenant finds nothing', async () => {
    // A tenant bound now to a room of area 1.
    const [current] = await rows<{ room_id: number; name: string; phone: string | null }>(sql`
      SELECT b.room_id, t.name, t.phone FROM tenant_bindings b JOIN tenants t ON t.id = b.tenant_id JOIN rooms r ON r.id = b.room_id
      WHERE b.end_date IS NULL AND r.area_id = 1 AND t.phone IS NOT NULL ORDER BY b.room_id LIMIT 1`);
    expect(current).toBeDefined();
    const byName = await list(api, { q: current.name });
    expect(byName.records.map((r) => r.id)).toContain(current.room_id);
    expect(byName.records.find((r) => r.id === current.room_id)).toMatchObject({ tenantName: current.name });
    expect((await list(api, { q: current.phone })).records.map((r) => r.id)).toContain(current.room_id);
    // A tenant whose binding has ended: the room is not theirs any more.
    const [former] = await rows<{ room_id: number; name: string }>(sql`
      SELECT b.room_id, t.name FROM tenant_bindings b JOIN tenants t ON t.id = b.tenant_id JOIN rooms r ON r.id = b.room_id
      WHERE b.end_date IS NOT NULL AND r.area_id = 1
        AND NOT EXISTS (SELECT 1 FROM tenant_bindings c WHERE c.tenant_id = b.tenant_id AND c.end_date IS NULL) LIMIT 1`);
    if (former) expect((await list(api, { q: former.name })).records.map((r) => r.id)).not.toContain(former.room_id);
    // Another area's operator does not find area 1's rooms by their tenant.
    expect((await list(other, { q: current.name })).records.map((r) => r.id)).not.toContain(current.room_id);
  });

  it('shows an operator of area 2 no room or meter of area 1', async () => {
    const mine = await list(api);
    const theirs = await list(other, { areaId: 1 });
    expect(theirs.total).toBeGreaterThan(0);
    expect(theirs.records.some((r) => mine.records.some((m) => m.id === r.id))).toBe(false);
    const mySpares = await spare('water');
    const theirSpares = await spare('water', other);
    expect(mySpares.length).toBeGreaterThan(0);
    expect(theirSpares.some((m) => mySpares.some((s) => s.id === m.id))).toBe(false);
    expect((await api.get('roomMeter/findUnattachedMeters', { utility: 'gas' })).body.msg).toMatch(/^类型：/);
  });
});

describe('attach, detach, move', () => {
  it('attaches a meter in stock to a room without one; sort keys and the account flag follow', async () => {
    const [meter] = await spare('water');
    const [room] = (await list(api, { withoutWater: 'true', pageSize: 1 })).records;
    const attached = await api.post('roomMeter/attachMeter', { roomId: room.id, utility: 'water', meterId: meter.id });
    expect(attached.body.code, attached.body.msg).toBe(200);
    expect(attached.body.data.room).toMatchObject({ id: room.id, waterMeterId: meter.id, waterAddress: meter.address });
    // The list says whether the room's water account is opened (the meters dialog offers the opening when not).
    const [flag] = await rows<{ account_opened: boolean }>(sql`SELECT account_opened FROM water_meters WHERE id = ${meter.id}`);
    expect(attached.body.data.room.waterAccountOpened).toBe(flag.account_opened);
    expect((await list(api, { id: room.id })).records[0].waterAccountOpened).toBe(flag.account_opened);
    expect(await sortKeys('water_meters', meter.id)).toMatchObject({ room_id: room.id, room_sort: await naturalKey(room.id) });
    expect((await spare('water')).map((m) => m.id)).not.toContain(meter.id);
    // Again, or another meter into the same room: refused.
    const again = await api.post('roomMeter/attachMeter', { roomId: room.id, utility: 'water', meterId: meter.id });
    expect(again.status).toBe(409);
    const [second] = await spare('water');
    const full = await api.post('roomMeter/attachMeter', { roomId: room.id, utility: 'water', meterId: second.id });
    expect(full.status).toBe(409);
    expect(full.body.msg).toContain(meter.address);
    // A meter in another room is moved, not attached.
    const [elsewhere] = (await list(api, { withoutWater: 'false', pageSize: 2 })).records.filter((r) => r.id !== room.id);
    const [empty] = (await list(api, { withoutWater: 'true', pageSize: 1 })).records;
    const busy = await api.post('roomMeter/attachMeter', { roomId: empty.id, utility: 'water', meterId: elsewhere.waterMeterId });
    expect(busy.status).toBe(409);
    expect(busy.body.msg).toContain(elsewhere.roomCode);
    // The database refuses a second water meter in a room too.
    await expect(backend.database.db.execute(sql`UPDATE water_meters SET room_id = ${room.id} WHERE id = ${second.id}`)).rejects.toThrow();
  });

  it('lets exactly one of concurrent attaches into one room win', async () => {
    const [room] = (await list(api, { withoutWater: 'true', pageSize: 1 })).records;
    const meters = (await spare('water')).slice(0, 4);
    const results = await Promise.all(meters.map((meter) => api.post('roomMeter/attachMeter', { roomId: room.id, utility: 'water', meterId: meter.id })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(meters.length - 1);
    expect(await rows(sql`SELECT id FROM water_meters WHERE room_id = ${room.id}`)).toHaveLength(1);
  });

  it('detaches a meter: back in stock, the room keeps its account and balance', async () => {
    const room = (await list(api, { withoutElectric: 'false' })).records.find((r) => r.electricBalanceFen)!;
    const before = await balances(room.id);
    const detached = await api.post('roomMeter/detachMeter', { utility: 'electric', meterId: room.electricMeterId });
    expect(detached.body.data).toMatchObject({ meterId: room.electricMeterId, roomId: room.id, balanceFen: room.electricBalanceFen });
    expect(await balances(room.id)).toEqual(before);
    expect(await sortKeys('electric_meters', room.electricMeterId!)).toEqual({ room_id: null, room_sort: null, building_sort: null, tenant_sort: null });
    expect((await spare('electric')).map((m) => m.id)).toContain(room.electricMeterId);
    expect((await list(api, { id: room.id })).records[0]).toMatchObject({ electricMeterId: null, electricBalanceFen: room.electricBalanceFen });
    expect((await api.post('roomMeter/detachMeter', { utility: 'electric', meterId: room.electricMeterId })).status).toBe(409);
    // Attached back where it was.
    expect((await api.post('roomMeter/attachMeter', { utility: 'electric', meterId: room.electricMeterId, roomId: room.id })).body.code).toBe(200);
  });

  it('moves a meter: its readings keep their old room, each room keeps its account, sort keys follow', async () => {
    const [from] = (await list(api, { withoutWater: 'false', pageSize: 5 })).records.filter((r) => r.waterMeterId);
    const [to] = (await list(api, { withoutWater: 'true', pageSize: 1 })).records;
    const meterId = from.waterMeterId!;
    const readings = await rows<{ id: number; room_id: number }>(sql`SELECT id, room_id FROM readings WHERE utility = 'water' AND meter_id = ${meterId}`);
    expect(readings.length).toBeGreaterThan(0);
    expect(readings.every((r) => Number(r.room_id) === from.id)).toBe(true);
    const [fromMoney, toMoney] = [await balances(from.id), await balances(to.id)];

    const moved = await api.post('roomMeter/moveMeter', { utility: 'water', meterId, toRoomId: to.id });
    expect(moved.body.code, moved.body.msg).toBe(200);
    expect(moved.body.data).toMatchObject({ meterId, fromRoomId: from.id, toRoomId: to.id, fromRoomCode: from.roomCode, toRoomCode: to.roomCode });
    const after = await rows<{ id: number; room_id: number }>(sql`SELECT id, room_id FROM readings WHERE utility = 'water' AND meter_id = ${meterId}`);
    expect(after).toEqual(readings);
    expect(await balances(from.id)).toEqual(fromMoney);
    expect(await balances(to.id)).toEqual(toMoney);
    expect(await sortKeys('water_meters', meterId)).toMatchObject({ room_id: to.id, room_sort: await naturalKey(to.id) });
    expect((await list(api, { id: from.id })).records[0].waterMeterId).toBeNull();
    expect((await list(api, { id: to.id })).records[0].waterMeterId).toBe(meterId);
    // Into a room with a water meter, to where it is, or a meter in stock: refused.
    const [occupied] = (await list(api, { withoutWater: 'false', pageSize: 5 })).records.filter((r) => r.id !== to.id);
    expect((await api.post('roomMeter/moveMeter', { utility: 'water', meterId, toRoomId: occupied.id })).status).toBe(409);
    expect((await api.post('roomMeter/moveMeter', { utility: 'water', meterId, toRoomId: to.id })).status).toBe(409);
    const [stock] = await spare('water');
    expect((await api.post('roomMeter/moveMeter', { utility: 'water', meterId: stock.id, toRoomId: from.id })).status).toBe(409);
    const log = await rows<{ action: string }>(sql`SELECT action FROM operation_log WHERE entity = 'roomMeter' AND entity_id = ${String(meterId)} ORDER BY id DESC LIMIT 1`);
    expect(log[0].action).toBe('move:water');
  });

  it('refuses bad input naming the field, and foreign records, changing nothing', async () => {
    const [room] = (await list(api, { withoutWater: 'false', pageSize: 1 })).records;
    const cases: [string, Record<string, unknown>, string][] = [
      ['attachMeter', { roomId: room.id, utility: 'gas', meterId: 1 }, 'utility'],
      ['attachMeter', { roomId: room.id, utility: 'water' }, 'meterId'],
      ['attachMeter', { utility: 'water', meterId: 1 }, 'roomId'],
      ['detachMeter', { utility: 'water', meterId: 'x' }, 'meterId'],
      ['moveMeter', { utility: 'water', meterId: room.waterMeterId, toRoomId: 0 }, 'toRoomId'],
    ];
    for (const [call, body, field] of cases) {
      const response = await api.post(`roomMeter/${call}`, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.msg).toMatch(namesField('roomMeter', field));
    }
    const [theirRoom] = (await list(other, { withoutWater: 'true', pageSize: 1 })).records;
    const [theirSpare] = await spare('water', other);
    expect((await other.post('roomMeter/detachMeter', { utility: 'water', meterId: room.waterMeterId })).status).toBe(404);
    expect((await other.post('roomMeter/moveMeter', { utility: 'water', meterId: room.waterMeterId, toRoomId: theirRoom.id })).status).toBe(404);
    expect((await other.post('roomMeter/attachMeter', { utility: 'water', meterId: theirSpare.id, roomId: room.id })).status).toBe(404);
    const [mySpare] = await spare('water');
    expect((await other.post('roomMeter/attachMeter', { utility: 'water', meterId: mySpare.id, roomId: theirRoom.id })).status).toBe(404);
    expect((await list(api, { id: room.id })).records[0]).toEqual(room);
  });
});
