import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { apiClient, loginAs, startTestBackend, type TestBackend } from '../support/testApp';

/**
 * Messages name a room with its project and building (issue 40): "1号楼 101" exists in several
 * projects, so "房间101没有水表" did not say which. The reference name is read here apart from the
 * server: project, building and room code, a space between them ("滨江花园 1号楼 101").
 */
let backend: TestBackend;
let api: ReturnType<typeof apiClient>;
beforeAll(async () => {
  backend = await startTestBackend();
  api = apiClient(backend.app, await loginAs(backend.app, 'admin'));
});
afterAll(() => backend.close());

const rows = async <T>(query: ReturnType<typeof sql>) => ((await backend.database.db.execute(query)) as unknown as { rows: T[] }).rows;
const nameOf = async (roomId: number) => (await rows<{ name: string }>(sql`SELECT p.name || ' ' || b.name || ' ' || r.room_code AS name
  FROM rooms r JOIN buildings b ON b.id = r.building_id JOIN projects p ON p.id = r.project_id WHERE r.id = ${roomId}`))[0].name;
const AREA1 = sql`(SELECT id FROM areas WHERE id = 1 OR parent_id = 1)`;

describe('rooms named in messages', () => {
  it('the demo estate has room codes in several projects (why the name needs them)', async () => {
    const [twice] = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM (SELECT b.name, r.room_code FROM rooms r JOIN buildings b ON b.id = r.building_id
      GROUP BY b.name, r.room_code HAVING count(DISTINCT r.project_id) > 1) x`);
    expect(twice.n).toBeGreaterThan(0);
  });

  it('a recharge refused for a room without a water meter names the room with its project and building', async () => {
    const [room] = await rows<{ id: number }>(sql`SELECT r.id FROM rooms r WHERE r.area_id IN ${AREA1}
      AND NOT EXISTS (SELECT 1 FROM water_meters w WHERE w.room_id = r.id) ORDER BY r.id LIMIT 1`);
    const refused = await api.post('account/recharge', { roomId: room.id, utility: 'water', amountFen: 100, channel: 'cash', requestId: 'room-name-water-1' });
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toBe(`房间${await nameOf(room.id)}没有水表：请先绑定水表再收水费`);
  });

  it('the room binding screen\'s refusals name both rooms so', async () => {
    const [meter] = await rows<{ id: number; room_id: number }>(sql`SELECT id, room_id FROM electric_meters WHERE area_id IN ${AREA1} AND room_id IS NOT NULL ORDER BY id LIMIT 1`);
    const [target] = await rows<{ id: number; address: string }>(sql`SELECT r.id, e.address FROM rooms r JOIN electric_meters e ON e.room_id = r.id
      WHERE r.area_id IN ${AREA1} AND r.id <> ${meter.room_id} ORDER BY r.id LIMIT 1`);
    // A meter in another room: named with its project and building.
    const inOther = await api.post('roomMeter/attachMeter', { utility: 'electric', meterId: meter.id, roomId: target.id });
    expect(inOther.status).toBe(409);
    expect(inOther.body.msg).toContain(await nameOf(meter.room_id));
    // A move into a room that has such a meter.
    const taken = await api.post('roomMeter/moveMeter', { utility: 'electric', meterId: meter.id, toRoomId: target.id });
    expect(taken.status).toBe(409);
    expect(taken.body.msg).toContain(`房间${await nameOf(target.id)}已有该类表计${target.address}`);
  });

  it('a tenant who still rents a room cannot be deleted: the message names the room so', async () => {
    const [tenant] = await rows<{ id: number; room_id: number }>(sql`SELECT t.id, b.room_id FROM tenants t JOIN tenant_bindings b ON b.tenant_id = t.id AND b.end_date IS NULL
      WHERE t.area_id IN ${AREA1} AND (SELECT count(*) FROM tenant_bindings x WHERE x.tenant_id = t.id AND x.end_date IS NULL) = 1 ORDER BY t.id LIMIT 1`);
    const refused = await api.delete('tenant/deleteTenant', { id: tenant.id });
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toContain(await nameOf(tenant.room_id));
  });

  it('a user-parameter refusal names the account\'s room so', async () => {
    const [account] = await rows<{ id: number; room_id: number; balance_fen: number }>(sql`SELECT id, room_id, balance_fen::int AS balance_fen FROM accounts
      WHERE area_id IN ${AREA1} AND utility = 'electric' AND balance_fen >= 10000 ORDER BY id DESC LIMIT 1`);
    const refused = await api.post('userParameter/updateUserParameters', { ids: [account.id], alarm1Fen: 1000, alarm2Fen: 500, hoardLimitFen: account.balance_fen - 1 });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toContain(`房间 ${await nameOf(account.room_id)}：`);
  });

  it('an electric meter given a room that has one: the refusal names the room so', async () => {
    const [meters] = await rows<{ a: number; b_room: number }>(sql`SELECT a.id AS a, b.room_id AS b_room FROM electric_meters a, electric_meters b
      WHERE a.area_id = 1 AND b.area_id = 1 AND a.room_id IS NOT NULL AND b.room_id IS NOT NULL AND a.id <> b.id ORDER BY a.id, b.id LIMIT 1`);
    const refused = await api.post('electricMeter/updateElectricMeter', { id: meters.a, roomId: meters.b_room });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toContain(await nameOf(meters.b_room));
  });
});
