import { sql } from 'drizzle-orm';
import type { Db } from '../db';
import { rowsOf } from '../db/rows';
import { DEFAULT_TIME_ZONE, monthKeyOf, monthStart, splitUnits } from './billing';
import { billingSettings } from './billingEngine';
import { PeriodicJob } from './periodic';

/**
 * Month end (issue 29): the room billing statements (`room_statements`, per room, utility and month)
 * and the multi-rate monthly settlement per electric meter (`monthly_settlements`), computed from the
 * ledger and the readings alone, so a month can be written again at any time with the same result
 * (rows upserted on their unique keys). The billing month is the platform's time zone's.
 *
 * A statement: opening and closing readings (the last reading of the room's meter before the month,
 * and before its end), the usage (Σ consumption of the month's readings), the month's ledger by kind —
 * charges (deductions), recharges, refunds (as positive amounts), gifts — and the closing balance:
 * the account's balance less every ledger amount dated at or after the month's end. So the statements
 * reconcile with the ledger to the fen.
 *
 * A settlement: per rate, the month's units (each reading's per-rate consumption: from its rate
 * registers or its time-of-use split; a reading without either is flat) and money (each reading's
 * charge shared over its rates in proportion to units × the meter's current price of that rate,
 * largest remainder, so the rates add up to the reading's charge); the total is Σ of the month's charges of the meter's readings.
 */

/** The bounds of a billing month 'YYYY-MM' in a time zone. */
export function monthBounds(month: string, timeZone = DEFAULT_TIME_ZONE): { start: Date; end: Date } {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  if (!match || Number(match[2]) < 1 || Number(match[2]) > 12) throw new Error(`month ${month}: expected YYYY-MM`);
  const y = Number(match[1]);
  const m = Number(match[2]);
  // Mid-month instants (safe from any zone's offset), to the start of their month in the zone.
  const start = monthStart(new Date(Date.UTC(y, m - 1, 15)), timeZone);
  const end = monthStart(new Date(Date.UTC(m === 12 ? y + 1 : y, m === 12 ? 0 : m, 15)), timeZone);
  return { start, end };
}

/** The month before the one of `now`. */
export function previousMonth(now: Date, timeZone = DEFAULT_TIME_ZONE): string {
  return monthKeyOf(new Date(monthStart(now, timeZone).getTime() - 1), timeZone);
}

export interface MonthEndResult { month: string; statements: number; settlements: number }

/** Writes (or writes again) a month's statements and settlements. */
export async function writeMonthEnd(db: Db, month: string, now: Date, timeZone = billingSettings.timeZone): Promise<MonthEndResult> {
  const { start, end } = monthBounds(month, timeZone);
  return db.transaction(async (tx) => {
    // One statement per account opened before the month's end.
    const statements = rowsOf<{ id: number }>(await tx.execute(sql`
      INSERT INTO room_statements (area_id, room_id, utility, month, opening_reading, closing_reading, usage,
        charge_fen, recharge_fen, refund_fen, gift_fen, closing_balance_fen, created_at)
      SELECT a.area_id, a.room_id, a.utility, ${month},
        (SELECT r.total FROM readings r WHERE r.utility = a.utility AND r.meter_id = mt.id AND r.deleted_at IS NULL AND r.read_at < ${start} ORDER BY r.read_at DESC, r.id DESC LIMIT 1),
        (SELECT r.total FROM readings r WHERE r.utility = a.utility AND r.meter_id = mt.id AND r.deleted_at IS NULL AND r.read_at < ${end} ORDER BY r.read_at DESC, r.id DESC LIMIT 1),
        coalesce((SELECT sum(r.consumption) FROM readings r WHERE r.utility = a.utility AND r.meter_id = mt.id AND r.deleted_at IS NULL AND r.read_at >= ${start} AND r.read_at < ${end}), 0),
        coalesce(l.charge, 0), coalesce(l.recharge, 0), coalesce(l.refund, 0), coalesce(l.gift, 0),
        a.balance_fen - coalesce((SELECT sum(e.amount_fen) FROM ledger_entries e WHERE e.account_id = a.id AND e.created_at >= ${end}), 0),
        ${now}
      FROM accounts a
      LEFT JOIN LATERAL (
        SELECT m.id FROM electric_meters m WHERE a.utility = 'electric' AND m.room_id = a.room_id
        UNION ALL SELECT w.id FROM water_meters w WHERE a.utility = 'water' AND w.room_id = a.room_id
        ORDER BY 1 LIMIT 1) mt ON true
      LEFT JOIN (
        SELECT account_id,
          -sum(amount_fen) FILTER (WHERE kind = 'deduction') AS charge,
          sum(amount_fen) FILTER (WHERE kind = 'recharge') AS recharge,
          -sum(amount_fen) FILTER (WHERE kind = 'refund') AS refund,
          sum(amount_fen) FILTER (WHERE kind = 'gift') AS gift
        FROM ledger_entries WHERE created_at >= ${start} AND created_at < ${end} GROUP BY account_id) l ON l.account_id = a.id
      WHERE a.created_at < ${end}
      ON CONFLICT (room_id, utility, month) DO UPDATE SET
        area_id = excluded.area_id, opening_reading = excluded.opening_reading, closing_reading = excluded.closing_reading, usage = excluded.usage,
        charge_fen = excluded.charge_fen, recharge_fen = excluded.recharge_fen, refund_fen = excluded.refund_fen, gift_fen = excluded.gift_fen,
        closing_balance_fen = excluded.closing_balance_fen, created_at = excluded.created_at
      RETURNING id`));

    // Settlements: the month's readings of each electric meter, per rate.
    const readings = rowsOf<{ meter_id: number; room_id: number | null; area_id: number; consumption: string | number; cost_fen: string | number; usage_rates: number[] | string | null;
      sharp_fen: number | null; peak_fen: number | null; flat_fen: number | null; valley_fen: number | null }>(await tx.execute(sql`
      SELECT r.meter_id, coalesce(r.room_id, m.room_id) AS room_id, m.area_id, r.consumption, r.cost_fen, r.usage_rates,
        p.sharp_fen, p.peak_fen, p.flat_fen, p.valley_fen
      FROM readings r JOIN electric_meters m ON m.id = r.meter_id LEFT JOIN price_tables p ON p.id = m.price_table_id
      WHERE r.utility = 'electric' AND r.deleted_at IS NULL AND r.read_at >= ${start} AND r.read_at < ${end}
      ORDER BY r.meter_id, r.id`));
    const perMeter = new Map<number, { areaId: number; roomId: number | null; units: number[]; fen: number[]; total: number }>();
    for (const row of readings) {
      const meterId = Number(row.meter_id);
      let entry = perMeter.get(meterId);
      if (!entry) {
        entry = { areaId: Number(row.area_id), roomId: row.room_id === null ? null : Number(row.room_id), units: [0, 0, 0, 0], fen: [0, 0, 0, 0], total: 0 };
        perMeter.set(meterId, entry);
      }
      const consumption = Math.round(Number(row.consumption) * 100);
      const raw = typeof row.usage_rates === 'string' ? (JSON.parse(row.usage_rates) as number[]) : row.usage_rates;
      const units = Array.isArray(raw) && raw.length === 4 && raw.reduce((a, b) => a + b, 0) === consumption ? raw : [0, 0, consumption, 0];
      const cost = Number(row.cost_fen);
      const prices = [row.sharp_fen, row.peak_fen, row.flat_fen, row.valley_fen].map((p) => Math.max(0, Number(p ?? 0)));
      const priced = units.map((u, i) => u * prices[i]);
      const shares = splitUnits(cost, priced.some((w) => w > 0) ? priced : units.some((u) => u > 0) ? units : [0, 0, 1, 0]);
      units.forEach((u, i) => { entry!.units[i] += u; entry!.fen[i] += shares[i]; });
      entry.total += cost;
    }
    let settlements = 0;
    const all = [...perMeter.entries()].filter(([, e]) => e.roomId !== null);
    for (let i = 0; i < all.length; i += 500) {
      const chunk = all.slice(i, i + 500);
      const values = chunk.map(([meterId, e]) => sql`(${e.areaId}, ${meterId}, ${e.roomId}, ${month}, ${e.units[0] / 100}, ${e.units[1] / 100}, ${e.units[2] / 100}, ${e.units[3] / 100},
        ${e.fen[0]}, ${e.fen[1]}, ${e.fen[2]}, ${e.fen[3]}, ${e.total}, ${now})`);
      const written = rowsOf<{ id: number }>(await tx.execute(sql`
        INSERT INTO monthly_settlements (area_id, meter_id, room_id, month, sharp_kwh, peak_kwh, flat_kwh, valley_kwh, sharp_fen, peak_fen, flat_fen, valley_fen, total_fen, created_at)
        VALUES ${sql.join(values, sql`, `)}
        ON CONFLICT (meter_id, month) DO UPDATE SET
          area_id = excluded.area_id, room_id = excluded.room_id, sharp_kwh = excluded.sharp_kwh, peak_kwh = excluded.peak_kwh, flat_kwh = excluded.flat_kwh,
          valley_kwh = excluded.valley_kwh, sharp_fen = excluded.sharp_fen, peak_fen = excluded.peak_fen, flat_fen = excluded.flat_fen,
          valley_fen = excluded.valley_fen, total_fen = excluded.total_fen, created_at = excluded.created_at
        RETURNING id`));
      settlements += written.length;
    }
    return { month, statements: statements.length, settlements };
  });
}

/**
 * The month-end job: at its first run and whenever the month has changed since its last, writes the
 * month just ended (statements and settlements are rerunnable: every process may do it; the result is the same).
 */
export class MonthEndJob extends PeriodicJob<MonthEndResult | undefined> {
  private done?: string;
  private delay?: NodeJS.Timeout;

  constructor(private db: Db, private now: () => Date, private options: { everyMs: number; firstAfterMs?: number; log?: (message: string, error?: unknown) => void }) {
    super('month end', options.log);
  }

  /** Starts after `firstAfterMs` (the month's rewrite is one long transaction: not in the way of a starting server). */
  start() {
    this.delay = setTimeout(() => void this.startEvery(this.options.everyMs), this.options.firstAfterMs ?? 0);
    this.delay.unref();
  }

  async tick(): Promise<MonthEndResult | undefined> {
    return this.runNow();
  }

  override async stop() {
    clearTimeout(this.delay);
    await super.stop();
  }

  protected async runOnce() {
    const now = this.now();
    const month = previousMonth(now, billingSettings.timeZone);
    if (this.done === month) return undefined;
    const result = await writeMonthEnd(this.db, month, now);
    this.done = month;
    return result;
  }
}
