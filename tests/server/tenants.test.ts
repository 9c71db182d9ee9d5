import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { apiClient, loginAs, startTestBackend, type TestBackend } from '../support/testApp';
import { namesField } from '../support/fieldLabels';
import { residentCheckChar } from '../../common/identity';

let backend: TestBackend;
let api: ReturnType<typeof apiClient>;
let other: ReturnType<typeof apiClient>;
beforeAll(async () => {
  backend = await startTestBackend();
  api = apiClient(backend.app, await loginAs(backend.app, 'admin'));
  other = apiClient(backend.app, await loginAs(backend.app, 'admin2'));
});
afterAll(() => backend.close());

interface Tenant {
  id: number; name: string; phone: string | null; idNumber: string | null; idType: string; bound: boolean; roomCode: string | null;
  buildingName: string | null; projectName: string | null; bindingStart: string | null; rooms: { roomId: number; roomCode: string }[]; bindingCount: number;
}
const list = async (client: ReturnType<typeof apiClient>, query: Record<string, unknown> = {}) => {
  const { status, body } = await client.get('tenant/findByCondition', { pageNum: 1, pageSize: 100, ...query });
  expect(status, JSON.stringify(body)).toBe(200);
  return body.data as { records: Tenant[]; total: number };
};
/** A valid resident id (checksum computed) from 17 digits. */
const residentId = (first17: string) => `${first17}${residentCheckChar(first17)}`;
let serial = 0;
const freshId = () => residentId(`11010119900307${String(serial++).padStart(3, '0')}`);
const rows = async <T>(query: ReturnType<typeof sql>) => ((await backend.database.db.execute(query)) as unknown as { rows: T[] }).rows;
const auditCount = async () => Number((await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM operation_log WHERE entity = 'tenant'`))[0].n);

describe('findByCondition', () => {
  it('lists the area\'s tenants with their current room, pages, sorts and filters', async () => {
    const first = await list(api, { pageSize: 10 });
    expect(first.records).toHaveLength(10);
    expect(first.total).toBeGreaterThan(100);
    const bound = await list(api, { bound: 'true', pageSize: 20 });
    expect(bound.records.every((t) => t.bound && t.roomCode && t.buildingName && t.projectName && t.bindingStart)).toBe(true);
    const unbound = await list(api, { bound: 'false' });
    expect(unbound.total).toBeGreaterThan(0);
    expect(unbound.records.every((t) => !t.bound && t.roomCode === null)).toBe(true);
    expect(bound.total + unbound.total).toBe(first.total);

    const sorted = await list(api, { sortField: 'phone', sortOrder: 'desc', pageSize: 30 });
    const phones = sorted.records.map((t) => t.phone ?? '');
    expect(phones).toEqual([...phones].sort().reverse());

    const one = bound.records[3];
    for (const q of [one.name, one.phone!, one.idNumber!, one.phone!.slice(0, 2)]) {
      expect((await list(api, { q })).records.map((t) => t.id), q).toContain(one.id);
    }
    const [project] = (await api.get('project/findByCondition', { pageSize: 1 })).body.data.records as { id: number; name: string }[];
    const inProject = await list(api, { projectId: project.id, pageSize: 50 });
    expect(inProject.total).toBeGreaterThan(0);
    expect(inProject.records.every((t) => t.projectName === project.name || t.rooms.length > 1)).toBe(true);
    expect((await list(api, { id: one.id })).records[0].rooms[0]).toMatchObject({ roomCode: expect.any(String) });
  });

  it('shows an operator of area 2 nothing of area 1, even with areaId tampered', async () => {
    const mine = await list(api, { pageSize: 100 });
    const theirs = await list(other, { pageSize: 100, areaId: 1, areaid: 1 });
    expect(theirs.total).toBeGreaterThan(0);
    const ids = new Set(mine.records.map((t) => t.id));
    expect(theirs.records.some((t) => ids.has(t.id))).toBe(false);
    expect((await list(other, { id: mine.records[0].id })).total).toBe(0);
  });

  it('masks id numbers and phones for a read-only operator, in the tenant list, the room list and the payment search alike', async () => {
    const viewer = apiClient(backend.app, await loginAs(backend.app, 'viewer'));
    const full = (await list(api, { bound: 'true', pageSize: 50 })).records.filter((t) => t.phone && t.idNumber);
    expect(full.length).toBeGreaterThan(0);
    const byId = new Map((await list(viewer, { bound: 'true', pageSize: 50 })).records.map((t) => [t.id, t]));
    for (const tenant of full) {
      const seen = byId.get(tenant.id)!;
      expect(seen.name).toBe(tenant.name);
      expect(seen.phone).toBe(`${tenant.phone!.slice(0, 3)}${tenant.phone!.slice(3, -4).replace(/\d/g, '*')}${tenant.phone!.slice(-4)}`);
      // The resident id's share hidden for every document (issue 40): of n characters, floor(4n/9) show, split between the ends.
      const shown = Math.floor((4 * tenant.idNumber!.length) / 9);
      expect(seen.idNumber).toBe(`${tenant.idNumber!.slice(0, Math.floor(shown / 2))}${'*'.repeat(tenant.idNumber!.length - shown)}${tenant.idNumber!.slice(tenant.idNumber!.length - Math.ceil(shown / 2))}`);
      expect(seen.idNumber).not.toBe(tenant.idNumber);
    }
    // A search by the full phone still finds the tenant, and shows it masked.
    const [one] = full;
    const found = (await list(viewer, { q: one.phone })).records;
    expect(found.map((t) => t.id)).toContain(one.id);
    expect(found.every((t) => !t.phone || t.phone.includes('*'))).toBe(true);
    const roomRows = (await viewer.get('room/findByCondition', { pageNum: 1, pageSize: 50, state: 'occupied' })).body.data.records as { tenantPhone: string | null }[];
    expect(roomRows.some((r) => r.tenantPhone)).toBe(true);
    expect(roomRows.every((r) => !r.tenantPhone || r.tenantPhone.includes('*'))).toBe(true);
    const rooms = (await viewer.get('account/findRooms', { q: one.name })).body.data as { tenantPhone: string | null }[];
    expect(rooms.every((r) => !r.tenantPhone || r.tenantPhone.includes('*'))).toBe(true);
    // An operator who may edit sees them in full.
    expect((await list(api, { q: one.phone })).records.find((t) => t.id === one.id)?.phone).toBe(one.phone);
  });

  it('rejects bad filters naming the field', async () => {
    expect((await api.get('tenant/findByCondition', { bound: 'maybe' })).body.msg).toMatch(/^租住状态：/);
    expect((await api.get('tenant/findByCondition', { projectId: 'x' })).body.msg).toMatch(/^项目：/);
  });
});

describe('add and update', () => {
  it('adds a tenant with a checked resident id, then edits it; audited', async () => {
    const logged = await auditCount();
    const idNumber = freshId();
    const added = await api.post('tenant/addTenant', { name: '测试租户', phone: '13912345678', idNumber: idNumber.toLowerCase(), remark: '新签' });
    expect(added.body.code, added.body.msg).toBe(200);
    expect(added.body.data).toMatchObject({ name: '测试租户', phone: '13912345678', idNumber, idType: 'resident', bound: false, rooms: [] });
    const id = added.body.data.id as number;
    const landline = await api.put('tenant/updateTenant', { id, phone: '021-62345678', remark: null });
    expect(landline.body.data).toMatchObject({ id, phone: '021-62345678', remark: null, name: '测试租户', idNumber });
    const permit = await api.put('tenant/updateTenant', { id, idType: 'other', idNumber: 'H1234567(8)' });
    expect(permit.body.data).toMatchObject({ idType: 'other', idNumber: 'H1234567(8)' });
    // A foreign tenant: a passport (stored upper case) and an international number.
    const passport = await api.put('tenant/updateTenant', { id, idType: 'passport', idNumber: 'c01x00t47', phone: '+49 30 1234567' });
    expect(passport.body.code, passport.body.msg).toBe(200);
    expect(passport.body.data).toMatchObject({ idType: 'passport', idNumber: 'C01X00T47', phone: '+49 30 1234567' });
    // A read-only operator sees as little of a 9-character passport as of a resident id (issue 40: it hid 1 of 9, C01X*00T47).
    const viewer = apiClient(backend.app, await loginAs(backend.app, 'viewer'));
    expect((await list(viewer, { id })).records[0].idNumber).toBe('C0*****47');
    // Back to a resident id: the number it keeps must then be one.
    const mismatch = await api.put('tenant/updateTenant', { id, idType: 'resident' });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.msg).toMatch(/^证件号码：/);
    expect(await auditCount()).toBe(logged + 4);
  });

  it('refuses bad input naming the field, and changes nothing', async () => {
    const before = (await list(api)).total;
    const logged = await auditCount();
    const cases: [Record<string, unknown>, string][] = [
      [{ phone: '13912345678' }, 'name'],
      [{ name: '  ' }, 'name'],
      [{ name: '张三', phone: '12345' }, 'phone'],
      [{ name: '张三', phone: '1391234567a' }, 'phone'],
      [{ name: '张三', idNumber: '110101199003071234' }, 'idNumber'], // wrong check digit
      [{ name: '张三', idNumber: residentId('11010119901332123') }, 'idNumber'], // month 13
      [{ name: '张三', idNumber: '12345' }, 'idNumber'],
      [{ name: '张三', idType: 'other', idNumber: 'E 123' }, 'idNumber'],
      [{ name: '张三', idType: 'visa' }, 'idType'],
      [{ name: '张三', idType: 'passport', idNumber: 'E-1234567' }, 'idNumber'],
      [{ name: '张三', phone: '+86 12345' }, 'phone'],
      [{ name: '张三', phone: '+49 30' }, 'phone'],
      [{ name: '张三', phone: '+1234567890123456' }, 'phone'],
      [{ name: 'x'.repeat(51) }, 'name'],
    ];
    for (const [body, field] of cases) {
      const response = await api.post('tenant/addTenant', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.msg, JSON.stringify(body)).toMatch(namesField('tenant', field));
    }
    const good = await list(api, { pageSize: 1 });
    expect((await api.put('tenant/updateTenant', { id: good.records[0].id, phone: 'abc' })).body.msg).toMatch(/^电话：/);
    expect((await list(api)).total).toBe(before);
    expect(await auditCount()).toBe(logged);
  });

  it('refuses a second tenant with the same id number in the area', async () => {
    const [taken] = (await list(api, { pageSize: 1, bound: 'true' })).records;
    const response = await api.post('tenant/addTenant', { name: '重复', idNumber: taken.idNumber });
    expect(response.status).toBe(409);
    expect(response.body.msg).toContain(taken.name);
  });

  it('lets an operator of area 2 change nothing of area 1', async () => {
    const [tenant] = (await list(api, { pageSize: 1 })).records;
    expect((await other.put('tenant/updateTenant', { id: tenant.id, name: 'x', areaId: 1 })).status).toBe(404);
    expect((await other.delete('tenant/deleteTenant', { id: tenant.id })).status).toBe(404);
    expect((await list(api, { id: tenant.id })).records[0].name).toBe(tenant.name);
  });
});

describe('deleteTenant', () => {
  it('refuses while the tenant rents a room, saying which', async () => {
    const [tenant] = (await list(api, { bound: 'true', pageSize: 1 })).records;
    const response = await api.delete('tenant/deleteTenant', { id: tenant.id });
    expect(response.status).toBe(409);
    expect(response.body.msg).toContain(tenant.rooms[0].roomCode);
    expect((await list(api, { id: tenant.id })).total).toBe(1);
  });

  it('deletes a tenant who never rented outright; keeps one with history readable in the binding history', async () => {
    const added = await api.post('tenant/addTenant', { name: '从未入住', idNumber: freshId() });
    const fresh = added.body.data.id as number;
    expect((await api.delete('tenant/deleteTenant', { id: fresh })).body.data).toEqual({ deleted: 1, kept: false });
    expect(await rows(sql`SELECT id FROM tenants WHERE id = ${fresh}`)).toHaveLength(0);

    // A former tenant: unbound, with history.
    const former = (await list(api, { bound: 'false', pageSize: 100 })).records.find((t) => t.bindingCount > 0)!;
    expect(former).toBeDefined();
    const removed = await api.delete('tenant/deleteTenant', { id: former.id });
    expect(removed.body.data).toEqual({ deleted: 1, kept: true });
    expect((await list(api, { id: former.id })).total).toBe(0);
    expect((await list(api, { q: former.idNumber })).records.map((t) => t.id)).not.toContain(former.id);
    const history = (await api.get('tenantBinding/findByCondition', { tenantId: former.id })).body.data.records as { tenantName: string; tenantDeleted: boolean }[];
    expect(history.length).toBe(former.bindingCount);
    expect(history.every((b) => b.tenantName === former.name && b.tenantDeleted)).toBe(true);
    // Deleted means gone from the archive: no edit, no second delete, no bind.
    expect((await api.put('tenant/updateTenant', { id: former.id, name: 'x' })).status).toBe(404);
    expect((await api.delete('tenant/deleteTenant', { id: former.id })).status).toBe(404);
    const logs = await rows<{ action: string }>(sql`SELECT action FROM operation_log WHERE entity = 'tenant' AND entity_id IN (${String(fresh)}, ${String(former.id)}) ORDER BY id`);
    expect(logs.map((l) => l.action)).toEqual(['create', 'delete', 'archive']);
  });
});
