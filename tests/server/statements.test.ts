/**
 * Month end (issue 29, server/domain/statements.ts): room statements and multi-rate settlements
 * reconcile with the ledger to the fen — every figure recomputed here from the raw ledger and
 * reading rows — and a month written again gives the same rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { recordCommandResult } from '../../server/domain/deviceEvents';
import { rebaseMeter } from '../../server/domain/billingEngine';
import { postLedger } from '../../server/domain/ledger';
import { MonthEndJob, monthBounds, previousMonth, writeMonthEnd } from '../../server/domain/statements';
import { apiClient, loginAs, startTestBackend, type TestBackend } from '../support/testApp';
import { partIn } from '../support/usageReference';
import { USAGE_RULE_VERSION, upgradeUsageRule } from '../../server/domain/usageRule';
import { statementFigures } from '../../server/db/monthEnd';

let backend: TestBackend;
type Row = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const rows = async (query: ReturnType<typeof sql>) => ((await backend.database.db.execute(query)) as unknown as { rows: Row[] }).rows;
const one = async (query: ReturnType<typeof sql>) => (await rows(query))[0];

beforeAll(async () => {
  backend = await startTestBackend();
}, 120_000);
afterAll(() => backend.close());

/** The statements of a month as numbers, keyed by room and utility. */
async function statementsOf(month: string) {
  const list = await rows(sql`SELECT * FROM room_statements WHERE month = ${month}`);
  return new Map(list.map((s) => [`${s.room_id}:${s.utility}`, s]));
}

describe('month end', () => {
  it('month bounds in the platform\'s time zone', () => {
    expect(monthBounds('2026-10')).toEqual({ start: new Date('2026-09-30T16:00:00Z'), end: new Date('2026-10-31T16:00:00Z') });
    expect(monthBounds('2026-12', 'UTC')).toEqual({ start: new Date('2026-12-01T00:00:00Z'), end: new Date('2027-01-01T00:00:00Z') });
    expect(previousMonth(new Date('2026-11-30T16:30:00Z'))).toBe('2026-11');
    expect(() => monthBounds('2026-13')).toThrow();
  });

  it('the seeded months chain and reconcile with the ledger and the readings to the fen, by the rule, for every account; written again, the same', async () => {
    const db = backend.database.db;
    const months = ['2026-09', '2026-10', '2026-11'];
    const bounds = months.map((month) => monthBounds(month, 'Asia/Shanghai'));
    // The reference, written apart from the server's: an entry or a reading interval (from, to] puts
    // the part trunc(T·F(b)) − trunc(T·F(a)) of its figure T in [a, b); F the share of the interval
    // elapsed, in whole ms, trunc toward zero (tests/support/usageReference.ts); without an interval, all of it at its instant. The
    // entries of one reading go as their running total: each its part of the total after it less the
    // part of the total before it.
    const part = (total: bigint, from: number | null, to: number, a: number, b: number): bigint => BigInt(partIn(Number(total), from, to, a, b));
    const running = new Map<string, bigint>();
    const ms = (v: unknown) => (v === null ? null : new Date(v as string).getTime());
    // Every row, a page at a time (one answer of them all overflows the stack).
    const all = async (select: (after: number) => ReturnType<typeof sql>) => {
      const out: Row[] = [];
      for (let after = 0; ;) {
        const page = await rows(select(after));
        if (!page.length) return out;
        out.push(...page);
        after = Number(page[page.length - 1].id);
      }
    };
    // One area's accounts (the first of the demo estate's two): every one of them.
    const area = sql.raw('(SELECT id FROM areas WHERE id = 1 OR parent_id = 1)');
    const readings = await all((after) => sql`SELECT id, utility, room_id, since_at, read_at, consumption, usage_rates, cost_fen FROM readings
      WHERE deleted_at IS NULL AND id > ${after} AND read_at >= '2026-08-25' AND area_id IN ${area} ORDER BY id LIMIT 20000`);
    const readingById = new Map(readings.map((r) => [`${r.utility}:${r.id}`, r]));
    const ledger = await all((after) => sql`SELECT id, account_id, utility, kind, ref_type, ref_id, reading_id, amount_fen, created_at, usage_from, usage_to FROM ledger_entries
      WHERE id > ${after} AND area_id IN ${area} ORDER BY id LIMIT 20000`);
    const accounts = await rows(sql`SELECT id, room_id, utility, balance_fen, created_at FROM accounts WHERE area_id IN ${area}`);
    type Ref = { charge: bigint; recharge: bigint; void: bigint; refund: bigint; gift: bigint; adjust: bigint; before: bigint };
    const ref = new Map<number, Ref[]>(accounts.map((a) => [Number(a.id), months.map(() => ({ charge: 0n, recharge: 0n, void: 0n, refund: 0n, gift: 0n, adjust: 0n, before: 0n }))]));
    for (const e of ledger) {
      const perMonth = ref.get(Number(e.account_id))!;
      const amount = BigInt(e.amount_fen);
      const readingRef = ['reading', 'reading_delete', 'reading_restore', 'reading_recount'].includes(e.ref_type);
      const reading = readingRef ? readingById.get(`${e.utility}:${e.reading_id ?? e.ref_id}`) : undefined;
      const [from, to] = reading ? [ms(reading.since_at), ms(reading.read_at)!] : e.usage_to ? [ms(e.usage_from), ms(e.usage_to)!] : [null, ms(e.created_at)!];
      const priced = e.kind === 'deduction' || readingRef || !!e.usage_to;
      const key = reading ? `${e.account_id}:${reading.id}` : null;
      const earlier = key ? running.get(key) ?? 0n : 0n;
      if (key) running.set(key, earlier + amount);
      const partOf = (a: number, b: number) => part(earlier + amount, from, to, a, b) - part(earlier, from, to, a, b);
      bounds.forEach(({ start, end }, k) => {
        const r = perMonth[k];
        r.before += partOf(-8.64e15, start.getTime());
        const m = partOf(start.getTime(), end.getTime());
        if (priced) r.charge -= m;
        else if (e.kind === 'recharge') r.recharge += m;
        else if (e.kind === 'void') r.void -= m;
        else if (e.kind === 'refund' && amount > 0n) r.refund += m;
        else if (e.kind === 'gift') r.gift += m;
        else r.adjust += m;
      });
    }
    // Usage per room, utility and month from the raw readings, per rate register.
    const usage = new Map<string, bigint>();
    for (const r of readings) {
      const total = Math.round(Number(r.consumption) * 100);
      const rates = Array.isArray(r.usage_rates) && r.usage_rates.length === 4 && r.usage_rates.reduce((a: number, b: number) => a + Number(b), 0) === total
        ? r.usage_rates.map((x: number) => BigInt(x)) : [0n, 0n, BigInt(total), 0n];
      bounds.forEach(({ start, end }, k) => {
        const key = `${r.room_id}:${r.utility}:${months[k]}`;
        const sum = rates.reduce((acc: bigint, t: bigint) => acc + part(t, ms(r.since_at), ms(r.read_at)!, start.getTime(), end.getTime()), 0n);
        usage.set(key, (usage.get(key) ?? 0n) + sum);
      });
    }
    const statements = await rows(sql`SELECT * FROM room_statements WHERE month IN ('2026-09', '2026-10', '2026-11')`);
    const byKey = new Map(statements.map((s) => [`${s.room_id}:${s.utility}:${s.month}`, s]));
    let checked = 0;
    for (const a of accounts) {
      let previous: Row | undefined;
      months.forEach((month, k) => {
        const s = byKey.get(`${a.room_id}:${a.utility}:${month}`);
        if (new Date(a.created_at).getTime() >= bounds[k].end.getTime()) return expect(s).toBeUndefined();
        expect(s, `statement ${a.room_id}:${a.utility}:${month}`).toBeDefined();
        const r = ref.get(Number(a.id))![k];
        const figures = (x: Row) => ({ charge: Number(x.charge_fen), recharge: Number(x.recharge_fen), void: Number(x.void_fen), refund: Number(x.refund_fen), gift: Number(x.gift_fen), adjust: Number(x.adjust_fen), opening: Number(x.opening_balance_fen) });
        expect(figures(s!), `account ${a.id} ${month}`).toEqual({ charge: Number(r.charge), recharge: Number(r.recharge), void: Number(r.void), refund: Number(r.refund), gift: Number(r.gift), adjust: Number(r.adjust), opening: Number(r.before) });
        // The chain: closing = opening + the month's flows; opening = the month before's closing.
        expect(Number(s!.closing_balance_fen)).toBe(Number(s!.opening_balance_fen) + Number(s!.recharge_fen) - Number(s!.void_fen) - Number(s!.charge_fen) + Number(s!.refund_fen) + Number(s!.gift_fen) + Number(s!.adjust_fen));
        if (previous) {
          expect(Number(s!.opening_balance_fen), `opening ${a.id} ${month}`).toBe(Number(previous.closing_balance_fen));
          expect(s!.opening_reading, `opening reading ${a.id} ${month}`).toBe(previous.closing_reading);
        }
        expect(Math.round(Number(s!.usage) * 100), `usage ${a.id} ${month}`).toBe(Number(usage.get(`${a.room_id}:${a.utility}:${month}`) ?? 0n));
        // The readings per meter: the lines' usages add up to the statement's; its readings are its first line's opening and its last line's closing.
        const lines = (s!.meter_lines ?? []) as { openingReading: number; closingReading: number | null; usage: number }[];
        expect(lines.reduce((sum, line) => sum + Math.round(line.usage * 100), 0), `lines ${a.id} ${month}`).toBe(Math.round(Number(s!.usage) * 100));
        if (lines.length) {
          expect(Number(s!.opening_reading)).toBe(lines[0].openingReading);
          expect(Number(s!.closing_reading)).toBe(lines[lines.length - 1].closingReading);
        } else expect(s!.opening_reading).toBeNull();
        previous = s;
        checked++;
      });
      // The running month closes at the balance now.
      expect(Number(previous!.closing_balance_fen), `balance ${a.id}`).toBe(Number(a.balance_fen));
      expect(previous!.running).toBe(true);
    }
    expect(checked).toBeGreaterThan(2000);

    // Rerunnable and reproducible.
    const before = await statementsOf('2026-10');
    const again = await writeMonthEnd(db, '2026-10', new Date(backend.clock.now.getTime() + 3_600_000), 'Asia/Shanghai');
    expect(again.statements).toBe(before.size);
    const strip = (m: Map<string, Row>) => [...m.entries()].map(([k, s]) => [k, { ...s, id: undefined, created_at: undefined }]).sort();
    expect(strip(await statementsOf('2026-10'))).toEqual(strip(before));
  }, 300_000);

  it('a month of engine charges on a time-of-use meter: the settlement per rate adds up to the ledger\'s charges of its readings; the statement\'s usage and readings', async () => {
    const meter = await one(sql`SELECT m.id, m.room_id, m.area_id, a.id AS account_id FROM electric_meters m JOIN accounts a ON a.room_id = m.room_id AND a.utility = 'electric'
      WHERE m.room_id IS NOT NULL AND (SELECT count(*) FROM electric_meters x WHERE x.room_id = m.room_id) = 1 ORDER BY m.id LIMIT 1`);
    const table = Number((await one(sql`INSERT INTO price_tables (area_id, name, kind, sharp_fen, peak_fen, flat_fen, valley_fen) VALUES (${meter.area_id}, 'test tou', 'tou', 110, 95, 65, 35) RETURNING id`)).id);
    await rows(sql`UPDATE electric_meters SET price_table_id = ${table}, keep_supply = true WHERE id = ${meter.id}`);
    await rows(sql`UPDATE accounts SET free_left = 0 WHERE id = ${meter.account_id}`);
    await backend.database.db.transaction(async (tx) => {
      await rebaseMeter(tx, 'electric', Number(meter.id), backend.clock.now);
      await postLedger(tx, { accountId: Number(meter.account_id), kind: 'recharge', amountFen: 100_000 }, new Date('2027-03-01T09:00:00+08:00'));
    });
    const regs = [1000, 2000, 3000, 4000];
    const ids: number[] = [];
    let at = Date.parse('2027-03-01T10:00:00+08:00');
    for (let i = 0; i < 12; i++) {
      if (i > 0) regs.forEach((_, k) => { regs[k] += (i * 37 + k * 11) % 90; });
      const data = { total: regs.reduce((a, b) => a + b, 0) / 100, sharp: regs[0] / 100, peak: regs[1] / 100, flat: regs[2] / 100, valley: regs[3] / 100 };
      const result = await backend.database.db.transaction((tx) => recordCommandResult(tx, { kind: 'electric', id: Number(meter.id), type: 'read', data, commandId: 0, payload: {}, now: new Date(at) }));
      ids.push(result.readingId!);
      at += 2 * 86_400_000;
    }
    await writeMonthEnd(backend.database.db, '2027-03', new Date('2027-04-01T01:00:00+08:00'), 'Asia/Shanghai');
    const settlement = await one(sql`SELECT * FROM monthly_settlements WHERE meter_id = ${meter.id} AND month = '2027-03'`);
    const charged = await one(sql`SELECT -sum(amount_fen)::bigint AS c FROM ledger_entries WHERE reading_id IN (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`);
    expect(Number(settlement.total_fen)).toBe(Number(charged.c));
    expect(Number(settlement.sharp_fen) + Number(settlement.peak_fen) + Number(settlement.flat_fen) + Number(settlement.valley_fen)).toBe(Number(settlement.total_fen));
    // kWh per rate: the registers' movement over the month.
    const kwh = [settlement.sharp_kwh, settlement.peak_kwh, settlement.flat_kwh, settlement.valley_kwh].map((x) => Math.round(Number(x) * 100));
    expect(kwh).toEqual(regs.map((r, k) => r - [1000, 2000, 3000, 4000][k]));
    // Each rate's money is its units at its price, within a fen per reading.
    [110, 95, 65, 35].forEach((price, k) => expect(Math.abs(Number([settlement.sharp_fen, settlement.peak_fen, settlement.flat_fen, settlement.valley_fen][k]) - (kwh[k] * price) / 100)).toBeLessThanOrEqual(12));
    const statement = await one(sql`SELECT * FROM room_statements WHERE room_id = ${meter.room_id} AND utility = 'electric' AND month = '2027-03'`);
    expect(Number(statement.charge_fen)).toBe(Number(charged.c));
    expect(Number(statement.recharge_fen)).toBe(100_000);
    expect(Math.round(Number(statement.closing_reading) * 100)).toBe(regs.reduce((a, b) => a + b, 0));
    expect(Math.round(Number(statement.usage) * 100)).toBe(regs.reduce((a, b) => a + b, 0) - 10_000);
    const balance = await one(sql`SELECT balance_fen FROM accounts WHERE id = ${meter.account_id}`);
    expect(Number(statement.closing_balance_fen)).toBe(Number(balance.balance_fen));
  }, 120_000);

  it('a reading of a month before the last one deleted with its refund: the month-end job writes that month again, and the statements still chain to the balance', async () => {
    const db = backend.database.db;
    const api = apiClient(backend.app, await loginAs(backend.app, 'admin'));
    // A charged reading of September's last hours (read by October 1st 00:00) whose meter was next read in October: deleted with
    // its refund, the next reading takes its usage over from the reading before, so that usage and its money now spread into
    // October, and September's figures move. The room's statements run September to the running November.
    const reading = await one(sql`SELECT r.id, r.room_id, r.cost_fen FROM readings r
      WHERE r.utility = 'electric' AND r.deleted_at IS NULL AND r.area_id = 1 AND r.cost_fen > 10
        AND r.since_at >= '2026-09-25T00:00:00+08:00' AND r.read_at > '2026-09-30T12:00:00+08:00' AND r.read_at <= '2026-10-01T00:00:00+08:00'
        AND (SELECT n.read_at FROM readings n WHERE n.utility = 'electric' AND n.meter_id = r.meter_id AND n.deleted_at IS NULL AND n.read_at > r.read_at ORDER BY n.read_at LIMIT 1)
          > '2026-10-01T06:00:00+08:00'
        AND EXISTS (SELECT 1 FROM room_statements s WHERE s.room_id = r.room_id AND s.utility = 'electric' AND s.month = '2026-09')
      ORDER BY r.id LIMIT 1`);
    expect(reading, 'a reading of September\'s last hours').toBeDefined();
    const statementsOfRoom = async () => rows(sql`SELECT month, opening_balance_fen, closing_balance_fen, charge_fen FROM room_statements
      WHERE room_id = ${reading.room_id} AND utility = 'electric' AND month BETWEEN '2026-09' AND '2026-11' ORDER BY month`);
    const before = await statementsOfRoom();
    expect(before.map((s) => s.month)).toEqual(['2026-09', '2026-10', '2026-11']);
    const response = await api.delete('meterReadingRecord/deleteReading', { id: Number(reading.id), reason: 'late correction', refund: true });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect((await rows(sql`SELECT month FROM statement_stale_months ORDER BY month`)).map((r) => r.month)).toContain('2026-09');

    const job = new MonthEndJob(db, () => backend.clock.now, { everyMs: 3_600_000 });
    await job.tick();
    const after = await statementsOfRoom();
    // September written again as the ledger and readings now give it (the refund, and the next reading's recount that takes its
    // usage over), no longer as it stood; and the chain to the balance.
    const account = await one(sql`SELECT id FROM accounts WHERE room_id = ${reading.room_id} AND utility = 'electric'`);
    const { start, end } = monthBounds('2026-09');
    const fresh = await one(sql`SELECT * FROM (${statementFigures('2026-09', start, end, { accountIds: [Number(account.id)] })}) f`);
    expect(Number(after[0].charge_fen)).toBe(Number(fresh.charge_fen));
    expect(Number(after[0].closing_balance_fen)).toBe(Number(fresh.closing_balance_fen));
    expect(Number(after[0].closing_balance_fen)).not.toBe(Number(before[0].closing_balance_fen));
    for (let k = 1; k < after.length; k++) expect(Number(after[k].opening_balance_fen), after[k].month).toBe(Number(after[k - 1].closing_balance_fen));
    const balance = await one(sql`SELECT balance_fen FROM accounts WHERE room_id = ${reading.room_id} AND utility = 'electric'`);
    expect(Number(after[2].closing_balance_fen)).toBe(Number(balance.balance_fen));
    expect((await rows(sql`SELECT month FROM statement_stale_months WHERE month <= '2026-11'`)).length).toBe(0);
  }, 300_000);

  it('a database written by an older rule is brought to this one once, at start: aggregates rebuilt, every stored month written again with its readings per meter, said in the operation log', async () => {
    const db = backend.database.db;
    const before = await statementsOf('2026-10');
    const days = async () => one(sql`SELECT count(*) AS n, sum(usage_h) AS h, sum(cost_fen) AS fen FROM daily_usage WHERE day >= '2026-10-01' AND day < '2026-11-01'`);
    const daysBefore = await days();
    // Every aggregate as the triggers kept it (the usage's days, months, rooms' months and UTC hours, the recharge days of rooms
    // and areas), less rows whose figures are all zero (a trigger leaves them where a reading or order left; a rebuild writes none).
    const table = (name: string, keys: string, figures: string) => `(SELECT md5(string_agg(concat_ws(',', ${keys}, ${figures}), ';' ORDER BY ${keys})) FROM ${name}
      WHERE ${figures.split(', ').map((f) => `${f} <> 0`).join(' OR ')})`;
    const aggregates = async () => (await one(sql.raw(`SELECT concat_ws(' ',
      ${table('daily_usage', 'utility, area_id, day, room_id, meter_id', 'usage_h, sharp_h, peak_h, flat_h, valley_h, readings, cost_fen')},
      ${table('monthly_usage', 'utility, area_id, month, room_id, meter_id', 'usage_h, sharp_h, peak_h, flat_h, valley_h, readings, cost_fen')},
      ${table('monthly_room_usage', 'utility, area_id, month, room_id', 'usage_h, readings')},
      ${table('hourly_area_usage', 'utility, area_id, hour', 'usage_h, readings, cost_fen')},
      ${table('daily_recharge', 'utility, area_id, day, room_id, channel', 'amount_fen, orders')},
      ${table('daily_area_recharge', 'utility, area_id, day, channel', 'amount_fen, orders')}) AS t`))).t;
    const aggregatesBefore = await aggregates();
    // As an older version left it: no readings per meter, a usage of the older rule, a day's aggregates missing.
    await rows(sql`UPDATE room_statements SET meter_lines = NULL, usage = usage + 1 WHERE month = '2026-10'`);
    await rows(sql`DELETE FROM daily_usage WHERE day = '2026-10-15'`);
    await rows(sql`UPDATE aggregate_settings SET usage_rule = ${USAGE_RULE_VERSION - 1} WHERE id = 1`);
    const logged = Number((await one(sql`SELECT count(*) AS n FROM operation_log WHERE entity = 'usage_rule'`)).n);

    const result = await upgradeUsageRule(db, backend.clock.now, 'Asia/Shanghai');
    expect(result).toMatchObject({ from: USAGE_RULE_VERSION - 1, to: USAGE_RULE_VERSION });
    expect(result!.statementsChanged).toBeGreaterThanOrEqual(before.size);
    expect(result!.months).toContain('2026-10');
    const strip = (m: Map<string, Row>) => [...m.entries()].map(([k, s]) => [k, { ...s, id: undefined, created_at: undefined }]).sort();
    expect(strip(await statementsOf('2026-10'))).toEqual(strip(before));
    expect([...(await statementsOf('2026-10')).values()].every((s) => Array.isArray(s.meter_lines))).toBe(true);
    expect(await days()).toEqual(daysBefore);
    // The whole rebuild gives the very figures the triggers had kept, the day deleted above included.
    expect(await aggregates()).toEqual(aggregatesBefore);
    // Said once in each area's operation log; a second start finds the database at this rule and changes nothing.
    const entries = await rows(sql`SELECT area_id, entity_id, after FROM operation_log WHERE entity = 'usage_rule' ORDER BY id DESC`);
    expect(entries.length - logged).toBe(Number((await one(sql`SELECT count(*) AS n FROM areas`)).n));
    expect(entries[0]).toMatchObject({ entity_id: String(USAGE_RULE_VERSION) });
    expect(await upgradeUsageRule(db, backend.clock.now, 'Asia/Shanghai')).toBeUndefined();
  }, 300_000);
});
