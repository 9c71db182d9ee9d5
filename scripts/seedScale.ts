/**
 * `npm run seed:scale -- [--rooms N] [--days D]`: adds the scale data set (server/db/seed/scale.ts)
 * to the database of DATABASE_URL (PostgreSQL) or of DATA_DIR (embedded PGlite, ./data): by default
 * 100,000 rooms with an electric and a water meter each, 90,000 tenants, 365 days of daily readings
 * (73 million rows: give PGlite `--days 30` or fewer) and a recharge order every 30 days per account.
 * The demo estate is created first if the database is new. The operator `scale` (password: the demo
 * users' password) sees only the scale area.
 */
import { mkdirSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../server/db';
import { bootstrap } from '../server/db/bootstrap';
import { SCALE_USER, scaleSeeded, seedScale } from '../server/db/seed/scale';
import { vacuumAnalyze } from '../server/db/rows';

const arg = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`);
  const value = index >= 0 ? Number(process.argv[index + 1]) : fallback;
  if (!Number.isInteger(value) || value < 0) throw new Error(`--${name} must be a whole number`);
  return value;
};
const rooms = arg('rooms', 100_000);
const days = arg('days', 365);
const url = process.env.DATABASE_URL;
const dataDir = process.env.DATA_DIR ?? './data';
if (!url) mkdirSync(dataDir, { recursive: true });
const database = await openDatabase(url ? { url } : { dataDir });
const log = (line: string) => console.log(`[seed:scale] ${line}`);
try {
  const first = await bootstrap(database.db, { adminPassword: process.env.ADMIN_PASSWORD, log });
  if (first.generatedPassword) log(`demo estate created; demo login admin / ${first.generatedPassword} (also ${SCALE_USER})`);
  if (await scaleSeeded(database.db)) {
    log(`the scale data set is already there (user ${SCALE_USER}); nothing done`);
  } else {
    const rows = (await database.db.execute(sql`SELECT password_hash FROM sys_users WHERE user_name = 'admin'`)) as unknown as { rows: { password_hash: string }[] };
    const passwordHash = rows.rows[0].password_hash;
    log(`seeding ${rooms} rooms, ${days} days of readings into ${url ? 'PostgreSQL' : `PGlite in ${dataDir}`}`);
    const summary = await database.db.transaction((tx) => seedScale(tx, { rooms, days, now: new Date(), passwordHash, log }));
    await vacuumAnalyze(database.db);
    log(`done: area ${summary.areaId}, ${summary.rooms} rooms, ${summary.tenants} tenants, ${summary.meters} meters, ${summary.readings} readings, ${summary.orders} orders; log in as ${SCALE_USER} with the demo password`);
  }
} finally {
  await database.close();
}
