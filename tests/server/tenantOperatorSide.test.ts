import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, loginAs, startTestBackend, type TestBackend } from '../support/testApp';
import { schema } from '../../server/db';
import { DEFAULT_NOTICE_SETTINGS } from '../../common/tenantNotices';

/**
 * The operator's side of the tenant's page (issue 42): a tenant's fault report read, its photo, and
 * its resolution on the fault records (guzhang); SMS templates marked as a kind of tenant notice
 * (smsmanage); a tenant's sign-ins and notice choices on the tenant record (userdangan), ending
 * them there and on an unbind.
 */
let backend: TestBackend;
let api: ReturnType<typeof apiClient>;
let other: ReturnType<typeof apiClient>;
let viewer: ReturnType<typeof apiClient>;
let scope: string;

type Row = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const sqlRows = async <T = Row,>(text: string) => ((await backend.database.db.execute(text as never)) as unknown as { rows: T[] }).rows;
const one = async (text: string) => (await sqlRows(text))[0];

/** A tiny PNG (1×1). */
const PNG = Uint8Array.from(Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64'));

beforeAll(async () => {
  backend = await startTestBackend();
  api = apiClient(backend.app, await loginAs(backend.app, 'admin'));
  other = apiClient(backend.app, await loginAs(backend.app, 'admin2'));
  viewer = apiClient(backend.app, await loginAs(backend.app, 'viewer'));
  const ids = (await sqlRows<{ id: number }>(`WITH RECURSIVE s AS (SELECT a.id FROM areas a JOIN sys_users u ON u.area_id = a.id WHERE u.user_name = 'admin'
    UNION SELECT c.id FROM areas c JOIN s ON c.parent_id = s.id) SELECT id FROM s`)).map((row) => Number(row.id));
  scope = `area_id IN (${ids.join(',')})`;
}, 120_000);
afterAll(() => backend.close());

/** Current bindings of admin's areas whose tenant has a mobile phone, one per tenant phone, in id order. */
async function boundTenants(n: number) {
  return (await sqlRows<{ binding_id: number; room_id: number; area_id: number; tenant_id: number; phone: string; room_code: string }>(`
    SELECT DISTINCT ON (t.phone) b.id AS binding_id, b.room_id, r.area_id, t.id AS tenant_id, t.phone, r.room_code
    FROM tenant_bindings b JOIN tenants t ON t.id = b.tenant_id JOIN rooms r ON r.id = b.room_id
    WHERE b.end_date IS NULL AND t.deleted_at IS NULL AND t.phone ~ '^1[3-9][0-9]{9}$' AND r.${scope}
      AND (SELECT count(*) FROM tenants t2 WHERE t2.phone = t.phone AND t2.deleted_at IS NULL) = 1
    ORDER BY t.phone, b.id LIMIT ${n}`)).map((row) => ({ ...row, binding_id: Number(row.binding_id), room_id: Number(row.room_id), area_id: Number(row.area_id), tenant_id: Number(row.tenant_id) }));
}

/** A tenant's report as the tenant side stores it: a fault of kind tenant_report about the room, and its report row. */
async function insertReport(tenancy: Awaited<ReturnType<typeof boundTenants>>[number], options: { text?: string; kind?: string; photo?: boolean } = {}) {
  const { db } = backend.database;
  const text = options.text ?? '卫生间的灯不亮，插座也没有电';
  const kind = options.kind ?? 'no_power';
  const [fault] = await db.insert(schema.faults).values({
    areaId: tenancy.area_id, deviceKind: 'room', deviceId: tenancy.room_id, roomId: tenancy.room_id, kind: 'tenant_report', detail: `[${kind}] ${text}`, openedAt: backend.clock.now,
  }).returning();
  await db.insert(schema.tenantFaultReports).values({
    faultId: fault.id, areaId: tenancy.area_id, roomId: tenancy.room_id, bindingId: tenancy.binding_id, phone: tenancy.phone, kind, text,
    photo: options.photo === false ? null : PNG, photoType: options.photo === false ? null : 'image/png', createdAt: backend.clock.now,
  });
  return fault.id;
}

describe('a tenant\'s fault report on the fault records (guzhang)', () => {
  it('lists the report with its room and text, reads it, resolves it once (audited), and refuses it a second time', async () => {
    const [tenancy] = await boundTenants(1);
    const id = await insertReport(tenancy);

    const list = await api.get('fault/findByCondition', { kind: 'tenant_report', deviceKind: 'room', state: 'open', pageSize: 100 });
    expect(list.status, list.body?.msg).toBe(200);
    const row = list.body.data.records.find((r: Row) => r.id === id);
    expect(row).toMatchObject({ kind: 'tenant_report', deviceKind: 'room', roomCode: tenancy.room_code, deviceAddress: null, clearedAt: null });
    expect(row.detail).toContain('卫生间的灯不亮');

    const found = await api.get('fault/findReport', { id });
    expect(found.status, found.body?.msg).toBe(200);
    expect(found.body.data).toMatchObject({
      id, kind: 'no_power', text: '卫生间的灯不亮，插座也没有电', state: 'open', resolution: null, resolvedAt: null, hasPhoto: true,
      tenantPhone: `${tenancy.phone.slice(0, 3)}****${tenancy.phone.slice(-4)}`,
    });
    expect(found.body.data.room).toContain(tenancy.room_code);

    // The resolution is required and at most 200 characters; a read-only operator may not resolve.
    expect((await api.put('fault/resolveReport', { id, resolution: '  ' })).status).toBe(400);
    const long = await api.put('fault/resolveReport', { id, resolution: 'x'.repeat(201) });
    expect(long.status).toBe(400);
    expect(long.body.msg).toMatch(/^处理结果：/);
    expect((await viewer.put('fault/resolveReport', { id, resolution: '已修好' })).status).toBe(403);
    expect((await one(`SELECT cleared_at FROM faults WHERE id = ${id}`)).cleared_at).toBeNull();

    const resolved = await api.put('fault/resolveReport', { id, resolution: '已更换空气开关，恢复供电' });
    expect(resolved.status, resolved.body?.msg).toBe(200);
    expect(resolved.body.data).toMatchObject({ id, state: 'resolved', resolution: '已更换空气开关，恢复供电' });
    const stored = await one(`SELECT f.cleared_at, r.resolution FROM faults f JOIN tenant_fault_reports r ON r.fault_id = f.id WHERE f.id = ${id}`);
    expect(new Date(stored.cleared_at).getTime()).toBe(backend.clock.now.getTime());
    expect(stored.resolution).toBe('已更换空气开关，恢复供电');
    const [log] = await sqlRows(`SELECT * FROM operation_log WHERE entity = 'tenantReport' AND entity_id = '${id}'`);
    expect(log).toMatchObject({ action: 'resolve', user_name: 'admin', call: 'PUT /api/v1/electricity/fault/resolveReport' });
    expect(log.after).toMatchObject({ resolution: '已更换空气开关，恢复供电' });

    const again = await api.put('fault/resolveReport', { id, resolution: '再处理一次' });
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe('该报修已处理过，不能再次处理（处理结果：已更换空气开关，恢复供电）');
    expect((await one(`SELECT resolution FROM tenant_fault_reports WHERE fault_id = ${id}`)).resolution).toBe('已更换空气开关，恢复供电');
    expect(Number((await one(`SELECT count(*) AS n FROM operation_log WHERE entity = 'tenantReport' AND entity_id = '${id}'`)).n)).toBe(1);

    expect((await api.get('fault/findByCondition', { kind: 'tenant_report', state: 'cleared', pageSize: 100 })).body.data.records.some((r: Row) => r.id === id)).toBe(true);
    expect((await api.get('fault/findReport', { id })).body.data).toMatchObject({ state: 'resolved', resolvedAt: expect.any(String) });
  });

  it('answers another area\'s report as not found, and a device fault as no report', async () => {
    const [, tenancy] = await boundTenants(2);
    const id = await insertReport(tenancy);
    for (const call of [other.get('fault/findReport', { id }), other.put('fault/resolveReport', { id, resolution: '不是我的' })]) {
      const answer = await call;
      expect(answer.status).toBe(404);
      expect(answer.body.msg).toBe('报修不存在或不在您的区域内');
    }
    const photo = await backend.app.request(`/api/v1/electricity/fault/findReportPhoto?id=${id}`, { headers: { 'X-Token': await loginAs(backend.app, 'admin2') } });
    expect(photo.status).toBe(404);
    expect((await one(`SELECT cleared_at FROM faults WHERE id = ${id}`)).cleared_at).toBeNull();
    const [device] = await sqlRows(`SELECT id FROM faults WHERE kind <> 'tenant_report' AND ${scope} LIMIT 1`);
    if (device) expect((await api.get('fault/findReport', { id: Number(device.id) })).status).toBe(404);
  });

  it('answers the photo\'s bytes with its type, and 404 for a report without one', async () => {
    const [, , tenancy] = await boundTenants(3);
    const id = await insertReport(tenancy);
    const token = await loginAs(backend.app, 'admin');
    const response = await backend.app.request(`/api/v1/electricity/fault/findReportPhoto?id=${id}`, { headers: { 'X-Token': token } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(PNG);

    const bare = await insertReport(tenancy, { photo: false, kind: 'billing', text: '本月电费比上月多很多' });
    expect((await api.get('fault/findReport', { id: bare })).body.data).toMatchObject({ hasPhoto: false, kind: 'billing' });
    const none = await backend.app.request(`/api/v1/electricity/fault/findReportPhoto?id=${bare}`, { headers: { 'X-Token': token } });
    expect(none.status).toBe(404);
    expect(((await none.json()) as { msg: string }).msg).toBe('该报修没有照片');
  });
});

describe('SMS templates as the wording of a tenant notice (smsmanage)', () => {
  it('keeps a template\'s notice kind, one template per area and kind (409 naming the holder), with the notice placeholders', async () => {
    const first = await api.post('smsTemplate/save', { name: '到账通知', content: '{tenant}您好，{room}的{utility}充值{credit}元已到账，余额{balance}元。', noticeKind: 'credited' });
    expect(first.status, first.body?.msg).toBe(200);
    expect(first.body.data).toMatchObject({ noticeKind: 'credited' });
    const listed = (await api.get('smsTemplate/list')).body.data as Row[];
    expect(listed.find((row) => row.id === first.body.data.id)).toMatchObject({ name: '到账通知', noticeKind: 'credited' });

    const second = await api.post('smsTemplate/save', { name: '到账通知二', content: '{room}已到账{credit}元', noticeKind: 'credited' });
    expect(second.status).toBe(409);
    expect(second.body.msg).toBe('模板“到账通知”已用于“充值到账”：每类通知在本区域只能有一个模板，请先修改那个模板');
    expect(Number((await one(`SELECT count(*) AS n FROM sms_templates WHERE notice_kind = 'credited' AND ${scope}`)).n)).toBe(1);

    // A manual template takes the kind by an update: refused the same way while the first has it.
    const manual = await api.post('smsTemplate/save', { name: '剩余天数', content: '{room}的余额预计还可用{days}天（至{until}），报警金额{level}元' });
    expect(manual.status, manual.body?.msg).toBe(200);
    expect(manual.body.data.noticeKind).toBeNull();
    expect((await api.put('smsTemplate/update', { id: manual.body.data.id, name: '剩余天数', content: manual.body.data.content, noticeKind: 'credited' })).status).toBe(409);
    const daysLeft = await api.put('smsTemplate/update', { id: manual.body.data.id, name: '剩余天数', content: manual.body.data.content, noticeKind: 'daysLeft' });
    expect(daysLeft.status, daysLeft.body?.msg).toBe(200);
    expect(daysLeft.body.data.noticeKind).toBe('daysLeft');
    // An update without the field keeps the kind; null makes it a manual template again, and frees the kind.
    expect((await api.put('smsTemplate/update', { id: manual.body.data.id, name: '剩余天数提醒', content: manual.body.data.content })).body.data.noticeKind).toBe('daysLeft');
    expect((await api.put('smsTemplate/update', { id: first.body.data.id, name: '到账通知', content: first.body.data.content, noticeKind: null })).body.data.noticeKind).toBeNull();
    expect((await api.post('smsTemplate/save', { name: '到账通知二', content: '{room}已到账{credit}元', noticeKind: 'credited' })).status).toBe(200);

    // Another area has its own templates of each kind; a kind that does not exist is refused naming the field.
    expect((await other.post('smsTemplate/save', { name: '华南到账', content: '{room}已到账{credit}元', noticeKind: 'credited' })).status).toBe(200);
    const bad = await api.post('smsTemplate/save', { name: '错误', content: '{room}', noticeKind: 'birthday' });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/^用于通知：/);
    const unknown = await api.post('smsTemplate/save', { name: '错误', content: '{room}{weather}' });
    expect(unknown.status).toBe(400);
  });
});

describe('the tenant\'s page on the tenant record (userdangan)', () => {
  it('answers the defaults for a phone that never signed in, then its sign-ins, live sessions and choices; other areas 404', async () => {
    const [, , , tenancy] = await boundTenants(4);
    const { db } = backend.database;
    const fresh = await api.get('tenant/findPortal', { id: tenancy.tenant_id });
    expect(fresh.status, fresh.body?.msg).toBe(200);
    expect(fresh.body.data).toMatchObject({ phone: tenancy.phone, signedInAt: null, sessions: 0, settings: DEFAULT_NOTICE_SETTINGS });

    const now = backend.clock.now.getTime();
    await db.insert(schema.tenantSessions).values([
      { tokenHash: `op-side-a-${tenancy.tenant_id}`, phone: tenancy.phone, createdAt: new Date(now - 40 * 86_400_000), lastSeenAt: new Date(now - 40 * 86_400_000), expiresAt: new Date(now - 10 * 86_400_000) },
      { tokenHash: `op-side-b-${tenancy.tenant_id}`, phone: tenancy.phone, createdAt: new Date(now - 3_600_000), lastSeenAt: new Date(now - 60_000), expiresAt: new Date(now + 29 * 86_400_000) },
      { tokenHash: `op-side-c-${tenancy.tenant_id}`, phone: tenancy.phone, createdAt: new Date(now - 86_400_000), lastSeenAt: new Date(now - 86_400_000), expiresAt: new Date(now + 20 * 86_400_000) },
    ]);
    await db.insert(schema.tenantNoticeSettings).values({ phone: tenancy.phone, lowBalance: false, daysLeft: true, daysLeftThreshold: 7, credited: true, supply: false });
    const after = await api.get('tenant/findPortal', { id: tenancy.tenant_id });
    expect(after.body.data).toMatchObject({
      signedInAt: new Date(now - 3_600_000).toISOString(), sessions: 2,
      settings: { lowBalance: false, daysLeft: true, daysLeftThreshold: 7, credited: true, supply: false },
    });
    // A read-only operator sees the phone masked.
    expect((await viewer.get('tenant/findPortal', { id: tenancy.tenant_id })).body.data.phone).toBe(`${tenancy.phone.slice(0, 3)}****${tenancy.phone.slice(-4)}`);
    expect((await other.get('tenant/findPortal', { id: tenancy.tenant_id })).status).toBe(404);
    expect((await other.put('tenant/endPortalSessions', { id: tenancy.tenant_id })).status).toBe(404);
    expect((await viewer.put('tenant/endPortalSessions', { id: tenancy.tenant_id })).status).toBe(403);
    expect(Number((await one(`SELECT count(*) AS n FROM tenant_sessions WHERE phone = '${tenancy.phone}'`)).n)).toBe(3);

    const ended = await api.put('tenant/endPortalSessions', { id: tenancy.tenant_id });
    expect(ended.status, ended.body?.msg).toBe(200);
    expect(ended.body.data).toEqual({ ended: 3 });
    expect(Number((await one(`SELECT count(*) AS n FROM tenant_sessions WHERE phone = '${tenancy.phone}'`)).n)).toBe(0);
    const [log] = await sqlRows(`SELECT * FROM operation_log WHERE entity = 'tenantPortal' AND entity_id = '${tenancy.tenant_id}'`);
    expect(log).toMatchObject({ action: 'endSessions', user_name: 'admin', after: { ended: 3 } });
    expect((await api.get('tenant/findPortal', { id: tenancy.tenant_id })).body.data).toMatchObject({ sessions: 0, signedInAt: null });
  });

  it('an unbind ends the phone\'s sessions on the tenant\'s page', async () => {
    const [, , , , tenancy] = await boundTenants(5);
    const now = backend.clock.now.getTime();
    await backend.database.db.insert(schema.tenantSessions).values({
      tokenHash: `op-side-unbind-${tenancy.binding_id}`, phone: tenancy.phone, createdAt: new Date(now - 3_600_000), lastSeenAt: new Date(now - 60_000), expiresAt: new Date(now + 86_400_000),
    });
    // Another phone's session stays.
    await backend.database.db.insert(schema.tenantSessions).values({
      tokenHash: `op-side-bystander-${tenancy.binding_id}`, phone: '13900000000', createdAt: new Date(now - 3_600_000), lastSeenAt: new Date(now - 60_000), expiresAt: new Date(now + 86_400_000),
    });
    const unbound = await api.post('tenantBinding/unbindTenant', { bindingId: tenancy.binding_id, settlement: 'carryOver' });
    expect(unbound.status, unbound.body?.msg).toBe(200);
    expect(await sqlRows(`SELECT * FROM tenant_sessions WHERE token_hash = 'op-side-unbind-${tenancy.binding_id}'`)).toEqual([]);
    expect(await sqlRows(`SELECT * FROM tenant_sessions WHERE token_hash = 'op-side-bystander-${tenancy.binding_id}'`)).toHaveLength(1);
  });
});
