import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, loginAs, startTestBackend, type TestBackend } from '../support/testApp';

/**
 * The recharge order statistics calls of SPEC.md (webStatsanalysisOrder): the list with its
 * totals and filters, the streamed CSV, and the void (form-encoded orderId, orderStatus=0).
 * Figures are checked against references computed here from the raw rows of the fixed seed.
 */
let backend: TestBackend;
let api: ReturnType<typeof apiClient>;
let other: ReturnType<typeof apiClient>;
let areaIds: number[];
let otherAreaIds: number[];

const sqlRows = async <T,>(text: string) => ((await backend.database.db.execute(text as never)) as unknown as { rows: T[] }).rows;

/** The areas an operator sees: its own and its sub-areas (as the session computes them). */
const scopeOf = async (userName: string) => (await sqlRows<{ id: number }>(`
  WITH RECURSIVE scope AS (SELECT a.id FROM areas a JOIN sys_users u ON u.area_id = a.id WHERE u.user_name = '${userName}'
    UNION SELECT c.id FROM areas c JOIN scope s ON c.parent_id = s.id) SELECT id FROM scope`)).map((row) => Number(row.id));

beforeAll(async () => {
  backend = await startTestBackend();
  api = apiClient(backend.app, await loginAs(backend.app, 'admin'));
  other = apiClient(backend.app, await loginAs(backend.app, 'admin2'));
  areaIds = await scopeOf('admin');
  otherAreaIds = await scopeOf('admin2');
});
afterAll(() => backend.close());

interface Order { id: number; orderId: string; utility: string; roomId: number; roomCode: string | null; amountFen: number; channel: string; orderStatus: number; createdAt: string; balanceFen: number | null; projectId: number | null; buildingId: number | null }
interface Totals { count: number; amountFen: number; standingFen: number; voidCount: number; voidAmountFen: number }
type Page = { records: Order[]; total: number; totals: Totals };

const list = async (client: ReturnType<typeof apiClient>, query: Record<string, unknown> = {}) => {
  const { status, body } = await client.get('webStatsanalysisOrder/findRechargeOrderByParams', { pageNum: 1, pageSize: 100, ...query });
  expect(status, body?.msg).toBe(200);
  return body.data as Page;
};

/** The reference: totals of the raw rows matching `where` within an operator's areas. */
const reference = async (where: string, areas = areaIds): Promise<Totals> => {
  const [row] = await sqlRows<Record<string, string | number | null>>(`SELECT count(*) AS count, coalesce(sum(amount_fen), 0) AS amount,
    coalesce(sum(amount_fen) FILTER (WHERE order_status <> 0), 0) AS standing, count(*) FILTER (WHERE order_status = 0) AS voided,
    coalesce(sum(amount_fen) FILTER (WHERE order_status = 0), 0) AS voided_amount
    FROM recharge_orders WHERE area_id IN (${areas.join(',')}) AND ${where}`);
  return { count: Number(row.count), amountFen: Number(row.amount), standingFen: Number(row.standing), voidCount: Number(row.voided), voidAmountFen: Number(row.voided_amount) };
};

describe('findRechargeOrderByParams', () => {
  it('lists one utility, newest first, with the totals of the whole filtered set', async () => {
    const page = await list(api, { utility: 'electric', pageSize: 25 });
    const expected = await reference(`utility = 'electric'`);
    expect(expected.count).toBeGreaterThan(100);
    expect(page.total).toBe(expected.count);
    expect(page.totals).toEqual(expected);
    expect(page.records).toHaveLength(25);
    expect(page.records.every((order) => order.utility === 'electric')).toBe(true);
    const times = page.records.map((order) => new Date(order.createdAt).getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const water = await list(api, { utility: 'water', pageSize: 5 });
    expect(water.totals).toEqual(await reference(`utility = 'water'`));
    expect(water.records.every((order) => order.utility === 'water')).toBe(true);
  });

  it('pages and sorts on the server', async () => {
    const first = await list(api, { utility: 'electric', pageSize: 10, sortField: 'amountFen', sortOrder: 'desc' });
    const second = await list(api, { utility: 'electric', pageSize: 10, pageNum: 2, sortField: 'amountFen', sortOrder: 'desc' });
    const amounts = [...first.records, ...second.records].map((order) => order.amountFen);
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
    expect(new Set([...first.records, ...second.records].map((order) => order.id)).size).toBe(20);
    const [top] = await sqlRows<{ amount_fen: number }>(`SELECT max(amount_fen) AS amount_fen FROM recharge_orders WHERE utility = 'electric' AND area_id IN (${areaIds.join(',')})`);
    expect(first.records[0].amountFen).toBe(Number(top.amount_fen));
    const ascending = await list(api, { utility: 'electric', pageSize: 20, sortField: 'createdAt', sortOrder: 'asc' });
    const times = ascending.records.map((order) => new Date(order.createdAt).getTime());
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it('filters by channel, status, project, building, room and a day range across a month end (+08:00)', async () => {
    const wechat = await list(api, { utility: 'electric', channel: 'wechat' });
    expect(wechat.totals).toEqual(await reference(`utility = 'electric' AND channel = 'wechat'`));
    expect(wechat.records.every((order) => order.channel === 'wechat')).toBe(true);
    const voided = await list(api, { utility: 'electric', orderStatus: 0 });
    expect(voided.totals).toEqual(await reference(`utility = 'electric' AND order_status = 0`));

    const [{ project_id: projectId, building_id: buildingId }] = await sqlRows<{ project_id: number; building_id: number }>(`
      SELECT r.project_id, r.building_id FROM recharge_orders o JOIN rooms r ON r.id = o.room_id
      WHERE o.area_id IN (${areaIds.join(',')}) AND o.utility = 'electric' GROUP BY 1, 2 ORDER BY count(*) DESC LIMIT 1`);
    const byProject = await list(api, { utility: 'electric', projectId });
    expect(byProject.totals).toEqual(await reference(`utility = 'electric' AND room_id IN (SELECT id FROM rooms WHERE project_id = ${projectId})`));
    const byBuilding = await list(api, { utility: 'electric', buildingId });
    expect(byBuilding.totals).toEqual(await reference(`utility = 'electric' AND room_id IN (SELECT id FROM rooms WHERE building_id = ${buildingId})`));
    const one = byBuilding.records[0];
    const byRoom = await list(api, { utility: 'electric', roomId: one.roomId });
    expect(byRoom.totals).toEqual(await reference(`utility = 'electric' AND room_id = ${one.roomId}`));
    expect(byRoom.records.every((order) => order.roomId === one.roomId)).toBe(true);
    const byCode = await list(api, { utility: 'electric', buildingId, roomCode: one.roomCode });
    expect(byCode.records.map((order) => order.id)).toContain(one.id);

    // October 31 and November 1 in the platform's time zone: the month end at 16:00 UTC.
    const from = '2026-10-31T00:00:00+08:00';
    const to = '2026-11-02T00:00:00+08:00';
    const days = await list(api, { utility: 'electric', createdFrom: from, createdTo: to });
    expect(days.totals).toEqual(await reference(`utility = 'electric' AND created_at >= '${from}' AND created_at < '${to}'`));
    expect(days.totals.count).toBeGreaterThan(0);
    for (const order of days.records) {
      const at = new Date(order.createdAt).getTime();
      expect(at).toBeGreaterThanOrEqual(new Date(from).getTime());
      expect(at).toBeLessThan(new Date(to).getTime());
    }
    // The same instants written in UTC are the same range.
    const utc = await list(api, { utility: 'electric', createdFrom: '2026-10-30T16:00:00Z', createdTo: '2026-11-01T16:00:00Z' });
    expect(utc.totals).toEqual(days.totals);
  });

  it('refuses bad dates, a backwards range and unknown values, naming the field', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ createdFrom: 'yesterday' }, /^开始日期：/],
      [{ createdTo: '2026-13-01T00:00:00+08:00' }, /^结束日期：/],
      [{ createdFrom: '2026-11-02T00:00:00+08:00', createdTo: '2026-11-01T00:00:00+08:00' }, /^结束日期：/],
      [{ channel: 'bitcoin' }, /^渠道：/],
      [{ orderStatus: '7' }, /^状态：/],
      [{ utility: 'gas' }, /^类型：/],
      [{ pageSize: 1000 }, /^每页条数：/],
    ];
    for (const [query, message] of cases) {
      const { status, body } = await api.get('webStatsanalysisOrder/findRechargeOrderByParams', query);
      expect(status, JSON.stringify(query)).toBe(400);
      expect(body.msg).toMatch(message);
      const exported = await api.get('webStatsanalysisOrder/exportRechargeOrderByParams', query);
      if (!('pageSize' in query)) expect(exported.status, JSON.stringify(query)).toBe(400);
    }
  });

  it('shows an operator of another area none of these orders, even with the area params tampered', async () => {
    const mine = await list(api, { pageSize: 100 });
    const theirs = await list(other, { pageSize: 100, areaId: areaIds[0], areaid: areaIds[0], subareaId: areaIds[0] });
    expect(theirs.totals).toEqual(await reference('true', otherAreaIds));
    const mineIds = new Set(mine.records.map((order) => order.id));
    expect(theirs.records.some((order) => mineIds.has(order.id))).toBe(false);
    expect((await list(other, { roomId: mine.records[0].roomId })).total).toBe(0);
  });
});

describe('exportRechargeOrderByParams', () => {
  it('streams the whole filtered set as CSV: BOM, headers in the caller\'s language, codes as text, formulas defused', async () => {
    const [target] = await sqlRows<{ order_id: string; room_id: number }>(`SELECT order_id, room_id FROM recharge_orders WHERE utility = 'electric' AND area_id IN (${areaIds.join(',')}) ORDER BY id LIMIT 1`);
    await sqlRows(`UPDATE recharge_orders SET remark = '=HYPERLINK("x")' WHERE order_id = '${target.order_id}'`);
    const response = await backend.app.request(`/api/v1/electricity/webStatsanalysisOrder/exportRechargeOrderByParams?utility=electric&roomId=${target.room_id}`, {
      headers: { 'X-Token': await loginAs(backend.app, 'admin'), 'Accept-Language': 'en' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes).replace(/^\uFEFF/, '');
    const lines = text.trimEnd().split('\r\n');
    // The last two: an online payment's state and transaction number (issue 41), blank for the counter's orders.
    expect(lines[0]).toBe('Order no.,Project,Building,Room no.,Tenant,Amount (yuan),Energy (kWh),Channel,Operator,Status,Paid at,Voided at,Remark,Online state,Transaction no.');
    const expected = await reference(`utility = 'electric' AND room_id = ${target.room_id}`);
    expect(lines).toHaveLength(expected.count + 1);
    const line = lines.find((row) => row.includes(target.order_id))!;
    // Plain CSV: the order number as it is (no ="…").
    expect(line.startsWith(`${target.order_id},`)).toBe(true);
    expect(line.endsWith(`"'=HYPERLINK(""x"")",,`)).toBe(true);
  });

  it('writes every row of a large set (more than one batch) with Chinese headers by default', async () => {
    const response = await backend.app.request('/api/v1/electricity/webStatsanalysisOrder/exportRechargeOrderByParams?utility=electric', {
      headers: { 'X-Token': await loginAs(backend.app, 'admin') },
    });
    const text = (await response.text()).replace(/^\uFEFF/, '');
    const lines = text.trimEnd().split('\r\n');
    expect(lines[0].startsWith('订单号,项目,建筑,房间号')).toBe(true);
    const expected = await reference(`utility = 'electric'`);
    expect(expected.count).toBeGreaterThan(1000);
    expect(lines).toHaveLength(expected.count + 1);
    const sum = lines.slice(1).reduce((total, row) => total + Math.round(Number(row.split(',')[5]) * 100), 0);
    expect(sum).toBe(expected.amountFen);
  });
});

describe('updateRechargeOrderById (void)', () => {
  const balanceOf = async (roomId: number, utility: string) =>
    Number((await sqlRows<{ balance_fen: number }>(`SELECT balance_fen FROM accounts WHERE room_id = ${roomId} AND utility = '${utility}'`))[0].balance_fen);
  const ledgerCount = async (orderId: string) =>
    Number((await sqlRows<{ n: number }>(`SELECT count(*) AS n FROM ledger_entries WHERE ref_id = '${orderId}'`))[0].n);

  it('voids once (form-encoded): a void entry (its own kind, not a refund) reverses the amount, status 0, audited with the reason; a second void changes nothing', async () => {
    const [order] = (await list(api, { utility: 'electric', orderStatus: 1, pageSize: 5 })).records.filter((row) => (row.balanceFen ?? 0) >= row.amountFen);
    const before = await balanceOf(order.roomId, 'electric');
    const entries = await ledgerCount(order.orderId);
    const voided = await api.form('PUT', 'webStatsanalysisOrder/updateRechargeOrderById', { orderId: order.orderId, orderStatus: '0', reason: '重复收款' });
    expect(voided.status, voided.body?.msg).toBe(200);
    expect(voided.body.data).toMatchObject({ orderId: order.orderId, orderStatus: 0 });
    expect(await balanceOf(order.roomId, 'electric')).toBe(before - order.amountFen);
    const [refund] = await sqlRows<{ kind: string; amount_fen: number; remark: string }>(`SELECT kind, amount_fen, remark FROM ledger_entries WHERE ref_id = '${order.orderId}' AND kind = 'void'`);
    expect(refund).toMatchObject({ kind: 'void', remark: '重复收款' });
    expect(Number(refund.amount_fen)).toBe(-order.amountFen);
    const [log] = await sqlRows<{ action: string; after: { reason: string; orderStatus: number } }>(`SELECT action, after FROM operation_log WHERE entity = 'rechargeOrder' AND entity_id = '${order.orderId}' AND action = 'void'`);
    expect(log.after).toMatchObject({ reason: '重复收款', orderStatus: 0 });
    expect((await list(api, { orderId: order.orderId })).records[0].orderStatus).toBe(0);

    const again = await api.form('PUT', 'webStatsanalysisOrder/updateRechargeOrderById', { orderId: order.orderId, orderStatus: '0', reason: 'again' });
    expect(again.status).toBe(409);
    expect(again.body.msg).toContain(order.orderId);
    expect(await balanceOf(order.roomId, 'electric')).toBe(before - order.amountFen);
    expect(await ledgerCount(order.orderId)).toBe(entries + 1);
  });

  it('voids an order whose credit was spent, leaving the balance lower (below zero here)', async () => {
    const candidates = (await list(api, { utility: 'electric', orderStatus: 1, sortField: 'amountFen', sortOrder: 'desc', pageSize: 100 })).records;
    const order = candidates.find((row) => row.balanceFen !== null && row.balanceFen < row.amountFen)!;
    expect(order).toBeDefined();
    const before = await balanceOf(order.roomId, 'electric');
    const voided = await api.put('webStatsanalysisOrder/updateRechargeOrderById', { orderId: order.orderId, orderStatus: 0, reason: '退款' });
    expect(voided.status, voided.body?.msg).toBe(200);
    const after = await balanceOf(order.roomId, 'electric');
    expect(after).toBe(before - order.amountFen);
    expect(after).toBeLessThan(0);
  });

  it('refuses another status, a missing order id, an unknown order and another area\'s order, changing nothing', async () => {
    const [order] = (await list(api, { utility: 'water', orderStatus: 1, pageSize: 1 })).records;
    const before = await balanceOf(order.roomId, 'water');
    const status = await api.form('PUT', 'webStatsanalysisOrder/updateRechargeOrderById', { orderId: order.orderId, orderStatus: '1' });
    expect(status.status).toBe(400);
    expect(status.body.msg).toMatch(/^状态：/);
    const missing = await api.form('PUT', 'webStatsanalysisOrder/updateRechargeOrderById', { orderStatus: '0' });
    expect(missing.status).toBe(400);
    expect(missing.body.msg).toMatch(/^订单号：/);
    const unknown = await api.form('PUT', 'webStatsanalysisOrder/updateRechargeOrderById', { orderId: 'E00000000000000000', orderStatus: '0' });
    expect(unknown.status).toBe(404);
    const theirs = await other.form('PUT', 'webStatsanalysisOrder/updateRechargeOrderById', { orderId: order.orderId, orderStatus: '0', areaId: String(areaIds[0]) });
    expect(theirs.status).toBe(404);
    expect(await balanceOf(order.roomId, 'water')).toBe(before);
    expect((await list(api, { orderId: order.orderId })).records[0].orderStatus).toBe(1);
  });
});
