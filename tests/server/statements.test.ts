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
import { monthBounds, previousMonth, writeMonthEnd } from '../../server/domain/statements';
import { startTestBackend, type TestBackend } from '../support/testApp';

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

  it('a seeded month\'s statements reconcile with the ledger to the fen, per account and in total; written again, the same', async () => {
    const month = '2026-10';
    const start = new Date('2026-09-30T16:00:00Z');
    const end = new Date('2026-10-31T16:00:00Z');
    const began = performance.now();
    const result = await writeMonthEnd(backend.database.db, month, backend.clock.now, 'Asia/Shanghai');
    console.log(`month end of ${month}: ${result.statements} statements, ${result.settlements} settlements in ${Math.round(performance.now() - began)} ms`);
    const accounts = await rows(sql`SELECT id, room_id, utility FROM accounts WHERE created_at < ${end}`);
    expect(result.statements).toBe(accounts.length);
    // The reference, from the raw ledger rows.
    const ledger = await rows(sql`SELECT account_id, kind, amount_fen, created_at FROM ledger_entries`);
    const byAccount = new Map<number, { charge: number; recharge: number; refund: number; gift: number; closing: number }>();
    for (const a of accounts) byAccount.set(Number(a.id), { charge: 0, recharge: 0, refund: 0, gift: 0, closing: 0 });
    for (const e of ledger) {
      const ref = byAccount.get(Number(e.account_id));
      if (!ref) continue;
      const t = new Date(e.created_at).getTime();
      const amount = Number(e.amount_fen);
      if (t < end.getTime()) ref.closing += amount;
      if (t >= start.getTime() && t < end.getTime()) {
        if (e.kind === 'deduction') ref.charge -= amount;
        if (e.kind === 'recharge') ref.recharge += amount;
        if (e.kind === 'refund') ref.refund -= amount;
        if (e.kind === 'gift') ref.gift += amount;
      }
    }
    const statements = await statementsOf(month);
    let charges = 0;
    for (const a of accounts) {
      const s = statements.get(`${a.room_id}:${a.utility}`)!;
      const ref = byAccount.get(Number(a.id))!;
      expect({ charge: Number(s.charge_fen), recharge: Number(s.recharge_fen), refund: Number(s.refund_fen), gift: Number(s.gift_fen), closing: Number(s.closing_balance_fen) }, `account ${a.id}`)
        .toEqual(ref);
      charges += Number(s.charge_fen);
    }
    const total = await one(sql`SELECT coalesce(-sum(amount_fen), 0)::bigint AS c FROM ledger_entries WHERE kind = 'deduction' AND created_at >= ${start} AND created_at < ${end}
      AND account_id IN (SELECT id FROM accounts WHERE created_at < ${end})`);
    expect(charges).toBe(Number(total.c));
    expect(charges).toBeGreaterThan(0);

    // Rerunnable and reproducible.
    const again = await writeMonthEnd(backend.database.db, month, new Date(backend.clock.now.getTime() + 3_600_000), 'Asia/Shanghai');
    expect(again.statements).toBe(result.statements);
    const strip = (m: Map<string, Row>) => [...m.entries()].map(([k, s]) => [k, { ...s, id: undefined, created_at: undefined }]).sort();
    expect(strip(await statementsOf(month))).toEqual(strip(statements));
  }, 120_000);

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
});
