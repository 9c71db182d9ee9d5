/**
 * Numbers that reconcile (issue 39, server/domain/usageRule.ts), as a property: random meters' months
 * — readings daily at 00:00, hourly, after gaps of days, across month ends, a drop and its return —
 * with recharges, voids, readings deleted (with and without refund) and restored through the API; then
 * the month-end statements of three months, checked against a reference computed here from the raw
 * readings and ledger rows:
 * - statements chain (opening = the month before's closing; closing = opening + the month's flows)
 *   and the running month closes at the balance;
 * - a statement's usage = its month's part of the room's readings = the days of the month summed
 *   (daily_usage) = the monthly settlement's units;
 * - a meter replaced mid-month (a new address on the same meter, or another meter moved into the room)
 *   shows both meters' lines: each line's readings and usage as the raw readings give them, the lines'
 *   usages adding up to the statement's, the first line opening where the month before closed;
 * - its charge = the month's part of the money that priced those readings, and, while no reading was
 *   deleted keeping its charge, = the month's part of the standing readings' charges: the usage the
 *   charge priced; the settlement's total is that same figure.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { recordCommandResult } from '../../server/domain/deviceEvents';
import { rebaseMeter } from '../../server/domain/billingEngine';
import { postLedger } from '../../server/domain/ledger';
import { monthBounds, writeMonthEnd } from '../../server/domain/statements';
import { apiClient, loginAs, startTestBackend, type TestBackend } from '../support/testApp';
// The reference's split, written apart from the server's (toward zero).
import { partIn } from '../support/usageReference';
import { propertyRuns } from '../support/propertyRuns';

let backend: TestBackend;
let api: ReturnType<typeof apiClient>;
type Row = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const rows = async (query: ReturnType<typeof sql>) => ((await backend.database.db.execute(query)) as unknown as { rows: Row[] }).rows;
const one = async (query: ReturnType<typeof sql>) => (await rows(query))[0];

interface Meter { id: number; roomId: number; areaId: number; accountId: number }
let pool: Meter[] = [];
let next = 0;
const takeMeter = () => pool[next++] ?? (() => { throw new Error('out of test meters'); })();

const ZONE = 'Asia/Shanghai';
const MONTHS = ['2027-01', '2027-02', '2027-03'];
const BOUNDS = MONTHS.map((month) => monthBounds(month, ZONE));
const HOUR = 3_600_000;

type Step =
  | { kind: 'read'; after: number; midnight: boolean; delta: number }
  | { kind: 'recharge'; fen: number }
  | { kind: 'void' }
  | { kind: 'delete'; pick: number; refund: boolean }
  | { kind: 'restore'; pick: number }
  | { kind: 'replace'; swap: boolean; total: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 6, arbitrary: fc.record({
    kind: fc.constant('read' as const),
    // Hours since the last step: hourly, daily, or a gap of days.
    after: fc.oneof(fc.constant(1), fc.constant(24), fc.integer({ min: 1, max: 24 * 9 })),
    midnight: fc.boolean(),
    // Hundredths of a kWh; now and then a drop (the meter reads lower) and its return.
    delta: fc.oneof({ weight: 8, arbitrary: fc.integer({ min: 0, max: 900 }) }, { weight: 1, arbitrary: fc.integer({ min: -300, max: -1 }) }),
  }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('recharge' as const), fen: fc.integer({ min: 1, max: 50_000 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('void' as const) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('delete' as const), pick: fc.nat(), refund: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('restore' as const), pick: fc.nat() }) },
  // The meter replaced: a new address on the same meter, or another meter moved into the room; the new register starts low.
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('replace' as const), swap: fc.boolean(), total: fc.integer({ min: 0, max: 500 }) }) },
);

let replacements = 0;
/** A meter's twin out of any room (a new address, no channel), ready to be moved into a room by the API. */
async function spareOf(meterId: number) {
  await rows(sql`CREATE TEMP TABLE spare_meter AS SELECT * FROM electric_meters WHERE id = ${meterId}`);
  await rows(sql`UPDATE spare_meter SET id = nextval(pg_get_serial_sequence('electric_meters', 'id')), address = ${String(880_000_000_000 + ++replacements)}, room_id = NULL, channel = NULL`);
  const [spare] = await rows(sql`INSERT INTO electric_meters SELECT * FROM spare_meter RETURNING id`);
  await rows(sql`DROP TABLE spare_meter`);
  return Number(spare.id);
}

async function prepare(meter: Meter, at: Date) {
  const [table] = await rows(sql`INSERT INTO price_tables (area_id, name, kind, flat_fen) VALUES (${meter.areaId}, ${`chain ${meter.id}`}, 'single', 100) RETURNING id`);
  await rows(sql`UPDATE electric_meters SET price_table_id = ${table.id}, keep_supply = true, relay_state = 'on', control_set_id = NULL WHERE id = ${meter.id}`);
  await rows(sql`UPDATE accounts SET free_left = 0, overdraft_fen = 0, alarm1_fen = 0, alarm2_fen = 0 WHERE id = ${meter.accountId}`);
  await backend.database.db.transaction((tx) => rebaseMeter(tx, 'electric', meter.id, at));
}

/** Runs the steps on a meter from `start`: the readings' ids in order, and whether a deletion kept its charge. */
async function run(meter: Meter, start: number, steps: Step[]) {
  let at = start;
  let total = 1000;
  let current = meter.id;
  let kept = false;
  const ids: number[] = [];
  const orders: number[] = [];
  for (const s of steps) {
    if (s.kind === 'read') {
      at += s.after * HOUR;
      if (s.midnight) at = new Date(new Date(at).toLocaleDateString('en-CA', { timeZone: ZONE }) + 'T00:00:00+08:00').getTime() + 24 * HOUR;
      if (at >= BOUNDS[2].end.getTime() - 48 * HOUR) continue;
      total = Math.max(0, total + s.delta);
      backend.clock.now = new Date(at);
      const result = await backend.database.db.transaction((tx) => recordCommandResult(tx, { kind: 'electric', id: current, type: 'read', data: { total: total / 100, relayState: 'on' }, commandId: 0, payload: {}, now: new Date(at) }));
      if (result.readingId) ids.push(Number(result.readingId));
      continue;
    }
    at += 10 * 60_000;
    backend.clock.now = new Date(at);
    // Signed in at the step's time (a session left idle while the clock ran on would answer 401).
    if (s.kind === 'delete' || s.kind === 'restore' || s.kind === 'replace') api = apiClient(backend.app, await loginAs(backend.app, 'admin'));
    if (s.kind === 'recharge') {
      const id = Number((await one(sql`SELECT nextval('ledger_entries_id_seq') AS id`)).id);
      await backend.database.db.transaction((tx) => postLedger(tx, { accountId: meter.accountId, kind: 'recharge', amountFen: s.fen, refType: 'recharge_order', refId: `CHAIN-${id}` }, new Date(at)));
      orders.push(s.fen);
    } else if (s.kind === 'void') {
      const fen = orders.pop();
      if (fen) await backend.database.db.transaction((tx) => postLedger(tx, { accountId: meter.accountId, kind: 'void', amountFen: -fen, refType: 'recharge_order', refId: 'CHAIN-void' }, new Date(at)));
    } else if (s.kind === 'replace') {
      // As an operator records it (electricMeter/updateElectricMeter): the next reading starts the new meter's count.
      if (s.swap) {
        const spare = await spareOf(current);
        expect((await api.post('electricMeter/updateElectricMeter', { id: current, roomId: null })).status).toBe(200);
        expect((await api.post('electricMeter/updateElectricMeter', { id: spare, roomId: meter.roomId })).status).toBe(200);
        current = spare;
      } else {
        expect((await api.post('electricMeter/updateElectricMeter', { id: current, address: String(880_000_000_000 + ++replacements) })).status).toBe(200);
      }
      total = s.total;
    } else if (s.kind === 'delete') {
      const standing = (await rows(sql`SELECT id FROM readings WHERE room_id = ${meter.roomId} AND utility = 'electric' AND deleted_at IS NULL AND id IN (${sql.join([0, ...ids].map((id) => sql`${id}`), sql`, `)}) ORDER BY id`)).map((r) => Number(r.id));
      if (!standing.length) continue;
      const id = standing[s.pick % standing.length];
      const response = await api.delete('meterReadingRecord/deleteReading', { id, reason: 'property', refund: s.refund });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      if (!s.refund) kept = true;
    } else {
      const deleted = (await rows(sql`SELECT id FROM readings WHERE room_id = ${meter.roomId} AND utility = 'electric' AND deleted_at IS NOT NULL AND id IN (${sql.join([0, ...ids].map((id) => sql`${id}`), sql`, `)}) ORDER BY id`)).map((r) => Number(r.id));
      if (!deleted.length) continue;
      const response = await api.put('meterReadingRecord/restoreReading', { id: deleted[s.pick % deleted.length], reason: 'property' });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
    }
  }
  return { ids, kept, end: at };
}

beforeAll(async () => {
  backend = await startTestBackend();
  api = apiClient(backend.app, await loginAs(backend.app, 'admin'));
  pool = (await rows(sql`
    SELECT m.id, m.room_id, m.area_id, a.id AS account_id FROM electric_meters m JOIN accounts a ON a.room_id = m.room_id AND a.utility = 'electric'
    WHERE m.area_id IN (SELECT id FROM areas WHERE id = (SELECT area_id FROM sys_users WHERE user_name = 'admin') OR parent_id = (SELECT area_id FROM sys_users WHERE user_name = 'admin'))
      AND m.room_id IS NOT NULL AND (SELECT count(*) FROM electric_meters x WHERE x.room_id = m.room_id) = 1
    ORDER BY m.id LIMIT 200`)).map((r) => ({ id: Number(r.id), roomId: Number(r.room_id), areaId: Number(r.area_id), accountId: Number(r.account_id) }));
}, 300_000);
afterAll(() => backend.close());

describe('months that reconcile', () => {
  it('random months of readings, recharges, voids, deletions and restores: statements chain, and usage, charges and settlements agree by the rule', async () => {
    await fc.assert(fc.asyncProperty(fc.integer({ min: 0, max: 20 * 24 }), fc.array(step, { minLength: 3, maxLength: 18 }), async (offsetHours, steps) => {
      const meter = takeMeter();
      const start = new Date('2027-01-20T00:00:00+08:00').getTime() + offsetHours * HOUR;
      await prepare(meter, new Date(start));
      const { kept, end } = await run(meter, start, steps);
      const now = new Date(Math.max(end, start) + HOUR);
      for (const month of MONTHS) await writeMonthEnd(backend.database.db, month, now, ZONE);

      // The room's readings, every meter's (the seed's before the property's start give the first month's opening).
      const all = await rows(sql`SELECT id, meter_id, since_at, read_at, total, consumption, usage_rates, cost_fen, deleted_at FROM readings WHERE room_id = ${meter.roomId} AND utility = 'electric' ORDER BY read_at, id`);
      const readings = all.filter((r) => new Date(r.read_at).getTime() >= start - HOUR);
      const byId = new Map(readings.map((r) => [Number(r.id), r]));
      const ledger = await rows(sql`SELECT kind, ref_type, ref_id, reading_id, amount_fen, created_at FROM ledger_entries WHERE account_id = ${meter.accountId} AND created_at >= ${new Date(start - HOUR)}`);
      const ms = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string).getTime());
      const statements = await Promise.all(MONTHS.map((month) => one(sql`SELECT * FROM room_statements WHERE room_id = ${meter.roomId} AND utility = 'electric' AND month = ${month}`)));
      const account = await one(sql`SELECT balance_fen FROM accounts WHERE id = ${meter.accountId}`);
      const label = `meter ${meter.id} steps ${JSON.stringify(steps)}`;

      if (process.env.DEBUG_CHAIN) console.log(JSON.stringify({ readings, ledger }, null, 1));
      BOUNDS.forEach(({ start: a0, end: b0 }, k) => {
        const [a, b] = [a0.getTime(), b0.getTime()];
        const s = statements[k];
        expect(s, label).toBeDefined();
        // Chain.
        expect(Number(s.closing_balance_fen), label).toBe(Number(s.opening_balance_fen) + Number(s.recharge_fen) - Number(s.void_fen) - Number(s.charge_fen) + Number(s.refund_fen) + Number(s.gift_fen) + Number(s.adjust_fen));
        if (k > 0) {
          expect(Number(s.opening_balance_fen), label).toBe(Number(statements[k - 1].closing_balance_fen));
          expect(s.opening_reading, label).toBe(statements[k - 1].closing_reading);
        }
        // Usage: the standing readings' parts in the month (all flat: the meter reads no registers).
        const standing = readings.filter((r) => r.deleted_at === null);
        const usage = standing.reduce((sum, r) => sum + partIn(Math.round(Number(r.consumption) * 100), ms(r.since_at), ms(r.read_at)!, a, b), 0);
        expect(Math.round(Number(s.usage) * 100), `usage ${MONTHS[k]} ${label}`).toBe(usage);
        // The lines per meter: runs of a meter's standing readings (a run starts at a reading counted from
        // nothing), the room's last reading at or before the month's start opening the first.
        const all0 = all.filter((r) => r.deleted_at === null);
        const anchor = all0.filter((r) => ms(r.read_at)! <= a).pop();
        const counts = new Map<number, number>();
        const runOf = new Map(all0.map((r) => {
          if (r.since_at === null) counts.set(Number(r.meter_id), (counts.get(Number(r.meter_id)) ?? 0) + 1);
          return [Number(r.id), `${r.meter_id}:${counts.get(Number(r.meter_id)) ?? 0}`];
        }));
        const touched = [...(anchor ? [anchor] : []), ...all0.filter((r) => ms(r.read_at)! > a && (ms(r.read_at)! <= b || (r.since_at !== null && ms(r.since_at)! < b)))];
        const runs = new Map<string, Row[]>();
        for (const r of touched) runs.set(runOf.get(Number(r.id))!, [...(runs.get(runOf.get(Number(r.id))!) ?? []), r]);
        const expected = [...runs.values()].map((run) => {
          const upToEnd = run.filter((r) => ms(r.read_at)! <= b);
          return {
            meterId: Number(run[0].meter_id), openingAt: ms(run[0].read_at), openingReading: Number(run[0].total),
            closingReading: upToEnd.length ? Number(upToEnd[upToEnd.length - 1].total) : null,
            usage: run.reduce((sum, r) => sum + partIn(Math.round(Number(r.consumption) * 100), ms(r.since_at), ms(r.read_at)!, a, b), 0),
          };
        }).sort((x, y) => x.openingAt! - y.openingAt! || x.meterId - y.meterId);
        const lines = (s.meter_lines ?? []).map((line: Row) => ({ meterId: line.meterId, openingAt: ms(line.openingAt), openingReading: line.openingReading, closingReading: line.closingReading, usage: Math.round(line.usage * 100) }));
        expect(lines, `lines ${MONTHS[k]} ${label}`).toEqual(expected);
        // The statement's readings: the room's last at or before the month's start, and at or before its end.
        const last = all0.filter((r) => ms(r.read_at)! <= b).pop();
        expect(s.opening_reading === null ? null : Number(s.opening_reading), label).toBe(anchor ? Number(anchor.total) : lines[0]?.openingReading ?? null);
        expect(s.closing_reading === null ? null : Number(s.closing_reading), label).toBe(last ? Number(last.total) : null);
        if (k > 0 && lines.length && lines[0].openingAt! <= a) {
          const before = [...statements[k - 1].meter_lines].sort((x: Row, y: Row) => Date.parse(x.closingAt ?? 0) - Date.parse(y.closingAt ?? 0)).at(-1);
          expect([lines[0].meterId, lines[0].openingReading], `chained line ${MONTHS[k]} ${label}`).toEqual([before.meterId, before.closingReading]);
        }
        // Charges: the money that priced readings, each reading's net (its charge, refund, restore's
        // charge and recounts' corrections summed) by its interval as it stands; other priced money at
        // its posting instant.
        const priced = ledger.filter((e) => e.kind === 'deduction' || ['reading', 'reading_delete', 'reading_restore', 'reading_recount'].includes(e.ref_type));
        const net = new Map<number, number>();
        let unlinked = 0;
        for (const e of priced) {
          const reading = byId.get(Number(e.reading_id ?? e.ref_id));
          if (reading) net.set(Number(reading.id), (net.get(Number(reading.id)) ?? 0) + Number(e.amount_fen));
          else unlinked += partIn(Number(e.amount_fen), null, ms(e.created_at)!, a, b);
        }
        const charge = 0 - [...net].reduce((sum, [id, fen]) => sum + partIn(fen, ms(byId.get(id)!.since_at), ms(byId.get(id)!.read_at)!, a, b), unlinked);
        expect(Number(s.charge_fen), `charge ${MONTHS[k]} ${label}`).toBe(charge);
        const recharge = ledger.filter((e) => e.kind === 'recharge').reduce((sum, e) => sum + partIn(Number(e.amount_fen), null, ms(e.created_at)!, a, b), 0);
        expect(Number(s.recharge_fen), label).toBe(recharge);
        // The usage the charge priced: the standing readings' charges in the month (unless a deletion kept
        // one: its charge stands without its reading). After restores too (a reading restored after
        // deletions of the readings before it is charged again: issue 39's restore fault).
        const standingCost = standing.reduce((sum, r) => sum + partIn(Number(r.cost_fen), ms(r.since_at), ms(r.read_at)!, a, b), 0);
        if (!kept) expect(Number(s.charge_fen), `charge = standing readings' cost, ${MONTHS[k]} ${label}`).toBe(standingCost);
      });
      expect(Number(statements[2].closing_balance_fen), label).toBe(Number(account.balance_fen));
      // The days of each month add up to the statement's usage; the settlement's total is the standing readings' charge.
      for (const [k, month] of MONTHS.entries()) {
        const days = await one(sql`SELECT coalesce(sum(usage_h), 0) AS h, coalesce(sum(cost_fen), 0) AS fen FROM daily_usage WHERE utility = 'electric' AND room_id = ${meter.roomId}
          AND day >= ${`${month}-01`}::date AND day < (${`${month}-01`}::date + interval '1 month')`);
        expect(Number(days.h), `days ${month} ${label}`).toBe(Math.round(Number(statements[k].usage) * 100));
        // Every meter the room had in the month (a replaced one and its successor).
        const settlement = await one(sql`SELECT sum(total_fen) AS total_fen, sum(sharp_kwh) AS sharp_kwh, sum(peak_kwh) AS peak_kwh, sum(flat_kwh) AS flat_kwh, sum(valley_kwh) AS valley_kwh
          FROM monthly_settlements WHERE room_id = ${meter.roomId} AND month = ${month}`);
        expect(Number(settlement?.total_fen ?? 0), `settlement ${month} ${label}`).toBe(Number(days.fen));
        expect(Math.round((Number(settlement?.sharp_kwh ?? 0) + Number(settlement?.peak_kwh ?? 0) + Number(settlement?.flat_kwh ?? 0) + Number(settlement?.valley_kwh ?? 0)) * 100)).toBe(Number(days.h));
      }
    }), {
      numRuns: propertyRuns(5, 15, 'MONTH_CHAIN_RUNS'), endOnFailure: true, ...(process.env.CHAIN_SEED ? { seed: Number(process.env.CHAIN_SEED), path: process.env.CHAIN_PATH } : {}),
      examples: [
        // A charge (negative) split by floor rounded a fen away from its reading's cost (positive): the rule's quotients are toward zero.
        [3, [{ kind: 'read', after: 216, midnight: false, delta: 683 }, { kind: 'restore', pick: 1688453330 }, { kind: 'read', after: 71, midnight: true, delta: 262 },
          { kind: 'read', after: 1, midnight: true, delta: -276 }, { kind: 'read', after: 1, midnight: false, delta: 432 }, { kind: 'read', after: 24, midnight: true, delta: 502 },
          { kind: 'void' }, { kind: 'delete', pick: 2007691288, refund: false }, { kind: 'read', after: 1, midnight: true, delta: 44 },
          { kind: 'read', after: 24, midnight: false, delta: 135 }, { kind: 'recharge', fen: 345 }, { kind: 'read', after: 24, midnight: false, delta: 139 }]],
        // Another meter moved into the room in February: two lines, the old meter's closing where it was taken away.
        [0, [{ kind: 'read', after: 24, midnight: true, delta: 300 }, { kind: 'read', after: 216, midnight: false, delta: 500 }, { kind: 'recharge', fen: 20_000 },
          { kind: 'read', after: 24, midnight: true, delta: 200 }, { kind: 'replace', swap: true, total: 50 }, { kind: 'read', after: 24, midnight: false, delta: 120 },
          { kind: 'read', after: 240, midnight: false, delta: 400 }, { kind: 'read', after: 24, midnight: true, delta: 100 }]],
        // The same meter given a new address mid-month, a reading after it deleted with its refund and restored.
        [300, [{ kind: 'read', after: 24, midnight: false, delta: 300 }, { kind: 'read', after: 100, midnight: false, delta: 250 }, { kind: 'replace', swap: false, total: 7 },
          { kind: 'read', after: 30, midnight: false, delta: 90 }, { kind: 'read', after: 30, midnight: true, delta: 60 }, { kind: 'delete', pick: 1, refund: true },
          { kind: 'restore', pick: 0 }, { kind: 'read', after: 200, midnight: false, delta: 80 }]],
        // Two meters moved in one after the other at a month's end, the second's first reading deleted: its next reading, in
        // February, holds usage from January (a line with no closing in January); the statement closes on the first one's reading.
        [220, [{ kind: 'read', after: 24, midnight: true, delta: 624 }, { kind: 'delete', pick: 1665698996, refund: false }, { kind: 'recharge', fen: 25496 },
          { kind: 'delete', pick: 1322932377, refund: false }, { kind: 'delete', pick: 1783745988, refund: true }, { kind: 'replace', swap: true, total: 466 },
          { kind: 'void' }, { kind: 'delete', pick: 1367420384, refund: false }, { kind: 'read', after: 1, midnight: false, delta: -265 },
          { kind: 'replace', swap: true, total: 231 }, { kind: 'read', after: 1, midnight: false, delta: 616 }, { kind: 'delete', pick: 1217802443, refund: false },
          { kind: 'read', after: 161, midnight: false, delta: 730 }]],
      ],
    });
  }, 600_000);
});
