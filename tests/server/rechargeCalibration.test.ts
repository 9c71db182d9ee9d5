import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, loginAs, startTestBackend, type TestBackend } from '../support/testApp';
import { createSimulator } from '../../server/devices/simulator';
import { LivingEstate } from '../../server/devices/living';

/**
 * Recharge calibration (issue 30, DOMAIN.md rule 4): compare chosen meters with the platform
 * (recharge commands, phase compare), correct the ticked ones (phase correct, with a reason); the
 * record is written only when the correction's command succeeds, once, and the platform's balance
 * stays the sum of its ledger. Bad input is a 400 naming the field, another area's meters and
 * commands are refused, and nothing is queued then. The records list filters and exports.
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
const count = async (table: string, where = 'true') => Number((await query<{ n: string }>(`SELECT count(*) AS n FROM ${table} WHERE ${where}`))[0].n);

interface Comparison { id: number; meterId: number; state: string; platformBalanceFen: number; platformSaleCount: number; meterBalanceFen: number | null; meterSaleCount: number | null; balanceDiffFen: number | null; differs: boolean }

/** Meters of area 1 on online modules, in rooms with an electric account. */
async function reachableMeters(n: number, offset = 0) {
  return query<{ id: number; room_id: number; address: string }>(`
    SELECT m.id, m.room_id, m.address FROM electric_meters m JOIN modules mo ON mo.id = m.module_id
    JOIN accounts a ON a.room_id = m.room_id AND a.utility = 'electric'
    WHERE m.area_id = 1 AND m.online AND mo.online ORDER BY m.id LIMIT ${n} OFFSET ${offset}`);
}

describe('recharge calibration: bad input and scope', () => {
  it('compare: a missing or foreign meter list is refused naming meterIds, nothing queued', async () => {
    const before = await count('commands');
    const [meter] = await reachableMeters(1);
    expect((await api.post('rechargeCalibration/compare', {})).body.msg).toMatch(/^电表：/);
    expect((await api.post('rechargeCalibration/compare', { meterIds: [] })).body.msg).toMatch(/^电表：/);
    expect((await api.post('rechargeCalibration/compare', { meterIds: ['x'] })).status).toBe(400);
    const foreign = await other.post('rechargeCalibration/compare', { meterIds: [meter.id] });
    expect(foreign.status).toBe(400);
    expect(foreign.body.msg).toMatch(/^电表：/);
    // A meter without a room (no account to compare with) is named by its address.
    const [loose] = await query<{ id: number; address: string }>(`SELECT id, address FROM electric_meters WHERE area_id = 1 AND room_id IS NULL ORDER BY id LIMIT 1`);
    if (loose) {
      const refused = await api.post('rechargeCalibration/compare', { meterIds: [meter.id, loose.id] });
      expect(refused.status).toBe(400);
      expect(refused.body.msg).toContain(loose.address);
    }
    expect(await count('commands')).toBe(before);
  });

  it('correct: a reason and finished compares of the caller\'s area are required, naming the field', async () => {
    const before = await count('commands');
    expect((await api.post('rechargeCalibration/correct', { commandIds: [1] })).body.msg).toMatch(/^原因：/);
    expect((await api.post('rechargeCalibration/correct', { commandIds: [1], reason: '   ' })).body.msg).toMatch(/^原因：/);
    expect((await api.post('rechargeCalibration/correct', { commandIds: [1], reason: 'x'.repeat(201) })).body.msg).toMatch(/^原因：/);
    expect((await api.post('rechargeCalibration/correct', { reason: 'meter replaced' })).body.msg).toMatch(/^指令：/);
    // A command that is no compare (a read) is refused.
    const [meter] = await reachableMeters(1);
    const read = await api.post('command/create', { deviceKind: 'electric', deviceIds: [meter.id], type: 'read' });
    const afterRead = await count('commands');
    const refused = await api.post('rechargeCalibration/correct', { commandIds: read.body.data.ids, reason: 'meter replaced' });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toMatch(/^指令：/);
    expect(await count('commands')).toBe(afterRead);
    expect(afterRead).toBe(before + 1);
  });
});

describe('recharge calibration: compare, correct, record', () => {
  it('compares, corrects the ticked meters to the platform, and records each correction once when it succeeds', async () => {
    const meters = await reachableMeters(8);
    const compared = await api.post('rechargeCalibration/compare', { meterIds: meters.map((m) => m.id) });
    expect(compared.status, JSON.stringify(compared.body)).toBe(200);
    const compareIds = compared.body.data.ids as number[];
    expect(compareIds).toHaveLength(meters.length);
    const payloads = await query<{ type: string; payload: { amountFen: number; calibration: { phase: string; platformBalanceFen: number } } }>(`SELECT type, payload FROM commands WHERE id IN (${compareIds.join(',')})`);
    expect(payloads.every((row) => row.type === 'recharge' && row.payload.calibration.phase === 'compare' && row.payload.amountFen === 0)).toBe(true);

    // Before the commands run: queued, no figures.
    const pending = (await api.get('rechargeCalibration/findComparison', { ids: compareIds.join(',') })).body.data as Comparison[];
    expect(pending.every((row) => row.state === 'queued' && row.meterBalanceFen === null)).toBe(true);
    await backend.runCommands();
    const rows = (await api.get('rechargeCalibration/findComparison', { ids: compareIds.join(',') })).body.data as Comparison[];
    expect(rows.every((row) => row.state === 'succeeded' && typeof row.meterBalanceFen === 'number')).toBe(true);
    for (const row of rows) expect(row.balanceDiffFen).toBe(row.meterBalanceFen! - row.platformBalanceFen);
    const differing = rows.filter((row) => row.differs);
    const agreeing = rows.filter((row) => !row.differs);
    expect(differing.length).toBeGreaterThan(0);
    // Another area sees none of them and cannot correct them.
    expect((await other.get('rechargeCalibration/findComparison', { ids: compareIds.join(',') })).body.data).toEqual([]);
    expect((await other.post('rechargeCalibration/correct', { commandIds: [differing[0].id], reason: 'x' })).body.msg).toMatch(/^指令：/);

    const balances = async () => query<{ room_id: number; balance_fen: number; ledger: string }>(`
      SELECT a.room_id, a.balance_fen, (SELECT coalesce(sum(amount_fen), 0) FROM ledger_entries l WHERE l.account_id = a.id) AS ledger
      FROM accounts a WHERE a.utility = 'electric' AND a.room_id IN (${meters.map((m) => m.room_id).join(',')}) ORDER BY a.room_id`);
    const balancesBefore = await balances();
    const recordsBefore = await count('calibration_records');

    const ticked = [...differing, ...agreeing.slice(0, 1)];
    const corrected = await api.post('rechargeCalibration/correct', { commandIds: ticked.map((row) => row.id), reason: '  表内余额与平台不符  ' });
    expect(corrected.status, JSON.stringify(corrected.body)).toBe(200);
    expect(corrected.body.data.unchanged).toBe(ticked.length - differing.length);
    const correctIds = corrected.body.data.ids as number[];
    expect(correctIds).toHaveLength(differing.length);
    const queued = await query<{ device_id: number; payload: { amountFen: number; calibration: { phase: string; reason: string; meterBalanceFen: number; platformBalanceFen: number } } }>(`SELECT device_id, payload FROM commands WHERE id IN (${correctIds.join(',')}) ORDER BY id`);
    for (const row of queued) {
      expect(row.payload.calibration.phase).toBe('correct');
      expect(row.payload.calibration.reason).toBe('表内余额与平台不符');
      expect(row.payload.amountFen).toBe(row.payload.calibration.platformBalanceFen - row.payload.calibration.meterBalanceFen);
    }
    // Queued, not yet taken by the meters: no record.
    expect(await count('calibration_records')).toBe(recordsBefore);

    await backend.runCommands();
    const records = await query<{ meter_id: number; correction_fen: number; meter_balance_fen: number; platform_balance_fen: number; operator_id: number; detail: { commandId: number; reason: string; meterBalanceFenAfter: number } }>(
      `SELECT meter_id, correction_fen, meter_balance_fen, platform_balance_fen, operator_id, detail FROM calibration_records WHERE (detail->>'commandId')::bigint IN (${correctIds.join(',')}) ORDER BY meter_id`);
    expect(records.map((r) => r.meter_id).sort((a, b) => a - b)).toEqual(differing.map((row) => row.meterId).sort((a, b) => a - b));
    for (const record of records) {
      expect(record.detail.reason).toBe('表内余额与平台不符');
      // Numbers compared as numbers (PostgreSQL answers int8 as text).
      expect(Number(record.detail.meterBalanceFenAfter)).toBe(Number(record.platform_balance_fen));
      expect(Number(record.correction_fen)).toBe(Number(record.platform_balance_fen) - Number(record.meter_balance_fen));
      expect(record.operator_id).toBeGreaterThan(0);
    }
    // The platform is the truth: its balances are unchanged and equal their ledgers.
    const balancesAfter = await balances();
    expect(balancesAfter).toEqual(balancesBefore);
    expect(balancesAfter.every((row) => Number(row.ledger) === Number(row.balance_fen))).toBe(true);
    // Running the queue again posts nothing twice; a compare now finds the corrected meters agreeing.
    await backend.runCommands();
    expect(await count('calibration_records')).toBe(recordsBefore + differing.length);
    const again = await api.post('rechargeCalibration/compare', { meterIds: differing.map((row) => row.meterId) });
    // Also with a simulator that has never seen the meters (a restart): they were calibrated, they agree.
    await backend.runCommands(createSimulator({ estate: new LivingEstate(), failureRate: 0 }));
    const now = (await api.get('rechargeCalibration/findComparison', { ids: (again.body.data.ids as number[]).join(',') })).body.data as Comparison[];
    expect(now.every((row) => row.state === 'succeeded' && !row.differs)).toBe(true);
    // Correcting agreeing meters queues nothing.
    const nothing = await api.post('rechargeCalibration/correct', { commandIds: now.map((row) => row.id), reason: 'again' });
    expect(nothing.body.data).toEqual({ ids: [], unchanged: now.length });

    // The records list: filters (meter, operator, range) and totals; another area sees none; CSV of the filtered set.
    const first = meters.find((m) => m.id === differing[0].meterId)!;
    const list = await api.get('rechargeCalibration/findByCondition', { pageNum: 1, pageSize: 50, meterAddress: first.address });
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expect((list.body.data.records as { meterAddress: string; reason: string; operatorName: string }[]).every((r) => r.meterAddress === first.address && r.reason === '表内余额与平台不符' && !!r.operatorName)).toBe(true);
    expect(list.body.data.totals.count).toBeGreaterThanOrEqual(1);
    expect((await api.get('rechargeCalibration/findByCondition', { pageNum: 1, pageSize: 50, operator: 'admin' })).body.data.totals.count).toBe(differing.length);
    expect((await api.get('rechargeCalibration/findByCondition', { pageNum: 1, pageSize: 50, operator: 'nobody-such' })).body.data.totals.count).toBe(0);
    expect((await other.get('rechargeCalibration/findByCondition', { pageNum: 1, pageSize: 50 })).body.data.totals.count).toBe(0);
    const range = await api.get('rechargeCalibration/findByCondition', { pageNum: 1, pageSize: 50, createdFrom: '2026-12-01T00:00:00+08:00', createdTo: '2026-11-01T00:00:00+08:00' });
    expect(range.status).toBe(400);
    expect(range.body.msg).toMatch(/^结束日期：/);
    const csv = await backend.app.request(`/api/v1/electricity/rechargeCalibration/exportByCondition?meterAddress=${first.address}`, { headers: { 'X-Token': token, 'Accept-Language': 'en' } });
    expect(csv.status).toBe(200);
    const text = (await csv.text()).replace(/^\uFEFF/, '');
    expect(text.startsWith('Corrected at,Project,Building,Room no.,Meter address,')).toBe(true);
    expect(text.trimEnd().split('\r\n').length - 1).toBe(list.body.data.total ?? list.body.data.records.length);
    expect(text).toContain(first.address);
    expect(text).toContain('表内余额与平台不符');
  });

  it('a correction whose command does not succeed leaves no record', async () => {
    // Meters the test above did not correct.
    const meters = await reachableMeters(8, 8);
    const compared = await api.post('rechargeCalibration/compare', { meterIds: meters.map((m) => m.id) });
    await backend.runCommands();
    const rows = ((await api.get('rechargeCalibration/findComparison', { ids: (compared.body.data.ids as number[]).join(',') })).body.data as Comparison[]).filter((row) => row.differs);
    expect(rows.length).toBeGreaterThan(0);
    const corrected = await api.post('rechargeCalibration/correct', { commandIds: rows.map((row) => row.id), reason: 'expired on purpose' });
    const ids = corrected.body.data.ids as number[];
    const recordsBefore = await count('calibration_records');
    // Past its deadline before any attempt: the pipeline expires it.
    await query(`UPDATE commands SET deadline = '2000-01-01T00:00:00Z' WHERE id IN (${ids.join(',')})`);
    await backend.runCommands();
    expect(await count('commands', `id IN (${ids.join(',')}) AND state = 'expired'`)).toBe(ids.length);
    expect(await count('calibration_records')).toBe(recordsBefore);
  });
});

describe('time calibration through the command pipeline', () => {
  it('per meter: each command\'s result has the meter\'s clock and difference before and after', async () => {
    const meters = await reachableMeters(3, 20);
    const queued = await api.post('command/create', { deviceKind: 'electric', deviceIds: meters.map((m) => m.id), type: 'time_sync' });
    expect(queued.status, JSON.stringify(queued.body)).toBe(200);
    await backend.runCommands();
    const progress = (await api.get('command/findByIds', { ids: (queued.body.data.ids as number[]).join(',') })).body.data as { state: string; result: Record<string, unknown> }[];
    expect(progress).toHaveLength(3);
    for (const command of progress) {
      expect(command.state).toBe('succeeded');
      expect(typeof command.result.diffBeforeS).toBe('number');
      expect(Math.abs(command.result.diffBeforeS as number)).toBeLessThanOrEqual(180);
      expect(command.result.diffAfterS).toBe(0);
      expect(Date.parse(command.result.meterClockBefore as string) - Date.parse(command.result.clock as string)).toBe((command.result.diffBeforeS as number) * 1000);
    }
  });

  it('broadcast: one command per module, done when sent; bad input and another area\'s meters refused naming the field', async () => {
    const meters = await reachableMeters(6, 30);
    const modules = await query<{ module_id: number }>(`SELECT DISTINCT module_id FROM electric_meters WHERE id IN (${meters.map((m) => m.id).join(',')})`);
    const queued = await api.post('command/create', { deviceKind: 'electric', deviceIds: meters.map((m) => m.id), type: 'time_sync', payload: { broadcast: true } });
    expect(queued.body.data.ids).toHaveLength(modules.length);
    await backend.runCommands();
    expect(await count('commands', `id IN (${(queued.body.data.ids as number[]).join(',')}) AND state = 'succeeded' AND device_kind = 'module'`)).toBe(modules.length);
    const before = await count('commands');
    expect((await api.post('command/create', { deviceKind: 'electric', deviceIds: [meters[0].id], type: 'time_sync', payload: { broadcast: 'yes' } })).body.msg).toMatch(/^广播：/);
    expect((await api.post('command/create', { deviceKind: 'electric', deviceIds: [meters[0].id], type: 'time_sync', payload: { energy: 1 } })).body.msg).toMatch(/^电量（kWh）：/);
    const foreign = await other.post('command/create', { deviceKind: 'electric', deviceIds: [meters[0].id], type: 'time_sync', payload: { broadcast: true } });
    expect(foreign.status).toBe(400);
    expect(foreign.body.msg).toMatch(/^设备：/);
    expect(await count('commands')).toBe(before);
  });
});
