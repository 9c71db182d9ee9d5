import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, loginAs, startTestBackend, type TestBackend } from '../support/testApp';
import type { DeviceDriver } from '../../server/devices/driver';

/**
 * Issue 29, templates: price tables (binding calls priceTable/*), day schedules and the six kinds
 * of parameter set on the template kit: list with usedBy (checked against the meters' rows),
 * add / update / delete with the shared rules, 400 naming the field with nothing saved, another
 * area's ids refused, 409 while in use, the operation log, and the assignment of a pushed set
 * only when its command succeeds.
 */
let backend: TestBackend;
let api: ReturnType<typeof apiClient>;
let other: ReturnType<typeof apiClient>;
beforeAll(async () => {
  backend = await startTestBackend();
  api = apiClient(backend.app, await loginAs(backend.app, 'admin'));
  other = apiClient(backend.app, await loginAs(backend.app, 'admin2'));
});
afterAll(() => backend.close());

const query = async <T>(text: string) => ((await backend.database.db.execute(text as never)) as unknown as { rows: T[] }).rows;
const count = async (table: string) => Number((await query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0].n);
const logOf = async (entity: string, id: number) =>
  (await query<{ action: string }>(`SELECT action FROM operation_log WHERE entity = '${entity}' AND entity_id = '${id}' ORDER BY id`)).map((r) => r.action);

interface PriceRow { id: number; name: string; kind: string; sharpFen: number; peakFen: number; flatFen: number; valleyFen: number; tiers: unknown; scheduleId: number | null; usedBy: number }
const TOU = [
  { start: '00:00', end: '08:00', rate: 'valley' }, { start: '08:00', end: '10:00', rate: 'flat' }, { start: '10:00', end: '12:00', rate: 'peak' },
  { start: '12:00', end: '14:00', rate: 'sharp' }, { start: '14:00', end: '22:00', rate: 'peak' }, { start: '22:00', end: '24:00', rate: 'valley' },
];

describe('priceTable (binding calls)', () => {
  it('lists the area\'s tables with the binding fields and usedBy equal to the meters that use each', async () => {
    const { status, body } = await api.get('priceTable/findByCondition', { pageNum: 1, pageSize: 100 });
    expect(status).toBe(200);
    const rows = body.data.records as PriceRow[];
    expect(body.data.total).toBe(rows.length);
    expect(rows.length).toBeGreaterThan(0);
    for (const key of ['id', 'name', 'kind', 'sharpFen', 'peakFen', 'flatFen', 'valleyFen', 'tiers', 'scheduleId', 'usedBy']) expect(rows[0]).toHaveProperty(key);
    const reference = new Map((await query<{ price_table_id: number; n: number }>('SELECT price_table_id, count(*)::int AS n FROM electric_meters WHERE price_table_id IS NOT NULL GROUP BY 1')).map((r) => [r.price_table_id, Number(r.n)]));
    for (const row of rows) expect(row.usedBy).toBe(reference.get(row.id) ?? 0);
    expect(rows.some((row) => row.usedBy > 0)).toBe(true);
    // Area 2 sees none of area 1's.
    const theirs = (await other.get('priceTable/findByCondition', { pageSize: 100 })).body.data.records as PriceRow[];
    expect(theirs.some((row) => rows.some((mine) => mine.id === row.id))).toBe(false);
  });

  it('adds a time-of-use table on a schedule, assigns it to a meter, counts it, refuses its delete, then deletes it', async () => {
    const schedule = await api.post('timePeriod/addTimePeriod', { name: '测试峰谷', segments: TOU });
    expect(schedule.status).toBe(200);
    const scheduleId = schedule.body.data.id as number;
    const added = await api.post('priceTable/addPriceTable', { name: '测试分时', kind: 'tou', sharpFen: 120, peakFen: 100, flatFen: 70, valleyFen: 30, scheduleId });
    expect(added.status).toBe(200);
    const id = added.body.data.id as number;
    expect(added.body.data).toMatchObject({ kind: 'tou', sharpFen: 120, peakFen: 100, flatFen: 70, valleyFen: 30, scheduleId, tiers: null, usedBy: 0 });
    const [meter] = await query<{ id: number }>('SELECT id FROM electric_meters WHERE area_id = 1 ORDER BY id LIMIT 1');
    const assigned = await api.post('electricMeter/updateElectricMeter', { id: meter.id, priceTableId: id });
    expect(assigned.status).toBe(200);
    const listed = (await api.get('priceTable/findByCondition', { id })).body.data.records as PriceRow[];
    expect(listed[0].usedBy).toBe(1);
    const users = await api.get('priceTable/findUsedBy', { id });
    expect(users.body.data.records).toEqual([expect.objectContaining({ kind: 'electric', id: meter.id })]);
    const refused = await api.delete('priceTable/deletePriceTable', { id });
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toContain('1 块表');
    // The schedule is used by the table: its delete is refused too.
    expect((await api.delete('timePeriod/deleteTimePeriod', { id: scheduleId })).status).toBe(409);
    await api.post('electricMeter/updateElectricMeter', { id: meter.id, priceTableId: listed[0].id - 1 > 0 ? (await query<{ id: number }>('SELECT id FROM price_tables WHERE area_id = 1 ORDER BY id LIMIT 1'))[0].id : null });
    expect((await api.delete('priceTable/deletePriceTable', { id })).status).toBe(200);
    expect(await logOf('priceTable', id)).toEqual(['create', 'delete']);
    expect((await api.delete('timePeriod/deleteTimePeriod', { id: scheduleId })).status).toBe(200);
    expect(await logOf('timePeriod', scheduleId)).toEqual(['create', 'delete']);
  });

  it('a single rate uses flatFen for every register; tiered keeps its tiers; update merges and is logged', async () => {
    const single = await api.post('priceTable/addPriceTable', { name: '单一测试', kind: 'single', flatFen: 58, waterFen: 320 });
    expect(single.body.data).toMatchObject({ kind: 'single', sharpFen: 58, peakFen: 58, flatFen: 58, valleyFen: 58, waterFen: 320, scheduleId: null });
    const tiers = [{ upTo: 100, priceFen: 56 }, { upTo: 200.5, priceFen: 61 }, { upTo: null, priceFen: 86 }];
    const tiered = await api.post('priceTable/addPriceTable', { name: '阶梯测试', kind: 'tiered', tiers });
    expect(tiered.status).toBe(200);
    expect(tiered.body.data.tiers).toEqual(tiers);
    const id = single.body.data.id as number;
    const updated = await api.put('priceTable/updatePriceTable', { id, flatFen: 61 });
    expect(updated.body.data).toMatchObject({ name: '单一测试', flatFen: 61, sharpFen: 61, waterFen: 320 });
    expect(await logOf('priceTable', id)).toEqual(['create', 'update']);
  });

  it('refuses bad input naming the field, and saves nothing', async () => {
    const before = await count('price_tables');
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ name: 'x', kind: 'tou', sharpFen: 1, peakFen: 1, flatFen: 1, valleyFen: 1 }, /^时间段：/],
      [{ name: 'x', kind: 'single', flatFen: 1.5 }, /^平（元\/kWh）：/],
      [{ name: 'x', kind: 'single', flatFen: -1 }, /^平（元\/kWh）：/],
      [{ name: 'x', kind: 'single' }, /^平（元\/kWh）：/],
      [{ name: 'x', kind: 'weird', flatFen: 1 }, /^类型：/],
      [{ name: 'x', kind: 'tiered', tiers: [{ upTo: 200, priceFen: 1 }, { upTo: 100, priceFen: 2 }, { upTo: null, priceFen: 3 }] }, /^第 2 行上限（kWh\/月）：/],
      [{ name: 'x', kind: 'tiered', tiers: [{ upTo: 200, priceFen: 1 }] }, /^第 1 行上限（kWh\/月）：/],
      [{ name: 'x', kind: 'tiered', tiers: [{ upTo: null, priceFen: 1 }, { upTo: null, priceFen: 2 }] }, /^第 1 行上限（kWh\/月）：/],
      [{ name: '', kind: 'single', flatFen: 1 }, /^名称：/],
    ];
    for (const [body, field] of cases) {
      const answer = await api.post('priceTable/addPriceTable', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.msg).toMatch(field);
    }
    // A schedule of another area, or an on/off one, is refused as scheduleId.
    const [foreign] = await query<{ id: number }>('SELECT id FROM time_periods WHERE area_id = 2 LIMIT 1');
    const wrongArea = await api.post('priceTable/addPriceTable', { name: 'x', kind: 'tou', sharpFen: 1, peakFen: 1, flatFen: 1, valleyFen: 1, scheduleId: foreign.id });
    expect(wrongArea.status).toBe(400);
    expect(wrongArea.body.msg).toMatch(/^时间段：/);
    const [switching] = await query<{ id: number }>(`SELECT id FROM time_periods WHERE area_id = 1 AND segments::text LIKE '%"off"%' LIMIT 1`);
    const onOff = await api.post('priceTable/addPriceTable', { name: 'x', kind: 'tou', sharpFen: 1, peakFen: 1, flatFen: 1, valleyFen: 1, scheduleId: switching.id });
    expect(onOff.status).toBe(400);
    expect(await count('price_tables')).toBe(before);
  });

  it('refuses another area\'s ids (404) and changes nothing', async () => {
    const [mine] = await query<{ id: number; name: string }>('SELECT id, name FROM price_tables WHERE area_id = 1 ORDER BY id LIMIT 1');
    expect((await other.put('priceTable/updatePriceTable', { id: mine.id, name: 'stolen' })).status).toBe(404);
    expect((await other.delete('priceTable/deletePriceTable', { id: mine.id })).status).toBe(404);
    expect((await other.get('priceTable/findUsedBy', { id: mine.id })).status).toBe(404);
    expect((await query<{ name: string }>(`SELECT name FROM price_tables WHERE id = ${mine.id}`))[0].name).toBe(mine.name);
  });
});

describe('timePeriod', () => {
  it('refuses gaps, overlaps, more than 8 segments and mixed rates, naming the segment; nothing saved', async () => {
    const before = await count('time_periods');
    const cases: [unknown[], RegExp][] = [
      [[{ start: '00:00', end: '08:00', rate: 'flat' }, { start: '09:00', end: '24:00', rate: 'peak' }], /^第 2 行开始：.*08:00–09:00/],
      [[{ start: '00:00', end: '10:00', rate: 'flat' }, { start: '09:00', end: '24:00', rate: 'peak' }], /^第 2 行开始：/],
      [[{ start: '00:00', end: '23:00', rate: 'flat' }], /^第 1 行结束：/],
      [[{ start: '00:00', end: '25:00', rate: 'flat' }], /^第 1 行结束：/],
      [Array.from({ length: 9 }, (_, i) => ({ start: `${String(i).padStart(2, '0')}:00`, end: i === 8 ? '24:00' : `${String(i + 1).padStart(2, '0')}:00`, rate: 'flat' })), /^时段：/],
      [[{ start: '00:00', end: '12:00', rate: 'flat' }, { start: '12:00', end: '24:00', rate: 'off' }], /^时段：/],
    ];
    for (const [segments, field] of cases) {
      const answer = await api.post('timePeriod/addTimePeriod', { name: 'bad', segments });
      expect(answer.status, JSON.stringify(segments)).toBe(400);
      expect(answer.body.msg).toMatch(field);
    }
    expect(await count('time_periods')).toBe(before);
  });

  it('lists seeded schedules with their ends filled in by the next start', async () => {
    const rows = (await api.get('timePeriod/findByCondition', { pageSize: 100 })).body.data.records as { segments: { start: string }[]; usedBy: number }[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((row) => row.usedBy > 0)).toBe(true);
  });
});

describe('parameter sets', () => {
  const KINDS = {
    power: { good: { maxPowerW: 2200 }, bad: [{ maxPowerW: 0 }, /^最大功率（W）：/] },
    control: { good: { alarm1Fen: 2000, alarm2Fen: 500, overdraftFen: 1000, hoardLimitFen: 0, autoTrip: true }, bad: [{ alarm1Fen: 500, alarm2Fen: 2000, overdraftFen: 0, hoardLimitFen: 0, autoTrip: true }, /^二级报警金额（元）：/] },
    load: { good: { maxLoadW: 2000, malignantThresholdW: 800, action: 'trip' }, bad: [{ maxLoadW: 2000, malignantThresholdW: 3000, action: 'trip' }, /^恶性负载阈值（W）：/] },
    night: { good: { start: '23:00', end: '06:00', maxW: 300 }, bad: [{ start: '23:00', end: '23:00', maxW: 300 }, /^结束：/] },
    gift: { good: { amount: 5.5, unit: 'kWh', dayOfMonth: 1, carryOverCap: 10 }, bad: [{ amount: 5, unit: 'kWh', dayOfMonth: 31, carryOverCap: 0 }, /^赠送日：/] },
  } as const;

  for (const [kind, { good, bad }] of Object.entries(KINDS)) {
    it(`${kind}: add, update (values merged), bad values refused naming the field, log`, async () => {
      const before = await count('parameter_sets');
      const answer = await api.post(`parameterSet/${kind}/addParameterSet`, { name: `测试${kind}`, values: bad[0] });
      expect(answer.status).toBe(400);
      expect(answer.body.msg).toMatch(bad[1]);
      expect(await count('parameter_sets')).toBe(before);
      const added = await api.post(`parameterSet/${kind}/addParameterSet`, { name: `测试${kind}`, values: good });
      expect(added.status).toBe(200);
      expect(added.body.data).toMatchObject({ kind, values: good, usedBy: 0 });
      const id = added.body.data.id as number;
      const key = Object.keys(good)[0];
      const updated = await api.put(`parameterSet/${kind}/updateParameterSet`, { id, remark: 'r' });
      expect(updated.body.data.values).toEqual(good);
      // Another kind's screen does not see it.
      const otherKind = kind === 'power' ? 'load' : 'power';
      expect((await api.put(`parameterSet/${otherKind}/updateParameterSet`, { id, name: 'x' })).status).toBe(404);
      expect((await other.delete(`parameterSet/${kind}/deleteParameterSet`, { id })).status).toBe(404);
      expect((await api.delete(`parameterSet/${kind}/deleteParameterSet`, { id })).status).toBe(200);
      expect(await logOf('parameterSet', id)).toEqual(['create', 'update', 'delete']);
      void key;
    });
  }

  it('timed: needs an on/off schedule of the area; usedBy equals the meters holding each set', async () => {
    const [onOff] = await query<{ id: number }>(`SELECT id FROM time_periods WHERE area_id = 1 AND segments::text LIKE '%"off"%' LIMIT 1`);
    const [rates] = await query<{ id: number }>(`SELECT id FROM time_periods WHERE area_id = 1 AND segments::text LIKE '%"peak"%' LIMIT 1`);
    const wrong = await api.post('parameterSet/timed/addParameterSet', { name: 't', values: { timePeriodId: rates.id, days: [1, 2] } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.msg).toMatch(/^通断时间段：/);
    const dup = await api.post('parameterSet/timed/addParameterSet', { name: 't', values: { timePeriodId: onOff.id, days: [1, 1] } });
    expect(dup.body.msg).toMatch(/^执行日：/);
    const ok = await api.post('parameterSet/timed/addParameterSet', { name: 't', values: { timePeriodId: onOff.id, days: [6, 7] } });
    expect(ok.status).toBe(200);
    const rows = (await api.get('parameterSet/control/findByCondition', { pageSize: 100 })).body.data.records as { id: number; kind: string; usedBy: number }[];
    expect(rows.every((row) => row.kind === 'control')).toBe(true);
    const reference = new Map((await query<{ id: number; n: number }>('SELECT control_set_id AS id, count(*)::int AS n FROM electric_meters WHERE control_set_id IS NOT NULL GROUP BY 1')).map((r) => [r.id, Number(r.n)]));
    for (const row of rows) expect(row.usedBy).toBe(reference.get(row.id) ?? 0);
    const used = rows.find((row) => row.usedBy > 0)!;
    const refused = await api.delete('parameterSet/control/deleteParameterSet', { id: used.id });
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toContain(`${used.usedBy} 块表`);
    const users = (await api.get('parameterSet/control/findUsedBy', { id: used.id })).body.data.records as { id: number }[];
    expect(users).toHaveLength(Math.min(used.usedBy, 500));
  });
});

describe('set_parameter: the assignment follows the command', () => {
  it('changes a meter\'s set only when its command succeeds', async () => {
    const [meter] = await query<{ id: number; power_set_id: number | null }>('SELECT id, power_set_id FROM electric_meters WHERE area_id = 1 AND module_id IS NOT NULL ORDER BY id LIMIT 1');
    const added = await api.post('parameterSet/power/addParameterSet', { name: '推送测试', values: { maxPowerW: 1234 } });
    const setId = added.body.data.id as number;
    const send = () => api.post('command/create', { deviceKind: 'electric', deviceIds: [meter.id], type: 'set_parameter', payload: { setKind: 'power', setId } });
    const powerSet = async () => (await query<{ power_set_id: number | null }>(`SELECT power_set_id FROM electric_meters WHERE id = ${meter.id}`))[0].power_set_id;

    const refusing: DeviceDriver = { execute: async () => ({ ok: false, code: 'unsupported', detail: 'test' }) };
    expect((await send()).status).toBe(200);
    expect(await powerSet()).toBe(meter.power_set_id);
    await backend.runCommands(refusing);
    expect(await powerSet()).toBe(meter.power_set_id);

    expect((await send()).status).toBe(200);
    await backend.runCommands();
    expect(await powerSet()).toBe(setId);
    const [command] = await query<{ state: string }>(`SELECT state FROM commands WHERE device_id = ${meter.id} AND type = 'set_parameter' ORDER BY id DESC LIMIT 1`);
    expect(command.state).toBe('succeeded');
    expect((await api.get('parameterSet/power/findByCondition', { id: setId })).body.data.records[0].usedBy).toBe(1);
  });
});
