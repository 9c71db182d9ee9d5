import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../server/db';
import { bootstrap } from '../../server/db/bootstrap';
import { rowsOf, vacuumAnalyze } from '../../server/db/rows';
import { SCALE_USER, scaleSeeded, seedScale } from '../../server/db/seed/scale';
import { hashPassword } from '../../server/auth/password';
import { adminQuery, databaseUrl } from '../../tests/support/postgres';

/**
 * The city-scale data set the statistics and dashboard benches share (issues 31, 32): by default
 * 50,000 rooms with an electric and a water meter each — 100,000 meters — read daily for 365 days,
 * 36.5 million readings (server/db/seed/scale.ts). BENCH_SCALE_ROOMS and BENCH_SCALE_DAYS change
 * it. It lives in a PostgreSQL database of its own, `metering_bench_scale_<rooms>_<days>`, kept for
 * later runs (seeding takes many minutes); BENCH_FRESH=1 seeds again. The operator `scale` (password
 * `password`) sees the scale area only.
 */
export const SCALE_ROOMS = Number(process.env.BENCH_SCALE_ROOMS ?? 50_000);
export const SCALE_DAYS = Number(process.env.BENCH_SCALE_DAYS ?? 365);
export const SCALE_PASSWORD = 'bench-pass-1';
export const scaleDatabaseName = () => `metering_bench_scale_${SCALE_ROOMS}_${SCALE_DAYS}`;

export interface ScaleDatabase { url: string; areaId: number; meters: number; readings: number }

export async function scaleDatabase(adminUrl: string, log: (line: string) => void = console.log): Promise<ScaleDatabase> {
  const name = scaleDatabaseName();
  const url = databaseUrl(adminUrl, name);
  if (process.env.BENCH_FRESH === '1') await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name}`);
  await adminQuery(adminUrl, `CREATE DATABASE ${name}`).catch(() => undefined);
  const database = await openDatabase({ url });
  try {
    const started = performance.now();
    await bootstrap(database.db, { adminPassword: SCALE_PASSWORD });
    if (!(await scaleSeeded(database.db))) {
      log(`seeding ${SCALE_ROOMS.toLocaleString('en')} rooms (a meter of each kind) and ${SCALE_DAYS} days of readings into ${name} (kept for later runs; BENCH_FRESH=1 seeds again)…`);
      const passwordHash = await hashPassword(SCALE_PASSWORD);
      await database.db.transaction((tx) => seedScale(tx, { rooms: SCALE_ROOMS, days: SCALE_DAYS, now: new Date(), passwordHash, log: (line) => log(`  ${line}`) }));
      await vacuumAnalyze(database.db);
      log(`  seeded in ${((performance.now() - started) / 60_000).toFixed(1)} min`);
    }
    const [row] = rowsOf<{ area_id: number; meters: number; readings: number }>(await database.db.execute(sql`
      SELECT u.area_id, (SELECT count(*)::int FROM electric_meters m WHERE m.area_id = u.area_id) + (SELECT count(*)::int FROM water_meters m WHERE m.area_id = u.area_id) AS meters,
        (SELECT coalesce(sum(c.reltuples), 0)::bigint FROM pg_class c WHERE c.relkind = 'r' AND (c.relname = 'readings' OR c.oid IN (SELECT inhrelid FROM pg_inherits WHERE inhparent = 'readings'::regclass))) AS readings
      FROM sys_users u WHERE u.user_name = ${SCALE_USER}`));
    const summary = { url, areaId: Number(row.area_id), meters: Number(row.meters), readings: Number(row.readings) };
    log(`${name}: ${summary.meters.toLocaleString('en')} meters in the scale area, about ${summary.readings.toLocaleString('en')} readings in all`);
    return summary;
  } finally {
    await database.close();
  }
}
