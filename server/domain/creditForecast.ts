import { sql } from 'drizzle-orm';
import type { Db } from '../db';
import { rowsOf } from '../db/rows';
import { hundredthsOf, monthKeyOf, zoneOffsetMs } from './billing';
import { billingSettings, electricTariff } from './billingEngine';
import { forecastCredit, type Forecast, type ForecastDay } from '../../common/creditForecast';
import type { Tariff } from '../../common/pricing';

export type { Forecast } from '../../common/creditForecast';

/**
 * "Days of credit left" of a room (issue 42, the tenant's page): the figures of the forecast read from
 * the database, worked out by common/creditForecast.ts (its comment holds the rule).
 *
 * - The account of the room and utility: balance, free allowance left, overdraft.
 * - The tariff the billing engine (billingEngine.ts chargeBatch) charges the room's meter at — the
 *   room's first meter of the utility (lowest id, as accountSide shows it): electric, its own price
 *   table else its area's default (`electricTariff`, the engine's own function); water, `single` at the
 *   meter's price per m³.
 * - The basis: the 30 whole days before today (the platform's time zone, billingSettings.timeZone), but
 *   none before the start date of the room's current tenancy (tenant_bindings, end_date null): fewer
 *   days then, none when it starts today. A day with no use counts, at 0. Use is read from the daily
 *   aggregates (`daily_usage`, whose days are the platform's), all the room's meters of the utility summed.
 * - Month-to-date (tiers): `daily_usage` of the room and utility from the 1st of this month, today included.
 *
 * Null when there is nothing to forecast: the room has no meter of the utility, or no account of it, or
 * the engine would not charge it (an electric meter with no price; a water meter whose account is not
 * opened).
 */
export async function forecastOf(db: Db, roomId: number, utility: 'electric' | 'water', now: Date): Promise<Forecast | null> {
  const timeZone = billingSettings.timeZone;
  const meters = utility === 'electric' ? sql`electric_meters` : sql`water_meters`;
  const [meter] = rowsOf<{ area_id: number; price_table_id: number | null; price_fen: number | string | null; account_opened: boolean }>(await db.execute(utility === 'electric'
    ? sql`SELECT area_id, price_table_id, NULL::integer AS price_fen, true AS account_opened FROM electric_meters WHERE room_id = ${roomId} ORDER BY id LIMIT 1`
    : sql`SELECT area_id, NULL::integer AS price_table_id, price_fen, account_opened FROM water_meters WHERE room_id = ${roomId} ORDER BY id LIMIT 1`));
  if (!meter) return null;
  const [account] = rowsOf<{ balance_fen: string | number; free_left: string | number; overdraft_fen: string | number }>(await db.execute(sql`
    SELECT balance_fen, free_left, overdraft_fen FROM accounts WHERE room_id = ${roomId} AND utility = ${utility}`));
  if (!account) return null;

  let tariff: Tariff;
  if (utility === 'electric') {
    // The engine's own lookup: the meter's price table, else its area's default.
    const priced = await electricTariff(db, { areaId: Number(meter.area_id), priceTableId: meter.price_table_id === null ? null : Number(meter.price_table_id) });
    if (!priced) return null;
    tariff = priced.tariff;
  } else {
    // As the engine prices water: the meter's price per m³, once its account is opened.
    if (!meter.account_opened) return null;
    const priceFen = Number(meter.price_fen ?? 0);
    tariff = { kind: 'single', sharpFen: priceFen, peakFen: priceFen, flatFen: priceFen, valleyFen: priceFen };
  }

  const today = localDate(now, timeZone);
  const monthFirst = `${monthKeyOf(now, timeZone)}-01`;
  const [tenancy] = rowsOf<{ start_date: string }>(await db.execute(sql`
    SELECT start_date::text AS start_date FROM tenant_bindings WHERE room_id = ${roomId} AND end_date IS NULL
    ORDER BY start_date DESC, id DESC LIMIT 1`));
  const thirtyBefore = addDays(today, -30);
  const from = tenancy && tenancy.start_date > thirtyBefore ? (tenancy.start_date < today ? tenancy.start_date : today) : thirtyBefore;
  const earliest = from < monthFirst ? from : monthFirst;

  // The key of daily_usage leads with utility, area and day: the areas the room's rows can be in (the
  // room's and its meters') keep the read to a few index ranges.
  const rows = rowsOf<{ day: string; usage_h: string | number; sharp_h: string | number; peak_h: string | number; flat_h: string | number; valley_h: string | number }>(await db.execute(sql`
    SELECT u.day::text AS day, sum(u.usage_h)::bigint AS usage_h, sum(u.sharp_h)::bigint AS sharp_h, sum(u.peak_h)::bigint AS peak_h,
      sum(u.flat_h)::bigint AS flat_h, sum(u.valley_h)::bigint AS valley_h
    FROM daily_usage u
    WHERE u.utility = ${utility}
      AND u.area_id IN (SELECT area_id FROM rooms WHERE id = ${roomId} UNION SELECT area_id FROM ${meters} WHERE room_id = ${roomId})
      AND u.day >= ${earliest}::date AND u.room_id = ${roomId}
    GROUP BY u.day`));
  const byDay = new Map(rows.map((row) => [row.day, {
    usage: Number(row.usage_h), sharp: Number(row.sharp_h), peak: Number(row.peak_h), flat: Number(row.flat_h), valley: Number(row.valley_h),
  } satisfies ForecastDay]));

  const days: ForecastDay[] = [];
  for (let day = from; day < today; day = addDays(day, 1)) days.push(byDay.get(day) ?? { sharp: 0, peak: 0, flat: 0, valley: 0, usage: 0 });
  let monthToDate = 0;
  for (const [day, use] of byDay) if (day >= monthFirst) monthToDate += use.usage;

  return forecastCredit({
    balanceFen: Number(account.balance_fen), overdraftFen: Number(account.overdraft_fen), freeLeft: hundredthsOf(Number(account.free_left)),
    tariff, days, monthToDate, today,
  });
}

/** Both utilities' forecasts of a room (null where the room has none). */
export async function forecastsOfRoom(db: Db, roomId: number, now: Date): Promise<{ electric: Forecast | null; water: Forecast | null }> {
  return { electric: await forecastOf(db, roomId, 'electric', now), water: await forecastOf(db, roomId, 'water', now) };
}

/** The calendar day of an instant in a zone, YYYY-MM-DD. */
function localDate(now: Date, timeZone: string): string {
  return new Date(now.getTime() + zoneOffsetMs(now.getTime(), timeZone)).toISOString().slice(0, 10);
}

/** YYYY-MM-DD plus n days. */
function addDays(date: string, n: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}
