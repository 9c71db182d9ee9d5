/**
 * The tenant's own page's calls (issue 42) on the server: the sign-in by SMS code and its limits, the
 * token that opens the tenant's rooms and nothing else, the isolation of a tenancy (another room,
 * another area, the room's next tenant, the tenant after unbinding), and the figures agreeing with the
 * operators' (balances, usage, statements that chain, the ledger), paying online, fault reports,
 * notice choices and the notices they allow. The forecast's rule: creditForecast.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { apiClient, loginAs, startTestBackend, type TestBackend } from '../support/testApp';
import { simulatedTestPaymentsOf } from '../support/testPayments';
import { forecastOf } from '../../server/domain/creditForecast';
import { sendDaysLeftNotices } from '../../server/domain/tenantNotices';

let backend: TestBackend;
let operatorToken: string;
/** The operators' API, signed in again (the tests move the clock past an operator session's idle limit). */
const operator = async () => apiClient(backend.app, (operatorToken = await loginAs(backend.app, 'admin')));
type Row = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const rows = async (query: ReturnType<typeof sql>) => ((await backend.database.db.execute(query)) as unknown as { rows: Row[] }).rows;
const one = async (query: ReturnType<typeof sql>) => (await rows(query))[0];

const PHONE = '13912340001';
const OTHER_PHONE = '13912340002';
/** Room A (the tenant's), room B (same area, another tenant's), room C (another area). */
let roomA: Row;
let roomB: Row;
let roomC: Row;

const call = async (method: string, path: string, options: { token?: string; body?: unknown; lang?: string } = {}) => {
  const response = await backend.app.request(`/api/v1/tenant${path}`, {
    method,
    headers: {
      ...(options.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
      ...(options.token ? { 'X-Tenant-Token': options.token } : {}),
      'Accept-Language': options.lang ?? 'en',
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const type = response.headers.get('content-type') ?? '';
  return { status: response.status, type, body: (type.includes('json') ? await response.json() : new Uint8Array(await response.arrayBuffer())) as Row };
};
const later = (ms: number) => { backend.clock.now = new Date(backend.clock.now.getTime() + ms); };
/** The newest sign-in code queued for a phone (the outbox holds it until the sender sends it). */
const codeOf = async (phone: string) => /\d{6}/.exec((await one(sql`SELECT content FROM sms_records WHERE phone = ${phone} AND reason = 'loginCode' ORDER BY id DESC LIMIT 1`))?.content ?? '')?.[0];
/** A fresh hour for the sign-in limits (they count in the database by the test clock). */
const freshHour = () => later(2 * 3_600_000);

async function signIn(phone: string) {
  freshHour();
  expect((await call('POST', '/login/code', { body: { phone } })).status).toBe(200);
  const code = await codeOf(phone);
  const answer = await call('POST', '/login', { body: { phone, code } });
  expect(answer.status).toBe(200);
  return answer.body.data.token as string;
}

beforeAll(async () => {
  backend = await startTestBackend();
  // Rooms with a current tenant, an electric meter and an account, in admin's area tree; C in another area.
  const occupied = (areaCondition: ReturnType<typeof sql>) => sql`
    SELECT b.id AS binding_id, b.room_id, b.tenant_id, r.area_id FROM tenant_bindings b JOIN rooms r ON r.id = b.room_id
    JOIN electric_meters m ON m.room_id = r.id JOIN accounts a ON a.room_id = r.id AND a.utility = 'electric'
    WHERE b.end_date IS NULL AND ${areaCondition} ORDER BY b.room_id LIMIT 2`;
  const admin = await one(sql`SELECT area_id FROM sys_users WHERE user_name = 'admin'`);
  [roomA, roomB] = await rows(occupied(sql`r.area_id = ${admin.area_id}`));
  [roomC] = await rows(occupied(sql`r.area_id <> ${admin.area_id}`));
  await rows(sql`UPDATE tenants SET phone = NULL WHERE phone IN (${PHONE}, ${OTHER_PHONE}, '+86 139-1234-0001')`);
  // The same person's phone written two ways on two tenant records: room A's, and room C's in another area is someone else's.
  await rows(sql`UPDATE tenants SET phone = '139 1234 0001' WHERE id = ${roomA.tenant_id}`);
  await rows(sql`UPDATE tenants SET phone = ${OTHER_PHONE} WHERE id = ${roomB.tenant_id}`);
});
afterAll(async () => backend?.close());

describe('signing in by SMS code', () => {
  it('answers the same for a tenant\'s phone and an unknown one, and sends the SMS only to the tenant', async () => {
    freshHour();
    const known = await call('POST', '/login/code', { body: { phone: PHONE } });
    const unknown = await call('POST', '/login/code', { body: { phone: '13700000000' } });
    expect(known.status).toBe(200);
    expect(unknown).toEqual(known);
    expect(known.body.data).toEqual({ expiresInSeconds: 300, resendAfterSeconds: 60 });
    expect(await codeOf(PHONE)).toMatch(/^\d{6}$/);
    expect(await codeOf('13700000000')).toBeUndefined();
  });

  it('refuses a bad phone with a message naming the field, and writes nothing', async () => {
    const before = Number((await one(sql`SELECT count(*) AS n FROM tenant_login_codes`)).n);
    const answer = await call('POST', '/login/code', { body: { phone: '12345' } });
    expect(answer.status).toBe(400);
    expect(answer.body.msg).toMatch(/11-digit/);
    expect(Number((await one(sql`SELECT count(*) AS n FROM tenant_login_codes`)).n)).toBe(before);
  });

  it('sends at most 1 code a minute and 5 an hour per phone', async () => {
    freshHour();
    expect((await call('POST', '/login/code', { body: { phone: PHONE } })).status).toBe(200);
    const soon = await call('POST', '/login/code', { body: { phone: PHONE } });
    expect(soon.status).toBe(429);
    expect(soon.body.msg).toMatch(/minute/);
    for (let i = 0; i < 4; i++) {
      later(61_000);
      expect((await call('POST', '/login/code', { body: { phone: PHONE } })).status).toBe(200);
    }
    later(61_000);
    const sixth = await call('POST', '/login/code', { body: { phone: PHONE } });
    expect(sixth.status).toBe(429);
    expect(sixth.body.msg).toMatch(/hour/);
    // The same limits for a phone no tenant has: nothing to tell them apart by.
    freshHour();
    expect((await call('POST', '/login/code', { body: { phone: '13700000001' } })).status).toBe(200);
    expect((await call('POST', '/login/code', { body: { phone: '13700000001' } })).status).toBe(429);
  });

  it('sends at most 20 codes an hour to one address, whatever the phones', async () => {
    freshHour();
    for (let i = 0; i < 20; i++) expect((await call('POST', '/login/code', { body: { phone: `1370000${String(100 + i).padStart(4, '0')}` } })).status).toBe(200);
    expect((await call('POST', '/login/code', { body: { phone: '13700009999' } })).status).toBe(429);
  });

  it('takes a code once, for 5 minutes; 5 wrong codes end it', async () => {
    freshHour();
    await call('POST', '/login/code', { body: { phone: PHONE } });
    const code = (await codeOf(PHONE))!;
    const wrong = code === '000000' ? '000001' : '000000';
    const first = await call('POST', '/login', { body: { phone: PHONE, code: wrong } });
    expect(first.status).toBe(401);
    expect(first.body.msg).toMatch(/4 more/);
    const signed = await call('POST', '/login', { body: { phone: PHONE, code } });
    expect(signed.status).toBe(200);
    expect(signed.body.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await call('POST', '/login', { body: { phone: PHONE, code } })).status).toBe(401);

    later(61_000);
    await call('POST', '/login/code', { body: { phone: PHONE } });
    const expiring = (await codeOf(PHONE))!;
    later(5 * 60_000 + 1);
    expect((await call('POST', '/login', { body: { phone: PHONE, code: expiring } })).status).toBe(401);

    later(61_000);
    await call('POST', '/login/code', { body: { phone: PHONE } });
    const ended = (await codeOf(PHONE))!;
    const bad = ended === '000000' ? '000001' : '000000';
    for (let i = 0; i < 5; i++) expect((await call('POST', '/login', { body: { phone: PHONE, code: bad } })).status).toBe(401);
    const after = await call('POST', '/login', { body: { phone: PHONE, code: ended } });
    expect(after.status).toBe(401);
    expect(after.body.msg).toMatch(/new one/);
  });

  it('writes the sign-in to the operation log of the tenant\'s area, the phone masked', async () => {
    await signIn(PHONE);
    const line = await one(sql`SELECT * FROM operation_log WHERE action = 'tenantLogin' ORDER BY id DESC LIMIT 1`);
    expect(line.user_name).toBe('租户 139****0001');
    expect(line.user_id).toBeNull();
    expect(line.area_id).toBe(roomA.area_id);
    expect(String(line.entity_id)).toBe(String(roomA.tenant_id));
  });

  it('masks the code in the outbox once the sender has sent it', async () => {
    const { sendOutbox, simulatedSmsProvider } = await import('../../server/domain/smsSender');
    freshHour();
    await call('POST', '/login/code', { body: { phone: PHONE } });
    const provider = simulatedSmsProvider();
    await sendOutbox(backend.database.db, provider, backend.clock.now, 1000);
    expect(provider.sent.some((message) => message.phone === PHONE && /\d{6}/.test(message.content))).toBe(true);
    const row = await one(sql`SELECT content, state FROM sms_records WHERE phone = ${PHONE} AND reason = 'loginCode' ORDER BY id DESC LIMIT 1`);
    expect(row.state).toBe('sent');
    expect(row.content).not.toMatch(/\d{6}/);
    expect(row.content).toMatch(/\*{6}/);
  });
});

describe('the token', () => {
  it('opens the tenant calls and no operator call; a wrong or missing one is 401', async () => {
    const token = await signIn(PHONE);
    expect((await call('GET', '/rooms', { token })).status).toBe(200);
    expect((await call('GET', '/rooms')).status).toBe(401);
    expect((await call('GET', '/rooms', { token: `${token}x` })).status).toBe(401);
    const asOperator = await backend.app.request('/api/v1/electricity/room/findByCondition?pageNum=1&pageSize=10', { headers: { 'X-Token': token, 'X-Tenant-Token': token } });
    expect(asOperator.status).toBe(401);
    // And an operator's token opens nothing of the tenant's.
    await operator();
    expect((await call('GET', '/rooms', { token: operatorToken })).status).toBe(401);
  });

  it('ends at sign-out', async () => {
    const token = await signIn(PHONE);
    expect((await call('POST', '/logout', { token })).status).toBe(200);
    expect((await call('GET', '/rooms', { token })).status).toBe(401);
  });
});

describe('what the tenant sees', () => {
  let token: string;
  beforeAll(async () => { token = await signIn(PHONE); });

  it('lists the rooms bound now, with balances the operators\' accounts hold and the forecast', async () => {
    const answer = await call('GET', '/rooms', { token });
    expect(answer.body.data.map((room: Row) => room.roomId)).toEqual([roomA.room_id]);
    const room = answer.body.data[0];
    const electric = room.utilities.find((u: Row) => u.utility === 'electric');
    const account = await one(sql`SELECT balance_fen, free_left FROM accounts WHERE room_id = ${roomA.room_id} AND utility = 'electric'`);
    expect(electric.balanceFen).toBe(Number(account.balance_fen));
    expect(electric.unit).toBe('kWh');
    expect(electric.forecast).toEqual(await forecastOf(backend.database.db, roomA.room_id, 'electric', backend.clock.now));
    expect(room.providers).toEqual(['wechat', 'alipay']);
    expect(JSON.stringify(room)).not.toContain(OTHER_PHONE);
  });

  it('shows usage per day and month as the operators\' room usage report does', async () => {
    const days = (await call('GET', `/rooms/${roomA.room_id}/usage?period=day`, { token })).body.data;
    expect(days.points).toHaveLength(30);
    const months = (await call('GET', `/rooms/${roomA.room_id}/usage?period=month`, { token })).body.data;
    expect(months.points).toHaveLength(12);
    const start = (await one(sql`SELECT start_date::text AS d FROM tenant_bindings WHERE id = ${roomA.binding_id}`)).d;
    const report = await (await operator()).get('roomUsage/findByCondition', { granularity: 'day', roomId: roomA.room_id, readFrom: `${days.points[0].period}T00:00:00+08:00`, readTo: `${days.points.at(-1).period}T23:00:00+08:00`, pageNum: 1, pageSize: 100 });
    expect(report.body.code).toBe(200);
    for (const point of days.points) {
      const line = report.body.data.records.find((r: Row) => r.period === point.period);
      const expected = point.period < start ? 0 : Number(line?.usage ?? 0);
      expect(point.electric).toBeCloseTo(expected, 2);
    }
    // The months add up the days of the tenancy.
    const thisMonth = months.points.at(-1);
    const daysThisMonth = days.points.filter((p: Row) => p.period.startsWith(thisMonth.period));
    if (daysThisMonth.length === Number(thisMonth.period === days.points.at(-1).period.slice(0, 7)) * Number(days.points.at(-1).period.slice(8, 10))) {
      expect(thisMonth.electric).toBeCloseTo(daysThisMonth.reduce((s: number, p: Row) => s + p.electric, 0), 2);
    }
  });

  it('has statements that chain month to month, match the room\'s statements and close at the balance', async () => {
    const statements = (await call('GET', `/rooms/${roomA.room_id}/statements`, { token })).body.data as Row[];
    expect(statements.length).toBeGreaterThan(0);
    expect(statements[0].running).toBe(true);
    const balance = Number((await one(sql`SELECT balance_fen FROM accounts WHERE room_id = ${roomA.room_id} AND utility = 'electric'`)).balance_fen);
    expect(statements[0].utilities.find((u: Row) => u.utility === 'electric').closingFen).toBe(balance);
    for (const statement of statements) {
      for (const u of statement.utilities) {
        expect(u.closingFen).toBe(u.openingFen + u.rechargeFen - u.voidFen - u.chargeFen + u.refundFen + u.giftFen + u.adjustFen);
      }
    }
    for (let i = 0; i + 1 < statements.length; i++) {
      for (const u of statements[i].utilities) {
        const before = statements[i + 1].utilities.find((x: Row) => x.utility === u.utility);
        if (before) expect(u.openingFen).toBe(before.closingFen);
      }
    }
    // A whole, ended month of the tenancy is the operator's statement of the room.
    const whole = statements.slice(1, -1);
    for (const statement of whole) {
      const operator = await one(sql`SELECT * FROM room_statements WHERE room_id = ${roomA.room_id} AND utility = 'electric' AND month = ${statement.month}`);
      if (!operator) continue;
      const mine = statement.utilities.find((u: Row) => u.utility === 'electric');
      expect([mine.openingFen, mine.chargeFen, mine.rechargeFen, mine.closingFen]).toEqual([operator.opening_balance_fen, operator.charge_fen, operator.recharge_fen, operator.closing_balance_fen].map(Number));
      expect(mine.usage).toBeCloseTo(Number(operator.usage), 2);
    }
  });

  it('gives each month\'s lines adding up to its figures, charges on the days of use', async () => {
    const statements = (await call('GET', `/rooms/${roomA.room_id}/statements`, { token })).body.data as Row[];
    for (const { month } of statements.slice(0, 3)) {
      const detail = (await call('GET', `/rooms/${roomA.room_id}/statements/${month}`, { token })).body.data;
      for (const u of detail.utilities) {
        const lines = detail.lines.filter((line: Row) => line.utility === u.utility);
        const sum = (kind: string) => lines.filter((line: Row) => line.kind === kind).reduce((total: number, line: Row) => total + line.amountFen, 0);
        expect(sum('charge') + u.chargeFen, `${month} ${u.utility} charge`).toBe(0);
        expect(sum('recharge'), `${month} ${u.utility} recharge`).toBe(u.rechargeFen);
        expect(lines.reduce((total: number, line: Row) => total + line.amountFen, 0), `${month} ${u.utility}`).toBe(u.closingFen - u.openingFen);
        if (lines.length) expect(lines[0].balanceAfterFen).toBe(u.closingFen);
        // Every charge line is a day of the month's.
        for (const line of lines.filter((l: Row) => l.kind === 'charge')) expect(line.id.slice(-10, -3)).toBe(month);
      }
    }
    // A day's charge in the usage view is the one the month's statement shows for that day.
    const days = (await call('GET', `/rooms/${roomA.room_id}/usage?period=day`, { token })).body.data.points as Row[];
    const current = (await call('GET', `/rooms/${roomA.room_id}/statements/${statements[0].month}`, { token })).body.data;
    for (const point of days.filter((p) => p.period.startsWith(statements[0].month))) {
      const line = current.lines.find((l: Row) => l.id === `c:electric:${point.period}`);
      expect(point.electricFen, point.period).toBe(line ? -line.amountFen : 0);
    }
    // And a month's in the month view is the statement's charge.
    const months = (await call('GET', `/rooms/${roomA.room_id}/usage?period=month`, { token })).body.data.points as Row[];
    for (const statement of statements.filter((st) => months.some((m) => m.period === st.month)).slice(0, 3)) {
      const point = months.find((m) => m.period === statement.month)!;
      const started = (await one(sql`SELECT to_char(start_date, 'YYYY-MM') AS m FROM tenant_bindings WHERE id = ${roomA.binding_id}`)).m;
      if (statement.month === started) continue; // the first month's window starts at the tenancy, the usage view's at the binding day
      expect(point.electricFen, statement.month).toBe(statement.utilities.find((u: Row) => u.utility === 'electric').chargeFen);
    }
    expect(statements.every((st) => st.utilities.length > 0)).toBe(true);
  });

  it('gives a month\'s statement as a page and as a PDF', async () => {
    const month = (await call('GET', `/rooms/${roomA.room_id}/statements`, { token })).body.data[0].month;
    const page = await call('GET', `/rooms/${roomA.room_id}/statements/${month}`, { token });
    expect(page.body.data.month).toBe(month);
    expect(page.body.data.issuer).toHaveProperty('company');
    const pdf = await call('GET', `/rooms/${roomA.room_id}/statements/${month}/pdf`, { token, lang: 'zh-CN' });
    expect(pdf.status).toBe(200);
    expect(pdf.type).toBe('application/pdf');
    expect(Buffer.from(pdf.body as Uint8Array).subarray(0, 8).toString('latin1')).toBe('%PDF-1.7');
    expect((await call('GET', `/rooms/${roomA.room_id}/statements/1999-01`, { token })).status).toBe(404);
  });

  it('lists the tenancy\'s ledger with a counter recharge on top, and the recharge credited notice', async () => {
    const recharged = await (await operator()).post('account/recharge', { roomId: roomA.room_id, utility: 'electric', amountFen: 1234, channel: 'cash', requestId: `tenant-${Date.now()}` });
    expect(recharged.body.code).toBe(200);
    const ledger = (await call('GET', `/rooms/${roomA.room_id}/payments?pageNum=1&pageSize=5`, { token })).body.data;
    expect(ledger.list[0]).toMatchObject({ kind: 'recharge', amountFen: 1234, channel: 'cash', utility: 'electric', balanceAfterFen: recharged.body.data.account.balanceFen });
    const notice = await one(sql`SELECT content, reason FROM sms_records WHERE room_id = ${roomA.room_id} AND reason = 'credited' ORDER BY id DESC LIMIT 1`);
    expect(notice.content).toContain('12.34');
  });

  it('pays online from the signed-in page and sees the balance move', async () => {
    const before = Number((await one(sql`SELECT balance_fen FROM accounts WHERE room_id = ${roomA.room_id} AND utility = 'electric'`)).balance_fen);
    const order = await call('POST', `/rooms/${roomA.room_id}/orders`, { token, body: { utility: 'electric', amountFen: 5000, provider: 'alipay', requestId: `tenant-pay-${Date.now()}` } });
    expect(order.status).toBe(200);
    await simulatedTestPaymentsOf(backend).pay('alipay', order.body.data.orderNo);
    let state: Row = {};
    for (let i = 0; i < 50 && state.status !== 'credited'; i++) {
      state = (await call('GET', `/rooms/${roomA.room_id}/orders/${order.body.data.orderNo}`, { token })).body.data ?? {};
      if (state.status !== 'credited') await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(state.status).toBe('credited');
    expect(state.balanceFen).toBe(before + 5000);
    const rooms = (await call('GET', '/rooms', { token })).body.data;
    expect(rooms[0].utilities.find((u: Row) => u.utility === 'electric').balanceFen).toBe(before + 5000);
    const log = await one(sql`SELECT * FROM operation_log WHERE action = 'tenantOrder' ORDER BY id DESC LIMIT 1`);
    expect(log.after.orderNo).toBe(order.body.data.orderNo);
  });

  it('reports a fault with a photo into the operator\'s fault records, and refuses what is not one', async () => {
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
    const made = await call('POST', `/rooms/${roomA.room_id}/faults`, { token, body: { kind: 'no_power', text: '厨房插座没电', photo: { type: 'image/png', data: png.toString('base64') } } });
    expect(made.status).toBe(200);
    const fault = await one(sql`SELECT * FROM faults WHERE id = ${made.body.data.id}`);
    expect(fault).toMatchObject({ kind: 'tenant_report', device_kind: 'room', room_id: roomA.room_id, area_id: roomA.area_id });
    expect(fault.detail).toContain('厨房插座没电');
    const list = (await call('GET', `/rooms/${roomA.room_id}/faults`, { token })).body.data;
    expect(list[0]).toMatchObject({ id: made.body.data.id, kind: 'no_power', state: 'open', hasPhoto: true });
    const photo = await call('GET', `/rooms/${roomA.room_id}/faults/${made.body.data.id}/photo`, { token });
    expect(photo.type).toBe('image/png');
    expect(Buffer.from(photo.body as Uint8Array).equals(png)).toBe(true);

    const count = async () => Number((await one(sql`SELECT count(*) AS n FROM faults WHERE kind = 'tenant_report'`)).n);
    const before = await count();
    const big = Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024)]);
    expect((await call('POST', `/rooms/${roomA.room_id}/faults`, { token, body: { kind: 'other', text: 'x', photo: { type: 'image/png', data: big.toString('base64') } } })).status).toBe(400);
    const notImage = await call('POST', `/rooms/${roomA.room_id}/faults`, { token, body: { kind: 'other', text: 'x', photo: { type: 'image/jpeg', data: png.toString('base64') } } });
    expect(notImage.status).toBe(400);
    expect(notImage.body.msg).toMatch(/JPEG/);
    expect((await call('POST', `/rooms/${roomA.room_id}/faults`, { token, body: { kind: 'other', text: '   ' } })).status).toBe(400);
    expect(await count()).toBe(before);
  });

  it('keeps the notice choices, refuses a threshold out of range, and sends no notice switched off', async () => {
    expect((await call('GET', '/me', { token })).body.data).toEqual({ phone: '139****0001', settings: { lowBalance: true, daysLeft: true, daysLeftThreshold: 3, credited: true, supply: true } });
    const saved = await call('PUT', '/settings', { token, body: { lowBalance: true, daysLeft: true, daysLeftThreshold: 7, credited: false, supply: true } });
    expect(saved.body.data.daysLeftThreshold).toBe(7);
    expect((await call('PUT', '/settings', { token, body: { lowBalance: true, daysLeft: true, daysLeftThreshold: 0, credited: false, supply: true } })).status).toBe(400);
    expect((await call('GET', '/me', { token })).body.data.settings.daysLeftThreshold).toBe(7);
    const notices = async () => Number((await one(sql`SELECT count(*) AS n FROM sms_records WHERE room_id = ${roomA.room_id} AND reason = 'credited'`)).n);
    const before = await notices();
    await (await operator()).post('account/recharge', { roomId: roomA.room_id, utility: 'electric', amountFen: 100, channel: 'cash', requestId: `tenant-off-${Date.now()}` });
    expect(await notices()).toBe(before);
    await call('PUT', '/settings', { token, body: { lowBalance: true, daysLeft: true, daysLeftThreshold: 3, credited: true, supply: true } });
  });

  it('sends a days-left notice once while the forecast stays below the threshold', async () => {
    const forecast = await forecastOf(backend.database.db, roomA.room_id, 'electric', backend.clock.now);
    if (!forecast || forecast.daysLeft === null) return; // a room without use has nothing to forecast
    await call('PUT', '/settings', { token, body: { lowBalance: true, daysLeft: true, daysLeftThreshold: 30, credited: true, supply: true } });
    const notices = async () => Number((await one(sql`SELECT count(*) AS n FROM sms_records WHERE room_id = ${roomA.room_id} AND reason = 'daysLeft' AND content LIKE '%电费%'`)).n);
    const before = await notices();
    await sendDaysLeftNotices(backend.database.db, backend.clock.now);
    await sendDaysLeftNotices(backend.database.db, backend.clock.now);
    expect(await notices()).toBe(before + (forecast.daysLeft <= 30 ? 1 : 0));
    await call('PUT', '/settings', { token, body: { lowBalance: true, daysLeft: true, daysLeftThreshold: 3, credited: true, supply: true } });
  });
});

describe('isolation', () => {
  it('answers 404 for another room, a room of another area and one that does not exist, the same way', async () => {
    const token = await signIn(PHONE);
    const paths = (roomId: number) => [`/rooms/${roomId}/usage`, `/rooms/${roomId}/statements`, `/rooms/${roomId}/payments`, `/rooms/${roomId}/faults`, `/rooms/${roomId}/statements/2026-11`];
    const missing = await call('GET', '/rooms/999999/usage', { token });
    expect(missing.status).toBe(404);
    for (const roomId of [roomB.room_id, roomC.room_id, 999999]) {
      for (const path of paths(roomId)) {
        const answer = await call('GET', path, { token });
        expect(answer.status, path).toBe(404);
        expect(answer.body).toEqual(missing.body);
      }
      expect((await call('POST', `/rooms/${roomId}/faults`, { token, body: { kind: 'other', text: 'x' } })).status).toBe(404);
      expect((await call('POST', `/rooms/${roomId}/orders`, { token, body: { utility: 'electric', amountFen: 100, provider: 'wechat', requestId: `iso-${roomId}-${Date.now()}` } })).status).toBe(404);
    }
  });

  it('after unbinding, the tenant reads nothing of the room, nor of its next tenant', async () => {
    const token = await signIn(PHONE);
    const api = await operator();
    const unbind = await api.post('tenantBinding/unbindTenant', { bindingId: roomA.binding_id, settlement: 'carryOver' });
    expect(unbind.body.code, JSON.stringify(unbind.body)).toBe(200);
    // Their sessions ended with the binding; a phone with no room now gets no code (the same answer as before).
    expect((await call('GET', '/rooms', { token })).status).toBe(401);
    const codes = async () => Number((await one(sql`SELECT count(*) AS n FROM sms_records WHERE phone = ${PHONE} AND reason = 'loginCode'`)).n);
    const sent = await codes();
    freshHour();
    expect((await call('POST', '/login/code', { body: { phone: PHONE } })).body.data).toEqual({ expiresInSeconds: 300, resendAfterSeconds: 60 });
    expect(await codes()).toBe(sent);

    // The room's next tenant: their own ledger from their own start, nothing of the one before.
    const again = await operator();
    const next = await again.post('tenant/addTenant', { name: '下一位租户', phone: '13912340003', idType: 'other', idNumber: 'NEXT-0001' });
    expect(next.body.code, JSON.stringify(next.body)).toBe(200);
    const tenantId = next.body.data?.id ?? (await one(sql`SELECT id FROM tenants WHERE phone = '13912340003'`)).id;
    const bound = await again.post('tenantBinding/bindTenant', { tenantId, roomId: roomA.room_id, balanceAtBinding: 'settle', settleBy: 'refund' });
    expect(bound.body.code).toBe(200);
    const nextToken = await signIn('13912340003');
    const ledger = (await call('GET', `/rooms/${roomA.room_id}/payments?pageSize=100`, { token: nextToken })).body.data;
    expect(ledger.list.some((line: Row) => line.amountFen === 1234 || line.amountFen === 5000)).toBe(false);
    expect((await call('GET', `/rooms/${roomA.room_id}/faults`, { token: nextToken })).body.data).toEqual([]);
    const order = await one(sql`SELECT order_no FROM pay_orders WHERE room_id = ${roomA.room_id} ORDER BY id DESC LIMIT 1`);
    expect((await call('GET', `/rooms/${roomA.room_id}/orders/${order.order_no}`, { token: nextToken })).status).toBe(404);
    // The statements start with the new tenancy: opening at what it started with (the vacancy settled: 0).
    const statements = (await call('GET', `/rooms/${roomA.room_id}/statements`, { token: nextToken })).body.data;
    expect(statements).toHaveLength(1);
    expect(statements[0].utilities.find((u: Row) => u.utility === 'electric').openingFen).toBe(0);
    const detail = (await call('GET', `/rooms/${roomA.room_id}/statements/${statements[0].month}`, { token: nextToken })).body.data;
    for (const u of detail.utilities) {
      const lines = detail.lines.filter((line: Row) => line.utility === u.utility);
      expect(lines.reduce((total: number, line: Row) => total + line.amountFen, 0)).toBe(u.closingFen - u.openingFen);
    }
  });
});
