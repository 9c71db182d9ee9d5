import { sql } from 'drizzle-orm';
import type { Db } from '../db';
import { rowsOf } from '../db/rows';
import { DEFAULT_TIME_ZONE, monthKeyOf, zoneOffsetMs } from './billing';
import { billingSettings } from './billingEngine';
import { lockAccount, type Utility } from './ledger';
import { PeriodicJob } from './periodic';

/**
 * Gift day (DOMAIN.md rule 5, issue 29): on its gift set's day of month (in the platform's time
 * zone; a later day of the month catches up a missed one) a meter's account gets its monthly free
 * allowance: the new allowance is the set's amount plus what was left, carried over up to the set's
 * cap (`carryOverCap`, in kWh or m³). One gift record per meter and month (`gift_records`, unique on
 * utility × meter × period): the record is written first, so a second giver — a rerun, another
 * process — writes nothing and changes nothing.
 */

export interface GiftValues { amount: number; dayOfMonth: number; carryOverCap: number }

/** A gift set's values (undefined when unusable). */
export function giftValuesOf(values: Record<string, unknown> | null | undefined): GiftValues | undefined {
  const amount = Number(values?.amount);
  const day = Number(values?.dayOfMonth ?? 1);
  const cap = Number(values?.carryOverCap ?? 0);
  if (!(amount > 0) || !Number.isInteger(day) || day < 1 || day > 28 || !(cap >= 0)) return undefined;
  return { amount, dayOfMonth: day, carryOverCap: cap };
}

/** The new allowance (hundredths): the amount plus the carry-over, min(left, cap). */
export function allowanceAfterGift(leftHundredths: number, gift: GiftValues): { allowance: number; carried: number } {
  const carried = Math.max(0, Math.min(leftHundredths, Math.round(gift.carryOverCap * 100)));
  return { allowance: Math.round(gift.amount * 100) + carried, carried };
}

/** Gives the gifts due at `now`; returns how many were given. */
export async function giveGifts(db: Db, now: Date, timeZone = billingSettings.timeZone ?? DEFAULT_TIME_ZONE): Promise<number> {
  const period = monthKeyOf(now, timeZone);
  const day = new Date(now.getTime() + zoneOffsetMs(now.getTime(), timeZone)).getUTCDate();
  const due = rowsOf<{ utility: Utility; meter_id: number; room_id: number; area_id: number; values: Record<string, unknown> | string }>(await db.execute(sql`
    SELECT 'electric' AS utility, m.id AS meter_id, m.room_id, m.area_id, p.values FROM electric_meters m JOIN parameter_sets p ON p.id = m.gift_set_id AND p.kind = 'gift'
    WHERE m.room_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM gift_records g WHERE g.utility = 'electric' AND g.meter_id = m.id AND g.period = ${period} AND g.source = 'gift_day')
    UNION ALL
    SELECT 'water', w.id, w.room_id, w.area_id, p.values FROM water_meters w JOIN parameter_sets p ON p.id = w.gift_set_id AND p.kind = 'gift'
    WHERE w.room_id IS NOT NULL AND w.account_opened AND NOT EXISTS (SELECT 1 FROM gift_records g WHERE g.utility = 'water' AND g.meter_id = w.id AND g.period = ${period} AND g.source = 'gift_day')
    ORDER BY 1, 2`));
  let given = 0;
  for (const row of due) {
    const gift = giftValuesOf(typeof row.values === 'string' ? JSON.parse(row.values) as Record<string, unknown> : row.values);
    if (!gift || day < gift.dayOfMonth) continue;
    const done = await db.transaction(async (tx) => {
      const account = await lockAccount(tx, Number(row.room_id), row.utility);
      if (!account) return false;
      const { allowance, carried } = allowanceAfterGift(Math.round(account.freeLeft * 100), gift);
      const inserted = rowsOf<{ id: number }>(await tx.execute(sql`
        INSERT INTO gift_records (area_id, utility, meter_id, room_id, amount, carried_over, period, created_at)
        VALUES (${row.area_id}, ${row.utility}, ${row.meter_id}, ${row.room_id}, ${gift.amount}, ${carried / 100}, ${period}, ${now})
        ON CONFLICT (utility, meter_id, period) WHERE source = 'gift_day' DO NOTHING RETURNING id`));
      if (!inserted.length) return false;
      await tx.execute(sql`UPDATE accounts SET free_left = ${allowance / 100} WHERE id = ${account.id}`);
      if (row.utility === 'water') await tx.execute(sql`UPDATE water_meters SET free_allowance = ${allowance / 100} WHERE id = ${row.meter_id}`);
      return true;
    });
    if (done) given += 1;
  }
  return given;
}

/** The gift-day job (hourly). */
export class GiftDayJob extends PeriodicJob<number> {
  constructor(private db: Db, private now: () => Date, private options: { everyMs: number; log?: (message: string, error?: unknown) => void }) {
    super('gift day', options.log);
  }

  start() {
    void this.startEvery(this.options.everyMs);
  }

  async tick(): Promise<number> {
    return (await this.runNow()) ?? 0;
  }

  protected runOnce() {
    return giveGifts(this.db, this.now());
  }
}
