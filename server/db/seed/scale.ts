/**
 * The scale data set (issue 9): a large estate for the benchmarks, added beside the demo estate in
 * an area of its own with an operator `scale` (the demo password). Deterministic: every value is a
 * function of the row's number (no random source), so two runs with the same options give the same
 * rows. Everything is generated inside the database with generate_series, in chunks; the caller
 * runs `vacuumAnalyze` once the transaction has committed (VACUUM cannot run inside one).
 *
 * Per room: an electric meter (12-digit address from 9…), a water meter (14 digits from 99…), two
 * accounts; 90 % of the rooms have a tenant. Per meter: `days` daily readings ending yesterday,
 * each with its consumption; the meter's last reading is the newest. Per account: a recharge order
 * every 30 days with its ledger entry, and a deduction that leaves every 40th room's electricity
 * and every 60th room's water in arrears; the balance is the sum of the ledger.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../index';
import { schema } from '../index';
import { rowsOf } from '../rows';
import { withIndexesDeferred } from './deferredIndexes';
import { ensureReadingPartitions } from '../partitions';

export interface ScaleOptions {
  /** Rooms (and meters of each kind). Default 100,000. */
  rooms: number;
  /** Days of daily readings per meter. Default 365. */
  days: number;
  /** The last day of readings is the day before this moment. */
  now: Date;
  /** Password hash of the operator `scale`. */
  passwordHash: string;
  log?: (line: string) => void;
}

export interface ScaleSummary {
  areaId: number;
  rooms: number;
  tenants: number;
  meters: number;
  readings: number;
  orders: number;
}

export const SCALE_USER = 'scale';
const ROOMS_PER_BUILDING = 500;
const BUILDINGS_PER_PROJECT = 20;
const METERS_PER_MODULE = 500;
/** Rows per INSERT … SELECT: progress is logged between chunks. */
const CHUNK = 20_000;

/** A whole number of ours, written into the SQL (typed, unlike a parameter, and never user input). */
const int = (value: number) => sql.raw(String(Math.trunc(Number(value))));


async function one<T>(db: Db, query: ReturnType<typeof sql>): Promise<T> {
  return rowsOf<T>(await db.execute(query))[0];
}

/** Whether the scale estate is already there (seeding it twice is refused). */
export async function scaleSeeded(db: Db): Promise<boolean> {
  const row = await one<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM sys_users WHERE user_name = ${SCALE_USER}`);
  return Number(row.n) > 0;
}

export async function seedScale(db: Db, options: ScaleOptions): Promise<ScaleSummary> {
  const log = options.log ?? (() => undefined);
  const { rooms, days } = options;
  const started = Date.now();
  const step = (what: string) => log(`${what} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  const dayMs = 86_400_000;
  // Midnight (China Standard Time) of the first day of readings.
  const today = Math.floor((options.now.getTime() + 8 * 3_600_000) / dayMs) * dayMs - 8 * 3_600_000;
  const firstDay = new Date(today - days * dayMs).toISOString();

  const area = await one<{ id: number }>(db, sql`INSERT INTO areas (name) VALUES ('规模测试片区') RETURNING id`);
  const areaId = Number(area.id);
  const role = await one<{ id: number }>(db, sql`INSERT INTO roles (area_id, name, remark) VALUES (${int(areaId)}, '系统管理员', '规模测试片区全部权限') RETURNING id`);
  await db.execute(sql`INSERT INTO role_resources (role_id, resource_id) SELECT ${int(role.id)}, id FROM resources`);
  await db.insert(schema.sysUsers).values({ userName: SCALE_USER, realName: '规模测试', roleId: Number(role.id), areaId, passwordHash: options.passwordHash });

  // Projects, buildings, modules: ids are read back by number (p, b, m) through ordered inserts.
  const buildings = Math.ceil(rooms / ROOMS_PER_BUILDING);
  const projects = Math.ceil(buildings / BUILDINGS_PER_PROJECT);
  const modules = Math.ceil(rooms / METERS_PER_MODULE);
  await db.execute(sql`INSERT INTO projects (area_id, name, address, created_at)
    SELECT ${int(areaId)}, '规模项目' || p, '测试路' || p || '号', ${firstDay}::timestamptz FROM generate_series(1, ${int(projects)}) p ORDER BY p`);
  const p0 = Number((await one<{ id: number }>(db, sql`SELECT min(id) AS id FROM projects WHERE area_id = ${int(areaId)}`)).id) - 1;
  await db.execute(sql`INSERT INTO buildings (area_id, project_id, name, floors, created_at)
    SELECT ${int(areaId)}, ${int(p0)} + 1 + (b - 1) / ${int(BUILDINGS_PER_PROJECT)}, ((b - 1) % ${int(BUILDINGS_PER_PROJECT)} + 1) || '号楼', 25, ${firstDay}::timestamptz
      FROM generate_series(1, ${int(buildings)}) b ORDER BY b`);
  const b0 = Number((await one<{ id: number }>(db, sql`SELECT min(id) AS id FROM buildings WHERE area_id = ${int(areaId)}`)).id) - 1;
  // Every 50th module offline for good (out of service: the simulated heartbeat leaves it down).
  await db.execute(sql`INSERT INTO modules (area_id, project_id, address, kind, protocol, online, sim_out_of_service, created_at)
    SELECT ${int(areaId)}, ${int(p0)} + 1 + ((m - 1) * ${int(METERS_PER_MODULE)} / ${int(ROOMS_PER_BUILDING)}) / ${int(BUILDINGS_PER_PROJECT)}, 'SC' || lpad(m::text, 6, '0'), 'simulator', 'dlt645', m % 50 <> 0, m % 50 = 0, ${firstDay}::timestamptz
      FROM generate_series(1, ${int(modules)}) m ORDER BY m`);
  const m0 = Number((await one<{ id: number }>(db, sql`SELECT min(id) AS id FROM modules WHERE area_id = ${int(areaId)}`)).id) - 1;
  step(`${projects} projects, ${buildings} buildings, ${modules} modules`);

  // The sort-key triggers fire per row; they are switched off for the bulk load and the keys set
  // once at the end (one UPDATE per table instead of one lookup per row).
  await db.execute(sql`ALTER TABLE water_meters DISABLE TRIGGER water_meters_sort_keys`);
  await db.execute(sql`ALTER TABLE electric_meters DISABLE TRIGGER electric_meters_sort_keys`);
  await db.execute(sql`ALTER TABLE tenant_bindings DISABLE TRIGGER tenant_bindings_sort_keys`);
  let r0 = 0;
  let t0 = 0;
  for (let from = 1; from <= rooms; from += CHUNK) {
    const to = Math.min(rooms, from + CHUNK - 1);
    // Room i: building (i-1)/500, floor 1..25, 20 rooms a floor, code "floor" + "nn" (e.g. 1207).
    await db.execute(sql`INSERT INTO rooms (area_id, project_id, building_id, room_code, floor, size, state, created_at)
      SELECT ${int(areaId)}, ${int(p0)} + 1 + ((i - 1) / ${int(ROOMS_PER_BUILDING)}) / ${int(BUILDINGS_PER_PROJECT)}, ${int(b0)} + 1 + (i - 1) / ${int(ROOMS_PER_BUILDING)},
             (((i - 1) % ${int(ROOMS_PER_BUILDING)}) / 20 + 1)::text || lpad((((i - 1) % 20) + 1)::text, 2, '0'),
             ((i - 1) % ${int(ROOMS_PER_BUILDING)}) / 20 + 1, 30 + (i % 90), CASE WHEN i % 10 <> 0 THEN 1 ELSE 0 END, ${firstDay}::timestamptz
        FROM generate_series(${int(from)}, ${int(to)}) i ORDER BY i`);
    if (!r0) r0 = Number((await one<{ id: number }>(db, sql`SELECT min(id) AS id FROM rooms WHERE area_id = ${int(areaId)}`)).id) - 1;
    // Tenants of the occupied rooms (every room but each tenth), names from fixed syllables.
    await db.execute(sql`INSERT INTO tenants (area_id, name, phone, created_at)
      SELECT ${int(areaId)},
             (ARRAY['王','李','张','刘','陈','杨','黄','赵','吴','周','徐','孙','马','朱','胡','郭'])[1 + i % 16] ||
             (ARRAY['伟','芳','娜','敏','静','丽','强','磊','军','洋','勇','艳','杰','涛','明','超','秀','霞','平','刚'])[1 + (i / 16) % 20] ||
             CASE WHEN i % 3 = 0 THEN '' ELSE (ARRAY['华','英','玉','兰','文','辉','建','国'])[1 + (i / 320) % 8] END,
             '1' || (3 + i % 7)::text || lpad(((i * 7919) % 1000000000)::text, 9, '0'), ${firstDay}::timestamptz
        FROM generate_series(${int(from)}, ${int(to)}) i WHERE i % 10 <> 0 ORDER BY i`);
    if (!t0) t0 = Number((await one<{ id: number }>(db, sql`SELECT min(id) AS id FROM tenants WHERE area_id = ${int(areaId)}`)).id);
    // Tenant number k (from 0) lives in room i where k = i - 1 - (i / 10) for i not a multiple of 10.
    await db.execute(sql`INSERT INTO tenant_bindings (area_id, tenant_id, room_id, start_date, created_at)
      SELECT ${int(areaId)}, ${int(t0)} + (i - 1 - i / 10), ${int(r0)} + i, ${firstDay}::date, ${firstDay}::timestamptz
        FROM generate_series(${int(from)}, ${int(to)}) i WHERE i % 10 <> 0`);
    await db.execute(sql`INSERT INTO water_meters (area_id, room_id, module_id, address, meter_type, price_fen, valve_state, battery_low, online, account_opened, free_allowance, created_at)
      SELECT ${int(areaId)}, ${int(r0)} + i, ${int(m0)} + 1 + (i - 1) / ${int(METERS_PER_MODULE)}, '99' || lpad(i::text, 12, '0'), CASE WHEN i % 5 = 0 THEN 'hot' ELSE 'cold' END, CASE WHEN i % 5 = 0 THEN 2500 ELSE 350 + (i % 4) * 50 END,
             CASE WHEN i % 97 = 0 THEN 'closed' WHEN i % 1009 = 0 THEN 'abnormal' ELSE 'open' END, i % 53 = 0, i % 211 <> 0, true, 0, ${firstDay}::timestamptz
        FROM generate_series(${int(from)}, ${int(to)}) i`);
    await db.execute(sql`INSERT INTO electric_meters (area_id, room_id, module_id, channel, address, model, relay_state, online, created_at)
      SELECT ${int(areaId)}, ${int(r0)} + i, ${int(m0)} + 1 + (i - 1) / ${int(METERS_PER_MODULE)}, 1 + (i - 1) % ${int(METERS_PER_MODULE)}, '9' || lpad(i::text, 11, '0'), 'DDSY666',
             CASE WHEN i % 89 = 0 THEN 'off' ELSE 'on' END, i % 211 <> 0, ${firstDay}::timestamptz
        FROM generate_series(${int(from)}, ${int(to)}) i`);
    await db.execute(sql`INSERT INTO accounts (area_id, room_id, utility, balance_fen, created_at)
      SELECT ${int(areaId)}, ${int(r0)} + i, u, 0, ${firstDay}::timestamptz FROM generate_series(${int(from)}, ${int(to)}) i CROSS JOIN (VALUES ('electric'), ('water')) AS utilities(u)`);
    step(`rooms ${to} of ${rooms}`);
  }

  // Readings: consumption per day = the meter's base + more on weekends; totals are cumulative.
  let readings = 0;
  // The readings' secondary indexes are built once the rows are in (seed/deferredIndexes.ts).
  // Their months' partitions first (migration 0033).
  if (days > 0) await ensureReadingPartitions(db, new Date(firstDay), new Date(today + 92 * dayMs));
  if (days > 0) await withIndexesDeferred(db, 'readings', async () => {
    for (const utility of ['electric', 'water'] as const) {
      const table = sql.raw(utility === 'electric' ? 'electric_meters' : 'water_meters');
      const base = utility === 'electric' ? sql`(3 + (m.id % 40) / 10.0)` : sql`(0.1 + (m.id % 30) / 100.0)`;
      const extra = utility === 'electric' ? sql`1.5` : sql`0.05`;
      const price = utility === 'electric' ? 60 : 400;
      const perChunk = Math.max(1, Math.floor(CHUNK * 10 / days));
      const [{ lo, hi }] = rowsOf<{ lo: number; hi: number }>(await db.execute(sql`SELECT min(id) AS lo, max(id) AS hi FROM ${table} WHERE area_id = ${int(areaId)}`));
      for (let from = Number(lo); from <= Number(hi); from += perChunk) {
        const to = Math.min(Number(hi), from + perChunk - 1);
        // Day d (1..days): weekends are days with d % 7 in (5, 6); W(d) counts them up to d.
        await db.execute(sql`INSERT INTO readings (area_id, utility, meter_id, room_id, read_at, total, flat, consumption, cost_fen, created_at)
          SELECT m.area_id, ${utility}, m.id, m.room_id, ${firstDay}::timestamptz + make_interval(days => d),
                 round(${base} * d + ${extra} * ((d / 7) * 2 + CASE WHEN d % 7 = 6 THEN 2 WHEN d % 7 = 5 THEN 1 ELSE 0 END), 2),
                 round(${base} * d + ${extra} * ((d / 7) * 2 + CASE WHEN d % 7 = 6 THEN 2 WHEN d % 7 = 5 THEN 1 ELSE 0 END), 2),
                 round(${base} + CASE WHEN d % 7 IN (5, 6) THEN ${extra} ELSE 0 END, 2),
                 round((${base} + CASE WHEN d % 7 IN (5, 6) THEN ${extra} ELSE 0 END) * ${int(price)}),
                 ${firstDay}::timestamptz + make_interval(days => d)
            FROM ${table} m CROSS JOIN generate_series(1, ${int(days)}) d
           WHERE m.area_id = ${int(areaId)} AND m.id BETWEEN ${int(from)} AND ${int(to)}`);
        readings += (to - from + 1) * days;
        step(`${utility} readings of meters ${from}–${to}`);
      }
      const lastTotal = sql`round(${base} * ${int(days)} + ${extra} * ((${int(days)} / 7) * 2 + CASE WHEN ${int(days)} % 7 = 6 THEN 2 WHEN ${int(days)} % 7 = 5 THEN 1 ELSE 0 END), 2)`;
      const lastAt = new Date(new Date(firstDay).getTime() + days * dayMs).toISOString();
      await db.execute(utility === 'electric'
        ? sql`UPDATE electric_meters m SET last_total = ${lastTotal}, last_flat = ${lastTotal}, last_voltage = 220, last_current = 1.5, last_power_kw = 0.33, last_read_at = ${lastAt}::timestamptz WHERE m.area_id = ${int(areaId)}`
        : sql`UPDATE water_meters m SET last_reading = ${lastTotal}, last_read_at = ${lastAt}::timestamptz WHERE m.area_id = ${int(areaId)}`);
    }
  });

  // A recharge every 30 days per account (electric ¥100, water ¥50), each with its ledger entry.
  const months = Math.max(1, Math.ceil(days / 30));
  await db.execute(sql`INSERT INTO recharge_orders (order_id, area_id, room_id, utility, amount_fen, channel, operator_id, order_status, created_at)
    SELECT 'SC' || a.id || '-' || k, a.area_id, a.room_id, a.utility, CASE WHEN a.utility = 'electric' THEN 10000 ELSE 5000 END,
           (ARRAY['cash','wechat','alipay'])[1 + (a.id + k) % 3], NULL, 2, ${firstDay}::timestamptz + make_interval(days => (k - 1) * 30)
      FROM accounts a CROSS JOIN generate_series(1, ${int(months)}) k WHERE a.area_id = ${int(areaId)}`);
  await db.execute(sql`INSERT INTO ledger_entries (area_id, account_id, room_id, utility, kind, amount_fen, balance_after_fen, ref_type, ref_id, created_at)
    SELECT a.area_id, a.id, a.room_id, a.utility, 'recharge', CASE WHEN a.utility = 'electric' THEN 10000 ELSE 5000 END,
           k * CASE WHEN a.utility = 'electric' THEN 10000 ELSE 5000 END, 'order', 'SC' || a.id || '-' || k, ${firstDay}::timestamptz + make_interval(days => (k - 1) * 30)
      FROM accounts a CROSS JOIN generate_series(1, ${int(months)}) k WHERE a.area_id = ${int(areaId)}`);
  await db.execute(sql`UPDATE accounts SET balance_fen = ${int(months)} * CASE WHEN utility = 'electric' THEN 10000 ELSE 5000 END, sale_count = ${int(months)} WHERE area_id = ${int(areaId)}`);
  step(`${months} recharge orders per account, with their ledger`);
  // Arrears (the dashboards' arrears count and list): the electricity of every 40th room and the
  // water of every 60th ends 1 to 50 yuan below zero, through one deduction an hour before today.
  const arrearsAt = new Date(today - 3_600_000).toISOString();
  const inArrears = sql`a.area_id = ${int(areaId)} AND (a.room_id - ${int(r0)}) % CASE WHEN a.utility = 'electric' THEN 40 ELSE 60 END = 0`;
  await db.execute(sql`INSERT INTO ledger_entries (area_id, account_id, room_id, utility, kind, amount_fen, balance_after_fen, ref_type, ref_id, created_at)
    SELECT a.area_id, a.id, a.room_id, a.utility, 'deduction', -(a.balance_fen + 100 * (1 + (a.room_id - ${int(r0)}) % 50)), -100 * (1 + (a.room_id - ${int(r0)}) % 50),
           'scale', 'arrears', ${arrearsAt}::timestamptz
      FROM accounts a WHERE ${inArrears}`);
  await db.execute(sql`UPDATE accounts a SET balance_fen = -100 * (1 + (a.room_id - ${int(r0)}) % 50) WHERE ${inArrears}`);
  step('arrears');

  // The sort keys of every new meter, in one pass per table; then the triggers again.
  for (const table of ['water_meters', 'electric_meters']) {
    await db.execute(sql.raw(`UPDATE ${table} m SET room_sort = natural_sort_key(r.room_code), building_sort = natural_sort_key(b.name),
        project_sort = natural_sort_key(p.name), tenant_sort = t.name
      FROM rooms r JOIN buildings b ON b.id = r.building_id JOIN projects p ON p.id = r.project_id
      LEFT JOIN tenant_bindings tb ON tb.room_id = r.id AND tb.end_date IS NULL LEFT JOIN tenants t ON t.id = tb.tenant_id
     WHERE m.room_id = r.id AND m.area_id = ${areaId}`));
  }
  await db.execute(sql`ALTER TABLE water_meters ENABLE TRIGGER water_meters_sort_keys`);
  await db.execute(sql`ALTER TABLE electric_meters ENABLE TRIGGER electric_meters_sort_keys`);
  await db.execute(sql`ALTER TABLE tenant_bindings ENABLE TRIGGER tenant_bindings_sort_keys`);
  step('sort keys');
  const tenants = Number((await one<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM tenants WHERE area_id = ${int(areaId)}`)).n);
  return { areaId, rooms, tenants, meters: rooms * 2, readings, orders: rooms * 2 * months };
}
