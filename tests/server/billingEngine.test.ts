/**
 * The billing engine (issue 29, server/domain/billingEngine.ts) on the seeded estate, driven through
 * the device events as a read command's result arrives (recordCommandResult), on PGlite and on
 * PostgreSQL (DATABASE_URL): every stored reading charged exactly once (two concurrent chargers, the
 * ledger's unique reading reference), the four faults of the issue (drop and return, arrears on a
 * close-pending relay, a meter without a price table, a new account's limits), the charging rules
 * against a reference computed here from the raw readings (fast-check), and the arrears notices.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../../server/db';
import { recordCommandResult } from '../../server/domain/deviceEvents';
import { chargeReading, chargeReadings, chargeWaitingReadings, rebaseMeter } from '../../server/domain/billingEngine';
import { ensureAccount, postLedger } from '../../server/domain/ledger';
import { apiClient, loginAs, startTestBackend, type TestBackend } from '../support/testApp';

let backend: TestBackend;
type Row = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const rows = async (query: ReturnType<typeof sql>) => ((await backend.database.db.execute(query)) as unknown as { rows: Row[] }).rows;
const one = async (query: ReturnType<typeof sql>) => (await rows(query))[0];

const AREA1 = sql.raw(`(SELECT id FROM areas WHERE id = (SELECT area_id FROM sys_users WHERE user_name = 'admin') OR parent_id = (SELECT area_id FROM sys_users WHERE user_name = 'admin'))`);

interface Meter { id: number; roomId: number; areaId: number; accountId: number }
/** Area-1 electric meters, one per room, each room with a current tenant and an electric account. */
let pool: Meter[] = [];
let next = 0;
const takeMeter = () => {
  const meter = pool[next++];
  if (!meter) throw new Error('out of test meters');
  return meter;
};

/** A price table of the meter's area. */
async function priceTable(areaId: number, table: { kind: string; sharpFen?: number; peakFen?: number; flatFen?: number; valleyFen?: number; tiers?: unknown; timePeriodId?: number | null }) {
  const row = await one(sql`INSERT INTO price_tables (area_id, name, kind, sharp_fen, peak_fen, flat_fen, valley_fen, tiers, time_period_id)
    VALUES (${areaId}, ${`test ${Math.random()}`}, ${table.kind}, ${table.sharpFen ?? 0}, ${table.peakFen ?? 0}, ${table.flatFen ?? 0}, ${table.valleyFen ?? 0},
      ${table.tiers === undefined ? null : JSON.stringify(table.tiers)}::jsonb, ${table.timePeriodId ?? null}) RETURNING id`);
  return Number(row.id);
}

/** Moves an account to a balance through the ledger (a calibration row), so that the ledger still sums to it. */
async function setBalance(accountId: number, fen: number) {
  await backend.database.db.transaction(async (tx) => {
    const [row] = ((await tx.execute(sql`SELECT balance_fen FROM accounts WHERE id = ${accountId}`)) as unknown as { rows: Row[] }).rows;
    const diff = fen - Number(row.balance_fen);
    if (diff !== 0) await postLedger(tx, { accountId, kind: 'calibration', amountFen: diff }, backend.clock.now);
  });
}

/** A read command's result arriving for an electric meter at `now`. */
async function read(meterId: number, now: Date, data: Record<string, unknown>) {
  return backend.database.db.transaction((tx) => recordCommandResult(tx, { kind: 'electric', id: meterId, type: 'read', data, commandId: 0, payload: {}, now }));
}

/** Prepares a meter: its price table, no keep-supply, relay on, a new baseline at its next reading, a balance and limits. */
async function prepare(meter: Meter, options: { priceTableId: number | null; balanceFen?: number; freeLeft?: number; overdraftFen?: number; alarm1Fen?: number; alarm2Fen?: number; relay?: string }) {
  await rows(sql`UPDATE electric_meters SET price_table_id = ${options.priceTableId}, keep_supply = false, relay_state = ${options.relay ?? 'on'}, control_set_id = NULL WHERE id = ${meter.id}`);
  await rows(sql`UPDATE accounts SET free_left = ${(options.freeLeft ?? 0) / 100}, overdraft_fen = ${options.overdraftFen ?? 0}, alarm1_fen = ${options.alarm1Fen ?? 0}, alarm2_fen = ${options.alarm2Fen ?? 0} WHERE id = ${meter.accountId}`);
  await rows(sql`UPDATE commands SET state = 'failed' WHERE device_kind = 'electric' AND device_id = ${meter.id} AND state IN ('queued', 'sent')`);
  await backend.database.db.transaction((tx) => rebaseMeter(tx, 'electric', meter.id, backend.clock.now));
  await setBalance(meter.accountId, options.balanceFen ?? 5_000_000);
}

const ledgerOfReadings = (ids: number[]) => ids.length
  ? rows(sql`SELECT reading_id, amount_fen FROM ledger_entries WHERE reading_id IN (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`)
  : Promise.resolve([] as Row[]);
const balanceAndLedger = (accountId: number) => one(sql`SELECT a.balance_fen::bigint AS balance, (SELECT coalesce(sum(amount_fen), 0) FROM ledger_entries l WHERE l.account_id = a.id)::bigint AS ledger FROM accounts a WHERE a.id = ${accountId}`);

const LATER = new Date('2027-01-05T10:00:00+08:00');
const minutes = (n: number) => n * 60_000;

beforeAll(async () => {
  backend = await startTestBackend();
  pool = (await rows(sql`
    SELECT m.id, m.room_id, m.area_id, a.id AS account_id FROM electric_meters m
    JOIN accounts a ON a.room_id = m.room_id AND a.utility = 'electric'
    WHERE m.area_id IN ${AREA1} AND m.room_id IS NOT NULL
      AND EXISTS (SELECT 1 FROM tenant_bindings b JOIN tenants t ON t.id = b.tenant_id WHERE b.room_id = m.room_id AND b.end_date IS NULL AND t.phone IS NOT NULL)
      AND (SELECT count(*) FROM electric_meters x WHERE x.room_id = m.room_id) = 1
    ORDER BY m.id LIMIT 200`)).map((r) => ({ id: Number(r.id), roomId: Number(r.room_id), areaId: Number(r.area_id), accountId: Number(r.account_id) }));
}, 120_000);
afterAll(() => backend.close());

describe('every stored reading is charged exactly once', () => {
  it('two concurrent chargers of one waiting reading: one ledger row, the balance moved once', async () => {
    const meter = takeMeter();
    const table = await priceTable(meter.areaId, { kind: 'single', flatFen: 100 });
    await prepare(meter, { priceTableId: table, balanceFen: 100_000 });
    // A reading stored by someone else (an import, a crashed worker's replay): waiting for its charge.
    const { id } = await one(sql`INSERT INTO readings (area_id, utility, meter_id, room_id, read_at, total, consumption, billed)
      VALUES (${meter.areaId}, 'electric', ${meter.id}, ${meter.roomId}, ${LATER}, 12345.67, 12.34, false) RETURNING id`);
    const db = backend.database.db;
    const outcomes = await Promise.all([0, 1, 2].map(() => db.transaction((tx) => chargeReading(tx, Number(id), LATER))));
    expect(outcomes.map((o) => o.status).sort()).toEqual(['already', 'already', 'charged']);
    expect(await ledgerOfReadings([Number(id)])).toEqual([expect.objectContaining({ amount_fen: expect.anything() })]);
    expect(Number((await ledgerOfReadings([Number(id)]))[0].amount_fen)).toBe(-1234);
    expect(Number((await balanceAndLedger(meter.accountId)).balance)).toBe(100_000 - 1234);
    // The job finds nothing more to charge for it.
    await chargeWaitingReadings(db, LATER);
    expect(await ledgerOfReadings([Number(id)])).toHaveLength(1);
    expect(Number((await one(sql`SELECT cost_fen FROM readings WHERE id = ${id}`)).cost_fen)).toBe(1234);
  });

  it('two backend processes on one PostgreSQL charging the same readings at once: each charged once', async () => {
    if (!backend.url) return; // PostgreSQL only: PGlite runs one transaction at a time.
    const second: Database = await openDatabase({ url: backend.url });
    try {
      const meter = takeMeter();
      const table = await priceTable(meter.areaId, { kind: 'single', flatFen: 50 });
      await prepare(meter, { priceTableId: table, balanceFen: 100_000 });
      const ids: number[] = [];
      for (let i = 0; i < 20; i++) {
        ids.push(Number((await one(sql`INSERT INTO readings (area_id, utility, meter_id, room_id, read_at, total, consumption, billed)
          VALUES (${meter.areaId}, 'electric', ${meter.id}, ${meter.roomId}, ${new Date(LATER.getTime() + minutes(i))}, ${1000 + i}, 1, false) RETURNING id`)).id));
      }
      await Promise.all([chargeWaitingReadings(backend.database.db, LATER), chargeWaitingReadings(second.db, LATER), chargeWaitingReadings(backend.database.db, LATER)]);
      const ledger = await ledgerOfReadings(ids);
      expect(ledger).toHaveLength(20);
      expect(ledger.reduce((sum, r) => sum + Number(r.amount_fen), 0)).toBe(-1000);
      const { balance, ledger: sum } = await balanceAndLedger(meter.accountId);
      expect(Number(balance)).toBe(100_000 - 1000);
      expect(Number(balance)).toBe(Number(sum));
    } finally {
      await second.close();
    }
  });

  it('the ledger itself refuses a second deduction for one reading (unique reading reference)', async () => {
    const meter = takeMeter();
    const before = await balanceAndLedger(meter.accountId);
    const post = () => backend.database.db.transaction((tx) => postLedger(tx, { accountId: meter.accountId, kind: 'deduction', amountFen: -10, refType: 'reading', refId: '987654321', readingId: 987_654_321 }, backend.clock.now));
    await post();
    await expect(post()).rejects.toThrow();
    const after = await balanceAndLedger(meter.accountId);
    expect(Number(after.balance)).toBe(Number(before.balance) - 10);
    expect(Number(after.balance)).toBe(Number(after.ledger));
  });
});

describe('the faults of the issue', () => {
  it('a drop and return is charged once: the baseline stays at the highest total, the drop is a fault', async () => {
    const meter = takeMeter();
    const table = await priceTable(meter.areaId, { kind: 'tou', sharpFen: 110, peakFen: 95, flatFen: 65, valleyFen: 35 });
    await prepare(meter, { priceTableId: table });
    const t = (n: number) => new Date(LATER.getTime() + minutes(n * 10));
    const regs = (s: number, p: number, f: number, v: number) => ({ total: s + p + f + v, sharp: s, peak: p, flat: f, valley: v, relayState: 'on' });
    await read(meter.id, t(0), regs(100, 100, 100, 100)); // new baseline
    const up = await read(meter.id, t(1), regs(101, 101, 101, 101)); // 4 kWh, 3.05 yuan
    const drop = await read(meter.id, t(2), regs(100, 100, 100, 100)); // a one-off bad read
    const back = await read(meter.id, t(3), regs(101, 101, 101, 101)); // the true total again
    const more = await read(meter.id, t(4), regs(101, 101, 102, 101)); // 1 kWh flat
    expect([up.costFen, drop.costFen, back.costFen, more.costFen]).toEqual([305, 0, 0, 65]);
    const ids = [up, drop, back, more].map((r) => r.readingId!);
    expect((await ledgerOfReadings(ids)).map((r) => Number(r.amount_fen)).sort()).toEqual([-305, -65]);
    const faults = await rows(sql`SELECT * FROM faults WHERE kind = 'reading_drop' AND device_kind = 'electric' AND device_id = ${meter.id} ORDER BY id`);
    expect(faults).toHaveLength(1);
    // Cleared when the meter reads at or above its baseline again.
    expect(faults[0].cleared_at).not.toBeNull();
  });

  it('a replacement or reset recorded by an operator starts a new baseline: no fault, no charge for the jump', async () => {
    const meter = takeMeter();
    const table = await priceTable(meter.areaId, { kind: 'single', flatFen: 100 });
    await prepare(meter, { priceTableId: table });
    await read(meter.id, LATER, { total: 5000 });
    await backend.database.db.transaction((tx) => rebaseMeter(tx, 'electric', meter.id, LATER));
    const fresh = await read(meter.id, new Date(LATER.getTime() + minutes(10)), { total: 3 });
    const next = await read(meter.id, new Date(LATER.getTime() + minutes(20)), { total: 5 });
    expect([fresh.costFen, next.costFen]).toEqual([0, 200]);
    expect(await rows(sql`SELECT * FROM faults WHERE kind = 'reading_drop' AND device_kind = 'electric' AND device_id = ${meter.id} AND opened_at >= ${LATER}`)).toHaveLength(0);
  });

  it('arrears trip a meter whose relay is close-pending (the pending close is revoked), as one that is on; not with keep-supply', async () => {
    for (const [relay, keep, trips] of [['close_pending', false, true], ['on', false, true], ['on', true, false], ['off', false, false]] as const) {
      const meter = takeMeter();
      const table = await priceTable(meter.areaId, { kind: 'single', flatFen: 100 });
      await prepare(meter, { priceTableId: table, balanceFen: 500, overdraftFen: 0, relay });
      if (keep) await rows(sql`UPDATE electric_meters SET keep_supply = true WHERE id = ${meter.id}`);
      await read(meter.id, LATER, { total: 100, relayState: relay });
      const result = await read(meter.id, new Date(LATER.getTime() + minutes(10)), { total: 110, relayState: relay });
      expect(result.costFen, relay).toBe(1000);
      const queued = await rows(sql`SELECT type, payload FROM commands WHERE device_kind = 'electric' AND device_id = ${meter.id} AND state = 'queued'`);
      expect(queued, `${relay} keep=${keep}`).toEqual(trips ? [{ type: 'trip', payload: { cause: 'arrears' } }] : []);
    }
  });

  it('a meter without a price table takes its area\'s default table; with none at all it raises a no_price fault and the reading waits for a price', async () => {
    const meter = takeMeter();
    const table = await priceTable(meter.areaId, { kind: 'single', flatFen: 80 });
    await prepare(meter, { priceTableId: null, balanceFen: 100_000 });
    await rows(sql`UPDATE areas SET default_price_table_id = ${table} WHERE id = ${meter.areaId}`);
    try {
      await read(meter.id, LATER, { total: 10 });
      const byDefault = await read(meter.id, new Date(LATER.getTime() + minutes(10)), { total: 12.5 });
      expect(byDefault.costFen).toBe(200);

      await rows(sql`UPDATE areas SET default_price_table_id = NULL WHERE id = ${meter.areaId}`);
      const unpriced = await read(meter.id, new Date(LATER.getTime() + minutes(20)), { total: 14.5 });
      expect(unpriced.costFen).toBe(0);
      const fault = await one(sql`SELECT * FROM faults WHERE kind = 'no_price' AND device_kind = 'electric' AND device_id = ${meter.id} AND cleared_at IS NULL`);
      expect(fault).toMatchObject({ room_id: meter.roomId });
      expect((await one(sql`SELECT billed FROM readings WHERE id = ${unpriced.readingId}`)).billed).toBe(false);

      // A price arrives: the waiting reading is charged by the billing job, once, and the fault clears.
      await rows(sql`UPDATE electric_meters SET price_table_id = ${table} WHERE id = ${meter.id}`);
      await chargeWaitingReadings(backend.database.db, LATER);
      await chargeWaitingReadings(backend.database.db, LATER);
      expect((await ledgerOfReadings([unpriced.readingId!])).map((r) => Number(r.amount_fen))).toEqual([-160]);
      expect(await rows(sql`SELECT * FROM faults WHERE kind = 'no_price' AND device_id = ${meter.id} AND cleared_at IS NULL`)).toHaveLength(0);
    } finally {
      await rows(sql`UPDATE areas SET default_price_table_id = NULL WHERE id = ${meter.areaId}`);
    }
  });

  it('a new electric account takes its limits from its meter\'s control set, else from the area\'s default set; a water account the area\'s water set', async () => {
    // Two new rooms (no account yet) in a building of area 1.
    const building = await one(sql`SELECT b.id, p.id AS project_id, p.area_id FROM buildings b JOIN projects p ON p.id = b.project_id WHERE p.area_id IN ${AREA1} ORDER BY b.id LIMIT 1`);
    const rooms2 = await rows(sql`INSERT INTO rooms (area_id, project_id, building_id, room_code)
      VALUES (${building.area_id}, ${building.project_id}, ${building.id}, 'T-LIMITS-1'), (${building.area_id}, ${building.project_id}, ${building.id}, 'T-LIMITS-2') RETURNING id, area_id`);
    const areaId = Number(rooms2[0].area_id);
    const set = Number((await one(sql`INSERT INTO parameter_sets (area_id, kind, name, values) VALUES (${areaId}, 'control', 'test control',
      ${JSON.stringify({ alarm1Fen: 3000, alarm2Fen: 1000, overdraftFen: 3000, hoardLimitFen: 400000, autoTrip: true })}::jsonb) RETURNING id`)).id);
    const fallback = Number((await one(sql`INSERT INTO parameter_sets (area_id, kind, name, values) VALUES (${areaId}, 'control', 'test default',
      ${JSON.stringify({ alarm1Fen: 1500, alarm2Fen: 700, overdraftFen: 200, hoardLimitFen: 300000, autoTrip: true })}::jsonb) RETURNING id`)).id);
    await rows(sql`INSERT INTO electric_meters (area_id, room_id, address, control_set_id) VALUES (${areaId}, ${rooms2[0].id}, '990000000001', ${set})`);
    await rows(sql`UPDATE areas SET default_control_set_id = ${fallback} WHERE id = ${Number(rooms2[1].area_id)}`);
    try {
      const opened = await backend.database.db.transaction(async (tx) => [
        await ensureAccount(tx, areaId, Number(rooms2[0].id), 'electric'),
        await ensureAccount(tx, Number(rooms2[1].area_id), Number(rooms2[1].id), 'electric'),
        await ensureAccount(tx, Number(rooms2[1].area_id), Number(rooms2[1].id), 'water'),
      ]);
      expect(opened[0]).toMatchObject({ overdraftFen: 3000, alarm1Fen: 3000, alarm2Fen: 1000, hoardLimitFen: 400000, balanceFen: 0 });
      expect(opened[1]).toMatchObject({ overdraftFen: 200, alarm1Fen: 1500, alarm2Fen: 700, hoardLimitFen: 300000, balanceFen: 0 });
      // A water account takes the area's water default (the seed's 水表控制策略), not electricity's (issue 40).
      expect(opened[2]).toMatchObject({ overdraftFen: 500, alarm1Fen: 1000, alarm2Fen: 300, hoardLimitFen: 200000, balanceFen: 0 });
    } finally {
      await rows(sql`UPDATE areas SET default_control_set_id = NULL WHERE id = ${Number(rooms2[1].area_id)}`);
    }
  });
});

describe('the electric meter form\'s server side', () => {
  it('a meter added to a room without a price table takes the area\'s default table; a meter moved to another room starts a new baseline', async () => {
    const api = apiClient(backend.app, await loginAs(backend.app, 'admin'));
    const module = await one(sql`SELECT id FROM modules WHERE area_id IN ${AREA1} AND protocol = 'dlt645' ORDER BY id LIMIT 1`);
    const channel = Number((await one(sql`SELECT coalesce(max(channel), 0) + 1 AS c FROM electric_meters WHERE module_id = ${module.id}`)).c);
    const building = await one(sql`SELECT b.id, p.id AS project_id, p.area_id FROM buildings b JOIN projects p ON p.id = b.project_id WHERE p.area_id IN ${AREA1} ORDER BY b.id LIMIT 1`);
    const [room, other] = await rows(sql`INSERT INTO rooms (area_id, project_id, building_id, room_code)
      VALUES (${building.area_id}, ${building.project_id}, ${building.id}, 'T-PRICE-1'), (${building.area_id}, ${building.project_id}, ${building.id}, 'T-PRICE-2') RETURNING id`);
    const table = await priceTable(Number(building.area_id), { kind: 'single', flatFen: 77 });
    await rows(sql`UPDATE areas SET default_price_table_id = ${table} WHERE id = ${building.area_id}`);
    try {
      const added = await api.post('electricMeter/addElectricMeter', { address: '202612290001', moduleId: module.id, channel, roomId: room.id });
      expect(added.body.code, added.body.msg).toBe(200);
      expect(added.body.data.priceTableId).toBe(table);
      const id = added.body.data.id as number;
      expect((await one(sql`SELECT rebase FROM electric_meters WHERE id = ${id}`)).rebase).toBe(false);
      const moved = await api.post('electricMeter/updateElectricMeter', { id, roomId: other.id });
      expect(moved.body.code, moved.body.msg).toBe(200);
      expect((await one(sql`SELECT rebase FROM electric_meters WHERE id = ${id}`)).rebase).toBe(true);
      // Without a room there is no default to take.
      const spare = await api.post('electricMeter/addElectricMeter', { address: '202612290002', moduleId: module.id, channel: channel + 1 });
      expect(spare.body.data.priceTableId).toBeNull();
    } finally {
      await rows(sql`UPDATE areas SET default_price_table_id = NULL WHERE id = ${building.area_id}`);
    }
  });
});

describe('arrears notices', () => {
  it('one SMS per alarm level crossed, none while the balance stays below, again after a recharge lifts it above', async () => {
    const meter = takeMeter();
    const table = await priceTable(meter.areaId, { kind: 'single', flatFen: 100 });
    await prepare(meter, { priceTableId: table, balanceFen: 2100, alarm1Fen: 2000, alarm2Fen: 500, overdraftFen: 100_000 });
    const since = Number((await one(sql`SELECT coalesce(max(id), 0) AS id FROM sms_records`)).id);
    const notices = () => rows(sql`SELECT reason, content, state, auto, phone, tenant_id FROM sms_records WHERE room_id = ${meter.roomId} AND id > ${since} ORDER BY id`);
    let total = 1000;
    let at = LATER.getTime();
    const use = (kwh: number) => { total += kwh; at += minutes(15); return read(meter.id, new Date(at), { total }); };
    await use(0); // baseline
    await use(2); // 2100 → 1900: level 1
    await use(1); // 1800: still below, nothing
    await use(14); // 400: level 2
    await use(1); // 300: nothing
    expect((await notices()).map((n) => n.reason)).toEqual(['alarm1', 'alarm2']);
    const [first] = await notices();
    const who = await one(sql`SELECT t.name, t.phone, r.room_code FROM tenant_bindings b JOIN tenants t ON t.id = b.tenant_id JOIN rooms r ON r.id = b.room_id WHERE b.room_id = ${meter.roomId} AND b.end_date IS NULL`);
    expect(first).toMatchObject({ state: 'queued', auto: 1, phone: who.phone });
    expect(first.content).toContain(who.name);
    expect(first.content).toContain(who.room_code);
    expect(first.content).toContain('19.00');
    expect(first.content).toContain('电费');
    // A recharge lifts it above level 1; the next fall crosses level 1 again (one notice).
    await setBalance(meter.accountId, 2050);
    await use(1); // 1950
    await use(1); // 1850
    expect((await notices()).map((n) => n.reason)).toEqual(['alarm1', 'alarm2', 'alarm1']);
    // Crossing both levels in one charge: one notice each.
    await setBalance(meter.accountId, 2500);
    await use(25); // 0
    expect((await notices()).map((n) => n.reason)).toEqual(['alarm1', 'alarm2', 'alarm1', 'alarm1', 'alarm2']);
  });
});

// ---- the charging rules against a reference ---------------------------------------------------------

const RATE_NAMES = ['sharp', 'peak', 'flat', 'valley'];
const hhmm = (minute: number) => `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
type RefTariff =
  | { kind: 'single'; flatFen: number }
  | { kind: 'tou'; prices: number[]; segments: { start: number; rate: number }[] }
  | { kind: 'tiered'; tiers: { upTo: number | null; priceFen: number }[] };

const priceArb = fc.integer({ min: 0, max: 2000 });
const tariffArb: fc.Arbitrary<RefTariff> = fc.oneof(
  fc.record({ kind: fc.constant('single' as const), flatFen: priceArb }),
  fc.record({
    kind: fc.constant('tou' as const),
    prices: fc.tuple(priceArb, priceArb, priceArb, priceArb),
    // 1 to 8 segments at any minutes (the first need not be 00:00: the last one runs on past midnight).
    segments: fc.uniqueArray(fc.integer({ min: 0, max: 1439 }), { minLength: 1, maxLength: 8 })
      .chain((starts) => fc.tuple(fc.constant([...starts].sort((a, b) => a - b)), fc.array(fc.nat(3), { minLength: starts.length, maxLength: starts.length })))
      .map(([starts, rates]) => starts.map((start, i) => ({ start, rate: rates[i] }))),
  }),
  fc.tuple(fc.integer({ min: 1, max: 60 }), fc.integer({ min: 1, max: 60 }), priceArb, priceArb, priceArb).map(([a, b, p1, p2, p3]) => ({
    kind: 'tiered' as const, tiers: [{ upTo: a, priceFen: p1 }, { upTo: a + b, priceFen: p2 }, { upTo: null, priceFen: p3 }],
  })),
);
const stepArb = fc.record({
  gapMinutes: fc.integer({ min: 1, max: 3 * 1440 }),
  kind: fc.constantFrom('up', 'up', 'up', 'drop', 'same'),
  increments: fc.tuple(fc.nat(800), fc.nat(800), fc.nat(800), fc.nat(800)),
  dropBy: fc.integer({ min: 1, max: 3000 }),
  registers: fc.boolean(),
});
const sequenceArb = fc.record({
  tariff: tariffArb,
  steps: fc.array(stepArb, { minLength: 1, maxLength: 12 }),
  startRegisters: fc.tuple(fc.nat(200_000), fc.nat(200_000), fc.nat(200_000), fc.nat(200_000)),
  // Minutes after 2027-01-27 00:00 (Shanghai): some sequences cross into February (a new tier month).
  startMinute: fc.integer({ min: 0, max: 5 * 1440 }),
  allowance: fc.nat(3000),
});

/** Shanghai wall time (UTC+8, no daylight saving) of a UTC minute. */
const localMinuteOfDay = (utcMinute: number) => (((utcMinute + 480) % 1440) + 1440) % 1440;
const localMonth = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 7);

/** The reference: every hundredth priced by its tier, its rate register, or the minute of the day it was used in. */
function referenceCharges(tariff: RefTariff, readings: { at: number; total: number; registers: number[] | null }[], allowance: number): number[] {
  let base = readings[0];
  let freeLeft = allowance;
  const monthUse = new Map<string, number>();
  const exact: number[] = [0];
  for (const reading of readings.slice(1)) {
    let consumption = 0;
    let rates: number[] | null = null;
    const since = base.at;
    if (reading.total >= base.total) {
      consumption = reading.total - base.total;
      if (reading.registers && base.registers) {
        const deltas = reading.registers.map((r, i) => r - base.registers![i]);
        if (deltas.every((d) => d >= 0) && deltas.reduce((a, b) => a + b, 0) === consumption) rates = deltas;
      }
      base = reading;
    }
    const month = localMonth(reading.at);
    const monthToDate = monthUse.get(month) ?? 0;
    const free = Math.min(consumption, freeLeft);
    freeLeft -= free;
    const billable = consumption - free;
    let fen = 0;
    if (billable > 0) {
      if (tariff.kind === 'single') fen = (billable * tariff.flatFen) / 100;
      else if (tariff.kind === 'tiered') {
        for (let u = monthToDate + free; u < monthToDate + consumption; u++) {
          const tier = tariff.tiers.find((t) => t.upTo === null || u < t.upTo * 100)!;
          fen += tier.priceFen / 100;
        }
      } else if (rates) {
        for (let i = 0; i < 4; i++) fen += (rates[i] * tariff.prices[i] * billable) / (consumption * 100);
      } else {
        const minutesIn = [0, 0, 0, 0];
        for (let m = since / 60_000; m < reading.at / 60_000; m++) {
          const local = localMinuteOfDay(m);
          const segment = [...tariff.segments].reverse().find((s) => s.start <= local) ?? tariff.segments[tariff.segments.length - 1];
          minutesIn[segment.rate] += 1;
        }
        const all = minutesIn.reduce((a, b) => a + b, 0);
        for (let i = 0; i < 4; i++) fen += (minutesIn[i] * tariff.prices[i] * billable) / (all * 100);
      }
    }
    monthUse.set(month, monthToDate + consumption);
    exact.push(fen);
  }
  return exact;
}

describe('charging rules (fast-check, against a reference computed here from the raw readings)', () => {
  it('over any sequence of readings (drops and registers or not), schedules and tariffs, charged as they are read or waiting and then in one batch: each charge is the reference to the fen, once, and the ledger sums to the balance', async () => {
    const START = Date.parse('2027-01-27T00:00:00+08:00');
    await fc.assert(fc.asyncProperty(sequenceArb, fc.boolean(), async ({ tariff, steps, startRegisters, startMinute, allowance }, batched) => {
      const meter = takeMeter();
      const timePeriodId = tariff.kind === 'tou'
        ? Number((await one(sql`INSERT INTO time_periods (area_id, name, segments) VALUES (${meter.areaId}, 'test',
            ${JSON.stringify(tariff.segments.map((s) => ({ start: hhmm(s.start), rate: RATE_NAMES[s.rate] })))}::jsonb) RETURNING id`)).id)
        : null;
      const table = await priceTable(meter.areaId, tariff.kind === 'single' ? { kind: 'single', flatFen: tariff.flatFen }
        : tariff.kind === 'tou' ? { kind: 'tou', sharpFen: tariff.prices[0], peakFen: tariff.prices[1], flatFen: tariff.prices[2], valleyFen: tariff.prices[3], timePeriodId }
          : { kind: 'tiered', flatFen: 1, tiers: tariff.tiers });
      const opening = 5_000_000;
      // Batched: the readings wait for a price (no table, no area default), then the billing job's
      // batch charges the room's waiting readings in one transaction (chargeReadings).
      await prepare(meter, { priceTableId: batched ? null : table, freeLeft: allowance, balanceFen: opening });

      // The meter's true registers, and what it reports (a drop: a one-off bad total, without registers).
      const truth = [...startRegisters];
      let at = START + minutes(startMinute);
      const reported = [{ at, total: truth.reduce((a, b) => a + b, 0), registers: [...truth] as number[] | null }];
      for (const step of steps) {
        at += minutes(step.gapMinutes);
        if (step.kind === 'up') step.increments.forEach((inc, i) => { truth[i] += inc; });
        const total = truth.reduce((a, b) => a + b, 0);
        if (step.kind === 'drop') reported.push({ at, total: Math.max(0, total - step.dropBy), registers: null });
        else reported.push({ at, total, registers: step.registers ? [...truth] : null });
      }
      const ids: number[] = [];
      const costs: number[] = [];
      for (const r of reported) {
        const data: Record<string, unknown> = { total: r.total / 100, relayState: 'on' };
        if (r.registers) RATE_NAMES.forEach((name, i) => { data[name] = r.registers![i] / 100; });
        const result = await read(meter.id, new Date(r.at), data);
        ids.push(result.readingId!);
        costs.push(result.costFen ?? 0);
      }
      if (batched) {
        expect(costs.every((cost) => cost === 0)).toBe(true);
        await rows(sql`UPDATE electric_meters SET price_table_id = ${table} WHERE id = ${meter.id}`);
        const outcomes = await chargeReadings(backend.database.db, ids, LATER);
        costs.splice(0, costs.length, ...outcomes.map((outcome) => outcome.costFen));
      }
      const expected = referenceCharges(tariff, reported, allowance);
      // The reference sums in floating point: at tens of thousands of fen its half-fen ties are off by about 1e-9.
      costs.forEach((cost, i) => expect(Math.abs(cost - expected[i]), `reading ${i}: ${cost} vs ${expected[i]}`).toBeLessThanOrEqual(0.5 + 1e-6));
      // Stored on the reading, one ledger row per charged reading, the ledger sums to the balance.
      const stored = await rows(sql`SELECT id, cost_fen, billed FROM readings WHERE id IN (${sql.join(ids.map((id) => sql`${id}`), sql`, `)}) ORDER BY id`);
      expect(stored.map((r) => Number(r.cost_fen))).toEqual(costs);
      expect(stored.every((r) => r.billed)).toBe(true);
      const ledger = await ledgerOfReadings(ids);
      expect(ledger).toHaveLength(costs.filter((c) => c > 0).length);
      const charged = costs.reduce((a, b) => a + b, 0);
      expect(ledger.reduce((sum, r) => sum + Number(r.amount_fen), 0) + charged).toBe(0);
      const { balance, ledger: sum } = await balanceAndLedger(meter.accountId);
      expect(Number(balance)).toBe(opening - charged);
      expect(Number(balance)).toBe(Number(sum));
    }), { numRuns: Number(process.env.BILLING_PROPERTY_RUNS ?? 20), endOnFailure: true });
  }, 600_000);
});
