import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { apiClient, loginAs, startTestBackend, type TestBackend } from '../support/testApp';
import { namesField } from '../support/fieldLabels';
import { accountLimitsProblem, type AccountLimitValues } from '../../common/accountLimits';
import { createSimulator } from '../../server/devices/simulator';
import { LivingEstate } from '../../server/devices/living';
import type { DeviceDriver } from '../../server/devices/driver';

/**
 * Issue 30: user parameter settings (basicUserParameters: a room account's alarm levels, overdraft
 * and hoarding limit, checked against the account, audited) and preset energy (yuzhidianliang:
 * preset_energy commands over a scope; the simulator keeps the preset; each result a
 * preset_power_record row). Figures are checked against the raw rows.
 */
let backend: TestBackend;
let api: ReturnType<typeof apiClient>;
let other: ReturnType<typeof apiClient>;
let token: string;
beforeAll(async () => {
  backend = await startTestBackend();
  token = await loginAs(backend.app, 'admin');
  api = apiClient(backend.app, token);
  other = apiClient(backend.app, await loginAs(backend.app, 'admin2'));
});
afterAll(() => backend.close());

const query = async <T,>(sql: string) => ((await backend.database.db.execute(sql as never)) as unknown as { rows: T[] }).rows;
const yuan = (fen: number) => `${fen < 0 ? '-' : ''}${Math.floor(Math.abs(fen) / 100)}.${String(Math.abs(fen) % 100).padStart(2, '0')}`;

interface AccountRow { id: number; balance_fen: number; alarm1_fen: number; alarm2_fen: number; overdraft_fen: number; hoard_limit_fen: number }
const ACCOUNT_COLUMNS = 'id, balance_fen::int AS balance_fen, alarm1_fen::int AS alarm1_fen, alarm2_fen::int AS alarm2_fen, overdraft_fen::int AS overdraft_fen, hoard_limit_fen::int AS hoard_limit_fen';
const account = async (id: number) => (await query<AccountRow>(`SELECT ${ACCOUNT_COLUMNS} FROM accounts WHERE id = ${id}`))[0];
/** An account of area 1 whose balance is at least `minFen`, the `skip`-th of them (each test its own). */
const accountWithBalance = async (minFen: number, skip: number) =>
  (await query<AccountRow>(`SELECT ${ACCOUNT_COLUMNS} FROM accounts WHERE area_id = 1 AND balance_fen >= ${minFen} ORDER BY id OFFSET ${skip} LIMIT 1`))[0];
const logCount = async () => Number((await query<{ n: string }>(`SELECT count(*) AS n FROM operation_log WHERE entity = 'account' AND action = 'updateUserParameters'`))[0].n);

/** The rule, written again from the issue (not from common/accountLimits.ts): which field is refused, or none. */
function reference(limits: AccountLimitValues, balanceFen: number): string | undefined {
  const keys = ['alarm1Fen', 'alarm2Fen', 'overdraftFen', 'hoardLimitFen'] as const;
  const bad = keys.find((key) => !Number.isInteger(limits[key]) || limits[key] < 0 || limits[key] > 100_000_000);
  if (bad) return bad;
  if (!(limits.alarm2Fen < limits.alarm1Fen)) return 'alarm2Fen';
  if (!(limits.hoardLimitFen > limits.alarm1Fen)) return 'hoardLimitFen';
  if (limits.hoardLimitFen < balanceFen) return 'hoardLimitFen';
  return undefined;
}

describe('user parameter settings (basicUserParameters)', () => {
  it('lists the area\'s room accounts with their balance and limits', async () => {
    const answer = await api.get('userParameter/findByCondition', { pageNum: 1, pageSize: 20, utility: 'electric' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const records = answer.body.data.records as (AccountLimitValues & { id: number; balanceFen: number; utility: string; roomCode: string })[];
    expect(records.length).toBeGreaterThan(0);
    for (const row of records.slice(0, 5)) {
      const raw = await account(row.id);
      expect(row).toMatchObject({ utility: 'electric', balanceFen: raw.balance_fen, alarm1Fen: raw.alarm1_fen, alarm2Fen: raw.alarm2_fen, overdraftFen: raw.overdraft_fen, hoardLimitFen: raw.hoard_limit_fen });
    }
    // Another area's operator sees none of them.
    const foreign = await other.get('userParameter/findByCondition', { pageNum: 1, pageSize: 100 });
    const ids = new Set((foreign.body.data.records as { id: number }[]).map((row) => row.id));
    expect(records.some((row) => ids.has(row.id))).toBe(false);
  });

  it('a hoarding limit below the current balance is refused with a message that says the balance; nothing changes', async () => {
    const target = await accountWithBalance(10_000, 0);
    const before = await account(target.id);
    const logs = await logCount();
    const limit = target.balance_fen - 1;
    const answer = await api.post('userParameter/updateUserParameters', { ids: [target.id], alarm1Fen: 1000, alarm2Fen: 500, hoardLimitFen: limit });
    expect(answer.status).toBe(400);
    expect(answer.body.msg).toMatch(/^囤积限额（元）：/);
    expect(answer.body.msg).toContain(yuan(target.balance_fen));
    expect(answer.body.msg).toContain(yuan(limit));
    expect(await account(target.id)).toEqual(before);
    expect(await logCount()).toBe(logs);
  });

  it('alarm level 2 not below level 1, a negative overdraft, an empty change: refused, nothing changes', async () => {
    const target = await accountWithBalance(0, 1);
    const before = await account(target.id);
    const logs = await logCount();
    const order = await api.post('userParameter/updateUserParameters', { ids: [target.id], alarm1Fen: 1000, alarm2Fen: 1000 });
    expect(order.status).toBe(400);
    expect(order.body.msg).toMatch(/^二级报警金额（元）：.*10\.00/);
    const negative = await api.post('userParameter/updateUserParameters', { ids: [target.id], overdraftFen: -1 });
    expect(negative.status).toBe(400);
    expect(negative.body.msg).toMatch(/^透支金额（元）：/);
    const empty = await api.post('userParameter/updateUserParameters', { ids: [target.id] });
    expect(empty.status).toBe(400);
    const fraction = await api.post('userParameter/updateUserParameters', { ids: [target.id], alarm1Fen: 10.5 });
    expect(fraction.status).toBe(400);
    expect(fraction.body.msg).toMatch(/^一级报警金额（元）：/);
    expect(await account(target.id)).toEqual(before);
    expect(await logCount()).toBe(logs);
  });

  it('another area\'s account is refused (404) and one bad account among several changes none', async () => {
    const [mine, second] = await query<AccountRow>(`SELECT ${ACCOUNT_COLUMNS} FROM accounts WHERE area_id = 1 ORDER BY id OFFSET 2 LIMIT 2`);
    const logs = await logCount();
    expect((await other.post('userParameter/updateUserParameters', { ids: [mine.id], overdraftFen: 100 })).status).toBe(404);
    expect(await account(mine.id)).toEqual(mine);
    // Both accounts, one of which would hold more than its new limit.
    const rich = await accountWithBalance(20_000, 3);
    const answer = await api.post('userParameter/updateUserParameters', { ids: [second.id, rich.id], hoardLimitFen: 10_000 });
    expect(answer.status).toBe(400);
    expect(await account(second.id)).toEqual(second);
    expect(await account(rich.id)).toEqual(rich);
    expect(await logCount()).toBe(logs);
  });

  it('a valid change is applied to the account and audited (before and after)', async () => {
    const target = await accountWithBalance(0, 4);
    const hoard = Math.max(target.balance_fen, 400_000) + 100;
    const answer = await api.post('userParameter/updateUserParameters', { ids: [target.id], alarm1Fen: 3000, alarm2Fen: 800, overdraftFen: 1500, hoardLimitFen: hoard });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(await account(target.id)).toEqual({ ...target, alarm1_fen: 3000, alarm2_fen: 800, overdraft_fen: 1500, hoard_limit_fen: hoard });
    expect(answer.body.data[0]).toMatchObject({ id: target.id, alarm1Fen: 3000, alarm2Fen: 800, overdraftFen: 1500, hoardLimitFen: hoard });
    const [log] = await query<{ entity_id: string; user_name: string; before: { alarm1Fen: number }; after: { alarm1Fen: number; hoardLimitFen: number } }>(
      `SELECT entity_id, user_name, before, after FROM operation_log WHERE entity = 'account' AND action = 'updateUserParameters' ORDER BY id DESC LIMIT 1`);
    expect(log.entity_id).toBe(String(target.id));
    expect(log.user_name).toBe('admin');
    expect(log.before.alarm1Fen).toBe(target.alarm1_fen);
    expect(log.after).toMatchObject({ alarm1Fen: 3000, hoardLimitFen: hoard });
    // A partial change keeps the other limits.
    expect((await api.post('userParameter/updateUserParameters', { ids: [target.id], overdraftFen: 0 })).status).toBe(200);
    expect(await account(target.id)).toMatchObject({ alarm1_fen: 3000, alarm2_fen: 800, overdraft_fen: 0, hoard_limit_fen: hoard });
  });

  it('property: the rule refuses exactly what the reference refuses, naming the same field', () => {
    const amount = fc.oneof(fc.integer({ min: 0, max: 200_000 }), fc.integer({ min: -5_000, max: 100_000_100 }));
    fc.assert(fc.property(amount, amount, amount, amount, fc.integer({ min: -100_000, max: 300_000 }), (alarm1Fen, alarm2Fen, overdraftFen, hoardLimitFen, balance) => {
      const limits = { alarm1Fen, alarm2Fen, overdraftFen, hoardLimitFen };
      expect(accountLimitsProblem(limits, balance)?.field).toBe(reference(limits, balance));
    }), { numRuns: 2000 });
  });

  it('property: through the API, a change is applied exactly when the reference accepts it, else nothing changes', async () => {
    const target = await accountWithBalance(5_000, 5);
    await fc.assert(fc.asyncProperty(
      fc.integer({ min: 0, max: 20_000 }), fc.integer({ min: 0, max: 20_000 }), fc.integer({ min: -100, max: 5_000 }), fc.integer({ min: 0, max: 2 * target.balance_fen }),
      async (alarm1Fen, alarm2Fen, overdraftFen, hoardLimitFen) => {
        const before = await account(target.id);
        const limits = { alarm1Fen, alarm2Fen, overdraftFen, hoardLimitFen };
        const refused = reference(limits, before.balance_fen);
        const answer = await api.post('userParameter/updateUserParameters', { ids: [target.id], ...limits });
        const after = await account(target.id);
        if (refused) {
          expect(answer.status).toBe(400);
          expect(String(answer.body.msg)).toMatch(namesField('userParameter', refused));
          expect(after).toEqual(before);
        } else {
          expect(answer.status, JSON.stringify(answer.body)).toBe(200);
          expect(after).toEqual({ ...before, alarm1_fen: alarm1Fen, alarm2_fen: alarm2Fen, overdraft_fen: overdraftFen, hoard_limit_fen: hoardLimitFen });
        }
      },
    ), { numRuns: 25 });
  });
});

describe('preset energy (yuzhidianliang, preset_power_record)', () => {
  const commandCount = async () => Number((await query<{ n: string }>(`SELECT count(*) AS n FROM commands`))[0].n);
  const onlineMeters = (n: number, skip = 0) => query<{ id: number; address: string; room_id: number }>(
    `SELECT m.id, m.address, m.room_id FROM electric_meters m WHERE m.area_id = 1 AND m.online AND m.module_id IS NOT NULL AND m.room_id IS NOT NULL ORDER BY m.id OFFSET ${skip} LIMIT ${n}`);

  it('bad input names the field and queues nothing; another area\'s meters are not reached', async () => {
    const [meter] = await onlineMeters(1);
    const filter = { ids: String(meter.id) };
    const before = await commandCount();
    for (const energy of [0, -1, 1.234, 100_000, 'twelve']) {
      const answer = await api.post('electricMeter/commandAll', { filter, type: 'preset_energy', energy });
      expect(answer.status, String(energy)).toBe(400);
      expect(answer.body.msg).toMatch(/^电量（kWh）：/);
    }
    expect((await api.post('electricMeter/commandAll', { filter, type: 'preset_energy' })).body.msg).toMatch(/^电量（kWh）：/);
    expect((await api.post('electricMeter/commandAll', { filter, type: 'read', energy: 5 })).body.msg).toMatch(/^电量（kWh）：/);
    const foreign = await other.post('electricMeter/commandAll', { filter, type: 'preset_energy', energy: 10, dryRun: true });
    expect(foreign.status === 200 ? foreign.body.data.count : 0).toBe(0);
    await other.post('electricMeter/commandAll', { filter, type: 'preset_energy', energy: 10 });
    expect(await commandCount()).toBe(before);
  });

  it('no record before a result; a succeeded preset is its record (meter, room, kWh, operator) and the meter keeps it', async () => {
    const [meter] = await onlineMeters(1, 1);
    const dry = await api.post('electricMeter/commandAll', { filter: { ids: String(meter.id) }, type: 'preset_energy', energy: 120.5, dryRun: true });
    expect(dry.body.data).toMatchObject({ count: 1, offline: 0 });
    const queued = await api.post('electricMeter/commandAll', { filter: { ids: String(meter.id) }, type: 'preset_energy', energy: 120.5, expectedCount: 1 });
    expect(queued.status, JSON.stringify(queued.body)).toBe(200);
    const [commandId] = queued.body.data.ids as number[];
    expect((await query(`SELECT 1 FROM preset_energy_records WHERE command_id = ${commandId}`)).length).toBe(0);

    const estate = new LivingEstate();
    const simulator = createSimulator({ estate, failureRate: 0, clock: () => backend.clock.now });
    await backend.runCommands(simulator);
    const [command] = await query<{ state: string; result: { remaining: number } }>(`SELECT state, result FROM commands WHERE id = ${commandId}`);
    expect(command.state).toBe('succeeded');
    expect(command.result.remaining).toBe(120.5);
    const [record] = await query<{ meter_id: number; room_id: number; energy: string; state: string; operator_id: number; area_id: number }>(
      `SELECT meter_id, room_id, energy, state, operator_id, area_id FROM preset_energy_records WHERE command_id = ${commandId}`);
    const [admin] = await query<{ id: number }>(`SELECT id FROM sys_users WHERE user_name = 'admin'`);
    expect(record).toMatchObject({ meter_id: meter.id, room_id: meter.room_id, state: 'succeeded', operator_id: admin.id, area_id: 1 });
    expect(Number(record.energy)).toBe(120.5);

    // Six hours on, the meter's read answers what is left of the preset: the preset less what it counted since.
    const start = await simulator.execute({ kind: 'electric', id: meter.id, address: meter.address, online: true }, 'read', {});
    backend.clock.now = new Date(backend.clock.now.getTime() + 6 * 3_600_000);
    const later = await simulator.execute({ kind: 'electric', id: meter.id, address: meter.address, online: true }, 'read', {});
    backend.clock.now = new Date(backend.clock.now.getTime() - 6 * 3_600_000);
    if (!start.ok || !later.ok) throw new Error('the simulator did not answer');
    const used = Number(later.data!.total) - Number(start.data!.total);
    expect(Number(later.data!.remaining)).toBeCloseTo(Math.max(0, Number(start.data!.remaining) - used), 2);
    expect(Number(later.data!.remaining)).toBeLessThanOrEqual(120.5);

    // The record list: the row with its meter, room, operator; the totals; the CSV; nothing for another area.
    const list = await api.get('presetEnergyRecord/findByCondition', { pageNum: 1, pageSize: 20, meterAddress: meter.address });
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    const row = (list.body.data.records as { commandId: number; meterAddress: string; energy: number; state: string; operatorName: string; roomCode: string }[]).find((r) => r.commandId === commandId);
    expect(row).toMatchObject({ meterAddress: meter.address, energy: 120.5, state: 'succeeded' });
    expect(row!.operatorName).toBeTruthy();
    expect(list.body.data.totals).toMatchObject({ count: list.body.data.total, succeeded: expect.any(Number) });
    expect(list.body.data.totals.energy).toBeGreaterThanOrEqual(120.5);
    const csv = await backend.app.request(`/api/v1/electricity/presetEnergyRecord/exportByCondition?meterAddress=${meter.address}`, { headers: { 'X-Token': token, 'Accept-Language': 'en' } });
    expect(csv.status).toBe(200);
    const text = await csv.text();
    expect(text).toContain(meter.address);
    expect(text).toContain('120.5');
    const foreign = await other.get('presetEnergyRecord/findByCondition', { pageNum: 1, pageSize: 100, meterAddress: meter.address });
    expect(foreign.body.data.total).toBe(0);
    expect((await api.get('presetEnergyRecord/findByCondition', { state: 'done' })).body.msg).toMatch(/^结果：/);
  });

  it('a meter that cannot keep a preset answers unsupported: its record says so', async () => {
    const [meter] = await onlineMeters(1, 2);
    const queued = await api.post('electricMeter/commandAll', { filter: { ids: String(meter.id) }, type: 'preset_energy', energy: 8 });
    const [commandId] = queued.body.data.ids as number[];
    const refuses: DeviceDriver = { execute: async () => ({ ok: false, code: 'unsupported', detail: 'no preset register' }) };
    await backend.runCommands(refuses);
    const [record] = await query<{ state: string }>(`SELECT state FROM preset_energy_records WHERE command_id = ${commandId}`);
    expect(record.state).toBe('unsupported');
    const list = await api.get('presetEnergyRecord/findByCondition', { pageNum: 1, pageSize: 20, state: 'unsupported' });
    const row = (list.body.data.records as { commandId: number; reason: string | null }[]).find((r) => r.commandId === commandId);
    expect(row?.reason).toBe('unsupported');
  });
});
