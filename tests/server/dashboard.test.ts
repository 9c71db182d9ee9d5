import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { WebSocket } from 'ws';
import { rowsOf } from '../../server/db/rows';
import { configFromEnv } from '../../server/config';
import { apiClient, loginAs, startTestBackend, TEST_NOW, type TestBackend } from '../support/testApp';
import { ruleReadingOf, ruleText, usageIn, type RuleReading } from '../support/usageReference';

/**
 * The home dashboards' figures against references computed here from the raw rows of the fixed
 * seed (TEST_NOW 2026-11-21 10:00 +08:00, the platform's zone Asia/Shanghai), and their scope.
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

const query = async <T>(text: ReturnType<typeof sql>) => rowsOf<T>(await backend.database.db.execute(text));
/** The areas an operator of `areaId` sees: that area and its sub-areas (the seed has two levels at most). */
const areasOf = async (areaId: number) =>
  (await query<{ id: number }>(sql`SELECT id FROM areas WHERE id = ${areaId} OR parent_id = ${areaId}`)).map((r) => Number(r.id));

// The periods, written out for the test clock (+08:00, no daylight saving).
const at = (text: string) => new Date(text).getTime();
const NOW = TEST_NOW.getTime();
const TODAY = at('2026-11-21T00:00:00+08:00');
const YESTERDAY = at('2026-11-20T00:00:00+08:00');
const YESTERDAY_SAME = at('2026-11-20T10:00:00+08:00');
const MONTH = at('2026-11-01T00:00:00+08:00');
const PREV_MONTH = at('2026-10-01T00:00:00+08:00');
const PREV_MONTH_SAME = at('2026-10-21T10:00:00+08:00');
const FIRST_DAY = at('2026-10-23T00:00:00+08:00');
const DAY = 86_400_000;

interface Raw { areaId: number; t: number; value: number; roomId: number | null }
const sumIn = (rows: Raw[], from: number, to: number, inclusiveEnd = false) =>
  rows.filter((r) => r.t >= from && (inclusiveEnd ? r.t <= to : r.t < to)).reduce((s, r) => s + r.value, 0);
const round2 = (n: number) => Math.round(n * 100) / 100;

/** A standing reading by the usage rule (tests/support/usageReference.ts), with its area and room. */
interface RawReading extends RuleReading { areaId: number; roomId: number | null }
/** The usage of the readings in [from, to) (to included when `inclusiveEnd`), in kWh or m³, by the rule. */
const usageSum = (rows: RawReading[], from: number, to: number, inclusiveEnd = false) =>
  rows.reduce((sum, r) => sum + usageIn(r, from, inclusiveEnd ? to + 1 : to), 0) / 100;

async function rawReadings(utility: string, areas: number[]): Promise<RawReading[]> {
  // Tens of thousands of rows: read as one text (area, room, then the rule's fields) rather than row objects.
  const [{ text }] = await query<{ text: string | null }>(sql`
    SELECT string_agg(concat_ws('|', r.area_id, coalesce(r.room_id, 0), ${sql.raw(ruleText('r'))}), ';') AS text
    FROM readings r WHERE r.utility = ${utility} AND r.deleted_at IS NULL AND r.read_at >= ${new Date(PREV_MONTH).toISOString()}::timestamptz`);
  return (text ?? '').split(';').filter(Boolean).map((line) => {
    const [area, room, ...rule] = line.split('|');
    return { ...ruleReadingOf(rule), areaId: Number(area), roomId: Number(room) || null };
  }).filter((r) => areas.includes(r.areaId) && r.read <= NOW);
}
async function rawRecharges(utility: string, areas: number[]): Promise<Raw[]> {
  const rows = await query<{ area_id: number; created_at: string; amount_fen: string; order_status: number; channel: string; room_id: number }>(sql`
    SELECT area_id, created_at, amount_fen, order_status, channel, room_id FROM recharge_orders
    WHERE utility = ${utility} AND created_at >= ${new Date(PREV_MONTH).toISOString()}::timestamptz`);
  return rows.filter((r) => Number(r.order_status) !== 0 && ['cash', 'wechat', 'alipay', 'card'].includes(r.channel))
    .map((r) => ({ areaId: Number(r.area_id), t: new Date(r.created_at).getTime(), value: Number(r.amount_fen), roomId: Number(r.room_id) }))
    .filter((r) => areas.includes(r.areaId) && r.t <= NOW);
}

interface Summary {
  kpi: Record<string, number | { value: number; previous: number }>;
  daily: { day: string; usage: number; rechargeFen: number }[];
  top: { roomId: number; usage: number; roomCode: string; buildingName: string }[];
  arrears: { roomId: number; balanceFen: number; roomCode: string }[];
}
const summary = async (client: ReturnType<typeof apiClient>, utility: 'electric' | 'water') => {
  const { status, body } = await client.get(utility === 'electric' ? 'dashboard/findElectricSummary' : 'dashboard/findWaterSummary', { areaId: 1, areaid: 1 });
  expect(status).toBe(200);
  return body.data as Summary;
};

describe.each(['electric', 'water'] as const)('%s summary', (utility) => {
  it('gives every figure as the raw rows of the caller\'s areas give it', async () => {
    const areas = await areasOf(1);
    const data = await summary(api, utility);
    const readings = await rawReadings(utility, areas);
    const orders = await rawRecharges(utility, areas);
    const meterTable = utility === 'electric' ? 'electric_meters' : 'water_meters';
    const meters = await query<{ area_id: number; online: boolean; cut: boolean; battery_low: boolean }>(sql`
      SELECT area_id, online, ${sql.raw(utility === 'electric' ? `relay_state = 'off'` : `valve_state = 'closed'`)} AS cut,
        ${sql.raw(utility === 'water' ? 'battery_low' : 'false')} AS battery_low FROM ${sql.raw(meterTable)}`);
    const mine = meters.filter((m) => areas.includes(Number(m.area_id)));
    const rooms = (await query<{ area_id: number }>(sql`SELECT area_id FROM rooms`)).filter((r) => areas.includes(Number(r.area_id)));
    const accounts = (await query<{ area_id: number; room_id: number; balance_fen: string }>(sql`SELECT area_id, room_id, balance_fen FROM accounts WHERE utility = ${utility}`))
      .filter((a) => areas.includes(Number(a.area_id)));

    expect(data.kpi.rooms).toBe(rooms.length);
    expect(data.kpi.meters).toBe(mine.length);
    expect(data.kpi.online).toBe(mine.filter((m) => m.online).length);
    expect(data.kpi.offline).toBe(mine.filter((m) => !m.online).length);
    expect(data.kpi.cut).toBe(mine.filter((m) => m.cut).length);
    expect(data.kpi.lowBattery).toBe(mine.filter((m) => m.battery_low).length);
    expect(data.kpi.arrearsRooms).toBe(accounts.filter((a) => Number(a.balance_fen) < 0).length);
    expect(data.kpi.meters).toBeGreaterThan(100);

    const change = (name: string) => data.kpi[name] as { value: number; previous: number };
    expect(change('usageToday').value).toBeCloseTo(round2(usageSum(readings, TODAY, NOW, true)), 2);
    // Yesterday as it was known at this time yesterday: the readings taken by then (a meter read at 00:00 tells today's use tomorrow).
    expect(change('usageToday').previous).toBeCloseTo(round2(usageSum(readings.filter((r) => r.read <= YESTERDAY_SAME), YESTERDAY, YESTERDAY_SAME)), 2);
    // The seed's water meters are read once a day at 00:00: yesterday's morning was known only this morning.
    if (utility === 'water') expect(change('usageToday').previous).toBeLessThan(round2(usageSum(readings, YESTERDAY, YESTERDAY_SAME)));
    expect(change('usageMonth').value).toBeCloseTo(round2(usageSum(readings, MONTH, NOW, true)), 2);
    expect(change('usageMonth').previous).toBeCloseTo(round2(usageSum(readings, PREV_MONTH, PREV_MONTH_SAME)), 2);
    expect(data.kpi.usagePrevMonthTotal).toBeCloseTo(round2(usageSum(readings, PREV_MONTH, MONTH)), 2);
    expect(change('usageMonth').value).toBeGreaterThan(0);
    expect(change('usageMonth').previous).toBeGreaterThan(0);
    expect(change('rechargeTodayFen')).toEqual({ value: sumIn(orders, TODAY, NOW, true), previous: sumIn(orders, YESTERDAY, YESTERDAY_SAME) });
    expect(change('rechargeMonthFen')).toEqual({ value: sumIn(orders, MONTH, NOW, true), previous: sumIn(orders, PREV_MONTH, PREV_MONTH_SAME) });
    expect(change('rechargeMonthFen').value).toBeGreaterThan(0);

    expect(data.daily).toHaveLength(30);
    expect(data.daily[0].day).toBe('2026-10-23');
    expect(data.daily[29].day).toBe('2026-11-21');
    data.daily.forEach((day, i) => {
      const from = FIRST_DAY + i * DAY;
      expect(day.usage).toBeCloseTo(round2(usageSum(readings, from, Math.min(from + DAY, NOW + 1))), 2);
      expect(day.rechargeFen).toBe(sumIn(orders, from, Math.min(from + DAY, NOW + 1)));
    });

    // Top consumers of this month up to now (the period of the "this month" card), in hundredths.
    const byRoom = new Map<number, number>();
    for (const r of readings) if (r.roomId !== null) byRoom.set(r.roomId, (byRoom.get(r.roomId) ?? 0) + usageIn(r, MONTH, NOW + 1));
    const expectedTop = [...byRoom].sort((a, b) => b[1] - a[1] || a[0] - b[0]).slice(0, 10);
    expect(data.top.map((t) => t.roomId)).toEqual(expectedTop.map(([id]) => id));
    data.top.forEach((t, i) => expect(t.usage).toBeCloseTo(expectedTop[i][1] / 100, 2));
    expect(data.top[0].roomCode).toBeTruthy();

    const expectedArrears = accounts.filter((a) => Number(a.balance_fen) < 0)
      .sort((a, b) => Number(a.balance_fen) - Number(b.balance_fen) || Number(a.room_id) - Number(b.room_id)).slice(0, 20);
    expect(data.arrears.map((a) => [a.roomId, a.balanceFen])).toEqual(expectedArrears.map((a) => [Number(a.room_id), Number(a.balance_fen)]));
  });

  it('never shows an operator of area 2 a figure of area 1', async () => {
    const areas2 = await areasOf(2);
    expect(areas2).not.toContain(1);
    const theirs = await summary(other, utility);
    const readings = await rawReadings(utility, areas2);
    const rooms = (await query<{ area_id: number }>(sql`SELECT area_id FROM rooms`)).filter((r) => areas2.includes(Number(r.area_id)));
    expect(theirs.kpi.rooms).toBe(rooms.length);
    expect((theirs.kpi.usageMonth as { value: number }).value).toBeCloseTo(round2(usageSum(readings, MONTH, NOW, true)), 2);
    const areaOfRoom = new Map((await query<{ id: number; area_id: number }>(sql`SELECT id, area_id FROM rooms`)).map((r) => [Number(r.id), Number(r.area_id)]));
    for (const row of [...theirs.top, ...theirs.arrears]) expect(areas2).toContain(areaOfRoom.get(row.roomId));
    const alarms = (await other.get('dashboard/findAlarms', { utility, areaId: 1 })).body.data as { rows: { roomId: number | null }[] };
    for (const row of alarms.rows) if (row.roomId !== null) expect(areas2).toContain(areaOfRoom.get(row.roomId));
  });
});

describe('alarms', () => {
  it('counts every kind as the raw rows do and names project, building, room, time and reason', async () => {
    const areas = await areasOf(1);
    const { status, body } = await api.get('dashboard/findAlarms', { utility: 'electric' });
    expect(status).toBe(200);
    const { counts, rows } = body.data as { counts: Record<string, number>; rows: Record<string, unknown>[] };
    const inMine = (r: { area_id: number }) => areas.includes(Number(r.area_id));
    const accounts = (await query<{ area_id: number; balance_fen: string; alarm1_fen: string }>(sql`SELECT area_id, balance_fen, alarm1_fen FROM accounts WHERE utility = 'electric'`)).filter(inMine);
    expect(counts.arrears).toBe(accounts.filter((a) => Number(a.balance_fen) < 0).length);
    expect(counts.lowBalance).toBe(accounts.filter((a) => Number(a.balance_fen) >= 0 && Number(a.balance_fen) <= Number(a.alarm1_fen)).length);
    const cuts = (await query<{ area_id: number }>(sql`SELECT c.area_id FROM power_cuts c JOIN electric_meters m ON m.id = c.meter_id WHERE c.on_at IS NULL`)).filter(inMine);
    expect(counts.powerCut).toBe(cuts.length);
    const faults = (await query<{ area_id: number; kind: string }>(sql`
      SELECT f.area_id, f.kind FROM faults f JOIN electric_meters m ON m.id = f.device_id WHERE f.device_kind = 'electric' AND f.cleared_at IS NULL`)).filter(inMine);
    expect(counts.readFailure).toBe(faults.filter((f) => f.kind === 'read_failure').length);
    expect(counts.fault).toBe(faults.filter((f) => f.kind !== 'read_failure').length);
    const untariffed = (await query<{ area_id: number }>(sql`SELECT area_id FROM electric_meters WHERE room_id IS NOT NULL AND price_table_id IS NULL`)).filter(inMine);
    expect(counts.noTariff).toBe(untariffed.length);
    for (const kind of Object.keys(counts)) expect(rows.some((r) => r.kind === kind)).toBe(counts[kind] > 0);
    const times = rows.map((r) => String(r.at ?? ''));
    expect(times).toEqual([...times].sort().reverse());
    for (const row of rows.filter((r) => r.roomId !== null)) {
      expect(row.roomCode).toBeTruthy();
      expect(row.buildingName).toBeTruthy();
      expect(row.projectName).toBeTruthy();
      expect(row.reason).toBeTruthy();
    }
  });

  it('refuses an unknown utility, naming the field', async () => {
    const { status, body } = await api.get('dashboard/findAlarms', { utility: 'gas' });
    expect(status).toBe(400);
    expect(body.msg).toMatch(/^类型：/);
  });
});

describe('a recharge and a power failure move the figures', () => {
  it('adds a recharge to today\'s and this month\'s money and removes the room from arrears once paid up', async () => {
    const before = await summary(api, 'electric');
    const debtor = before.arrears[0];
    expect(debtor.balanceFen).toBeLessThan(0);
    const amountFen = -debtor.balanceFen + 10_000;
    const paid = await api.post('account/recharge', { roomId: debtor.roomId, utility: 'electric', amountFen, channel: 'cash', requestId: 'dash-test-0001' });
    expect(paid.status).toBe(200);
    const replay = await api.post('account/recharge', { roomId: debtor.roomId, utility: 'electric', amountFen, channel: 'cash', requestId: 'dash-test-0001' });
    expect(replay.status).toBe(200);
    const after = await summary(api, 'electric');
    const money = (s: Summary, name: string) => (s.kpi[name] as { value: number }).value;
    expect(money(after, 'rechargeTodayFen')).toBe(money(before, 'rechargeTodayFen') + amountFen);
    expect(money(after, 'rechargeMonthFen')).toBe(money(before, 'rechargeMonthFen') + amountFen);
    expect(after.daily[29].rechargeFen).toBe(before.daily[29].rechargeFen + amountFen);
    expect(after.kpi.arrearsRooms).toBe((before.kpi.arrearsRooms as number) - 1);
    expect(after.arrears.map((a) => a.roomId)).not.toContain(debtor.roomId);
    // Another area's figures did not move.
    const theirs = await summary(other, 'electric');
    expect(theirs.kpi.rechargeTodayFen).toEqual((await summary(other, 'electric')).kpi.rechargeTodayFen);
  });

  it('records a power failure with its cause, shows it on the alarm panel and refuses what is wrong', async () => {
    const [room] = await query<{ room_id: number; code: string }>(sql`
      SELECT m.room_id, r.room_code AS code FROM electric_meters m JOIN rooms r ON r.id = m.room_id
      WHERE m.area_id = 1 AND NOT EXISTS (SELECT 1 FROM power_cuts c WHERE c.meter_id = m.id AND c.on_at IS NULL) ORDER BY m.id LIMIT 1`);
    const roomId = Number(room.room_id);
    const offAt = new Date(NOW - 3_600_000).toISOString();
    const badCause = await api.post('dashboard/addPowerFailure', { roomId, cause: 'storm' });
    expect(badCause.status).toBe(400);
    expect(badCause.body.msg).toMatch(/^停电原因：/);
    const future = await api.post('dashboard/addPowerFailure', { roomId, cause: 'manual', offAt: new Date(NOW + 3_600_000).toISOString() });
    expect(future.status).toBe(400);
    const theirs = await other.post('dashboard/addPowerFailure', { roomId, cause: 'manual' });
    expect(theirs.status).toBe(404);
    expect(await query(sql`SELECT id FROM power_cuts WHERE room_id = ${roomId} AND on_at IS NULL`)).toHaveLength(0);

    const made = await api.post('dashboard/addPowerFailure', { roomId, cause: 'overload', offAt, remark: 'breaker' });
    expect(made.status).toBe(200);
    expect(made.body.data).toMatchObject({ roomId, cause: 'overload', offAt, remark: 'breaker' });
    const [row] = await query<{ cause: string; off_at: string }>(sql`SELECT cause, off_at FROM power_cuts WHERE id = ${made.body.data.id}`);
    expect(row.cause).toBe('overload');
    expect(await query(sql`SELECT id FROM operation_log WHERE entity = 'power_cut' AND entity_id = ${String(made.body.data.id)}`)).toHaveLength(1);
    const again = await api.post('dashboard/addPowerFailure', { roomId, cause: 'manual' });
    expect(again.status).toBe(409);

    const alarms = (await api.get('dashboard/findAlarms', { utility: 'electric', kind: 'powerCut' })).body.data as { rows: { kind: string; roomId: number; reason: string; at: string; roomCode: string }[] };
    const shown = alarms.rows.find((r) => r.kind === 'powerCut' && r.roomId === roomId);
    expect(shown).toMatchObject({ reason: 'overload', at: offAt, roomCode: room.code });
  });
});

describe('the platform\'s time zone', () => {
  it('puts the dashboards\' today and the report\'s days in BILLING_TIME_ZONE, or in TIME_ZONE (its deprecated name) when that is unset', async () => {
    const saved = { billing: process.env.BILLING_TIME_ZONE, legacy: process.env.TIME_ZONE };
    const todayOf = async () => {
      const { status, body } = await api.get('dashboard/findWaterSummary');
      expect(status).toBe(200);
      const data = body.data as { periods: { todayStart: string }; daily: { day: string }[] };
      return { todayStart: data.periods.todayStart, lastDay: data.daily[data.daily.length - 1].day };
    };
    const reportDays = async () => {
      const { status, body } = await api.get('graphicReport/findReport', { utility: 'electric', from: '2026-11-19', to: '2026-11-21' });
      expect(status).toBe(200);
      return (body.data as { daily: { day: string }[] }).daily.map((d) => d.day);
    };
    const set = (billing: string | undefined, legacy: string | undefined) => {
      if (billing === undefined) delete process.env.BILLING_TIME_ZONE; else process.env.BILLING_TIME_ZONE = billing;
      if (legacy === undefined) delete process.env.TIME_ZONE; else process.env.TIME_ZONE = legacy;
    };
    try {
      // TEST_NOW, 2026-11-21 10:00 in Shanghai, is 2026-11-20 21:00 in New York (−05:00).
      set('America/New_York', undefined);
      expect(await todayOf()).toEqual({ todayStart: '2026-11-20T05:00:00.000Z', lastDay: '2026-11-20' });
      const newYork = await reportDays();
      expect(newYork).toEqual(['2026-11-19', '2026-11-20']);
      set(undefined, 'America/New_York');
      expect(await todayOf()).toEqual({ todayStart: '2026-11-20T05:00:00.000Z', lastDay: '2026-11-20' });
      set(undefined, undefined);
      expect(await todayOf()).toEqual({ todayStart: '2026-11-20T16:00:00.000Z', lastDay: '2026-11-21' });
    } finally {
      set(saved.billing, saved.legacy);
    }
  });

  it('is one setting: the server refuses to start with TIME_ZONE and BILLING_TIME_ZONE set apart, and takes TIME_ZONE alone as the billing zone', () => {
    expect(() => configFromEnv({ BILLING_TIME_ZONE: 'Asia/Shanghai', TIME_ZONE: 'UTC' })).toThrow(/TIME_ZONE=UTC and BILLING_TIME_ZONE=Asia\/Shanghai differ/);
    expect(configFromEnv({ TIME_ZONE: 'UTC' }).billingTimeZone).toBe('UTC');
    expect(configFromEnv({ TIME_ZONE: 'UTC', BILLING_TIME_ZONE: 'UTC' }).billingTimeZone).toBe('UTC');
    expect(configFromEnv({}).billingTimeZone).toBe('Asia/Shanghai');
    expect(() => configFromEnv({ BILLING_TIME_ZONE: 'Mars/Olympus' })).toThrow(/BILLING_TIME_ZONE=Mars\/Olympus/);
  });
});

describe('the header\'s read-failure list', () => {
  it('keeps SPEC.md\'s fields and names each meter\'s building and room', async () => {
    const { status, body } = await api.get('roomBillingStatement/findReadTheListOfFailuresVo');
    expect(status).toBe(200);
    const rows = body.data as { roomCode: string | null; deviceAddress: string; deviceType: number; roomId: number | null; buildingName: string | null }[];
    const inRoom = rows.filter((r) => r.roomCode !== null);
    expect(inRoom.length).toBeGreaterThan(0);
    for (const row of inRoom) {
      const [room] = await query<{ room_code: string; name: string }>(sql`SELECT r.room_code, b.name FROM rooms r JOIN buildings b ON b.id = r.building_id WHERE r.id = ${row.roomId}`);
      expect(room).toEqual({ room_code: row.roomCode, name: row.buildingName });
      expect(typeof row.deviceAddress).toBe('string');
      expect([1, 2]).toContain(row.deviceType);
    }
  });
});

describe('live figures', () => {
  it('tells the dashboards of the recharged room\'s area, and no other area, that money moved', async () => {
    const origin = (await backend.listen()).replace(/^http/, 'ws');
    const listen = async (token: string) => {
      const socket = new WebSocket(`${origin}/api/v1/electricity/websocket/websocket-server?token=${token}`);
      const types: string[] = [];
      socket.on('message', (data) => types.push((JSON.parse(data.toString()) as { type: string }).type));
      await new Promise((resolve) => socket.once('open', resolve));
      return { socket, types };
    };
    const mine = await listen(await loginAs(backend.app, 'admin'));
    const theirs = await listen(await loginAs(backend.app, 'admin2'));
    const [room] = await query<{ room_id: number }>(sql`SELECT room_id FROM accounts WHERE area_id = 1 AND utility = 'water' AND balance_fen BETWEEN 0 AND 10000 ORDER BY room_id LIMIT 1`);
    const paid = await api.post('account/recharge', { roomId: Number(room.room_id), utility: 'water', amountFen: 500, channel: 'wechat', requestId: 'dash-live-0001' });
    expect(paid.status).toBe(200);
    await expect.poll(() => mine.types.includes('figures'), { timeout: 5000 }).toBe(true);
    // The other area hears nothing of it (its socket got its hello, and would have had the event by now).
    expect(theirs.types).toContain('hello');
    expect(theirs.types).not.toContain('figures');
    mine.socket.close();
    theirs.socket.close();
  });
});
