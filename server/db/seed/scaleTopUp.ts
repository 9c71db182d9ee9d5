/**
 * The scale data set's month ends (issue 31): the multi-rate monthly settlements (`monthly_settlements`,
 * per electric meter and month) and the room statements (`room_statements`, per account and month)
 * of the scale area, for every whole month of its readings before the current one, as the month-end
 * job (server/domain/statements.ts, `writeMonthEnd`) writes them — but set-based, in SQL: one
 * INSERT … SELECT each, no row loop, so that 100,000 meters × 12 months take minutes, not hours.
 *
 * Since issue 39 it is the month-end job's own statement (server/db/monthEnd.ts, set-based already),
 * limited to the scale area, so the rows are the job's by construction (tests/server/scaleTopUp.test.ts
 * still compares them).
 *
 * Idempotent: rows already there (same meter and month; same room, utility and month) are kept
 * (ON CONFLICT DO NOTHING), so a second call writes nothing. Deterministic: a function of the rows.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../index';
import { rowsOf } from '../rows';
import { SCALE_USER } from './scale';
import { writeMonthStatements } from '../monthEnd';

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
  // Each month through the month-end job's own statement (server/db/monthEnd.ts), the area's accounts
  // and meters only, rows already there kept.
  let settlements = 0;
  let statements = 0;
  for (const month of months) {
    const [bounds] = rowsOf<{ start: string; end: string }>(await db.execute(sql`
      SELECT ((${month} || '-01')::timestamp AT TIME ZONE ${zone}) AS start, (((${month} || '-01')::timestamp + interval '1 month') AT TIME ZONE ${zone}) AS end`));
    const result = await writeMonthStatements(db, month, { start: new Date(bounds.start), end: new Date(bounds.end) }, options.now, { running: false, areaId, onlyMissing: true });
    settlements += result.settlements;
    statements += result.statements;
    step(`${month}: ${result.statements} statements, ${result.settlements} settlements`);
  }
  // The months just written are up to date with the readings added for them.
  await db.execute(sql`DELETE FROM statement_stale_months WHERE month IN (${sql.join(months.map((month) => sql`${month}`), sql`, `)})`);
  return { areaId, months, settlements, statements };
}
