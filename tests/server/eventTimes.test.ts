import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../server/db/rows';
import { apiClient, loginAs, startTestBackend, type TestBackend } from '../support/testApp';

/**
 * Events at their real time and one notice per alarm level crossed, on the running platform:
 * - a power cut opened by a trip is stamped when the trip succeeded (the command's result time),
 *   and ended when the restore succeeded; one recorded by hand is never stamped after now;
 * - DOMAIN.md rule 2 on every path that debits an account, not only a reading's charge: a voided
 *   recharge whose fall crosses both levels queues the level 1 and the level 2 notice; an
 *   unbinding that pays the balance out to the tenant who leaves queues none.
 * (The demo seed's own events and notices: seedEventTimes.test.ts.)
 */
let backend: TestBackend;
let api: ReturnType<typeof apiClient>;
beforeAll(async () => {
  backend = await startTestBackend();
  api = apiClient(backend.app, await loginAs(backend.app, 'admin'));
});
afterAll(() => backend.close());

type Row = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const rows = async (query: ReturnType<typeof sql>) => rowsOf<Row>(await backend.database.db.execute(query));
const one = async (query: ReturnType<typeof sql>) => (await rows(query))[0];
const MY_AREAS = sql.raw(`(SELECT id FROM areas WHERE id = (SELECT area_id FROM sys_users WHERE user_name = 'admin') OR parent_id = (SELECT area_id FROM sys_users WHERE user_name = 'admin'))`);
const later = (minutes: number) => {
  backend.clock.now = new Date(backend.clock.now.getTime() + minutes * 60_000);
  return backend.clock.now;
};
const lastSms = async () => Number((await one(sql`SELECT coalesce(max(id), 0) AS id FROM sms_records`)).id);

describe('power cuts at their real time', () => {
  it('a trip\'s cut opens when the trip succeeded, and a direct close ends it when the close succeeded', async () => {
    const meter = await one(sql`SELECT m.id FROM electric_meters m JOIN modules d ON d.id = m.module_id
      WHERE m.area_id IN ${MY_AREAS} AND d.online AND m.relay_state = 'on' AND NOT m.keep_supply AND m.room_id IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM power_cuts c WHERE c.meter_id = m.id AND c.on_at IS NULL)
        AND NOT EXISTS (SELECT 1 FROM commands k WHERE k.device_kind = 'electric' AND k.device_id = m.id AND k.state IN ('queued', 'sent'))
      ORDER BY m.id LIMIT 1`);
    const meterId = Number(meter.id);
    const command = async (type: string) => {
      const created = await api.post('command/create', { deviceKind: 'electric', deviceIds: [meterId], type });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      const queuedAt = backend.clock.now;
      const ranAt = later(3);
      await backend.runCommands();
      const done = await one(sql`SELECT state, created_at, finished_at FROM commands WHERE id = ${created.body.data.ids[0]}`);
      expect(done.state).toBe('succeeded');
      expect(new Date(done.created_at)).toEqual(queuedAt);
      expect(new Date(done.finished_at)).toEqual(ranAt);
      return { id: Number(created.body.data.ids[0]), finishedAt: new Date(done.finished_at) };
    };
    const trip = await command('trip');
    const cut = await one(sql`SELECT id, off_at, on_at, command_id FROM power_cuts WHERE meter_id = ${meterId} ORDER BY id DESC LIMIT 1`);
    expect([Number(cut.command_id), new Date(cut.off_at), cut.on_at]).toEqual([trip.id, trip.finishedAt, null]);
    later(10);
    const close = await command('direct_close');
    const ended = await one(sql`SELECT off_at, on_at FROM power_cuts WHERE id = ${cut.id}`);
    expect([new Date(ended.off_at), new Date(ended.on_at)]).toEqual([trip.finishedAt, close.finishedAt]);
    expect(new Date(ended.on_at).getTime()).toBeLessThanOrEqual(backend.clock.now.getTime());
  });

  it('a power failure recorded for a moment within the minute ahead (a browser\'s clock) is stamped now, never later', async () => {
    const room = await one(sql`SELECT m.room_id FROM electric_meters m WHERE m.area_id IN ${MY_AREAS} AND m.room_id IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM power_cuts c WHERE c.meter_id = m.id AND c.on_at IS NULL) ORDER BY m.id DESC LIMIT 1`);
    const now = backend.clock.now;
    const made = await api.post('dashboard/addPowerFailure', { roomId: Number(room.room_id), cause: 'manual', offAt: new Date(now.getTime() + 30_000).toISOString() });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.data.offAt).toBe(now.toISOString());
    expect(new Date((await one(sql`SELECT off_at FROM power_cuts WHERE id = ${made.body.data.id}`)).off_at)).toEqual(now);
  });
});

describe('one notice per alarm level crossed, on every path that debits an account', () => {
  /** An electric account of area 1 at or below alarm level 2, in a room whose current tenant has a phone. */
  const lowAccount = async (skip: number[]) => {
    const account = await one(sql`SELECT a.id, a.room_id, a.balance_fen, a.alarm1_fen, a.alarm2_fen, t.phone FROM accounts a
      JOIN tenant_bindings b ON b.room_id = a.room_id AND b.end_date IS NULL JOIN tenants t ON t.id = b.tenant_id
      WHERE a.area_id IN ${MY_AREAS} AND a.utility = 'electric' AND t.phone IS NOT NULL AND a.balance_fen <= a.alarm2_fen AND a.alarm2_fen < a.alarm1_fen
        AND a.room_id NOT IN (SELECT unnest(${`{${skip.join(',')}}`}::int[]))
      ORDER BY a.id LIMIT 1`);
    expect(account).toBeDefined();
    return { id: Number(account.id), roomId: Number(account.room_id), balanceFen: Number(account.balance_fen), alarm1Fen: Number(account.alarm1_fen), alarm2Fen: Number(account.alarm2_fen), phone: account.phone as string };
  };
  const used: number[] = [];

  it('a voided recharge whose fall crosses both levels queues the level 1 and the level 2 notice, in that order', async () => {
    const account = await lowAccount(used);
    used.push(account.roomId);
    // A recharge lifts the balance just above level 1; voiding it lets it fall back below level 2.
    const amountFen = account.alarm1Fen + 100 - account.balanceFen;
    const paid = await api.post('account/recharge', { roomId: account.roomId, utility: 'electric', amountFen, channel: 'cash', requestId: `notices-void-${account.id}` });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.data.order.balanceAfterFen).toBe(account.alarm1Fen + 100);
    const since = await lastSms();
    later(1);
    const voided = await api.form('PUT', 'webStatsanalysisOrder/updateRechargeOrderById', { orderId: paid.body.data.order.orderId, orderStatus: '0', reason: 'wrong room' });
    expect(voided.status, JSON.stringify(voided.body)).toBe(200);
    expect(Number((await one(sql`SELECT balance_fen FROM accounts WHERE id = ${account.id}`)).balance_fen)).toBe(account.balanceFen);
    const notices = await rows(sql`SELECT reason, state, auto, phone, content, created_at FROM sms_records WHERE room_id = ${account.roomId} AND id > ${since} ORDER BY id`);
    expect(notices.map((n) => [n.reason, n.state, Number(n.auto), n.phone])).toEqual([
      ['alarm1', 'queued', 1, account.phone],
      ['alarm2', 'queued', 1, account.phone],
    ]);
    for (const n of notices) expect(new Date(n.created_at)).toEqual(backend.clock.now);
    expect(notices[0].content).toContain('一级报警');
    expect(notices[1].content).toContain('二级报警');
  });

  it('an unbinding that pays the balance out to the tenant who leaves queues no notice', async () => {
    const binding = await one(sql`SELECT b.id, b.room_id FROM tenant_bindings b JOIN tenants t ON t.id = b.tenant_id
      JOIN accounts e ON e.room_id = b.room_id AND e.utility = 'electric'
      WHERE b.end_date IS NULL AND b.area_id IN ${MY_AREAS} AND t.phone IS NOT NULL AND e.balance_fen > e.alarm1_fen AND e.alarm1_fen > 0
        AND NOT EXISTS (SELECT 1 FROM accounts w WHERE w.room_id = b.room_id AND w.utility = 'water' AND w.balance_fen < 0)
      ORDER BY b.id LIMIT 1`);
    expect(binding).toBeDefined();
    const since = await lastSms();
    const unbound = await api.post('tenantBinding/unbindTenant', { bindingId: Number(binding.id), settlement: 'refund' });
    expect(unbound.status, JSON.stringify(unbound.body)).toBe(200);
    expect(Number((await one(sql`SELECT balance_fen FROM accounts WHERE room_id = ${binding.room_id} AND utility = 'electric'`)).balance_fen)).toBe(0);
    expect(await rows(sql`SELECT reason FROM sms_records WHERE room_id = ${binding.room_id} AND id > ${since}`)).toEqual([]);
  });
});
