/**
 * A receipt printed again (issue 40): account/findReceipt answers an order as the recharge's answer
 * did (one receipt format, the same figures), naming the tenant who had the room when it was paid
 * (not whoever has it now), in the caller's area only, to the screens that print it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { apiClient, loginAs, startTestBackend, TEST_NOW, type TestBackend } from '../support/testApp';
import { namesField } from '../support/fieldLabels';

let backend: TestBackend;
let api: ReturnType<typeof apiClient>;
let other: ReturnType<typeof apiClient>;

type Row = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const rows = async (query: ReturnType<typeof sql>) => ((await backend.database.db.execute(query)) as unknown as { rows: Row[] }).rows;
const one = async (query: ReturnType<typeof sql>) => (await rows(query))[0];
const AREA1 = sql.raw(`(SELECT id FROM areas WHERE id = (SELECT area_id FROM sys_users WHERE user_name = 'admin') OR parent_id = (SELECT area_id FROM sys_users WHERE user_name = 'admin'))`);

let seq = 0;
const requestId = () => `receipt-${Date.now().toString(36)}-${++seq}`;

/** An area-1 room with a current tenant, an electric meter and room under its hoarding limit (the n-th such). */
const tenantRoom = (offset: number) => one(sql`SELECT r.id AS room_id, b.id AS binding_id, t.name AS tenant FROM rooms r
  JOIN tenant_bindings b ON b.room_id = r.id AND b.end_date IS NULL JOIN tenants t ON t.id = b.tenant_id
  JOIN accounts a ON a.room_id = r.id AND a.utility = 'electric' JOIN electric_meters m ON m.room_id = r.id
  WHERE r.area_id IN ${AREA1} AND a.balance_fen BETWEEN 0 AND a.hoard_limit_fen - 100000 ORDER BY r.id DESC LIMIT 1 OFFSET ${offset}`);

beforeAll(async () => {
  backend = await startTestBackend();
  api = apiClient(backend.app, await loginAs(backend.app, 'admin'));
  other = apiClient(backend.app, await loginAs(backend.app, 'admin2'));
});
afterAll(() => backend.close());

describe('account/findReceipt', () => {
  it('answers the order as the recharge answered it: the same receipt, figures and all', async () => {
    const room = await tenantRoom(0);
    const paid = await api.post('account/recharge', { roomId: room.room_id, utility: 'electric', amountFen: 12_345, channel: 'alipay', requestId: requestId(), remark: '补打测试' });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const again = await api.get('account/findReceipt', { orderId: paid.body.data.order.orderId });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.data).toEqual(paid.body.data.order);
    expect(again.body.data).toMatchObject({ tenantName: room.tenant, amountFen: 12_345, channel: 'alipay', remark: '补打测试', meterAddress: expect.any(String) });
    expect(again.body.data.balanceAfterFen).toBe(paid.body.data.account.balanceFen);
    // A later recharge does not change the first one's balance after.
    await api.post('account/recharge', { roomId: room.room_id, utility: 'electric', amountFen: 100, channel: 'cash', requestId: requestId() });
    expect((await api.get('account/findReceipt', { orderId: paid.body.data.order.orderId })).body.data.balanceAfterFen).toBe(paid.body.data.account.balanceFen);
  });

  it('names the tenant who paid, after they moved out and another moved in', async () => {
    const room = await tenantRoom(1);
    const paid = await api.post('account/recharge', { roomId: room.room_id, utility: 'electric', amountFen: 5_000, channel: 'cash', requestId: requestId() });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const { orderId } = paid.body.data.order;
    expect(paid.body.data.order.tenantName).toBe(room.tenant);
    // The tenant leaves that day; five minutes later a new tenant is bound (written directly: the bind rules are not under test).
    const day = (await one(sql`SELECT (${TEST_NOW.toISOString()}::timestamptz AT TIME ZONE 'Asia/Shanghai')::date::text AS d`)).d;
    await rows(sql`UPDATE tenant_bindings SET end_date = ${day} WHERE id = ${room.binding_id}`);
    const newcomer = await one(sql`INSERT INTO tenants (area_id, name, phone) SELECT area_id, '新租户补打', '13900000040' FROM rooms WHERE id = ${room.room_id} RETURNING id`);
    await rows(sql`INSERT INTO tenant_bindings (area_id, tenant_id, room_id, start_date, created_at)
      SELECT area_id, ${newcomer.id}, id, ${day}, ${new Date(TEST_NOW.getTime() + 300_000).toISOString()}::timestamptz FROM rooms WHERE id = ${room.room_id}`);
    const again = await api.get('account/findReceipt', { orderId });
    expect(again.body.data).toEqual(paid.body.data.order);
    expect(again.body.data.tenantName).toBe(room.tenant);
    // The new tenant's own recharge, ten minutes on, names them.
    backend.clock.now = new Date(TEST_NOW.getTime() + 600_000);
    try {
      const theirs = await api.post('account/recharge', { roomId: room.room_id, utility: 'electric', amountFen: 200, channel: 'cash', requestId: requestId() });
      expect(theirs.status, JSON.stringify(theirs.body)).toBe(200);
      expect(theirs.body.data.order.tenantName).toBe('新租户补打');
      expect((await api.get('account/findReceipt', { orderId: theirs.body.data.order.orderId })).body.data).toEqual(theirs.body.data.order);
    } finally {
      backend.clock.now = TEST_NOW;
    }
  });

  it('answers a void order with its status; another area, an unknown order or no order id: nothing', async () => {
    const room = await tenantRoom(2);
    const paid = await api.post('account/recharge', { roomId: room.room_id, utility: 'electric', amountFen: 300, channel: 'cash', requestId: requestId() });
    const { orderId } = paid.body.data.order;
    expect((await api.form('PUT', 'webStatsanalysisOrder/updateRechargeOrderById', { orderId, orderStatus: '0', reason: 'receipt test' })).status).toBe(200);
    const voided = await api.get('account/findReceipt', { orderId });
    expect(voided.body.data).toMatchObject({ orderId, orderStatus: 0, amountFen: 300, balanceAfterFen: paid.body.data.order.balanceAfterFen });
    expect((await other.get('account/findReceipt', { orderId })).status).toBe(404);
    expect((await api.get('account/findReceipt', { orderId: 'E000000000000000000' })).status).toBe(404);
    const missing = await api.get('account/findReceipt', {});
    expect(missing.status).toBe(400);
    expect(missing.body.msg).toMatch(namesField('account', 'orderId'));
    // An order number, not a search text.
    const hostile = await api.get('account/findReceipt', { orderId: "1'; DROP TABLE sys_users; --" });
    expect(hostile.status).toBe(400);
    expect(hostile.body.msg).toMatch(namesField('account', 'orderId'));
  });

  it('serves the order statistics screens (reprint from the order lists), not a screen that prints no receipt', async () => {
    const admin = apiClient(backend.app, await loginAs(backend.app, 'admin'));
    const ids = async (paths: string[]) => (await rows(sql`SELECT id FROM resources WHERE res_url IN ${paths}`)).map((r) => Number(r.id));
    const make = async (name: string, screens: string[]) => {
      const role = await admin.post('role/addRole', { name, readOnly: false, resourceIds: await ids(screens) });
      expect(role.status, JSON.stringify(role.body)).toBe(200);
      const user = await admin.post('sysUser/saveUser', { userName: name, password: 'receipt-pass-1', roleId: role.body.data.id });
      expect(user.status, JSON.stringify(user.body)).toBe(200);
      return apiClient(backend.app, await loginAs(backend.app, name, 'receipt-pass-1'));
    };
    const [order] = await rows(sql`SELECT order_id FROM recharge_orders WHERE area_id IN ${AREA1} AND utility = 'water' ORDER BY id LIMIT 1`);
    for (const screens of [['chongzhidingdan'], ['chongzhiwater'], ['room_billing_details']]) {
      const client = await make(`receipt-${screens[0]}`, screens);
      expect((await client.get('account/findReceipt', { orderId: order.order_id })).status).toBe(200);
      expect((await client.get('account/findReceiptIssuer')).status).toBe(200);
    }
    const projectOnly = await make('receipt-project', ['project']);
    expect((await projectOnly.get('account/findReceipt', { orderId: order.order_id })).status).toBe(403);
  });
});
