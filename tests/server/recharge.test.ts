/**
 * Accounts and recharge (issue 10): account/findByRoom, account/recharge, account/ledger,
 * account/findRooms, webWaterRechargeOrder/findBindRoomCode and setWebWaterRechargeOrder.
 * Good and bad input, area isolation, every refusal changing nothing, arrears restore and the
 * order status following its command, and the idempotency race (20 identical requests at once) —
 * on PGlite, and on PostgreSQL when DATABASE_URL / TEST_DATABASE_URL is set (then also across two
 * backend instances with their own pools on one database).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../../server/db';
import { createApp } from '../../server/app';
import type { DeviceDriver } from '../../server/devices/driver';
import { runDueCommands } from '../../server/domain/commands';
import { ORDER_STATUS } from '../../common/states';
import { formatYuan } from '../../common/money';
import { amountRefusal, hoardRefusal, liftsArrears, needsRestore, orderIdOf, sameRequest } from '../../server/domain/recharge';
import { apiClient, loginAs, startTestBackend, type TestBackend } from '../support/testApp';
import { namesField } from '../support/fieldLabels';

let backend: TestBackend;
let api: ReturnType<typeof apiClient>;
let other: ReturnType<typeof apiClient>;
let viewer: ReturnType<typeof apiClient>;
let cashier: ReturnType<typeof apiClient>;

type Row = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const rows = async (query: ReturnType<typeof sql>) => ((await backend.database.db.execute(query)) as unknown as { rows: Row[] }).rows;
const one = async (query: ReturnType<typeof sql>) => (await rows(query))[0];

/** Row count and row versions of every table a recharge writes: equal before and after = nothing changed. */
async function digest() {
  const out: Record<string, string> = {};
  for (const table of ['accounts', 'ledger_entries', 'recharge_orders', 'commands', 'operation_log', 'electric_meters', 'water_meters']) {
    const [row] = await rows(sql`SELECT count(*)::text || ':' || coalesce(sum((xmin::text)::bigint), 0)::text AS d FROM ${sql.identifier(table)}`);
    out[table] = row.d;
  }
  return out;
}

/** The areas of admin (area 1 and its sub-areas) and of admin2. */
const AREA1 = sql.raw(`(SELECT id FROM areas WHERE id = (SELECT area_id FROM sys_users WHERE user_name = 'admin') OR parent_id = (SELECT area_id FROM sys_users WHERE user_name = 'admin'))`);
const AREA2 = sql.raw(`(SELECT id FROM areas WHERE id = (SELECT area_id FROM sys_users WHERE user_name = 'admin2') OR parent_id = (SELECT area_id FROM sys_users WHERE user_name = 'admin2'))`);

let requestSeq = 0;
const requestId = () => `test-${Date.now().toString(36)}-${++requestSeq}`;

/** An area-1 room with an electric meter and account, a balance well below its hoarding limit. */
let electricRoom: { roomId: number; accountId: number; balanceFen: number; hoardLimitFen: number; saleCount: number };
/** An area-1 room whose water meter has an opened account. */
let waterRoom: { roomId: number; accountId: number };
let waterNotOpenedRoom: number;
let noWaterMeterRoom: number;
let area2Room: number;

beforeAll(async () => {
  backend = await startTestBackend();
  api = apiClient(backend.app, await loginAs(backend.app, 'admin'));
  other = apiClient(backend.app, await loginAs(backend.app, 'admin2'));
  viewer = apiClient(backend.app, await loginAs(backend.app, 'viewer'));
  // A second operator of area 1 (same role as admin): request ids are per operator.
  await backend.database.db.execute(sql`INSERT INTO sys_users (user_name, real_name, password_hash, role_id, area_id)
    SELECT 'cashier', '收银员', password_hash, role_id, area_id FROM sys_users WHERE user_name = 'admin'`);
  cashier = apiClient(backend.app, await loginAs(backend.app, 'cashier'));
  const e = await one(sql`SELECT a.room_id, a.id, a.balance_fen, a.hoard_limit_fen, a.sale_count FROM accounts a
    JOIN electric_meters m ON m.room_id = a.room_id WHERE a.area_id IN ${AREA1} AND a.utility = 'electric' AND a.balance_fen BETWEEN 0 AND a.hoard_limit_fen - 200000
    ORDER BY a.id LIMIT 1`);
  electricRoom = { roomId: e.room_id, accountId: e.id, balanceFen: Number(e.balance_fen), hoardLimitFen: Number(e.hoard_limit_fen), saleCount: e.sale_count };
  const w = await one(sql`SELECT a.room_id, a.id FROM accounts a JOIN water_meters m ON m.room_id = a.room_id AND m.account_opened
    WHERE a.area_id IN ${AREA1} AND a.utility = 'water' AND a.balance_fen BETWEEN 0 AND a.hoard_limit_fen - 100000 ORDER BY a.id LIMIT 1`);
  waterRoom = { roomId: w.room_id, accountId: w.id };
  waterNotOpenedRoom = (await one(sql`SELECT room_id FROM water_meters WHERE area_id IN ${AREA1} AND room_id IS NOT NULL AND NOT account_opened ORDER BY id LIMIT 1`)).room_id;
  noWaterMeterRoom = (await one(sql`SELECT r.id FROM rooms r WHERE r.area_id IN ${AREA1} AND NOT EXISTS (SELECT 1 FROM water_meters w WHERE w.room_id = r.id) ORDER BY r.id LIMIT 1`)).id;
  area2Room = (await one(sql`SELECT a.room_id FROM accounts a WHERE a.area_id IN ${AREA2} AND a.utility = 'electric' ORDER BY a.id LIMIT 1`)).room_id;
});
afterAll(() => backend.close());

const recharge = (client: ReturnType<typeof apiClient>, body: Record<string, unknown>) => client.post('account/recharge', body);
const balanceOf = async (accountId: number) => Number((await one(sql`SELECT balance_fen FROM accounts WHERE id = ${accountId}`)).balance_fen);
const ledgerSum = async (accountId: number) => Number((await one(sql`SELECT coalesce(sum(amount_fen), 0)::bigint AS s FROM ledger_entries WHERE account_id = ${accountId}`)).s);

describe('pure rules', () => {
  it('amount, hoarding, arrears, order id and request identity', () => {
    expect(amountRefusal(1, 100)).toBeUndefined();
    expect(amountRefusal(0, 100)?.key).toBe('errors.rechargeAmount');
    expect(amountRefusal(1.5, 100)?.key).toBe('errors.rechargeAmount');
    expect(amountRefusal(101, 100)).toEqual({ outcome: 'refused', key: 'errors.rechargeMax', params: { max: '¥1.00' }, field: 'amountFen' });
    expect(hoardRefusal(400_000, 100_000, 500_000)).toBeUndefined();
    expect(hoardRefusal(400_001, 100_000, 500_000)?.params).toEqual({ limit: '¥5,000.00', balance: '¥4,000.01', most: '¥999.99' });
    expect(hoardRefusal(600_000, 1, 500_000)?.params?.most).toBe('¥0.00');
    // A balance in arrears: the sign before the currency (issue 40: "¥-18.24" in one message, "-¥18.24" in another).
    expect(hoardRefusal(-1_824, 600_000, 500_000)?.params).toEqual({ limit: '¥5,000.00', balance: '-¥18.24', most: '¥5,018.24' });
    expect(liftsArrears(-5000, 1, 5000)).toBe(true);
    expect(liftsArrears(-5000, -5000, 5000)).toBe(false);
    expect(liftsArrears(-4999, 100, 5000)).toBe(false);
    expect(liftsArrears(0, 100, 0)).toBe(true);
    // On the line but never owed nor cut (a new account at 0): nothing to restore.
    expect(needsRestore(0, 100, 0, false)).toBe(false);
    expect(needsRestore(0, 100, 0, true)).toBe(true);
    expect(needsRestore(-1, 100, 0, false)).toBe(true);
    expect(needsRestore(-5000, 1, 5000, false)).toBe(true);
    expect(orderIdOf('electric', new Date('2026-11-21T02:03:04Z'), 42)).toBe('E2026112110030400042');
    expect(orderIdOf('water', new Date('2026-11-21T02:03:04Z'), 1234567)).toBe('W202611211003041234567');
    const order = { roomId: 1, utility: 'water', amountFen: 100, channel: 'cash', remark: null };
    expect(sameRequest(order, { roomId: 1, utility: 'water', amountFen: 100, channel: 'cash', requestId: 'x', remark: '  ' })).toBe(true);
    expect(sameRequest(order, { roomId: 1, utility: 'water', amountFen: 101, channel: 'cash', requestId: 'x' })).toBe(false);
  });
});

describe('account/findByRoom', () => {
  it('answers both sides of a room with the meter state', async () => {
    const { status, body } = await api.get('account/findByRoom', { roomId: electricRoom.roomId });
    expect(status).toBe(200);
    expect(body.data.map((side: Row) => side.utility)).toEqual(['electric', 'water']);
    const electric = body.data[0];
    expect(electric).toMatchObject({ accountId: electricRoom.accountId, balanceFen: electricRoom.balanceFen, hoardLimitFen: electricRoom.hoardLimitFen, accountOpened: true });
    for (const key of ['freeLeft', 'overdraftFen', 'alarm1Fen', 'alarm2Fen', 'saleCount', 'meterId', 'meterAddress', 'relayState', 'online']) expect(electric).toHaveProperty(key);
    expect(body.data[1]).toHaveProperty('valveState');
  });

  it('shows a side without meter or account with nulls', async () => {
    const { body } = await api.get('account/findByRoom', { roomId: noWaterMeterRoom });
    expect(body.data[1]).toMatchObject({ utility: 'water', accountId: null, balanceFen: null, meterId: null, meterAddress: null, valveState: null, online: null, accountOpened: false });
  });

  it('refuses a bad room id (400 naming it) and a room of another area (404)', async () => {
    const bad = await api.get('account/findByRoom', { roomId: 'abc' });
    expect([bad.status, bad.body.msg]).toEqual([400, expect.stringMatching(/^房间：/)]);
    expect((await api.get('account/findByRoom', {})).body.msg).toMatch(/^房间：/);
    const foreign = await other.get('account/findByRoom', { roomId: electricRoom.roomId });
    expect(foreign.status).toBe(404);
    expect(JSON.stringify(foreign.body)).not.toContain(String(electricRoom.accountId + ':'));
  });
});

describe('account/recharge', () => {
  it('credits the account in one transaction: order, ledger row, sale count, operation log', async () => {
    const id = requestId();
    const before = await balanceOf(electricRoom.accountId);
    const { status, body } = await recharge(api, { roomId: electricRoom.roomId, utility: 'electric', amountFen: 12_345, channel: 'wechat', requestId: id, remark: '前台缴费' });
    expect(status).toBe(200);
    expect(Object.keys(body.data).sort()).toEqual(['account', 'commandIds', 'order']);
    const { order, account, commandIds } = body.data;
    expect(order).toMatchObject({ roomId: electricRoom.roomId, utility: 'electric', amountFen: 12_345, channel: 'wechat', requestId: id, orderStatus: ORDER_STATUS.paid, remark: '前台缴费', operatorName: '管理员', balanceAfterFen: before + 12_345 });
    expect(order.orderId).toMatch(/^E\d{14}\d{5,}$/);
    expect(order.roomCode).toBeTruthy();
    expect(account).toMatchObject({ accountId: electricRoom.accountId, utility: 'electric', balanceFen: before + 12_345 });
    expect(commandIds).toEqual([]);
    expect(await balanceOf(electricRoom.accountId)).toBe(before + 12_345);
    expect(await ledgerSum(electricRoom.accountId)).toBe(before + 12_345);
    const entry = await one(sql`SELECT * FROM ledger_entries WHERE ref_id = ${order.orderId}`);
    expect(entry).toMatchObject({ kind: 'recharge', ref_type: 'recharge_order', account_id: electricRoom.accountId });
    expect(Number(entry.amount_fen)).toBe(12_345);
    expect((await one(sql`SELECT sale_count FROM accounts WHERE id = ${electricRoom.accountId}`)).sale_count).toBe(account.saleCount);
    expect(account.saleCount).toBeGreaterThan(0);
    const log = await one(sql`SELECT * FROM operation_log WHERE entity = 'rechargeOrder' AND entity_id = ${order.orderId}`);
    expect(log.action).toBe('recharge');
  });

  it('is idempotent per operator: a retry answers the same order, another body with the same id is a 409, another operator is another request', async () => {
    const id = requestId();
    const body = { roomId: electricRoom.roomId, utility: 'electric', amountFen: 500, channel: 'cash', requestId: id };
    const first = await recharge(api, body);
    const balance = await balanceOf(electricRoom.accountId);
    const again = await recharge(api, body);
    expect(again.status).toBe(200);
    expect(again.body.data.order.orderId).toBe(first.body.data.order.orderId);
    expect(await balanceOf(electricRoom.accountId)).toBe(balance);
    const before = await digest();
    const changed = await recharge(api, { ...body, amountFen: 600 });
    expect(changed.status).toBe(409);
    expect(changed.body.msg).toContain(first.body.data.order.orderId);
    expect(await digest()).toEqual(before);
    // The same request id from another operator of the same area is that operator's own recharge.
    const theirs = await recharge(cashier, body);
    expect(theirs.status).toBe(200);
    expect(theirs.body.data.order.orderId).not.toBe(first.body.data.order.orderId);
    expect(theirs.body.data.order.operatorName).toBe('收银员');
    expect(await balanceOf(electricRoom.accountId)).toBe(balance + 500);
  });

  it('refuses bad input with a 400 naming the field, changing nothing', async () => {
    const good = { roomId: electricRoom.roomId, utility: 'electric', amountFen: 100, channel: 'cash', requestId: requestId() };
    const before = await digest();
    const cases: [Record<string, unknown>, string][] = [
      [{ amountFen: 0 }, 'amountFen'], [{ amountFen: -100 }, 'amountFen'], [{ amountFen: 1.5 }, 'amountFen'], [{ amountFen: '100' }, 'amountFen'],
      [{ amountFen: null }, 'amountFen'], [{ amountFen: undefined }, 'amountFen'], [{ utility: 'gas' }, 'utility'],
      [{ channel: 'gift' }, 'channel'], [{ channel: 'calibration' }, 'channel'], [{ channel: undefined }, 'channel'],
      [{ requestId: 'short' }, 'requestId'], [{ requestId: 'has space in it' }, 'requestId'], [{ requestId: undefined }, 'requestId'],
      [{ roomId: 0 }, 'roomId'], [{ roomId: 'x' }, 'roomId'], [{ remark: 'r'.repeat(201) }, 'remark'],
    ];
    for (const [change, field] of cases) {
      const response = await recharge(api, { ...good, ...change });
      expect([response.status, response.body.msg], JSON.stringify(change)).toEqual([400, expect.stringMatching(namesField('account', field))]);
    }
    expect((await recharge(api, { ...good, amountFen: 0 })).body.msg).toMatch(/整数分/);
    expect(await digest()).toEqual(before);
  });

  it('refuses an amount above the per-order maximum (RECHARGE_MAX_FEN), saying the maximum', async () => {
    const before = await digest();
    const over = await recharge(api, { roomId: electricRoom.roomId, utility: 'electric', amountFen: 5_000_001, channel: 'cash', requestId: requestId() });
    expect([over.status, over.body.msg]).toEqual([400, expect.stringMatching(/^金额（元）：.*¥50,000\.00/)]);
    process.env.RECHARGE_MAX_FEN = '1000';
    try {
      const small = await recharge(api, { roomId: electricRoom.roomId, utility: 'electric', amountFen: 1001, channel: 'cash', requestId: requestId() });
      expect([small.status, small.body.msg]).toEqual([400, expect.stringMatching(/^金额（元）：.*¥10\.00/)]);
    } finally {
      delete process.env.RECHARGE_MAX_FEN;
    }
    expect(await digest()).toEqual(before);
  });

  it('refuses a balance that would pass the hoarding limit, saying the limit and the most that can be taken now', async () => {
    const balance = await balanceOf(electricRoom.accountId);
    const room = electricRoom.hoardLimitFen - balance;
    const before = await digest();
    const response = await api.call('POST', 'account/recharge', {
      body: { roomId: electricRoom.roomId, utility: 'electric', amountFen: room + 1, channel: 'cash', requestId: requestId() }, headers: { 'Accept-Language': 'en' },
    });
    expect(response.status).toBe(409);
    // Money as the one formatter writes it (issue 40): separators, the sign before the currency.
    expect(response.body.msg).toContain('Hoarding limit');
    expect(response.body.msg).toContain(formatYuan(electricRoom.hoardLimitFen));
    expect(response.body.msg).toContain(`at most ${formatYuan(room)}`);
    expect(await digest()).toEqual(before);
    // Exactly up to the limit is taken.
    const full = await recharge(api, { roomId: electricRoom.roomId, utility: 'electric', amountFen: room, channel: 'cash', requestId: requestId() });
    expect(full.status).toBe(200);
    expect(full.body.data.account.balanceFen).toBe(electricRoom.hoardLimitFen);
    await voidLast(full.body.data.order.orderId);
  });

  it('refuses a room without that meter, a water account not opened, a room of another area and a read-only operator, changing nothing', async () => {
    const before = await digest();
    const noMeter = await recharge(api, { roomId: noWaterMeterRoom, utility: 'water', amountFen: 100, channel: 'cash', requestId: requestId() });
    expect([noMeter.status, noMeter.body.msg]).toEqual([409, expect.stringContaining('水表')]);
    const notOpened = await recharge(api, { roomId: waterNotOpenedRoom, utility: 'water', amountFen: 100, channel: 'cash', requestId: requestId() });
    expect([notOpened.status, notOpened.body.msg]).toEqual([409, expect.stringContaining('未开户')]);
    const foreign = await recharge(other, { roomId: electricRoom.roomId, utility: 'electric', amountFen: 100, channel: 'cash', requestId: requestId() });
    expect(foreign.status).toBe(404);
    const mine = await recharge(api, { roomId: area2Room, utility: 'electric', amountFen: 100, channel: 'cash', requestId: requestId() });
    expect(mine.status).toBe(404);
    const readOnly = await recharge(viewer, { roomId: electricRoom.roomId, utility: 'electric', amountFen: 100, channel: 'cash', requestId: requestId() });
    expect(readOnly.status).toBe(403);
    const missing = await recharge(api, { roomId: 2_000_000_000, utility: 'electric', amountFen: 100, channel: 'cash', requestId: requestId() });
    expect(missing.status).toBe(404);
    expect(await digest()).toEqual(before);
  });
});

/** Voids an order through the service (test clean-up: brings the balance back under the hoarding limit). */
async function voidLast(orderId: string) {
  const { voidOrder } = await import('../../server/domain/recharge');
  const [user] = await rows(sql`SELECT id, role_id, area_id FROM sys_users WHERE user_name = 'admin'`);
  const areaIds = (await rows(sql`SELECT id FROM areas WHERE id = ${user.area_id} OR parent_id = ${user.area_id}`)).map((r) => Number(r.id));
  await voidOrder(backend.database.db, { token: '', userId: user.id, userName: 'admin', roleId: user.role_id, areaId: user.area_id, areaIds, readOnly: false, platformAdmin: false }, orderId, backend.clock.now);
}

describe('arrears: the restore command and the order status that follows it', () => {
  /** An electric or water account put into arrears (balance at −overdraft) for the test. */
  async function inArrears(utility: 'electric' | 'water', below = 0) {
    const table = utility === 'electric' ? sql.raw('electric_meters') : sql.raw('water_meters');
    const extra = utility === 'water' ? sql` AND m.account_opened` : sql``;
    const a = await one(sql`SELECT a.id, a.room_id, m.id AS meter_id FROM accounts a JOIN ${table} m ON m.room_id = a.room_id${extra}
      WHERE a.area_id IN ${AREA1} AND a.utility = ${utility} AND m.module_id IS NOT NULL AND m.online AND a.id NOT IN (${electricRoom.accountId}, ${waterRoom.accountId})
      ORDER BY a.id DESC LIMIT 1`);
    const balance = await balanceOf(a.id);
    // Into arrears the only way a balance moves: a deduction in the ledger.
    const { postLedger } = await import('../../server/domain/ledger');
    await backend.database.db.transaction(async (tx) => {
      await tx.execute(sql`UPDATE accounts SET overdraft_fen = 1000 WHERE id = ${a.id}`);
      await postLedger(tx, { accountId: a.id, kind: 'deduction', amountFen: -(balance + 1000 + below) }, backend.clock.now);
    });
    return { accountId: Number(a.id), roomId: Number(a.room_id), meterId: Number(a.meter_id) };
  }
  const orderStatus = async (orderId: string) => (await one(sql`SELECT order_status FROM recharge_orders WHERE order_id = ${orderId}`)).order_status;

  it('a recharge that leaves the balance at or below −overdraft queues nothing; the one that lifts it does', async () => {
    const account = await inArrears('electric', 2000);
    const small = await recharge(api, { roomId: account.roomId, utility: 'electric', amountFen: 1000, channel: 'cash', requestId: requestId() });
    expect(small.body.data.account.balanceFen).toBe(-2000);
    expect(small.body.data.commandIds).toEqual([]);
    const enough = await recharge(api, { roomId: account.roomId, utility: 'electric', amountFen: 1001, channel: 'cash', requestId: requestId() });
    expect(enough.body.data.account.balanceFen).toBe(-999);
    expect(enough.body.data.commandIds).toHaveLength(1);
  });

  it('a first recharge of a new account at 0 (supply on, never owed) queues no command', async () => {
    const fresh = await one(sql`SELECT a.room_id FROM accounts a JOIN electric_meters m ON m.room_id = a.room_id
      WHERE a.area_id IN ${AREA1} AND a.utility = 'electric' AND m.relay_state = 'on' ORDER BY a.id LIMIT 1`);
    await backend.database.db.execute(sql`UPDATE accounts SET overdraft_fen = 0 WHERE room_id = ${fresh.room_id} AND utility = 'electric'`);
    const { postLedger } = await import('../../server/domain/ledger');
    const [account] = (await backend.database.db.execute(sql`SELECT id, balance_fen FROM accounts WHERE room_id = ${fresh.room_id} AND utility = 'electric'`) as unknown as { rows: { id: number; balance_fen: number }[] }).rows;
    if (Number(account.balance_fen) !== 0) {
      await backend.database.db.transaction((tx) => postLedger(tx, { accountId: Number(account.id), kind: 'deduction', amountFen: -Number(account.balance_fen) }, backend.clock.now));
    }
    const { body } = await recharge(api, { roomId: Number(fresh.room_id), utility: 'electric', amountFen: 5000, channel: 'cash', requestId: requestId() });
    expect(body.data.account.balanceFen).toBe(5000);
    expect(body.data.commandIds).toEqual([]);
  });

  it('electric: a recharge that lifts the balance above −overdraft queues close_allowed; success → status 2 and relay close-pending', async () => {
    const account = await inArrears('electric');
    await backend.database.db.execute(sql`UPDATE electric_meters SET relay_state = 'off' WHERE id = ${account.meterId}`);
    const { body } = await recharge(api, { roomId: account.roomId, utility: 'electric', amountFen: 2000, channel: 'alipay', requestId: requestId() });
    expect(body.data.commandIds).toHaveLength(1);
    const command = await one(sql`SELECT * FROM commands WHERE id = ${body.data.commandIds[0]}`);
    expect(command).toMatchObject({ type: 'close_allowed', device_kind: 'electric', device_id: account.meterId, state: 'queued' });
    expect(command.payload.orderId).toBe(body.data.order.orderId);
    expect(body.data.order.orderStatus).toBe(ORDER_STATUS.paid);
    await backend.runCommands();
    expect(await orderStatus(body.data.order.orderId)).toBe(ORDER_STATUS.written);
    expect((await one(sql`SELECT relay_state FROM electric_meters WHERE id = ${account.meterId}`)).relay_state).toBe('close_pending');
    const sides = (await api.get('account/findByRoom', { roomId: account.roomId })).body.data;
    expect(sides[0].relayState).toBe('close_pending');
  });

  it('water: valve_open; a failed command → status 3, a retried command that succeeds → status 2', async () => {
    const account = await inArrears('water');
    const { body } = await recharge(api, { roomId: account.roomId, utility: 'water', amountFen: 1500, channel: 'card', requestId: requestId() });
    expect(body.data.commandIds).toHaveLength(1);
    const command = await one(sql`SELECT * FROM commands WHERE id = ${body.data.commandIds[0]}`);
    expect(command.type).toBe('valve_open');
    const refusing: DeviceDriver = { execute: async () => ({ ok: false, code: 'device_error' }) };
    await runDueCommands(backend.database.db, refusing, backend.clock.now);
    expect(await orderStatus(body.data.order.orderId)).toBe(ORDER_STATUS.failed);
    const retry = await api.post('command/retry', { ids: body.data.commandIds });
    expect(retry.status).toBe(200);
    await backend.runCommands();
    expect(await orderStatus(body.data.order.orderId)).toBe(ORDER_STATUS.written);
    // A replay of the request lists both commands of the order.
    const replay = await recharge(api, { roomId: account.roomId, utility: 'water', amountFen: 1500, channel: 'card', requestId: body.data.order.requestId });
    expect(replay.body.data.commandIds).toEqual([...body.data.commandIds, ...retry.body.data.ids]);
    expect(replay.body.data.order.orderStatus).toBe(ORDER_STATUS.written);
  });

  it('an expired restore command fails its order; a void order stays void', async () => {
    const account = await inArrears('electric');
    const { body } = await recharge(api, { roomId: account.roomId, utility: 'electric', amountFen: 5000, channel: 'cash', requestId: requestId() });
    const later = new Date(backend.clock.now.getTime() + 11 * 60_000);
    await runDueCommands(backend.database.db, { execute: async () => ({ ok: true }) }, later);
    expect(await orderStatus(body.data.order.orderId)).toBe(ORDER_STATUS.failed);
    await voidLast(body.data.order.orderId);
    expect(await orderStatus(body.data.order.orderId)).toBe(ORDER_STATUS.void);
    expect(await balanceOf(account.accountId)).toBe(await ledgerSum(account.accountId));
  });
});

describe('account/ledger', () => {
  it('lists an account\'s entries newest first, paged, and only within the area', async () => {
    const first = await api.get('account/ledger', { accountId: electricRoom.accountId, pageNum: 1, pageSize: 5 });
    expect(first.status).toBe(200);
    expect(first.body.data.records).toHaveLength(5);
    const total = Number((await one(sql`SELECT count(*)::int AS n FROM ledger_entries WHERE account_id = ${electricRoom.accountId}`)).n);
    expect(first.body.data.total).toBe(total);
    const times = first.body.data.records.map((r: Row) => new Date(r.createdAt).getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(first.body.data.records[0]).toMatchObject({ kind: expect.any(String), amountFen: expect.any(Number), balanceAfterFen: expect.any(Number) });
    expect(first.body.data.records[0].balanceAfterFen).toBe(await balanceOf(electricRoom.accountId));
    const second = await api.get('account/ledger', { accountId: electricRoom.accountId, pageNum: 2, pageSize: 5 });
    expect(second.body.data.records[0].id).not.toBe(first.body.data.records[0].id);
    expect((await other.get('account/ledger', { accountId: electricRoom.accountId })).status).toBe(404);
    expect((await api.get('account/ledger', { accountId: 'x' })).body.msg).toMatch(/^账户：/);
    expect((await api.get('account/ledger', { accountId: electricRoom.accountId, pageSize: 101 })).body.msg).toMatch(/^每页条数：/);
  });
});

describe('account/findRooms', () => {
  it('finds rooms by code (exact first, then prefix), tenant name and phone, with both balances', async () => {
    const room = await one(sql`SELECT r.id, r.room_code, t.name, t.phone FROM rooms r JOIN tenant_bindings b ON b.room_id = r.id AND b.end_date IS NULL
      JOIN tenants t ON t.id = b.tenant_id WHERE r.id = ${electricRoom.roomId}`)
      ?? await one(sql`SELECT r.id, r.room_code, t.name, t.phone FROM rooms r JOIN tenant_bindings b ON b.room_id = r.id AND b.end_date IS NULL
      JOIN tenants t ON t.id = b.tenant_id WHERE r.area_id IN ${AREA1} AND t.phone IS NOT NULL ORDER BY r.id LIMIT 1`);
    const byCode = await api.get('account/findRooms', { q: room.room_code });
    expect(byCode.status).toBe(200);
    expect(byCode.body.data[0].roomCode).toBe(room.room_code);
    expect(byCode.body.data.length).toBeLessThanOrEqual(20);
    const hit = byCode.body.data.find((r: Row) => r.roomId === room.id);
    expect(hit).toMatchObject({ tenantName: room.name, projectName: expect.any(String), buildingName: expect.any(String) });
    expect(hit).toHaveProperty('electricBalanceFen');
    expect(hit).toHaveProperty('waterBalanceFen');
    const byName = await api.get('account/findRooms', { q: room.name });
    expect(byName.body.data.map((r: Row) => r.roomId)).toContain(room.id);
    const byPhone = await api.get('account/findRooms', { q: room.phone.slice(0, 7) });
    expect(byPhone.body.data.length).toBeGreaterThan(0);
    expect(byPhone.body.data.every((r: Row) => r.tenantPhone.startsWith(room.phone.slice(0, 7)) || r.tenantPhone.includes(room.phone.slice(0, 7)))).toBe(true);
    const prefix = await api.get('account/findRooms', { q: room.room_code.slice(0, 1) });
    expect(prefix.body.data.length).toBeGreaterThan(0);
    expect((await api.get('account/findRooms', { q: '' })).body.data).toEqual([]);
    expect((await api.get('account/findRooms', { q: '%_\\' })).status).toBe(200);
  });

  it('puts the tenant whose whole name is the text before those whose name only contains it (李明 before 李明健)', async () => {
    // A tenant named after another (X健 beside X), living in the room the search lists first among
    // equals (the first project and building in the search's order): without the rule, X健's room
    // would come first and ↓ Enter would take it.
    const order = (a: Row, b: Row) => String(a.project).localeCompare(String(b.project)) || String(a.building).localeCompare(String(b.building));
    const vacant = (await rows(sql`SELECT r.id, p.name AS project, bu.name AS building FROM rooms r
      JOIN projects p ON p.id = r.project_id JOIN buildings bu ON bu.id = r.building_id WHERE r.area_id IN ${AREA1}
      AND NOT EXISTS (SELECT 1 FROM tenant_bindings b WHERE b.room_id = r.id AND b.end_date IS NULL)`)).sort(order)[0];
    const base = (await rows(sql`SELECT t.name, p.name AS project, bu.name AS building FROM tenants t
      JOIN tenant_bindings b ON b.tenant_id = t.id AND b.end_date IS NULL JOIN rooms r ON r.id = b.room_id
      JOIN projects p ON p.id = r.project_id JOIN buildings bu ON bu.id = r.building_id WHERE r.area_id IN ${AREA1}
      AND NOT EXISTS (SELECT 1 FROM tenants o WHERE o.name LIKE t.name || '_%')`)).find((row) => order(vacant, row) < 0)!;
    expect(base).toBeDefined();
    const longer = `${base.name}健`;
    const made = await api.post('tenant/addTenant', { name: longer, idType: 'other', idNumber: `P${Date.now() % 1e8}` });
    expect(made.status).toBe(200);
    expect((await api.post('tenantBinding/bindTenant', { tenantId: made.body.data.id, roomId: vacant.id, balanceAtBinding: 'carry' })).status).toBe(200);
    const found = (await api.get('account/findRooms', { q: base.name })).body.data as Row[];
    expect(found[0].tenantName).toBe(base.name);
    expect(found.some((r) => r.tenantName === longer)).toBe(true);
    const firstLonger = found.findIndex((r) => r.tenantName !== base.name);
    expect(found.slice(firstLonger).every((r) => r.tenantName !== base.name)).toBe(true);
  });

  it('finds nothing of another area', async () => {
    const room = await one(sql`SELECT room_code FROM rooms WHERE id = ${electricRoom.roomId}`);
    const theirs = await other.get('account/findRooms', { q: room.room_code });
    expect(theirs.body.data.some((r: Row) => r.roomId === electricRoom.roomId)).toBe(false);
    const areaOf = new Set((await rows(sql`SELECT id FROM rooms WHERE area_id IN ${AREA2}`)).map((r) => r.id));
    expect(theirs.body.data.every((r: Row) => areaOf.has(r.roomId))).toBe(true);
  });
});

describe('webWaterRechargeOrder', () => {
  it('findBindRoomCode lists rooms with a bound water meter, filtered and paged, within the area', async () => {
    const page = await api.get('webWaterRechargeOrder/findBindRoomCode', { pageNum: 1, pageSize: 10 });
    expect(page.status).toBe(200);
    expect(page.body.data.records).toHaveLength(10);
    expect(page.body.data.records.every((r: Row) => r.roomId && r.address && r.roomCode)).toBe(true);
    expect(page.body.data.records.some((r: Row) => r.roomId === noWaterMeterRoom)).toBe(false);
    const total = Number((await one(sql`SELECT count(*)::int AS n FROM water_meters WHERE room_id IS NOT NULL AND area_id IN ${AREA1}`)).n);
    expect(page.body.data.total).toBe(total);
    const { projectId, buildingId, roomCode } = page.body.data.records[0];
    const filtered = await api.get('webWaterRechargeOrder/findBindRoomCode', { projectId, buildingId, pageSize: 100 });
    expect(filtered.body.data.records.every((r: Row) => r.buildingId === buildingId)).toBe(true);
    const searched = await api.get('webWaterRechargeOrder/findBindRoomCode', { q: roomCode, pageSize: 100 });
    expect(searched.body.data.records.some((r: Row) => r.roomCode === roomCode)).toBe(true);
    const notOpened = await api.get('webWaterRechargeOrder/findBindRoomCode', { accountOpened: 'false', pageSize: 100 });
    expect(notOpened.body.data.records.every((r: Row) => !r.accountOpened)).toBe(true);
    const theirs = await other.get('webWaterRechargeOrder/findBindRoomCode', { pageSize: 100 });
    const mine = new Set(page.body.data.records.map((r: Row) => r.id));
    expect(theirs.body.data.records.some((r: Row) => mine.has(r.id))).toBe(false);
    expect((await api.get('webWaterRechargeOrder/findBindRoomCode', { buildingId: 'x' })).body.msg).toMatch(/^建筑：/);
  });

  it('setWebWaterRechargeOrder is a water recharge with the same service', async () => {
    const id = requestId();
    const before = await balanceOf(waterRoom.accountId);
    const { status, body } = await api.put('webWaterRechargeOrder/setWebWaterRechargeOrder', { roomId: waterRoom.roomId, amountFen: 3000, channel: 'cash', requestId: id });
    expect(status).toBe(200);
    expect(body.data.order).toMatchObject({ utility: 'water', amountFen: 3000 });
    expect(body.data.order.orderId).toMatch(/^W/);
    expect(body.data.account.balanceFen).toBe(before + 3000);
    // The same request through account/recharge is the same order.
    const same = await recharge(api, { roomId: waterRoom.roomId, utility: 'water', amountFen: 3000, channel: 'cash', requestId: id });
    expect(same.body.data.order.orderId).toBe(body.data.order.orderId);
    const before2 = await digest();
    const electric = await api.put('webWaterRechargeOrder/setWebWaterRechargeOrder', { roomId: waterRoom.roomId, amountFen: 3000, channel: 'cash', requestId: requestId(), utility: 'electric' });
    expect([electric.status, electric.body.msg]).toEqual([400, expect.stringMatching(/^类型：/)]);
    expect((await api.put('webWaterRechargeOrder/setWebWaterRechargeOrder', { roomId: noWaterMeterRoom, amountFen: 100, channel: 'cash', requestId: requestId() })).status).toBe(409);
    expect((await other.put('webWaterRechargeOrder/setWebWaterRechargeOrder', { roomId: waterRoom.roomId, amountFen: 100, channel: 'cash', requestId: requestId() })).status).toBe(404);
    expect(await digest()).toEqual(before2);
  });
});

describe('the idempotency race', () => {
  it(`20 identical requests at once credit once, make one order, and all answer it (${process.env.TEST_DATABASE_URL || process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, async () => {
    const id = requestId();
    const before = await balanceOf(waterRoom.accountId);
    const body = { roomId: waterRoom.roomId, utility: 'water', amountFen: 777, channel: 'wechat', requestId: id };
    const answers = await Promise.all(Array.from({ length: 20 }, () => recharge(api, body)));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    const orderIds = new Set(answers.map((a) => a.body.data.order.orderId));
    expect(orderIds.size).toBe(1);
    expect(await balanceOf(waterRoom.accountId)).toBe(before + 777);
    expect(await ledgerSum(waterRoom.accountId)).toBe(before + 777);
    expect(Number((await one(sql`SELECT count(*)::int AS n FROM recharge_orders WHERE client_request_id = ${id}`)).n)).toBe(1);
    expect(Number((await one(sql`SELECT count(*)::int AS n FROM ledger_entries WHERE ref_id = ${[...orderIds][0]}`)).n)).toBe(1);
  });
});

describe.skipIf(!(process.env.TEST_DATABASE_URL || process.env.DATABASE_URL))('the idempotency race across two backend instances on PostgreSQL', () => {
  let second: Database;
  afterAll(async () => { await second?.close(); });

  it('20 identical requests split over two apps with their own pools credit once', async () => {
    // Two backend instances (each its own app and connection pool) on one database, as two processes behind a load balancer.
    second = await openDatabase({ url: backend.url! });
    const clock = backend.clock;
    const app2 = createApp({ db: second.db, config: { simulator: false }, now: () => clock.now, commandsQueued: () => undefined, log: () => undefined });
    const api2 = apiClient(app2, await loginAs(app2, 'admin'));
    const id = requestId();
    const before = await balanceOf(waterRoom.accountId);
    const body = { roomId: waterRoom.roomId, utility: 'water', amountFen: 321, channel: 'alipay', requestId: id };
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => recharge(i % 2 ? api2 : api, body)));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((a) => a.body.data.order.orderId)).size).toBe(1);
    expect(await balanceOf(waterRoom.accountId)).toBe(before + 321);
    expect(await ledgerSum(waterRoom.accountId)).toBe(before + 321);
  });
});

describe('account/findReceiptIssuer', () => {
  it('answers the receipt header of the RECEIPT_* settings, nulls when unset', async () => {
    expect((await api.get('account/findReceiptIssuer')).body.data).toEqual({ company: null, address: null, phone: null, sealUrl: null });
    process.env.RECEIPT_COMPANY = '杭州安居物业有限公司';
    process.env.RECEIPT_PHONE = '0571-88886666';
    try {
      expect((await api.get('account/findReceiptIssuer')).body.data).toEqual({ company: '杭州安居物业有限公司', address: null, phone: '0571-88886666', sealUrl: null });
    } finally {
      delete process.env.RECEIPT_COMPANY;
      delete process.env.RECEIPT_PHONE;
    }
  });
});
