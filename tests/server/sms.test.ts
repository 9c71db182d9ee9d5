import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, loginAs, startTestBackend, type TestBackend } from '../support/testApp';
import { sendOutbox, simulatedSmsProvider } from '../../server/domain/smsSender';

/**
 * The SMS screens' calls (issue 31): the records of automatic notices and manual sends (filters,
 * paging, sorting, scope, totals against the raw rows, CSV, masked phones), the resend of a failed
 * notice, the templates, and a manual send through the outbox (preview, confirmed count, bad input
 * queues nothing, another area's rooms refused).
 */
let backend: TestBackend;
let api: ReturnType<typeof apiClient>;
let other: ReturnType<typeof apiClient>;
let viewer: ReturnType<typeof apiClient>;
let scope: string;

type Row = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const sqlRows = async <T = Row,>(text: string) => ((await backend.database.db.execute(text as never)) as unknown as { rows: T[] }).rows;
const one = async (text: string) => (await sqlRows(text))[0];
const smsCount = async () => Number((await one('SELECT count(*) AS n FROM sms_records')).n);

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

type Page = { records: Row[]; total: number; totals: Record<string, number> };
const list = async (query: Record<string, unknown> = {}, client = api) => {
  const { status, body } = await client.get('sms/findByCondition', { pageSize: 100, ...query });
  expect(status, body?.msg).toBe(200);
  return body.data as Page;
};

/** Rooms of one building of admin's area with a current tenant with a phone, and the count of those without. */
async function buildingAudience() {
  const [building] = await sqlRows(`SELECT b.id, b.name FROM buildings b WHERE b.${scope} ORDER BY b.id LIMIT 1`);
  const [ref] = await sqlRows(`SELECT count(*) FILTER (WHERE t.phone IS NOT NULL AND t.phone <> '') AS n, count(*) AS rooms FROM rooms r
    LEFT JOIN tenant_bindings tb ON tb.room_id = r.id AND tb.end_date IS NULL LEFT JOIN tenants t ON t.id = tb.tenant_id WHERE r.building_id = ${building.id}`);
  return { buildingId: Number(building.id), buildingName: String(building.name), count: Number(ref.n), rooms: Number(ref.rooms) };
}

describe('sms/findByCondition', () => {
  it('lists the automatic notices newest first with delivery states; totals and filters match the raw rows', async () => {
    const page = await list({ kind: 'auto' });
    const ref = await one(`SELECT count(*) AS n, count(*) FILTER (WHERE state = 'sent') AS sent, count(*) FILTER (WHERE state = 'failed') AS failed
      FROM sms_records WHERE auto = 1 AND ${scope}`);
    expect(Number(ref.n)).toBeGreaterThan(0);
    expect(page.total).toBe(Number(ref.n));
    expect(page.totals).toMatchObject({ count: Number(ref.n), sent: Number(ref.sent), failed: Number(ref.failed) });
    const times = page.records.map((row) => new Date(row.createdAt).getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(page.records[0]).toMatchObject({ auto: 1, tenantPhone: expect.stringMatching(/^1\d{10}$/), roomCode: expect.any(String), content: expect.any(String) });

    const failed = await list({ kind: 'auto', state: 'failed' });
    expect(failed.total).toBe(Number(ref.failed));
    expect(failed.records.every((row) => row.state === 'failed')).toBe(true);

    const [{ reason }] = await sqlRows(`SELECT reason FROM sms_records WHERE ${scope} AND auto = 1 GROUP BY reason ORDER BY count(*) DESC LIMIT 1`);
    const byReason = await list({ kind: 'auto', reason });
    expect(byReason.total).toBe(Number((await one(`SELECT count(*) AS n FROM sms_records WHERE auto = 1 AND reason = '${reason}' AND ${scope}`)).n));
  });

  it('filters by place and by a date range across a month end, pages and sorts', async () => {
    const { buildingId } = await buildingAudience();
    const inBuilding = await list({ buildingId });
    expect(inBuilding.total).toBe(Number((await one(`SELECT count(*) AS n FROM sms_records s JOIN rooms r ON r.id = s.room_id WHERE r.building_id = ${buildingId}`)).n));
    const from = '2026-10-31T00:00:00+08:00';
    const to = '2026-11-02T00:00:00+08:00';
    const range = await list({ createdFrom: from, createdTo: to });
    expect(range.total).toBe(Number((await one(`SELECT count(*) AS n FROM sms_records WHERE created_at >= '${from}' AND created_at < '${to}' AND ${scope}`)).n));
    expect(range.records.every((row) => new Date(row.createdAt) >= new Date(from) && new Date(row.createdAt) < new Date(to))).toBe(true);
    const first = await list({ pageSize: 5, pageNum: 1, sortField: 'createdAt', sortOrder: 'asc' });
    const second = await list({ pageSize: 5, pageNum: 2, sortField: 'createdAt', sortOrder: 'asc' });
    const all = [...first.records, ...second.records].map((row) => new Date(row.createdAt).getTime());
    expect(all).toEqual([...all].sort((a, b) => a - b));
    expect(new Set([...first.records, ...second.records].map((row) => row.id)).size).toBe(10);
  });

  it('never shows another area\'s records; refuses bad dates and ranges naming the field', async () => {
    const mine = new Set((await list({ pageSize: 100 })).records.map((row) => row.id));
    const theirs = await list({ pageSize: 100 }, other);
    expect(theirs.records.some((row) => mine.has(row.id))).toBe(false);
    expect(theirs.total).toBe(Number((await one(`SELECT count(*) AS n FROM sms_records WHERE area_id NOT IN (SELECT area_id FROM sms_records WHERE ${scope})`)).n));
    const bad = await api.get('sms/findByCondition', { createdFrom: 'yesterday' });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/^开始日期：/);
    const backwards = await api.get('sms/findByCondition', { createdFrom: '2026-11-02T00:00:00+08:00', createdTo: '2026-11-01T00:00:00+08:00' });
    expect(backwards.status).toBe(400);
    expect(backwards.body.msg).toMatch(/^结束日期：/);
    expect((await api.get('sms/findByCondition', { state: 'lost' })).status).toBe(400);
  });

  it('masks phones for a read-only operator, in the list and in the CSV', async () => {
    const page = await list({ kind: 'auto', pageSize: 5 }, viewer);
    expect(page.records.length).toBeGreaterThan(0);
    expect(page.records.every((row) => /^\d{3}\*{4}\d{4}$/.test(row.tenantPhone))).toBe(true);
    const token = await loginAs(backend.app, 'viewer');
    const csv = await (await backend.app.request('/api/v1/electricity/sms/exportByCondition?kind=auto&state=failed', { headers: { 'X-Token': token, 'Accept-Language': 'en' } })).text();
    const lines = csv.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(lines[0].startsWith('Queued at,Kind,Delivery,Delivered at,Attempts,Project,Building,Room no.,Tenant,Phone')).toBe(true);
    expect(lines.length - 1).toBe(Number((await one(`SELECT count(*) AS n FROM sms_records WHERE auto = 1 AND state = 'failed' AND ${scope}`)).n));
    expect(lines.slice(1).every((line) => /\d{3}\*{4}\d{4}/.test(line) && line.includes(',Failed,'))).toBe(true);
  });
});

describe('sms/resend', () => {
  it('puts a failed notice back in the outbox once; the sender sends it; a second resend is refused', async () => {
    const [failed] = await sqlRows(`SELECT id FROM sms_records WHERE state = 'failed' AND ${scope} ORDER BY id LIMIT 1`);
    const id = Number(failed.id);
    expect((await viewer.post('sms/resend', { id })).status).toBe(403);
    const notMine = await other.post('sms/resend', { id });
    expect(notMine.status).toBe(404);
    expect((await one(`SELECT state FROM sms_records WHERE id = ${id}`)).state).toBe('failed');

    const done = await api.post('sms/resend', { id });
    expect(done.status, done.body.msg).toBe(200);
    expect(await one(`SELECT state, attempts, next_attempt_at FROM sms_records WHERE id = ${id}`)).toMatchObject({ state: 'queued', attempts: 0, next_attempt_at: null });
    const again = await api.call('POST', 'sms/resend', { body: { id }, headers: { 'Accept-Language': 'en' } });
    expect(again.status).toBe(400);
    expect(again.body.msg).toMatch(/Only a failed message can be resent/);
    expect(Number((await one(`SELECT count(*) AS n FROM operation_log WHERE entity = 'sms' AND action = 'resend' AND entity_id = '${id}'`)).n)).toBe(1);

    const provider = simulatedSmsProvider();
    await sendOutbox(backend.database.db, provider, backend.clock.now);
    expect(provider.sent.filter((message) => message.id === id)).toHaveLength(1);
    expect((await one(`SELECT state FROM sms_records WHERE id = ${id}`)).state).toBe('sent');
    const sent = await api.post('sms/resend', { id });
    expect(sent.status).toBe(400);
    expect((await api.post('sms/resend', { id: 'x' })).status).toBe(400);
  });
});

describe('smsTemplate', () => {
  it('lists, adds, changes and deletes templates of the caller\'s area; bad content changes nothing', async () => {
    const before = (await api.get('smsTemplate/list')).body.data as Row[];
    expect(before.length).toBeGreaterThan(0);
    const used = await sqlRows(`SELECT t.id, count(s.id) AS n FROM sms_templates t LEFT JOIN sms_records s ON s.template_id = t.id WHERE t.${scope} GROUP BY t.id`);
    expect(Object.fromEntries(before.map((row) => [row.id, row.used]))).toEqual(Object.fromEntries(used.map((row) => [Number(row.id), Number(row.n)])));
    expect(before.some((row) => row.used > 10)).toBe(true);
    const theirs = (await other.get('smsTemplate/list')).body.data as Row[];
    expect(theirs.some((row) => before.some((mine) => mine.id === row.id))).toBe(false);

    const added = await api.post('smsTemplate/save', { name: '缴费提醒', content: '{tenant}您好，{room}余额{balance}元，{date}' });
    expect(added.status, added.body.msg).toBe(200);
    const id = added.body.data.id as number;
    expect((await api.put('smsTemplate/update', { id, name: '缴费提醒2', content: '{tenant}您好，请缴费{amount}元' })).status).toBe(200);
    expect((await one(`SELECT name FROM sms_templates WHERE id = ${id}`)).name).toBe('缴费提醒2');

    const count = Number((await one('SELECT count(*) AS n FROM sms_templates')).n);
    const empty = await api.post('smsTemplate/save', { name: 'x', content: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.msg).toMatch(/^内容：/);
    const unknown = await api.call('POST', 'smsTemplate/save', { body: { name: 'x', content: '您好 {foo}' }, headers: { 'Accept-Language': 'en' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.msg).toMatch(/placeholder/);
    expect((await api.post('smsTemplate/save', { name: 'x', content: 'a'.repeat(301) })).status).toBe(400);
    expect(Number((await one('SELECT count(*) AS n FROM sms_templates')).n)).toBe(count);

    expect((await other.put('smsTemplate/update', { id, name: 'x', content: 'y' })).status).toBe(404);
    expect((await other.delete('smsTemplate/delete', { id })).status).toBe(404);
    expect((await viewer.post('smsTemplate/save', { name: 'x', content: 'y' })).status).toBe(403);
    expect((await api.delete('smsTemplate/delete', { id })).status).toBe(200);
    expect(await one(`SELECT id FROM sms_templates WHERE id = ${id}`)).toBeUndefined();
  });
});

describe('sms/previewRecipients and sms/send', () => {
  it('previews the recipients of a building (count against the raw rows, messages rendered) and queues nothing', async () => {
    const audience = await buildingAudience();
    const count = await smsCount();
    const preview = await api.post('sms/previewRecipients', { buildingId: audience.buildingId, content: '{tenant}您好，{room}电费余额{balance}元，欠{amount}元（{date}）' });
    expect(preview.status, preview.body.msg).toBe(200);
    expect(preview.body.data).toMatchObject({ count: audience.count, rooms: audience.rooms, skipped: audience.rooms - audience.count });
    const first = preview.body.data.recipients[0];
    expect(first.content).toContain(`${first.tenantName}您好，${audience.buildingName}${first.roomCode}电费余额`);
    expect(first.content).toContain('（2026-11-21）');
    expect(first.content).not.toMatch(/\{/);
    expect(await smsCount()).toBe(count);
  });

  it('sends one message per recipient through the outbox, sent once each; audited', async () => {
    const audience = await buildingAudience();
    const count = await smsCount();
    const sent = await api.post('sms/send', { buildingId: audience.buildingId, content: '{tenant}您好，停水通知', expectedCount: audience.count });
    expect(sent.status, sent.body.msg).toBe(200);
    expect(sent.body.data.queued).toBe(audience.count);
    expect(await smsCount()).toBe(count + audience.count);
    const rows = await sqlRows(`SELECT s.state, s.auto, s.reason, s.content, s.operator_id, t.name FROM sms_records s JOIN tenants t ON t.id = s.tenant_id
      WHERE s.id IN (${(sent.body.data.ids as number[]).join(',')})`);
    expect(rows.every((row) => row.state === 'queued' && row.auto === 0 && row.reason === 'manual' && row.content === `${row.name}您好，停水通知` && row.operator_id)).toBe(true);
    const listed = await list({ kind: 'manual' });
    expect(listed.total).toBeGreaterThanOrEqual(audience.count);
    expect(listed.records.every((row) => row.auto === 0)).toBe(true);

    const provider = simulatedSmsProvider();
    await sendOutbox(backend.database.db, provider, backend.clock.now, 1000);
    await sendOutbox(backend.database.db, provider, new Date(backend.clock.now.getTime() + 60_000), 1000);
    const ids = new Set(sent.body.data.ids as number[]);
    expect(provider.sent.filter((message) => ids.has(message.id))).toHaveLength(audience.count);
    expect(Number((await one(`SELECT count(*) AS n FROM operation_log WHERE entity = 'sms' AND action = 'send'`)).n)).toBeGreaterThanOrEqual(1);
  });

  it('bad input, no recipients, another area\'s rooms, a changed count or a read-only caller: a clear message and nothing queued', async () => {
    const audience = await buildingAudience();
    const count = await smsCount();
    const cases: [ReturnType<typeof apiClient>, Row, number, RegExp][] = [
      [api, { buildingId: audience.buildingId, content: '  ', expectedCount: 1 }, 400, /^Message: /],
      [api, { buildingId: audience.buildingId, content: '好'.repeat(301), expectedCount: 1 }, 400, /^Message: .*300/],
      [api, { buildingId: audience.buildingId, content: '{bogus}', expectedCount: 1 }, 400, /placeholder/],
      [api, { content: 'hello', expectedCount: 1 }, 400, /rooms, a project or a building/],
      [api, { buildingId: audience.buildingId, content: 'hello', expectedCount: audience.count + 1 }, 409, new RegExp(`${audience.count} now instead of ${audience.count + 1}`)],
      [viewer, { buildingId: audience.buildingId, content: 'hello', expectedCount: audience.count }, 403, /read-only/],
    ];
    for (const [client, body, status, message] of cases) {
      const response = await client.call('POST', 'sms/send', { body, headers: { 'Accept-Language': 'en' } });
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(status);
      expect(response.body.msg).toMatch(message);
    }
    // Rooms of another area are refused, naming them, even beside rooms of one's own.
    const [theirs] = await sqlRows(`SELECT id FROM rooms WHERE NOT (${scope}) ORDER BY id LIMIT 1`);
    const [mine] = await sqlRows(`SELECT r.id FROM rooms r JOIN tenant_bindings tb ON tb.room_id = r.id AND tb.end_date IS NULL WHERE r.${scope} ORDER BY r.id LIMIT 1`);
    const foreign = await api.call('POST', 'sms/send', { body: { roomIds: [Number(mine.id), Number(theirs.id)], content: 'hello', expectedCount: 2 }, headers: { 'Accept-Language': 'en' } });
    expect(foreign.status).toBe(400);
    expect(foreign.body.msg).toContain(String(theirs.id));
    expect((await api.post('sms/previewRecipients', { roomIds: [Number(theirs.id)], content: 'hello' })).status).toBe(400);
    // No recipient: a room without a tenant.
    const [vacant] = await sqlRows(`SELECT r.id FROM rooms r WHERE r.${scope} AND NOT EXISTS (SELECT 1 FROM tenant_bindings tb WHERE tb.room_id = r.id AND tb.end_date IS NULL) ORDER BY r.id LIMIT 1`);
    const none = await api.call('POST', 'sms/send', { body: { roomIds: [Number(vacant.id)], content: 'hello', expectedCount: 1 }, headers: { 'Accept-Language': 'en' } });
    expect(none.status).toBe(400);
    expect(none.body.msg).toMatch(/No tenant with a phone/);
    expect(await smsCount()).toBe(count);
  });

  it('chosen rooms only, in arrears only', async () => {
    const mine = await sqlRows(`SELECT r.id FROM rooms r JOIN tenant_bindings tb ON tb.room_id = r.id AND tb.end_date IS NULL JOIN tenants t ON t.id = tb.tenant_id
      WHERE r.${scope} AND t.phone IS NOT NULL ORDER BY r.id LIMIT 3`);
    const roomIds = mine.map((row) => Number(row.id));
    const preview = await api.post('sms/previewRecipients', { roomIds, content: 'hi {tenant}' });
    expect(preview.body.data.count).toBe(3);
    expect(preview.body.data.recipients.map((row: Row) => row.roomId).sort()).toEqual([...roomIds].sort());
    const arrears = await api.post('sms/previewRecipients', { all: true, arrearsOnly: true, utility: 'electric', content: '欠{amount}元' });
    const ref = await one(`SELECT count(*) AS n FROM rooms r JOIN accounts a ON a.room_id = r.id AND a.utility = 'electric' AND a.balance_fen < 0
      JOIN tenant_bindings tb ON tb.room_id = r.id AND tb.end_date IS NULL JOIN tenants t ON t.id = tb.tenant_id WHERE r.${scope} AND t.phone IS NOT NULL AND t.phone <> ''`);
    expect(arrears.body.data.count).toBe(Number(ref.n));
    expect((arrears.body.data.recipients as Row[]).every((row) => /^欠\d+\.\d{2}元$/.test(row.content) && row.content !== '欠0.00元')).toBe(true);
  });
});
