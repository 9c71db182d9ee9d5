/**
 * The scale data set's month ends (issue 31): the multi-rate monthly settlements (`monthly_settlements`,
 * per electric meter and month) and the room statements (`room_statements`, per account and month)
 * of the scale area, for every whole month of its readings before the current one, as the month-end
 * job (server/domain/statements.ts, `writeMonthEnd`) writes them — but set-based, in SQL: one
 * INSERT … SELECT each, no row loop, so that 100,000 meters × 12 months take minutes, not hours.
 *
 * The same rows as `writeMonthEnd` for the scale seed's readings (tests/server/scaleTopUp.test.ts
 * compares them): they have no rate registers (`usage_rates` null) and the meters no price table, so
 * a settlement is all flat — flat units = Σ consumption, flat money = total = Σ charge. A reading with
 * a valid per-rate split (another estate's) counts its units per rate, but its money still goes to
 * flat: this is a seed's top-up, not the month end.
 *
 * Idempotent: rows already there (same meter and month; same room, utility and month) are kept
 * (ON CONFLICT DO NOTHING), so a second call writes nothing. Deterministic: a function of the rows.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../index';
import { rowsOf } from '../rows';
import { SCALE_USER } from './scale';

export interface ScaleTopUpResult { areaId: number; months: string[]; settlements: number; statements: number }

/** The scale area's id (the operator `scale`'s), or null when the scale estate is not there. */
export async function scaleAreaId(db: Db): Promise<number | null> {
  const [row] = rowsOf<{ area_id: number }>(await db.execute(sql`SELECT area_id FROM sys_users WHERE user_name = ${SCALE_USER}`));
  return row ? Number(row.area_id) : null;
}

/** Whether the scale area has its month ends (settlements and statements) already. */
export async function scaleMonthEndsPresent(db: Db, areaId: number): Promise<{ settlements: boolean; statements: boolean }> {
  const [row] = rowsOf<{ settlements: boolean; statements: boolean }>(await db.execute(sql`
    SELECT EXISTS (SELECT 1 FROM monthly_settlements WHERE area_id = ${areaId}) AS settlements,
      EXISTS (SELECT 1 FROM room_statements WHERE area_id = ${areaId}) AS statements`));
  return { settlements: !!row.settlements, statements: !!row.statements };
}

/**
 * Writes the scale area's settlements and statements of every whole month of its readings before
 * the month of `now` (in `timeZone`, the billing zone), those missing only. Run it in a transaction
 * with the seed, or alone (each INSERT is one statement).
 */
export async function topUpScale(db: Db, options: { now: Date; timeZone?: string; log?: (line: string) => void }): Promise<ScaleTopUpResult> {
  const zone = options.timeZone ?? 'Asia/Shanghai';
  const log = options.log ?? (() => undefined);
  const started = Date.now();
  const step = (what: string) => log(`${what} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  const areaId = await scaleAreaId(db);
  if (areaId === null) throw new Error('scale top-up: no scale estate (operator scale) in this database');
  const now = options.now.toISOString();

  // The months: from the first reading's month to the month before `now`'s, in the zone.
  const monthRows = rowsOf<{ month: string }>(await db.execute(sql`
    SELECT to_char(d, 'YYYY-MM') AS month
      FROM (SELECT min(read_at) AS first FROM readings WHERE area_id = ${areaId}) r,
        generate_series(date_trunc('month', r.first AT TIME ZONE ${zone}), date_trunc('month', ${now}::timestamptz AT TIME ZONE ${zone}) - interval '1 month', interval '1 month') d
     WHERE r.first IS NOT NULL ORDER BY 1`));
  const months = monthRows.map((row) => String(row.month));
  if (!months.length) return { areaId, months, settlements: 0, statements: 0 };
  const first = months[0];
  const last = months[months.length - 1];
  // A month's bounds: midnight of its first day and of the next month's, in the zone.
  const monthStart = (month: SQL) => sql`((${month} || '-01')::timestamp AT TIME ZONE ${zone})`;
  const monthEnd = (month: SQL) => sql`(((${month} || '-01')::timestamp + interval '1 month') AT TIME ZONE ${zone})`;

  // Settlements: the month's standing readings of each electric meter, grouped in one pass. Units
  // per rate from a valid split (4 registers adding up to the consumption in hundredths), else flat.
  const [settled] = rowsOf<{ n: number }>(await db.execute(sql`
    WITH per_reading AS (
      SELECT r.meter_id, coalesce(r.room_id, m.room_id) AS room_id, m.area_id, r.id, r.cost_fen,
        to_char(r.read_at AT TIME ZONE ${zone}, 'YYYY-MM') AS month,
        round(r.consumption * 100)::bigint AS units,
        CASE WHEN jsonb_typeof(r.usage_rates::jsonb) = 'array' AND jsonb_array_length(r.usage_rates::jsonb) = 4
               AND (SELECT sum(v::bigint) FROM jsonb_array_elements_text(r.usage_rates::jsonb) v) = round(r.consumption * 100)
             THEN r.usage_rates::jsonb END AS rates
      FROM readings r JOIN electric_meters m ON m.id = r.meter_id
      WHERE r.area_id = ${areaId} AND r.utility = 'electric' AND r.deleted_at IS NULL
        AND r.read_at >= ${monthStart(sql`${first}`)} AND r.read_at < ${monthEnd(sql`${last}`)}),
    per_meter AS (
      SELECT meter_id, month, min(area_id) AS area_id, (array_agg(room_id ORDER BY id))[1] AS room_id,
        sum(coalesce((rates->>0)::bigint, 0)) AS sharp, sum(coalesce((rates->>1)::bigint, 0)) AS peak,
        sum(CASE WHEN rates IS NULL THEN units ELSE (rates->>2)::bigint END) AS flat, sum(coalesce((rates->>3)::bigint, 0)) AS valley,
        sum(cost_fen) AS total
      FROM per_reading GROUP BY meter_id, month),
    written AS (INSERT INTO monthly_settlements (area_id, meter_id, room_id, month, sharp_kwh, peak_kwh, flat_kwh, valley_kwh, sharp_fen, peak_fen, flat_fen, valley_fen, total_fen, created_at)
    SELECT area_id, meter_id, room_id, month, sharp / 100.0, peak / 100.0, flat / 100.0, valley / 100.0, 0, 0, total, 0, total, ${now}::timestamptz
      FROM per_meter WHERE room_id IS NOT NULL
    ON CONFLICT (meter_id, month) DO NOTHING
    RETURNING 1)
    SELECT count(*)::int AS n FROM written`));
  const settlements = Number(settled.n);
  step(`${settlements.toLocaleString('en')} monthly settlements`);

  // Statements: every account of the area × month (accounts opened before the month's end). The
  // grid starts a month early so that each month's opening reading is the closing one before it.
  const [stated] = rowsOf<{ n: number }>(await db.execute(sql`
    WITH months AS (
      SELECT to_char(d, 'YYYY-MM') AS month FROM generate_series((${first} || '-01')::date - interval '1 month', (${last} || '-01')::date, interval '1 month') d),
    bounds AS (SELECT month, ${monthStart(sql`month`)} AS start, ${monthEnd(sql`month`)} AS "end" FROM months),
    acc AS (
      SELECT a.id, a.area_id, a.room_id, a.utility, a.balance_fen, a.created_at,
        CASE WHEN a.utility = 'electric' THEN (SELECT min(m.id) FROM electric_meters m WHERE m.room_id = a.room_id)
             ELSE (SELECT min(w.id) FROM water_meters w WHERE w.room_id = a.room_id) END AS meter_id
      FROM accounts a WHERE a.area_id = ${areaId}),
    usage AS (
      SELECT r.utility, r.meter_id, to_char(r.read_at AT TIME ZONE ${zone}, 'YYYY-MM') AS month, sum(r.consumption) AS usage
      FROM readings r WHERE r.area_id = ${areaId} AND r.deleted_at IS NULL
        AND r.read_at >= ${monthStart(sql`${first}`)} AND r.read_at < ${monthEnd(sql`${last}`)}
      GROUP BY 1, 2, 3),
    ledger AS (
      SELECT e.account_id, to_char(e.created_at AT TIME ZONE ${zone}, 'YYYY-MM') AS month,
        -sum(e.amount_fen) FILTER (WHERE e.kind = 'deduction') AS charge, sum(e.amount_fen) FILTER (WHERE e.kind = 'recharge') AS recharge,
        -sum(e.amount_fen) FILTER (WHERE e.kind = 'refund') AS refund, sum(e.amount_fen) FILTER (WHERE e.kind = 'gift') AS gift,
        sum(e.amount_fen) AS amount
      FROM ledger_entries e WHERE e.area_id = ${areaId} GROUP BY 1, 2),
    -- Per account: its whole ledger, and what of it is dated before the grid's first month.
    ledger_all AS (SELECT account_id, sum(amount) AS amount, coalesce(sum(amount) FILTER (WHERE month < (SELECT min(month) FROM months)), 0) AS before
      FROM ledger GROUP BY 1),
    grid AS (
      SELECT acc.*, b.month, b.start, b."end",
        -- The month's last reading (one month's partition of the readings), else the last before it.
        coalesce(
          (SELECT r.total FROM readings r WHERE r.utility = acc.utility AND r.meter_id = acc.meter_id AND r.deleted_at IS NULL AND r.read_at >= b.start AND r.read_at < b."end"
            ORDER BY r.read_at DESC, r.id DESC LIMIT 1),
          (SELECT r.total FROM readings r WHERE r.utility = acc.utility AND r.meter_id = acc.meter_id AND r.deleted_at IS NULL AND r.read_at < b.start
            ORDER BY r.read_at DESC, r.id DESC LIMIT 1)) AS closing
      FROM acc CROSS JOIN bounds b),
    figured AS (
      SELECT g.*, lag(g.closing) OVER (PARTITION BY g.id ORDER BY g.month) AS opening,
        coalesce(u.usage, 0) AS usage, l.charge, l.recharge, l.refund, l.gift,
        -- What the ledger holds after the month's end: every entry less those of this month and before.
        coalesce(la.amount, 0) - coalesce(la.before, 0) - sum(coalesce(l.amount, 0)) OVER (PARTITION BY g.id ORDER BY g.month) AS after_end
      FROM grid g LEFT JOIN usage u ON u.utility = g.utility AND u.meter_id = g.meter_id AND u.month = g.month
        LEFT JOIN ledger l ON l.account_id = g.id AND l.month = g.month
        LEFT JOIN ledger_all la ON la.account_id = g.id),
    written AS (INSERT INTO room_statements (area_id, room_id, utility, month, opening_reading, closing_reading, usage, charge_fen, recharge_fen, refund_fen, gift_fen, closing_balance_fen, created_at)
    SELECT area_id, room_id, utility, month, opening, closing, usage, coalesce(charge, 0), coalesce(recharge, 0), coalesce(refund, 0), coalesce(gift, 0),
      balance_fen - after_end, ${now}::timestamptz
      FROM figured WHERE month >= ${first} AND created_at < "end"
    ON CONFLICT (room_id, utility, month) DO NOTHING
    RETURNING 1)
    SELECT count(*)::int AS n FROM written`));
  const statements = Number(stated.n);
  step(`${statements.toLocaleString('en')} room statements`);
  return { areaId, months, settlements, statements };
}

type SQL = ReturnType<typeof sql>;
