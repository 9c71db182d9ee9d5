/**
 * Deterministic demo estate: projects, buildings, rooms, tenants, modules, meters, tariffs,
 * parameter sets, 90 days of readings, accounts with a consistent ledger, recharge orders,
 * power cuts, faults, SMS, gift records and room statements.
 *
 * Same `now` ⇒ identical data (fixed PRNG seed, explicit created_at everywhere, readings generated
 * inside the database from md5 hashes of meter address and slot number).
 *
 * Time: all calendar logic uses China Standard Time (UTC+8, no DST), independent of the process's
 * and the database session's time zone.
 */
import { eq, getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../index';
import * as schema from '../schema';
import { Rng, fakePerson } from './random';
import { withIndexesDeferred } from './deferredIndexes';
import { ensureReadingPartitions } from '../partitions';
import { USAGE_RULE_VERSION, writeMonthStatements } from '../monthEnd';

export interface SeedOptions {
  /** [area 1, area 2] */
  areaIds: [number, number];
  /** The admin user: operator of seeded recharges and manual commands. */
  operatorId: number;
  now: Date;
  /** Optional progress log (phase timings). */
  log?: (line: string) => void;
}

export interface SeedSummary {
  projects: number;
  buildings: number;
  rooms: number;
  occupiedRooms: number;
  tenants: number;
  tenantBindings: number;
  modules: number;
  offlineModules: number;
  electricMeters: number;
  /** Water meters installed in rooms (spare meters not included). */
  waterMeters: number;
  /** Water meters in stock (no room, no account). */
  spareWaterMeters: number;
  /** Rooms without a water meter (hence without water account). */
  roomsWithoutWaterMeter: number;
  priceTables: number;
  timePeriods: number;
  parameterSets: number;
  readings: number;
  electricReadings: number;
  waterReadings: number;
  accounts: number;
  ledgerEntries: number;
  rechargeOrders: number;
  voidOrders: number;
  commands: number;
  powerCuts: number;
  openPowerCuts: number;
  faults: number;
  openReadFailures: number;
  smsTemplates: number;
  smsRecords: number;
  giftRecords: number;
  roomStatements: number;
  monthlySettlements: number;
  /** Accounts with a negative balance. */
  arrearsAccounts: number;
  /** Rooms with at least one account in arrears. */
  roomsInArrears: number;
  /** Accounts at or below alarm level 1 but not negative. */
  lowBalanceAccounts: number;
  totalBalanceFen: number;
  /** First and last reading time covered. */
  from: string;
  to: string;
}

// ---------------------------------------------------------------------------------------------
// Time helpers (UTC+8)
// ---------------------------------------------------------------------------------------------

const MIN = 60_000;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const TZ = 8 * HOUR;

const pad = (n: number, w = 2) => String(n).padStart(w, '0');
function lp(ms: number) {
  const d = new Date(ms + TZ);
  return { y: d.getUTCFullYear(), m: d.getUTCMonth() + 1, d: d.getUTCDate(), dow: d.getUTCDay(), h: d.getUTCHours(), mi: d.getUTCMinutes(), s: d.getUTCSeconds() };
}
const localMidnight = (ms: number) => Math.floor((ms + TZ) / DAY) * DAY - TZ;
const monthStartMs = (y: number, m: number) => Date.UTC(y, m - 1, 1) - TZ;
const monthKey = (ms: number) => { const p = lp(ms); return `${p.y}-${pad(p.m)}`; };
const monthStartOfKey = (key: string) => monthStartMs(Number(key.slice(0, 4)), Number(key.slice(5, 7)));
const localDate = (ms: number) => { const p = lp(ms); return `${p.y}-${pad(p.m)}-${pad(p.d)}`; };
const stamp = (ms: number) => { const p = lp(ms); return `${p.y}${pad(p.m)}${pad(p.d)}${pad(p.h)}${pad(p.mi)}${pad(p.s)}`; };
const dayOfYear = (ms: number) => { const p = lp(ms); return (Date.UTC(p.y, p.m - 1, p.d) - Date.UTC(p.y, 0, 1)) / DAY + 1; };
const iso = (ms: number) => new Date(ms).toISOString();
const date = (ms: number) => new Date(ms);

// ---------------------------------------------------------------------------------------------
// Static configuration
// ---------------------------------------------------------------------------------------------

type ProjectType = 'apartment' | 'dorm' | 'shop';

interface ProjectDef {
  name: string;
  type: ProjectType;
  area: 0 | 1;
  address: string;
  remark: string;
  buildings: string[];
  floors: [number, number];
  perFloor: [number, number];
  size: [number, number];
  occupancy: number;
  /**
   * Rooms without a water meter (no water account, readings or bills): the top floor of these buildings
   * (attic rooms / top-floor offices without a water connection) and `dryShops` ground/first-floor shop rooms
   * chosen at random (shops that use no water). Each with the room remark given.
   */
  noWater?: { topFloorOf: string[]; topFloorRemark: string; dryShops?: number; dryShopRemark?: string };
}

const PROJECTS: ProjectDef[] = [
  {
    name: '阳光公寓', type: 'apartment', area: 0, address: '杭州市西湖区文一西路 588 号',
    remark: '长租公寓，物业统一托管，预付费水电', buildings: ['1号楼', '2号楼', '3号楼', '5号楼', '6号楼'],
    floors: [8, 12], perFloor: [11, 15], size: [25, 60], occupancy: 0.8,
    noWater: { topFloorOf: ['5号楼', '6号楼'], topFloorRemark: '顶层阁楼，未通自来水，无水表' },
  },
  {
    name: '滨江学生宿舍', type: 'dorm', area: 0, address: '杭州市滨江区滨文路 199 号',
    remark: '高校学生公寓，四人间，定时断电/夜间小功率', buildings: ['1号楼', '2号楼', '3号楼', '4号楼'],
    floors: [6, 8], perFloor: [20, 26], size: [15, 25], occupancy: 0.85,
  },
  {
    name: '科技园商铺', type: 'shop', area: 1, address: '宁波市鄞州区首南中路 1288 号',
    remark: '1–2 层临街商铺，3 层以上办公', buildings: ['A座', 'B座', 'C座'],
    floors: [6, 10], perFloor: [10, 14], size: [30, 60], occupancy: 0.68,
    noWater: { topFloorOf: ['B座'], topFloorRemark: '办公（顶层，未通自来水，无水表）', dryShops: 12, dryShopRemark: '商铺（不用水，无水表）' },
  },
];

/** Consumption profiles (index into per-slot factor arrays). */
const P_APT = 0, P_DORM = 1, P_DORM_TIMED = 2, P_SHOP = 3, P_OFFICE = 4, P_HOT = 5;
const NPROF = 6;

/** Relative consumption per local hour [h, h+1). */
const HOUR_WEIGHTS: number[][] = [
  // apartment: low at night, morning bump, evening peak
  [0.45, 0.4, 0.35, 0.35, 0.35, 0.4, 0.6, 0.9, 0.8, 0.6, 0.55, 0.6, 0.75, 0.65, 0.6, 0.6, 0.7, 0.9, 1.3, 1.6, 1.7, 1.6, 1.3, 0.8],
  // dormitory with night low-power limit
  [0.3, 0.2, 0.15, 0.15, 0.15, 0.15, 0.3, 0.8, 0.6, 0.4, 0.4, 0.5, 0.9, 0.8, 0.5, 0.5, 0.6, 0.8, 1.2, 1.4, 1.5, 1.5, 1.4, 0.9],
  // dormitory with timed power off 23:30–06:00
  [0, 0, 0, 0, 0, 0, 0.3, 0.8, 0.6, 0.4, 0.4, 0.5, 0.9, 0.8, 0.5, 0.5, 0.6, 0.8, 1.2, 1.4, 1.5, 1.5, 1.4, 0.45],
  // shop: open 09:00–22:00
  [0.15, 0.12, 0.12, 0.12, 0.12, 0.15, 0.2, 0.4, 0.9, 1.4, 1.6, 1.7, 1.7, 1.7, 1.7, 1.7, 1.6, 1.5, 1.5, 1.4, 1.2, 0.9, 0.4, 0.2],
  // office: working hours
  [0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.3, 1.2, 1.6, 1.7, 1.6, 1.3, 1.5, 1.7, 1.7, 1.6, 1.4, 1.0, 0.5, 0.3, 0.2, 0.1, 0.1],
  // hot water (water only; daily slots make the shape irrelevant)
  Array.from({ length: 24 }, () => 1),
];
const HOUR_WEIGHT_SUM = HOUR_WEIGHTS.map((w) => w.reduce((a, b) => a + b, 0));

/** Weekday factor, index = day of week (0 Sunday). */
const WEEKDAY_E: number[][] = [
  [1.15, 0.95, 0.95, 0.95, 0.95, 1.0, 1.15],
  [0.85, 1.05, 1.05, 1.05, 1.05, 0.95, 0.8],
  [0.85, 1.05, 1.05, 1.05, 1.05, 0.95, 0.8],
  [1.25, 0.92, 0.92, 0.92, 0.95, 1.05, 1.3],
  [0.35, 1.1, 1.1, 1.1, 1.1, 1.05, 0.4],
  [1.1, 0.97, 0.97, 0.97, 0.97, 1.0, 1.1],
];
/** National Day week (Oct 1–7): students go home, offices close, shops busier. */
const HOLIDAY = [1.1, 0.35, 0.35, 1.25, 0.25, 1.05];

const TWO_PI = 2 * Math.PI;
function seasonElectric(doy: number) {
  return 1 + 0.28 * Math.cos((TWO_PI * (doy - 205)) / 365.25) + 0.12 * Math.cos((2 * TWO_PI * (doy - 20)) / 365.25);
}
function seasonWater(doy: number, hot: boolean) {
  const c = Math.cos((TWO_PI * (doy - 200)) / 365.25);
  return hot ? 1 - 0.3 * c : 1 + 0.12 * c;
}

const TOU_SEGMENTS = [
  { start: '00:00', rate: 'valley' }, { start: '08:00', rate: 'flat' }, { start: '10:00', rate: 'peak' },
  { start: '11:00', rate: 'sharp' }, { start: '13:00', rate: 'flat' }, { start: '19:00', rate: 'sharp' },
  { start: '21:00', rate: 'peak' }, { start: '23:00', rate: 'valley' },
];
const RATES = ['sharp', 'peak', 'flat', 'valley'] as const;
const rateOfHour = (h: number) => {
  let rate = TOU_SEGMENTS[0].rate;
  for (const seg of TOU_SEGMENTS) if (Number(seg.start.slice(0, 2)) <= h) rate = seg.rate;
  return RATES.indexOf(rate as (typeof RATES)[number]);
};

/** Spare water meters in stock per area (no room, no account). */
const SPARE_WATER_METERS = 4;

/** Every water account's limits in the demo estate (the areas' 水表控制策略). */
const WATER_LIMITS = { alarm1Fen: 1000, alarm2Fen: 300, overdraftFen: 500, hoardLimitFen: 200000 };
const NICE_AMOUNTS = [1000, 2000, 3000, 5000, 10000, 20000, 30000, 50000, 100000, 200000, 300000, 500000];
const CHANNEL_NAMES: Record<string, string> = { cash: '现金', wechat: '微信', alipay: '支付宝', card: '银行卡' };

// ---------------------------------------------------------------------------------------------
// Small database helpers
// ---------------------------------------------------------------------------------------------

async function q<T = Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  const res = (await db.execute(query)) as unknown as { rows?: T[] } | T[];
  return Array.isArray(res) ? res : (res.rows ?? []);
}

const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;

/**
 * Multi-row insert in batches of at most 1,000 rows. Each batch is one statement whose rows travel as a
 * single jsonb parameter (jsonb_populate_recordset over the table's row type): much faster than one bind
 * parameter per value, on PGlite in particular. Rows use the Drizzle property names (type-checked).
 * Returns the requested columns (by property name) in insertion order.
 */
async function bulkInsert<T extends PgTable, K extends string & keyof T['$inferSelect'] = never>(
  db: Db, table: T, rows: T['$inferInsert'][], returning: K[] = [],
): Promise<Record<K, unknown>[]> {
  const columns = getTableColumns(table) as Record<string, { name: string }>;
  const name = sql.raw(`"${getTableName(table)}"`);
  const out: Record<K, unknown>[] = [];
  for (let i = 0; i < rows.length; i += 1000) {
    const chunk = rows.slice(i, i + 1000) as Record<string, unknown>[];
    const keys = [...new Set(chunk.flatMap((r) => Object.keys(r)))].filter((k) => k in columns);
    const payload = chunk.map((r) => {
      const o: Record<string, unknown> = {};
      for (const k of keys) {
        const v = r[k];
        o[columns[k].name] = v instanceof Date ? v.toISOString() : (v ?? null);
      }
      return o;
    });
    const cols = sql.raw(keys.map((k) => `"${columns[k].name}"`).join(', '));
    const ret = returning.length ? sql.raw(` RETURNING ${returning.map((k) => `"${columns[k].name}" AS "${k}"`).join(', ')}`) : sql.raw('');
    out.push(...(await q<Record<K, unknown>>(db, sql`INSERT INTO ${name} (${cols}) SELECT ${cols} FROM jsonb_populate_recordset(NULL::${name}, ${json(payload)})${ret}`)));
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Plans (in-memory model built before inserting)
// ---------------------------------------------------------------------------------------------

interface RoomPlan {
  idx: number;
  areaId: number;
  projectIdx: number;
  buildingIdx: number;
  floor: number;
  code: string;
  size: number;
  occupied: boolean;
  profile: number;
  id: number;
  tenantIdx: number | null;
  label: string;
  /** false: the room has no water meter (hence no water account, readings, orders or statements). */
  water: boolean;
  remark: string | null;
}

interface MeterPlan {
  utility: 'electric' | 'water';
  room: RoomPlan;
  id: number;
  address: string;
  moduleIdx: number;
  base: number;
  profile: number;
  initH: number;
  regsH: [number, number, number, number];
  priceKind: 'single' | 'tou' | 'tiered' | 'water';
  priceTableIdx: number;
  priceFen: number;
  allowance: number;
  priorH: number;
  stopAt: number | null;
  phase: number;
  keepSupply: boolean;
  // account settings
  alarm1: number;
  alarm2: number;
  overdraft: number;
  hoard: number;
  autoTrip: boolean;
}

interface LedgerPlan {
  t: number;
  kind: 'opening' | 'recharge' | 'void' | 'deduction';
  amount: number;
  balanceAfter: number;
  refType?: string;
  refId?: string;
  order?: OrderPlan;
  operatorId?: number | null;
  remark: string;
  energy?: number | null;
  /** A period's charge: the usage interval (from, to] it prices (server/domain/usageRule.ts). */
  usage?: [number, number];
}

interface OrderPlan {
  /** Assigned after the simulation (numbered in time order). */
  orderId: string;
  prefix: string;
  t: number;
  amount: number;
  energy: number;
  channel: string;
  status: number;
  voidedAt: number | null;
  clientRequestId: string | null;
}

interface SimResult {
  final: number;
  ledger: LedgerPlan[];
  orders: OrderPlan[];
  /** The arrears trip (valve close): queued at `queued`, succeeded at `t` (the cut's off time), never after now. */
  cut: { period: number; t: number; queued: number; balance: number } | null;
  sms: { t: number; level: 'alarm1' | 'alarm2' | 'arrears'; balance: number }[];
  saleCount: number;
  /** First period whose deduction left the balance negative (-1: never). */
  firstNegative: number;
}

// ---------------------------------------------------------------------------------------------
// The seed
// ---------------------------------------------------------------------------------------------

export async function seedEstate(db: Db, opts: SeedOptions): Promise<SeedSummary> {
  return db.transaction(async (tx) => run(tx as unknown as Db, opts));
}

async function run(db: Db, opts: SeedOptions): Promise<SeedSummary> {
  let phaseName = 'tariffs and parameter sets', phaseStart = Date.now();
  const phase = (next: string) => {
    opts.log?.(`${phaseName}: ${Date.now() - phaseStart} ms`);
    phaseName = next; phaseStart = Date.now();
  };
  const root = new Rng(0x5eed2026);
  const [A1, A2] = opts.areaIds;
  const areaOf = (i: 0 | 1) => (i === 0 ? A1 : A2);
  const op = opts.operatorId;

  // ---- timeline ------------------------------------------------------------------------------
  const nowMs = opts.now.getTime();
  const H0 = Math.floor(nowMs / HOUR) * HOUR; // last full hour: newest electric reading
  const D0 = localMidnight(nowMs); // last local midnight: newest water reading
  const W = D0 - 90 * DAY; // window start (opening balances)
  const hourlyFrom = H0 - 48 * HOUR;
  /** Nothing seeded happens after `now`: an event due a little after a period's end (at H0) waits no later than now. */
  const upToNow = (t: number) => Math.min(t, nowMs);
  const established = W - 3 * 365 * DAY;
  const refYear = lp(nowMs).y;

  // deduction periods: end at every local Monday and every 1st of month, and at H0
  const bounds: number[] = [];
  for (let t = W + DAY; t < H0; t += DAY) {
    const p = lp(t);
    if (p.dow === 1 || p.d === 1) bounds.push(t);
  }
  bounds.push(H0);
  const periodOf = (t: number) => bounds.findIndex((b) => t <= b);
  const periodStart = (k: number) => (k === 0 ? W : bounds[k - 1]);
  const periodLabels = bounds.map((b, k) => `${localDate(periodStart(k))}~${localDate(b - 1000)}`);

  // statement months: the last two full months after W
  const months: { key: string; start: number; end: number }[] = [];
  {
    const p = lp(H0);
    let y = p.y, m = p.m;
    for (let i = 0; i < 24 && months.length < 2; i++) {
      m -= 1; if (m === 0) { m = 12; y -= 1; }
      const start = monthStartMs(y, m);
      const end = m === 12 ? monthStartMs(y + 1, 1) : monthStartMs(y, m + 1);
      if (start > W && end <= H0) months.unshift({ key: `${y}-${pad(m)}`, start, end });
      if (start <= W) break;
    }
  }
  // gift days (1st of month) inside the window
  const giftMonths: { key: string; t: number }[] = [];
  for (let t = W + DAY; t <= nowMs; t += DAY) if (lp(t).d === 1) giftMonths.push({ key: monthKey(t), t });
  const firstMonthKey = monthKey(W + 1000);

  // ---- tariffs, time periods, parameter sets ------------------------------------------------------
  const createdConfig = date(W - 400 * DAY);
  const tpRows = await db.insert(schema.timePeriods).values([
    { areaId: A1, name: '峰谷分时时段', segments: TOU_SEGMENTS, remark: '尖峰平谷四费率', createdAt: createdConfig },
    { areaId: A1, name: '宿舍定时通断', segments: [{ start: '00:00', rate: 'off' }, { start: '06:00', rate: 'on' }, { start: '23:30', rate: 'off' }], remark: '23:30 断电，06:00 恢复', createdAt: createdConfig },
    { areaId: A2, name: '商业峰谷时段', segments: TOU_SEGMENTS, remark: '尖峰平谷四费率', createdAt: createdConfig },
    { areaId: A2, name: '商铺夜间断电', segments: [{ start: '00:00', rate: 'off' }, { start: '07:00', rate: 'on' }, { start: '22:00', rate: 'off' }], remark: '22:00 断电，07:00 恢复', createdAt: createdConfig },
  ]).returning({ id: schema.timePeriods.id });
  const [tpTou1, tpTimed1, tpTou2, tpTimed2] = tpRows.map((r) => r.id);

  const tiers1 = [{ upTo: 100, priceFen: 56 }, { upTo: 200, priceFen: 61 }, { upTo: null, priceFen: 86 }];
  const tiers2 = [{ upTo: 200, priceFen: 62 }, { upTo: 400, priceFen: 68 }, { upTo: null, priceFen: 93 }];
  const priceDefs = [
    { areaId: A1, name: '居民单一电价', kind: 'single', sharpFen: 60, peakFen: 60, flatFen: 60, valleyFen: 60, tiers: null, waterFen: 350, timePeriodId: null, remark: '0.60 元/kWh' },
    { areaId: A1, name: '峰谷分时电价', kind: 'tou', sharpFen: 110, peakFen: 95, flatFen: 65, valleyFen: 35, tiers: null, waterFen: 350, timePeriodId: tpTou1, remark: '尖 1.10 / 峰 0.95 / 平 0.65 / 谷 0.35' },
    { areaId: A1, name: '居民阶梯电价', kind: 'tiered', sharpFen: 56, peakFen: 56, flatFen: 56, valleyFen: 56, tiers: tiers1, waterFen: 350, timePeriodId: null, remark: '月用电 0–100 / 100–200 / 200 以上' },
    { areaId: A2, name: '商业单一电价', kind: 'single', sharpFen: 85, peakFen: 85, flatFen: 85, valleyFen: 85, tiers: null, waterFen: 380, timePeriodId: null, remark: '0.85 元/kWh' },
    { areaId: A2, name: '商业峰谷分时电价', kind: 'tou', sharpFen: 125, peakFen: 105, flatFen: 75, valleyFen: 40, tiers: null, waterFen: 380, timePeriodId: tpTou2, remark: '尖 1.25 / 峰 1.05 / 平 0.75 / 谷 0.40' },
    { areaId: A2, name: '阶梯电价', kind: 'tiered', sharpFen: 62, peakFen: 62, flatFen: 62, valleyFen: 62, tiers: tiers2, waterFen: 380, timePeriodId: null, remark: '月用电 0–200 / 200–400 / 400 以上' },
  ] as const;
  const priceRows = await db.insert(schema.priceTables)
    .values(priceDefs.map((p) => ({ ...p, tiers: p.tiers ? [...p.tiers] : null, createdAt: createdConfig })))
    .returning({ id: schema.priceTables.id });
  const priceIds = priceRows.map((r) => r.id);
  const [PT1_SINGLE, PT1_TOU, PT1_TIER, PT2_SINGLE, PT2_TOU] = [0, 1, 2, 3, 4];

  type ParamDef = { areaId: number; kind: string; name: string; values: Record<string, unknown>; remark?: string };
  const paramDefs: ParamDef[] = [
    { areaId: A1, kind: 'power', name: '宿舍功率限制 1500W', values: { maxPowerW: 1500 } },
    { areaId: A1, kind: 'power', name: '公寓功率限制 4000W', values: { maxPowerW: 4000 } },
    { areaId: A1, kind: 'control', name: '标准控制策略', values: { alarm1Fen: 2000, alarm2Fen: 500, overdraftFen: 1000, hoardLimitFen: 500000, autoTrip: true } },
    { areaId: A1, kind: 'control', name: '宽限控制策略（不自动跳闸）', values: { alarm1Fen: 3000, alarm2Fen: 1000, overdraftFen: 3000, hoardLimitFen: 500000, autoTrip: false } },
    { areaId: A1, kind: 'load', name: '宿舍恶性负载识别', values: { maxLoadW: 1500, malignantThresholdW: 800, action: 'trip' } },
    { areaId: A1, kind: 'load', name: '公寓负载限制', values: { maxLoadW: 4000, malignantThresholdW: 1500, action: 'alarm' } },
    { areaId: A1, kind: 'night', name: '宿舍夜间小功率', values: { start: '23:00', end: '06:00', maxW: 300 } },
    { areaId: A1, kind: 'night', name: '公寓夜间限电', values: { start: '00:00', end: '06:00', maxW: 800 } },
    { areaId: A1, kind: 'timed', name: '宿舍定时断电（每天）', values: { timePeriodId: tpTimed1, days: [1, 2, 3, 4, 5, 6, 7] } },
    { areaId: A1, kind: 'timed', name: '宿舍定时断电（工作日）', values: { timePeriodId: tpTimed1, days: [1, 2, 3, 4, 5] } },
    { areaId: A1, kind: 'gift', name: '每月赠送 10 度电', values: { amount: 10, unit: 'kWh', dayOfMonth: 1, carryOverCap: 0 } },
    { areaId: A1, kind: 'gift', name: '每月赠送 1 吨水', values: { amount: 1, unit: 'm3', dayOfMonth: 1, carryOverCap: 0 } },
    { areaId: A2, kind: 'power', name: '商铺功率限制 10kW', values: { maxPowerW: 10000 } },
    { areaId: A2, kind: 'power', name: '办公功率限制 6kW', values: { maxPowerW: 6000 } },
    { areaId: A2, kind: 'control', name: '商铺控制策略', values: { alarm1Fen: 10000, alarm2Fen: 3000, overdraftFen: 5000, hoardLimitFen: 2000000, autoTrip: true } },
    { areaId: A2, kind: 'control', name: '办公控制策略', values: { alarm1Fen: 5000, alarm2Fen: 1500, overdraftFen: 2000, hoardLimitFen: 1000000, autoTrip: true } },
    { areaId: A2, kind: 'load', name: '商铺负载限制', values: { maxLoadW: 10000, malignantThresholdW: 3000, action: 'alarm' } },
    { areaId: A2, kind: 'load', name: '办公负载限制', values: { maxLoadW: 6000, malignantThresholdW: 2000, action: 'trip' } },
    { areaId: A2, kind: 'night', name: '夜间低功率', values: { start: '23:00', end: '07:00', maxW: 1000 } },
    { areaId: A2, kind: 'night', name: '夜间待机', values: { start: '22:00', end: '06:00', maxW: 500 } },
    { areaId: A2, kind: 'timed', name: '商铺夜间断电', values: { timePeriodId: tpTimed2, days: [1, 2, 3, 4, 5, 6, 7] } },
    { areaId: A2, kind: 'timed', name: '周末断电', values: { timePeriodId: tpTimed2, days: [6, 7] } },
    { areaId: A2, kind: 'gift', name: '每月赠送 20 度电', values: { amount: 20, unit: 'kWh', dayOfMonth: 1, carryOverCap: 10 } },
    { areaId: A2, kind: 'gift', name: '每月赠送 2 吨水', values: { amount: 2, unit: 'm3', dayOfMonth: 1, carryOverCap: 0 } },
    // The limits of the areas' water accounts: each area's default for a water account it opens (areas.default_water_control_set_id).
    { areaId: A1, kind: 'control', name: '水表控制策略', values: WATER_LIMITS, remark: '水费账户的默认限额' },
    { areaId: A2, kind: 'control', name: '水表控制策略', values: WATER_LIMITS, remark: '水费账户的默认限额' },
  ];
  const paramRows = await db.insert(schema.parameterSets)
    .values(paramDefs.map((p) => ({ ...p, remark: p.remark ?? null, createdAt: createdConfig })))
    .returning({ id: schema.parameterSets.id });
  const ps = (name: string) => {
    const i = paramDefs.findIndex((p) => p.name === name);
    if (i < 0) throw new Error(`parameter set ${name}`);
    return { id: paramRows[i].id, values: paramDefs[i].values };
  };
  for (const areaId of [A1, A2]) {
    const i = paramDefs.findIndex((p) => p.areaId === areaId && p.name === '水表控制策略');
    await db.update(schema.areas).set({ defaultWaterControlSetId: paramRows[i].id }).where(eq(schema.areas.id, areaId));
  }

  phase('projects, buildings, rooms');
  // ---- projects, buildings, rooms -------------------------------------------------------------
  const rEstate = root.fork('estate');
  const projectRows = await db.insert(schema.projects).values(PROJECTS.map((p) => {
    const contact = fakePerson(rEstate, refYear, 30, 55);
    return { areaId: areaOf(p.area), name: p.name, address: p.address, contact: contact.name, phone: contact.phone, remark: p.remark, createdAt: date(established) };
  })).returning({ id: schema.projects.id });
  const projectIds = projectRows.map((r) => r.id);

  interface BuildingPlan { projectIdx: number; name: string; floors: number; perFloor: number; id: number; areaId: number; idxInProject: number }
  const buildingPlans: BuildingPlan[] = [];
  PROJECTS.forEach((p, pi) => p.buildings.forEach((name, bi) => {
    buildingPlans.push({
      projectIdx: pi, name, idxInProject: bi, id: 0, areaId: areaOf(p.area),
      floors: rEstate.int(p.floors[0], p.floors[1]), perFloor: rEstate.int(p.perFloor[0], p.perFloor[1]),
    });
  }));
  const buildingRows = await db.insert(schema.buildings).values(buildingPlans.map((b) => ({
    areaId: b.areaId, projectId: projectIds[b.projectIdx], name: b.name, floors: b.floors,
    remark: `${b.floors} 层，每层 ${b.perFloor} 间`, createdAt: date(established),
  }))).returning({ id: schema.buildings.id });
  buildingRows.forEach((r, i) => { buildingPlans[i].id = r.id; });

  const rooms: RoomPlan[] = [];
  buildingPlans.forEach((b, bi) => {
    const p = PROJECTS[b.projectIdx];
    for (let f = 1; f <= b.floors; f++) {
      for (let n = 1; n <= b.perFloor; n++) {
        let profile = P_APT;
        if (p.type === 'dorm') profile = b.idxInProject < 2 ? P_DORM_TIMED : P_DORM;
        if (p.type === 'shop') profile = f <= 2 ? P_SHOP : P_OFFICE;
        const code = String(f * 100 + n);
        const dryTop = f === b.floors && (p.noWater?.topFloorOf.includes(b.name) ?? false);
        rooms.push({
          idx: rooms.length, areaId: b.areaId, projectIdx: b.projectIdx, buildingIdx: bi, floor: f, code,
          size: Math.round(rEstate.float(p.size[0], p.size[1]) * 10) / 10,
          occupied: false, profile, id: 0, tenantIdx: null,
          label: `${p.name}${b.name}${code}`,
          water: !dryTop,
          remark: dryTop ? p.noWater!.topFloorRemark : p.type === 'shop' ? (f <= 2 ? '商铺' : '办公') : null,
        });
      }
    }
  });
  // occupancy: an exact share of each project's rooms, chosen at random
  PROJECTS.forEach((p, pi) => {
    const list = rooms.filter((r) => r.projectIdx === pi);
    for (const r of rEstate.sample(list, Math.round(list.length * p.occupancy))) r.occupied = true;
  });
  // shops that use no water (own generator: the other streams stay as they were)
  {
    const rDry = new Rng('estate:dry-shops');
    PROJECTS.forEach((p, pi) => {
      if (!p.noWater?.dryShops) return;
      const shops = rooms.filter((r) => r.projectIdx === pi && r.profile === P_SHOP && r.water);
      for (const r of rDry.sample(shops, p.noWater.dryShops)) { r.water = false; r.remark = p.noWater.dryShopRemark ?? r.remark; }
    });
  }
  {
    const rows = await bulkInsert(db, schema.rooms, rooms.map((r) => ({
      areaId: r.areaId, projectId: projectIds[r.projectIdx], buildingId: buildingPlans[r.buildingIdx].id,
      roomCode: r.code, floor: r.floor, size: r.size, state: r.occupied ? 1 : 0, remark: r.remark,
      createdAt: date(established),
    })), ['id', 'buildingId', 'roomCode']);
    const byKey = new Map(rows.map((x) => [`${x.buildingId}:${x.roomCode}`, Number(x.id)]));
    for (const r of rooms) r.id = byKey.get(`${buildingPlans[r.buildingIdx].id}:${r.code}`)!;
  }

  phase('tenants and bindings');
  // ---- tenants and bindings -------------------------------------------------------------------
  const rPeople = root.fork('people');
  interface TenantPlan { areaId: number; name: string; phone: string; idNumber: string; remark: string | null; id: number; created: number }
  const tenants: TenantPlan[] = [];
  const usedPhones = new Set<string>();
  const usedIds = new Set<string>();
  const newTenant = (areaId: number, type: ProjectType, remark: string | null) => {
    const [minAge, maxAge] = type === 'dorm' ? [18, 23] : type === 'shop' ? [25, 58] : [22, 55];
    let person = fakePerson(rPeople, refYear, minAge, maxAge);
    while (usedPhones.has(person.phone) || usedIds.has(person.idNumber)) person = fakePerson(rPeople, refYear, minAge, maxAge);
    usedPhones.add(person.phone); usedIds.add(person.idNumber);
    tenants.push({ areaId, name: person.name, phone: person.phone, idNumber: person.idNumber, remark, id: 0, created: 0 });
    return tenants.length - 1;
  };
  interface BindingPlan { tenantIdx: number; room: RoomPlan; start: number; end: number | null }
  const bindings: BindingPlan[] = [];
  const currentStart = new Map<number, number>(); // room idx -> start of current binding
  for (const r of rooms) {
    if (!r.occupied) continue;
    const type = PROJECTS[r.projectIdx].type;
    const remark = type === 'shop' ? (r.floor <= 2 ? '个体工商户' : '企业租户') : type === 'dorm' ? `学号 ${refYear - rPeople.int(1, 3)}${rPeople.digits(6)}` : null;
    r.tenantIdx = newTenant(r.areaId, type, remark);
    const start = localMidnight(W - rPeople.int(5, 1000) * DAY);
    currentStart.set(r.idx, start);
    bindings.push({ tenantIdx: r.tenantIdx, room: r, start, end: null });
  }
  // history: previous occupants (extra tenants now unbound, and tenants who moved rooms)
  const hasPast = new Set<number>();
  const roomsByArea = (areaId: number) => rooms.filter((r) => r.areaId === areaId);
  const addPast = (tenantIdx: number, room: RoomPlan, latestEnd: number) => {
    hasPast.add(room.idx);
    const limit = Math.min(latestEnd, currentStart.get(room.idx) ?? W);
    const end = localMidnight(limit - rPeople.int(1, 25) * DAY);
    const start = localMidnight(end - rPeople.int(120, 700) * DAY);
    bindings.push({ tenantIdx, room, start, end });
  };
  for (let i = 0; i < 30; i++) {
    const areaId = i < 22 ? A1 : A2;
    const pool = roomsByArea(areaId).filter((r) => !hasPast.has(r.idx));
    const room = rPeople.pick(pool);
    const t = newTenant(areaId, PROJECTS[room.projectIdx].type, i < 20 ? '已退租' : '预登记，待入住');
    if (i < 20) addPast(t, room, W); // 10 of them never bound yet
  }
  const occupiedRooms = rooms.filter((r) => r.occupied);
  for (const r of rPeople.sample(occupiedRooms, 40)) {
    const pool = roomsByArea(r.areaId).filter((x) => !hasPast.has(x.idx) && x.idx !== r.idx && PROJECTS[x.projectIdx].type === PROJECTS[r.projectIdx].type);
    addPast(r.tenantIdx!, rPeople.pick(pool), currentStart.get(r.idx)!);
  }
  for (const b of bindings) {
    const t = tenants[b.tenantIdx];
    t.created = t.created === 0 ? b.start : Math.min(t.created, b.start);
  }
  tenants.forEach((t) => { if (t.created === 0) t.created = W - rPeople.int(1, 60) * DAY; });
  {
    const rows = await bulkInsert(db, schema.tenants, tenants.map((t) => ({
      areaId: t.areaId, name: t.name, phone: t.phone, idNumber: t.idNumber, remark: t.remark, createdAt: date(t.created - 2 * DAY),
    })), ['id', 'idNumber']);
    const byId = new Map(rows.map((x) => [x.idNumber as string, Number(x.id)]));
    for (const t of tenants) t.id = byId.get(t.idNumber)!;
  }
  bindings.sort((a, b) => a.start - b.start || a.room.idx - b.room.idx);
  await bulkInsert(db, schema.tenantBindings, bindings.map((b) => ({
    areaId: b.room.areaId, tenantId: tenants[b.tenantIdx].id, roomId: b.room.id,
    startDate: localDate(b.start), endDate: b.end === null ? null : localDate(b.end), createdAt: date(b.start),
  })));

  phase('modules');
  // ---- modules ----------------------------------------------------------------------------------
  const rDev = root.fork('devices');
  interface ModulePlan { areaId: number; projectIdx: number; buildingIdx: number | null; address: string; kind: string; protocol: string; ip: string | null; sim: string | null; online: boolean; heartbeat: number; remark: string; id: number; meters: number }
  const modules: ModulePlan[] = [];
  const usedAddr = new Set<string>();
  const uniqueDigits = (prefix: string, total: number) => {
    for (;;) {
      const a = prefix + rDev.digits(total - prefix.length);
      if (!usedAddr.has(a)) { usedAddr.add(a); return a; }
    }
  };
  const sim = () => '898604' + rDev.digits(14);
  const elecModulesOf: number[][] = [];
  const waterModuleOf: number[] = [];
  buildingPlans.forEach((b, bi) => {
    const count = Math.ceil((b.floors * b.perFloor) / 80);
    const list: number[] = [];
    const prefix = b.areaId === A1 ? '3301' : '3302';
    for (let i = 0; i < count; i++) {
      list.push(modules.length);
      modules.push({
        areaId: b.areaId, projectIdx: b.projectIdx, buildingIdx: bi, address: uniqueDigits(prefix, 12), kind: 'simulator', protocol: 'dlt645',
        ip: null, sim: sim(), online: true, heartbeat: 0, remark: `${PROJECTS[b.projectIdx].name}${b.name} 电表集中器 ${i + 1}`, id: 0, meters: 0,
      });
    }
    elecModulesOf.push(list);
    waterModuleOf.push(modules.length);
    modules.push({
      areaId: b.areaId, projectIdx: b.projectIdx, buildingIdx: bi, address: uniqueDigits(prefix, 12), kind: 'simulator', protocol: 'cjt188',
      ip: null, sim: sim(), online: true, heartbeat: 0, remark: `${PROJECTS[b.projectIdx].name}${b.name} 水表 DTU`, id: 0, meters: 0,
    });
  });
  while (modules.length < 40) {
    const pi = modules.length % PROJECTS.length;
    const areaId = areaOf(PROJECTS[pi].area);
    modules.push({
      areaId, projectIdx: pi, buildingIdx: null, address: uniqueDigits(areaId === A1 ? '3301' : '3302', 12), kind: 'simulator', protocol: 'dlt645',
      ip: `10.${20 + pi}.${rDev.int(1, 254)}.${rDev.int(2, 250)}`, sim: null, online: true, heartbeat: 0,
      remark: `${PROJECTS[pi].name} 备用网关`, id: 0, meters: 0,
    });
  }
  for (const m of modules) m.heartbeat = nowMs - rDev.int(20, 900) * 1000;
  // offline: one electric concentrator (apartments), one water DTU (dormitory), one spare gateway
  const offlineElecModule = elecModulesOf[1][0];
  const offlineWaterModule = waterModuleOf[6];
  const offlineGateway = modules.findIndex((m) => m.buildingIdx === null);
  const offlineSince: [number, number][] = [
    [offlineElecModule, H0 - 30 * HOUR - 17 * MIN],
    [offlineWaterModule, D0 - 3 * DAY + 9 * HOUR + 41 * MIN],
    [offlineGateway, nowMs - 12 * DAY - 5 * HOUR],
  ];
  for (const [mi, t] of offlineSince) { modules[mi].online = false; modules[mi].heartbeat = t; }
  const moduleRows = await db.insert(schema.modules).values(modules.map((m) => ({
    areaId: m.areaId, projectId: projectIds[m.projectIdx], address: m.address, name: m.remark, kind: m.kind, protocol: m.protocol, ip: m.ip, sim: m.sim,
    // The offline ones stay down: the simulated heartbeat leaves them alone (server/domain/moduleOnline.ts).
    online: m.online, simOutOfService: !m.online, lastHeartbeatAt: date(m.heartbeat), remark: m.remark, createdAt: date(established + 20 * DAY),
  }))).returning({ id: schema.modules.id, address: schema.modules.address });
  {
    const byAddr = new Map(moduleRows.map((x) => [x.address, x.id]));
    for (const m of modules) m.id = byAddr.get(m.address)!;
  }

  phase('meters');
  // ---- meters -------------------------------------------------------------------------------------
  const ctlStd = ps('标准控制策略'), ctlLax = ps('宽限控制策略（不自动跳闸）'), ctlShop = ps('商铺控制策略'), ctlOffice = ps('办公控制策略');
  const giftE = ps('每月赠送 10 度电'), giftW = ps('每月赠送 1 吨水');
  const elec: MeterPlan[] = [];
  const water: MeterPlan[] = [];
  const elecExtra: { model: string; channel: number; powerSetId: number; controlSetId: number; loadSetId: number | null; nightSetId: number | null; timedSetId: number | null; giftSetId: number | null }[] = [];
  const waterExtra: { meterType: string; valve: string; batteryLow: boolean; accountOpened: boolean; giftSetId: number | null }[] = [];
  const channelNext = new Map<number, number>();
  const roomNoInBuilding = new Map<number, number>();
  const keepSupplyRooms = new Set(rDev.sample(occupiedRooms.filter((r) => PROJECTS[r.projectIdx].type !== 'dorm'), 4).map((r) => r.idx));
  const vacantRooms = rooms.filter((r) => !r.occupied);
  // k rooms with a water meter, taking as many draws as a plain sample of the whole list
  const sampleWater = (rng: Rng, list: RoomPlan[], k: number) => rng.shuffle(list).filter((r) => r.water).slice(0, k);
  const closedValveRooms = new Set(sampleWater(rDev, vacantRooms, 12).map((r) => r.idx));
  const notOpenedRooms = new Set([...closedValveRooms].slice(0, 6));
  const abnormalValveRooms = new Set(sampleWater(rDev, occupiedRooms, 3).map((r) => r.idx));

  for (const r of rooms) {
    const p = PROJECTS[r.projectIdx];
    const b = buildingPlans[r.buildingIdx];
    const isShop = r.profile === P_SHOP;
    // electric
    const emods = elecModulesOf[r.buildingIdx];
    const per = Math.ceil((b.floors * b.perFloor) / emods.length);
    const localIdx = roomNoInBuilding.get(r.buildingIdx) ?? 0;
    roomNoInBuilding.set(r.buildingIdx, localIdx + 1);
    const moduleIdx = emods[Math.min(emods.length - 1, Math.floor(localIdx / per))];
    const channel = (channelNext.get(moduleIdx) ?? 0) + 1;
    channelNext.set(moduleIdx, channel);
    modules[moduleIdx].meters++;
    let base: number;
    if (!r.occupied) base = rDev.float(0.03, 0.2);
    else if (p.type === 'apartment') base = r.size * rDev.float(0.07, 0.15);
    else if (p.type === 'dorm') base = rDev.float(1.8, 4.5);
    else if (isShop) base = r.size * rDev.float(0.25, 0.55);
    else base = r.size * rDev.float(0.12, 0.25);
    let priceTableIdx: number;
    if (p.type === 'apartment') priceTableIdx = rDev.chance(0.65) ? PT1_TIER : PT1_TOU;
    else if (p.type === 'dorm') priceTableIdx = PT1_SINGLE;
    else priceTableIdx = rDev.chance(0.85) ? PT2_TOU : PT2_SINGLE;
    const pd = priceDefs[priceTableIdx];
    let control = ctlStd;
    if (p.type === 'apartment' && rDev.chance(0.03)) control = ctlLax;
    if (p.type === 'shop') control = isShop ? ctlShop : ctlOffice;
    const cv = control.values as { alarm1Fen: number; alarm2Fen: number; overdraftFen: number; hoardLimitFen: number; autoTrip: boolean };
    const gift = p.type === 'dorm' && b.idxInProject === 0;
    const phase = p.type === 'shop' && rDev.chance(isShop ? 0.3 : 0.1) ? 3 : 1;
    const initH = Math.round(rDev.float(p.type === 'shop' ? 2000 : 500, p.type === 'shop' ? 40000 : 9000) * 100);
    elec.push({
      utility: 'electric', room: r, id: 0, address: uniqueDigits(rDev.pick(['2021', '2022', '2023', '2024']), 12), moduleIdx, base, profile: r.profile,
      initH, regsH: splitRegisters(initH, r.profile), priceKind: pd.kind, priceTableIdx, priceFen: pd.flatFen,
      allowance: gift ? 10 : 0, priorH: 0, stopAt: null, phase, keepSupply: keepSupplyRooms.has(r.idx),
      alarm1: cv.alarm1Fen, alarm2: cv.alarm2Fen, overdraft: cv.overdraftFen, hoard: cv.hoardLimitFen, autoTrip: cv.autoTrip,
    });
    elecExtra.push({
      model: phase === 3 ? 'DTSY1352' : p.type === 'dorm' ? 'DDSY1352-Z' : 'DDSY1352', channel,
      powerSetId: ps(p.type === 'dorm' ? '宿舍功率限制 1500W' : p.type === 'apartment' ? '公寓功率限制 4000W' : isShop ? '商铺功率限制 10kW' : '办公功率限制 6kW').id,
      controlSetId: control.id,
      loadSetId: ps(p.type === 'dorm' ? '宿舍恶性负载识别' : p.type === 'apartment' ? '公寓负载限制' : isShop ? '商铺负载限制' : '办公负载限制').id,
      nightSetId: r.profile === P_DORM ? ps('宿舍夜间小功率').id : null,
      timedSetId: r.profile === P_DORM_TIMED ? ps('宿舍定时断电（每天）').id : null,
      giftSetId: gift ? giftE.id : null,
    });
    // water
    const hot = p.type !== 'shop' && rDev.chance(0.125);
    const wprof = hot ? P_HOT : r.profile;
    let wbase: number;
    if (!r.occupied) wbase = closedValveRooms.has(r.idx) || rDev.chance(0.75) ? 0 : rDev.float(0.002, 0.01);
    else if (hot) wbase = p.type === 'dorm' ? rDev.float(0.08, 0.2) : rDev.float(0.05, 0.12);
    else if (p.type === 'apartment') wbase = rDev.float(0.12, 0.35);
    else if (p.type === 'dorm') wbase = rDev.float(0.25, 0.6);
    else wbase = isShop ? rDev.float(0.03, 0.3) : rDev.float(0.02, 0.08);
    const wprice = hot ? { apartment: 2500, dorm: 2400, shop: 2600 }[p.type] : { apartment: 350, dorm: 340, shop: 380 }[p.type];
    const winit = Math.round(rDev.float(hot ? 5 : 20, hot ? 120 : 600) * 100);
    const waddress = uniqueDigits(hot ? '1125' : '1025', 14);
    // a room without water meter still takes its draws above (fewer knock-on changes to the following meters)
    if (!r.water) continue;
    water.push({
      utility: 'water', room: r, id: 0, address: waddress, moduleIdx: waterModuleOf[r.buildingIdx], base: wbase, profile: wprof,
      initH: winit, regsH: [0, 0, 0, winit], priceKind: 'water', priceTableIdx: -1, priceFen: wprice,
      allowance: gift ? 1 : 0, priorH: 0, stopAt: null, phase: 1, keepSupply: false,
      alarm1: WATER_LIMITS.alarm1Fen, alarm2: WATER_LIMITS.alarm2Fen, overdraft: WATER_LIMITS.overdraftFen, hoard: WATER_LIMITS.hoardLimitFen, autoTrip: true,
    });
    modules[waterModuleOf[r.buildingIdx]].meters++;
    waterExtra.push({
      meterType: hot ? 'hot' : 'cold',
      valve: closedValveRooms.has(r.idx) ? 'closed' : abnormalValveRooms.has(r.idx) ? 'abnormal' : 'open',
      batteryLow: false, accountOpened: !notOpenedRooms.has(r.idx), giftSetId: gift ? giftW.id : null,
    });
  }
  // month-to-date usage before the window (tiers) and meters that stopped reporting
  const firstMonthDays = (W - monthStartOfKey(firstMonthKey)) / DAY;
  for (const m of [...elec, ...water]) m.priorH = Math.round(m.base * firstMonthDays * 100);
  const stopInfo: { meter: MeterPlan; kind: 'offline' | 'read_failure'; t: number }[] = [];
  for (const [mi, t] of offlineSince) {
    for (const m of [...elec, ...water]) if (m.moduleIdx === mi) { m.stopAt = t; stopInfo.push({ meter: m, kind: 'offline', t }); }
  }
  const failCandidates = (list: MeterPlan[]) => list.filter((m) => m.room.occupied && m.stopAt === null && !m.keepSupply && !abnormalValveRooms.has(m.room.idx));
  for (const m of rDev.sample(failCandidates(elec), 5)) { m.stopAt = H0 - rDev.int(1, 20) * HOUR; stopInfo.push({ meter: m, kind: 'read_failure', t: m.stopAt }); }
  for (const m of rDev.sample(failCandidates(water), 3)) { m.stopAt = D0 - rDev.int(0, 1) * DAY; stopInfo.push({ meter: m, kind: 'read_failure', t: m.stopAt }); }
  const batteryLowIdx = rDev.sample(water.map((_, i) => i).filter((i) => water[i].room.occupied), 5);
  for (const i of batteryLowIdx) waterExtra[i].batteryLow = true;

  const meterCreated = date(established + 25 * DAY);
  {
    const rows = await bulkInsert(db, schema.electricMeters, elec.map((m, i) => ({ m, x: elecExtra[i] })).map(({ m, x }) => ({
      areaId: m.room.areaId, roomId: m.room.id, moduleId: modules[m.moduleIdx].id, channel: x.channel, address: m.address, model: x.model,
      phase: m.phase, ctRatio: 1, priceTableId: priceIds[m.priceTableIdx], relayState: 'on', keepSupply: m.keepSupply,
      online: m.stopAt === null, powerSetId: x.powerSetId, controlSetId: x.controlSetId, loadSetId: x.loadSetId,
      nightSetId: x.nightSetId, timedSetId: x.timedSetId, giftSetId: x.giftSetId,
      remark: m.keepSupply ? '保电用户' : null, createdAt: meterCreated,
    })), ['id', 'address']);
    const byAddr = new Map(rows.map((x) => [x.address as string, Number(x.id)]));
    for (const m of elec) m.id = byAddr.get(m.address)!;
  }
  {
    const rows = await bulkInsert(db, schema.waterMeters, water.map((m, i) => ({ m, x: waterExtra[i] })).map(({ m, x }) => ({
      areaId: m.room.areaId, roomId: m.room.id, moduleId: modules[m.moduleIdx].id, address: m.address, meterType: x.meterType,
      priceFen: m.priceFen, valveState: x.valve, batteryLow: x.batteryLow, online: m.stopAt === null, accountOpened: x.accountOpened,
      freeAllowance: 0, giftSetId: x.giftSetId, remark: x.accountOpened ? null : '空置房，未开户', createdAt: meterCreated,
    })), ['id', 'address']);
    const byAddr = new Map(rows.map((x) => [x.address as string, Number(x.id)]));
    for (const m of water) m.id = byAddr.get(m.address)!;
  }
  // spare water meters in stock: one delivery batch per area (consecutive addresses), not installed in a room,
  // no module, no account, no readings (own generator: the other streams stay as they were)
  const spareWater: (typeof schema.waterMeters.$inferInsert)[] = [];
  {
    const rStock = new Rng('estate:water-stock');
    const delivered = date(D0 - 20 * DAY + 10 * HOUR);
    for (const areaId of [A1, A2]) {
      let batch: string[];
      do {
        const prefix = `1026${rStock.digits(6)}`;
        batch = Array.from({ length: SPARE_WATER_METERS }, (_, k) => `${prefix}${pad(k + 1, 4)}`);
      } while (batch.some((a) => usedAddr.has(a)));
      for (const address of batch) {
        usedAddr.add(address);
        spareWater.push({
          areaId, roomId: null, moduleId: null, address, meterType: 'cold', priceFen: priceDefs.find((p) => p.areaId === areaId)!.waterFen,
          valveState: 'open', batteryLow: false, online: true, accountOpened: false, freeAllowance: 0, giftSetId: null,
          remark: '库存表', createdAt: delivered,
        });
      }
    }
    await bulkInsert(db, schema.waterMeters, spareWater);
  }

  phase('readings');
  // ---- readings (generated inside the database) -------------------------------------------------
  const dayFactorCache = new Map<string, number>();
  const dayFactor = (utility: 'electric' | 'water', prof: number, dayMs: number) => {
    const key = `${utility}${prof}:${dayMs}`;
    let f = dayFactorCache.get(key);
    if (f === undefined) {
      const p = lp(dayMs);
      const doy = dayOfYear(dayMs);
      const season = utility === 'electric' ? seasonElectric(doy) : seasonWater(doy, prof === P_HOT);
      const wk = WEEKDAY_E[prof][p.dow];
      const hol = p.m === 10 && p.d <= 7 ? HOLIDAY[prof] : 1;
      f = season * (utility === 'water' ? 0.6 * wk + 0.4 : wk) * (utility === 'water' ? 0.5 * hol + 0.5 : hol);
      dayFactorCache.set(key, f);
    }
    return f;
  };
  interface Slot { u: string; slot: number; read_at: string; mkey: string; allow_ok: boolean; mfirst: boolean; hourly: boolean; period: number; factor: number[]; fs: number[]; fp: number[]; ff: number[] }
  const slots: Slot[] = [];
  const addSlots = (utility: 'electric' | 'water', times: number[]) => {
    let prev = W;
    times.forEach((t, i) => {
      const factor = new Array<number>(NPROF).fill(0);
      const reg = Array.from({ length: NPROF }, () => [0, 0, 0, 0]);
      for (let h = prev; h < t; h += HOUR) {
        const hour = lp(h).h;
        const day = localMidnight(h);
        for (let pr = 0; pr < NPROF; pr++) {
          const wt = utility === 'electric' ? HOUR_WEIGHTS[pr][hour] / HOUR_WEIGHT_SUM[pr] : 1 / 24;
          const v = dayFactor(utility, pr, day) * wt;
          factor[pr] += v;
          reg[pr][rateOfHour(hour)] += v;
        }
      }
      const frac = (k: number) => reg.map((r, pr) => (factor[pr] > 0 ? r[k] / factor[pr] : 0));
      const mk = monthKey(t - 1000);
      slots.push({
        u: utility, slot: i + 1, read_at: iso(t), mkey: mk, allow_ok: monthStartOfKey(mk) > W, mfirst: mk === firstMonthKey,
        hourly: t - prev <= 2 * HOUR, period: periodOf(t), factor, fs: frac(0), fp: frac(1), ff: frac(2),
      });
      prev = t;
    });
  };
  {
    const et: number[] = [];
    for (let t = W + DAY; t <= hourlyFrom; t += DAY) et.push(t);
    for (let t = Math.max(hourlyFrom, et[et.length - 1]) + HOUR; t <= H0; t += HOUR) et.push(t);
    addSlots('electric', et);
    const wt: number[] = [];
    for (let t = W + DAY; t <= D0; t += DAY) wt.push(t);
    addSlots('water', wt);
  }
  const tierOf = (m: MeterPlan) => {
    const tiers = m.priceKind === 'tiered' ? priceDefs[m.priceTableIdx].tiers! : null;
    return tiers
      ? { t1: tiers[0].upTo! * 100, p1: tiers[0].priceFen, t2: tiers[1].upTo! * 100, p2: tiers[1].priceFen, p3: tiers[2].priceFen }
      : { t1: 0, p1: 0, t2: 0, p2: 0, p3: 0 };
  };
  const meterRows = [...elec, ...water].map((m) => {
    const pd = m.priceTableIdx >= 0 ? priceDefs[m.priceTableIdx] : null;
    return {
      u: m.utility, id: m.id, area: m.room.areaId, room: m.room.id, addr: m.address, base: m.base, prof: m.profile,
      init: m.initH, i_s: m.regsH[0], i_p: m.regsH[1], i_f: m.regsH[2], i_v: m.regsH[3],
      pk: m.priceKind, pf: m.priceFen, ps: pd?.sharpFen ?? 0, pp: pd?.peakFen ?? 0, pv: pd?.valleyFen ?? 0,
      ...tierOf(m), allow: Math.round(m.allowance * 100), prior: m.priorH, stop: m.stopAt === null ? null : iso(m.stopAt), phase: m.phase,
    };
  });
  await db.execute(sql`DROP TABLE IF EXISTS seed_tmp_m`);
  await db.execute(sql`DROP TABLE IF EXISTS seed_tmp_s`);
  await db.execute(sql`CREATE TEMP TABLE seed_tmp_m ON COMMIT DROP AS SELECT * FROM jsonb_to_recordset(${json(meterRows)}) AS x(
    u text, id int, area int, room int, addr text, base float8, prof int, init bigint, i_s bigint, i_p bigint, i_f bigint, i_v bigint,
    pk text, pf int, ps int, pp int, pv int, t1 bigint, p1 int, t2 bigint, p2 int, p3 int, allow bigint, prior bigint, stop timestamptz, phase int)`);
  await db.execute(sql`CREATE TEMP TABLE seed_tmp_s ON COMMIT DROP AS SELECT * FROM jsonb_to_recordset(${json(slots)}) AS x(
    u text, slot int, read_at timestamptz, mkey text, allow_ok boolean, mfirst boolean, hourly boolean, period int,
    factor float8[], fs float8[], fp float8[], ff float8[])`);

  // One statement: generate every reading (integer hundredths of kWh/m³, md5-based noise), insert them,
  // and return the charge per meter and deduction period. All money arithmetic is integer:
  //   c = consumption in 1/100 unit; billable b1..b2 in 1/100 unit after the monthly free allowance;
  //   single/water: round((b2-b1) * price / 100); tiered: round((F(b2) - F(b1)) / 100);
  //   tou: round(Σ register × price × (b2-b1) / (c × 100)).
  await db.execute(sql`SET LOCAL work_mem = '128MB'`);
  const genSelect = sql`
    SELECT m.area, g.u, g.id, m.room, g.read_at,
      ((m.init + g.run_c)::numeric / 100),
      CASE WHEN g.u = 'electric' THEN (m.i_s + g.run_s)::numeric / 100 END,
      CASE WHEN g.u = 'electric' THEN (m.i_p + g.run_p)::numeric / 100 END,
      CASE WHEN g.u = 'electric' THEN (m.i_f + g.run_f)::numeric / 100 END,
      CASE WHEN g.u = 'electric' THEN (m.i_v + g.run_v)::numeric / 100 END,
      g.volt,
      CASE WHEN g.u = 'electric' THEN round((g.pw * 1000 / (g.volt::float8 * CASE WHEN m.phase = 3 THEN 3 ELSE 1 END * 0.95))::numeric, 2) END,
      CASE WHEN g.u = 'electric' THEN round(g.pw::numeric, 2) END,
      (g.c::numeric / 100),
      CASE
        WHEN g.c = 0 THEN 0
        WHEN m.pk = 'tou' THEN ((g.cs::bigint * m.ps + g.cp::bigint * m.pp + g.cf::bigint * m.pf + g.cv::bigint * m.pv) * (bb.b2 - bb.b1) * 2 + g.c::bigint * 100) / (g.c::bigint * 200)
        WHEN m.pk = 'tiered' THEN (
            (least(bb.b2, m.t1) * m.p1 + greatest(0, least(bb.b2, m.t2) - m.t1) * m.p2 + greatest(0, bb.b2 - m.t2) * m.p3)
          - (least(bb.b1, m.t1) * m.p1 + greatest(0, least(bb.b1, m.t2) - m.t1) * m.p2 + greatest(0, bb.b1 - m.t2) * m.p3) + 50) / 100
        ELSE ((bb.b2 - bb.b1) * m.pf + 50) / 100
      END,
      g.read_at, g.since_at, CASE WHEN g.u = 'electric' THEN jsonb_build_array(g.cs, g.cp, g.cf, g.cv) END
    FROM (
      SELECT n.*,
        sum(c) OVER win AS run_c, sum(cs) OVER win AS run_s, sum(cp) OVER win AS run_p, sum(cf) OVER win AS run_f, sum(cv) OVER win AS run_v,
        sum(c) OVER (PARTITION BY u, id, mkey ORDER BY read_at) - c AS mc,
        coalesce(lag(read_at) OVER win, ${iso(W)}::timestamptz) AS since_at
      FROM (
        SELECT k.u, k.id, k.read_at, k.mkey, k.allow_ok, k.mfirst, k.c,
          floor(k.c * k.fs)::int AS cs, floor(k.c * k.fp)::int AS cp, floor(k.c * k.ff)::int AS cf,
          k.c - floor(k.c * k.fs)::int - floor(k.c * k.fp)::int - floor(k.c * k.ff)::int AS cv,
          CASE WHEN k.u = 'electric' THEN round((220 + (k.u3 - 0.5) * 12)::numeric, 1) END AS volt,
          CASE WHEN k.hourly THEN k.c::float8 / 100 * (0.6 + 0.8 * k.u4) ELSE k.c::float8 / 100 / 24 * (0.3 + 1.4 * k.u4) END AS pw
        FROM (
          SELECT h.u, h.id, h.read_at, h.mkey, h.allow_ok, h.mfirst, h.hourly, h.fs, h.fp, h.ff, h.u3, h.u4,
            greatest(0, round(h.base * h.factor * CASE
              WHEN h.u = 'water' THEN CASE WHEN h.u5 < 0.03 THEN 0.05 ELSE 0.5 + 0.5 * (h.u1 + h.u2) END
              WHEN h.hourly THEN 0.3 + 0.7 * (h.u1 + h.u2)
              ELSE CASE WHEN h.u5 < 0.02 THEN 0.1 ELSE 0.62 + 0.38 * (h.u1 + h.u2) END END * 100))::int AS c
          FROM (
            SELECT x.*,
              ('x' || substr(hx, 1, 7))::bit(28)::int::float8 / 268435455 AS u1,
              ('x' || substr(hx, 8, 7))::bit(28)::int::float8 / 268435455 AS u2,
              ('x' || substr(hx, 15, 7))::bit(28)::int::float8 / 268435455 AS u3,
              ('x' || substr(hx, 22, 7))::bit(28)::int::float8 / 268435455 AS u4,
              ('x' || substr(hx, 29, 4))::bit(16)::int::float8 / 65535 AS u5
            FROM (
              SELECT m.u, m.id, m.base, s.read_at, s.mkey, s.allow_ok, s.mfirst, s.hourly,
                s.factor[m.prof + 1] AS factor, s.fs[m.prof + 1] AS fs, s.fp[m.prof + 1] AS fp, s.ff[m.prof + 1] AS ff,
                md5(m.addr || ':' || s.slot) AS hx
              FROM seed_tmp_m m JOIN seed_tmp_s s ON s.u = m.u
              WHERE m.stop IS NULL OR s.read_at < m.stop
              OFFSET 0
            ) x OFFSET 0
          ) h OFFSET 0
        ) k
      ) n
      WINDOW win AS (PARTITION BY u, id ORDER BY mkey, read_at)
    ) g
    JOIN seed_tmp_m m ON m.u = g.u AND m.id = g.id
    CROSS JOIN LATERAL (
      SELECT greatest(0, g.mc + CASE WHEN g.mfirst THEN m.prior ELSE 0 END - CASE WHEN g.allow_ok THEN m.allow ELSE 0 END) AS b1,
             greatest(0, g.mc + g.c + CASE WHEN g.mfirst THEN m.prior ELSE 0 END - CASE WHEN g.allow_ok THEN m.allow ELSE 0 END) AS b2
    ) bb`;
  // The months the readings fill have their partitions (migration 0033) before the rows go in.
  await ensureReadingPartitions(db, new Date(W - DAY), new Date(nowMs + 92 * DAY));
  // The readings' secondary indexes are built once the rows are in (seed/deferredIndexes.ts).
  const costRows = await withIndexesDeferred(db, 'readings', () => q<{ u: string; id: number; period: number; cost: number; qty: number }>(db, sql`
    WITH ins AS (
      INSERT INTO readings (area_id, utility, meter_id, room_id, read_at, total, sharp, peak, flat, valley, voltage, current, power_kw, consumption, cost_fen, created_at, since_at, usage_rates)
      ${genSelect}
      RETURNING utility, meter_id, read_at, cost_fen, consumption
    )
    SELECT i.utility AS u, i.meter_id AS id, s.period, sum(i.cost_fen)::float8 AS cost, sum((i.consumption * 100)::int)::float8 AS qty
    FROM ins i JOIN seed_tmp_s s ON s.u = i.utility AND s.read_at = i.read_at
    GROUP BY 1, 2, 3`));

  phase('balance simulation');
  // ---- balances: simulate tenants against the per-period charges ------------------------------------
  const P = bounds.length;
  const costs = new Map<string, number[]>();
  const qtys = new Map<string, number[]>();
  for (const m of [...elec, ...water]) {
    costs.set(`${m.utility}:${m.id}`, new Array<number>(P).fill(0));
    qtys.set(`${m.utility}:${m.id}`, new Array<number>(P).fill(0));
  }
  for (const row of costRows) {
    costs.get(`${row.u}:${row.id}`)![row.period] = Number(row.cost);
    qtys.get(`${row.u}:${row.id}`)![row.period] = Number(row.qty);
  }

  const rBal = root.fork('balances');
  /**
   * One account over the window: opening balance, tenant recharges when the balance is low (never in or after
   * period `stopAt`; `topUp` forces one small recharge in the last period), a deduction per period, alarm SMS
   * per level crossing, and an automatic trip at −overdraft that ends consumption (and further charges).
   */
  const simulate = (m: MeterPlan, seed: number, stopAt: number, opening: number, occupied: boolean, topUp = 0, topUpAt = P - 1, noCut = false): SimResult => {
    const r = new Rng(seed);
    const cs = costs.get(`${m.utility}:${m.id}`)!;
    const qs = qtys.get(`${m.utility}:${m.id}`)!;
    const days = (bounds[P - 1] - W) / DAY;
    const weekly = (cs.reduce((a, b) => a + b, 0) / days) * 7;
    const threshold = m.alarm1 + weekly * r.float(1.5, 3);
    const cover = r.float(3, 10);
    const res: SimResult = { final: 0, ledger: [], orders: [], cut: null, sms: [], saleCount: 0, firstNegative: -1 };
    let bal = 0;
    if (opening !== 0) {
      bal = opening;
      res.ledger.push({ t: W, kind: 'opening', amount: opening, balanceAfter: bal, remark: '系统上线期初余额' });
    }
    const prefix = m.utility === 'electric' ? 'E' : 'W';
    const price = m.priceFen > 0 ? m.priceFen : 60;
    /** Rule 2: the alarm levels a fall of the balance crossed (level 1 then level 2; both when it crossed both). */
    const crossed = (from: number, to: number) => (['alarm1', 'alarm2'] as const).filter((level) => from > m[level] && to <= m[level]);
    const newOrder = (t: number, amount: number, status: number, voidedAt: number | null) => {
      const channel = r.weighted([['wechat', 45], ['alipay', 25], ['cash', 20], ['card', 10]] as const);
      const o: OrderPlan = {
        orderId: '', prefix, t, amount, energy: Math.round((amount / price) * 100) / 100, channel, status, voidedAt,
        clientRequestId: channel === 'wechat' || channel === 'alipay' ? `${channel}-${stamp(t)}-${r.digits(8)}` : null,
      };
      res.orders.push(o);
      bal += amount;
      res.ledger.push({ t, kind: 'recharge', amount, balanceAfter: bal, order: o, operatorId: op, remark: `${CHANNEL_NAMES[channel]}充值`, energy: o.energy });
      return o;
    };
    for (let k = 0; k < P; k++) {
      if (res.cut) break;
      const start = periodStart(k), end = bounds[k];
      const forced = topUp > 0 && k === topUpAt;
      if (occupied && (forced || (k < stopAt && bal < threshold && r.chance(0.85)))) {
        const firstDay = localMidnight(start) === start ? start : localMidnight(start) + DAY;
        const nDays = Math.max(1, Math.floor((end - firstDay) / DAY));
        const t = firstDay + r.int(0, nDays - 1) * DAY + r.int(8 * 3600, 22 * 3600 + 3599) * 1000;
        if (t > start + 30 * MIN && t < end) {
          const cap = m.hoard - bal;
          const want = cover * weekly;
          let amount = NICE_AMOUNTS.find((a) => a >= want) ?? NICE_AMOUNTS[NICE_AMOUNTS.length - 1];
          if (amount > cap) amount = [...NICE_AMOUNTS].reverse().find((a) => a <= cap) ?? 0;
          if (forced) amount = topUp;
          if (amount > 0) {
            if (r.chance(0.025)) {
              // wrong amount entered: paid, then voided and reversed, then the right order
              const wrong = NICE_AMOUNTS.filter((a) => a !== amount && a <= cap);
              if (wrong.length) {
                const w = r.pick(wrong);
                const o = newOrder(t - 20 * MIN, w, 0, t - 12 * MIN);
                bal -= w;
                res.ledger.push({ t: t - 12 * MIN, kind: 'void', amount: -w, balanceAfter: bal, order: o, operatorId: op, remark: '充值订单作废冲正' });
                // The void's fall is a crossing too: its notices go out with it.
                for (const level of crossed(bal + w, bal)) res.sms.push({ t: t - 12 * MIN, level, balance: bal });
              }
            }
            newOrder(t, amount, r.chance(m.utility === 'electric' ? 0.15 : 0.1) ? 2 : 1, null);
            res.saleCount++;
          }
        }
      }
      const d = cs[k];
      if (d > 0) {
        const before = bal;
        bal -= d;
        const label = periodLabels[k];
        res.ledger.push({ t: end, kind: 'deduction', amount: -d, balanceAfter: bal, energy: qs[k] / 100, refType: 'reading_period', refId: label, remark: `抄表扣费 ${label}`, usage: [start, end] });
        if (occupied) {
          // Rule 2: one notice per alarm level the fall crossed, level 1 then level 2, sent together a few
          // minutes after the charge and never after now (one draw per level, so the account's later draws
          // stay as they were).
          const levels = crossed(before, bal);
          const delays = levels.map(() => r.int(60, 900));
          for (const level of levels) res.sms.push({ t: upToNow(end + Math.min(...delays) * 1000), level, balance: bal });
        }
        if (bal < 0 && res.firstNegative < 0) res.firstNegative = k;
        if (!noCut && bal <= -m.overdraft && m.autoTrip && !m.keepSupply) {
          // The trip succeeds a few minutes after the charge, never after now; it was queued 4 s before
          // (never before the charge). Its success is the cut's off time.
          const done = upToNow(end + r.int(90, 600) * 1000);
          res.cut = { period: k, t: done, queued: Math.max(end, done - 4000), balance: bal };
          if (occupied) res.sms.push({ t: upToNow(res.cut.t + 30_000), level: 'arrears', balance: bal });
        }
      }
    }
    res.final = bal;
    return res;
  };

  interface AccountPlan { meter: MeterPlan; sim: SimResult; category: string }
  const accountsPlan: AccountPlan[] = [];
  const arrearsRoomsE = new Set(rBal.sample(occupiedRooms, Math.round(occupiedRooms.length * 0.045)).map((r) => r.idx));
  // a couple of keep-supply tenants in arrears (supply kept despite arrears)
  for (const idx of [...keepSupplyRooms].slice(0, 2)) arrearsRoomsE.add(idx);
  const lowRoomsE = new Set(rBal.sample(occupiedRooms.filter((r) => !arrearsRoomsE.has(r.idx)), Math.round(occupiedRooms.length * 0.07)).map((r) => r.idx));
  const arrearsRoomsW = new Set(sampleWater(rBal, occupiedRooms, Math.round(occupiedRooms.length * 0.015)).map((r) => r.idx));
  const lowRoomsW = new Set(sampleWater(rBal, occupiedRooms.filter((r) => !arrearsRoomsW.has(r.idx)), Math.round(occupiedRooms.length * 0.04)).map((r) => r.idx));
  for (const m of [...elec, ...water]) {
    const seed = Math.floor(rBal.float() * 4294967296);
    const cs = costs.get(`${m.utility}:${m.id}`)!;
    const total = cs.reduce((a, b) => a + b, 0);
    const weekly = (total / ((bounds[P - 1] - W) / DAY)) * 7;
    const r = new Rng(seed ^ 0x9e3779b9);
    if (!m.room.occupied) {
      const opened = m.utility === 'electric' || waterExtra[water.indexOf(m)].accountOpened;
      const opening = opened ? Math.round(total * r.float(1.2, 2.5)) + (m.utility === 'electric' ? r.int(3000, 10000) : r.int(1500, 5000)) : 0;
      accountsPlan.push({ meter: m, sim: simulate(m, seed, 0, opening, false), category: 'vacant' });
      continue;
    }
    const opening = Math.round(m.alarm1 + weekly * r.float(1, 6)) + r.int(0, 99);
    const arrears = (m.utility === 'electric' ? arrearsRoomsE : arrearsRoomsW).has(m.room.idx);
    const low = (m.utility === 'electric' ? lowRoomsE : lowRoomsW).has(m.room.idx);
    // arrears / low balance: the tenant stops recharging from some period on; take the latest such period
    // that ends in the wanted state (arrears: negative; low: between 0 and alarm level 1)
    let sim = simulate(m, seed, P, opening, true);
    if (arrears || low) {
      for (let s = P - 1; s >= 1; s--) {
        if (arrears) {
          const trial = simulate(m, seed, s, opening, true);
          if (trial.final < 0 || s === 1) { sim = trial; break; }
          continue;
        }
        const dry = simulate(m, seed, s, opening, true, 0, P - 1, true);
        if (dry.final > m.alarm1) continue;
        if (dry.final >= 0) {
          const trial = simulate(m, seed, s, opening, true);
          if (!trial.cut && trial.final >= 0 && trial.final <= m.alarm1) sim = trial;
          break;
        }
        // it would run dry: a small top-up when the balance first turns negative leaves it just above zero
        const step = m.alarm1 >= 2000 ? 1000 : 500;
        const top = Math.floor(-dry.final / step) * step + step;
        if (dry.final + top <= m.alarm1) {
          const topped = simulate(m, seed, s, opening, true, top, dry.firstNegative);
          if (!topped.cut && topped.final >= 0 && topped.final <= m.alarm1) sim = topped;
        }
        break;
      }
    }
    accountsPlan.push({ meter: m, sim, category: arrears ? 'arrears' : low ? 'low' : 'normal' });
  }

  if (opts.log) {
    const st: Record<string, number> = {};
    for (const x of accountsPlan) {
      const k = `${x.meter.utility}/${x.category}/${x.sim.final < 0 ? 'negative' : x.sim.final <= x.meter.alarm1 ? 'low' : 'ok'}${x.sim.cut ? '/cut' : ''}`;
      st[k] = (st[k] ?? 0) + 1;
    }
    opts.log(`accounts by planned category / outcome: ${JSON.stringify(st)}`);
  }
  phase('power cuts and valve closures');
  // ---- power cuts / valve closures for arrears; freeze consumption after the cut ----------------------
  const cuts = accountsPlan.filter((a) => a.sim.cut);
  if (cuts.length) {
    await db.execute(sql`
      UPDATE readings r SET consumption = 0, cost_fen = 0, total = f.total, sharp = f.sharp, peak = f.peak, flat = f.flat, valley = f.valley,
        current = CASE WHEN r.utility = 'electric' THEN 0 END, power_kw = CASE WHEN r.utility = 'electric' THEN 0 END
      FROM (
        SELECT c.u, c.id, c.off_at, lr.total, lr.sharp, lr.peak, lr.flat, lr.valley
        FROM jsonb_to_recordset(${json(cuts.map((a) => ({ u: a.meter.utility, id: a.meter.id, off_at: iso(a.sim.cut!.t) })))}) AS c(u text, id int, off_at timestamptz)
        CROSS JOIN LATERAL (
          SELECT r2.total, r2.sharp, r2.peak, r2.flat, r2.valley FROM readings r2
          WHERE r2.utility = c.u AND r2.meter_id = c.id AND r2.read_at <= c.off_at ORDER BY r2.read_at DESC LIMIT 1
        ) lr
      ) f
      WHERE r.utility = f.u AND r.meter_id = f.id AND r.read_at > f.off_at`);
  }

  // commands (trip / valve close) and power-cut rows
  const rEv = root.fork('events');
  /** A command queued at `t` that succeeded at `done` (a cut's off time, a restore's on time). */
  interface CommandPlan { areaId: number; deviceKind: string; deviceId: number; type: string; payload: Record<string, unknown>; t: number; done: number; operatorId: number | null; result: Record<string, unknown>; batchId: string | null }
  const commandPlans: CommandPlan[] = [];
  interface CutPlan { meter: MeterPlan; off: number; on: number | null; cause: string; cmd: number | null; remark: string | null }
  const cutPlans: CutPlan[] = [];
  for (const a of cuts) {
    const m = a.meter;
    const t = a.sim.cut!.t;
    const cmd = commandPlans.length;
    commandPlans.push({
      areaId: m.room.areaId, deviceKind: m.utility, deviceId: m.id, type: m.utility === 'electric' ? 'trip' : 'valve_close',
      payload: { cause: 'arrears', balanceFen: a.sim.cut!.balance }, t: a.sim.cut!.queued, done: t, operatorId: null,
      result: m.utility === 'electric' ? { relay: 'off' } : { valve: 'closed' }, batchId: null,
    });
    if (m.utility === 'electric') cutPlans.push({ meter: m, off: t, on: null, cause: 'arrears', cmd, remark: `欠费 ${(-a.sim.cut!.balance / 100).toFixed(2)} 元，自动跳闸` });
  }
  // closed power cuts in history (before the hourly window)
  const histStart = W + 2 * DAY, histEnd = hourlyFrom - DAY;
  const randomTime = (fromH: number, toH: number) => localMidnight(histStart + rEv.int(0, Math.floor((histEnd - histStart) / DAY)) * DAY) + rEv.int(fromH * 60, toH * 60) * MIN + rEv.int(0, 59) * 1000;
  const cutCandidates = accountsPlan.filter((a) => a.meter.utility === 'electric' && a.meter.room.occupied && !a.sim.cut && a.meter.stopAt === null).map((a) => a.meter);
  for (const m of rEv.sample(cutCandidates, 5)) {
    const off = randomTime(9, 17);
    const cmd = commandPlans.length;
    commandPlans.push({ areaId: m.room.areaId, deviceKind: 'electric', deviceId: m.id, type: 'trip', payload: { cause: 'manual' }, t: off - 4000, done: off, operatorId: op, result: { relay: 'off' }, batchId: null });
    const on = off + rEv.int(40, 300) * MIN;
    commandPlans.push({ areaId: m.room.areaId, deviceKind: 'electric', deviceId: m.id, type: 'direct_close', payload: {}, t: on - 4000, done: on, operatorId: op, result: { relay: 'on' }, batchId: null });
    cutPlans.push({ meter: m, off, on, cause: 'manual', cmd, remark: rEv.pick(['线路检修', '租户申请断电', '设备更换']) });
  }
  for (const m of rEv.sample(cutCandidates.filter((x) => x.profile === P_APT || x.profile === P_SHOP), 6)) {
    const off = randomTime(18, 22);
    cutPlans.push({ meter: m, off, on: off + rEv.int(3, 30) * MIN, cause: 'overload', cmd: null, remark: '超功率跳闸，自动恢复' });
  }
  for (const m of rEv.sample(cutCandidates.filter((x) => x.profile === P_DORM), 6)) {
    const off = randomTime(23, 23) + rEv.int(0, 150) * MIN;
    cutPlans.push({ meter: m, off, on: off + rEv.int(5, 20) * MIN, cause: 'night_limit', cmd: null, remark: '夜间超 300W，自动恢复' });
  }
  for (const m of rEv.sample(cutCandidates.filter((x) => x.profile === P_DORM || x.profile === P_DORM_TIMED), 3)) {
    const off = randomTime(19, 22);
    cutPlans.push({ meter: m, off, on: off + rEv.int(10, 60) * MIN, cause: 'malignant_load', cmd: null, remark: '疑似恶性负载（电热器具）' });
  }
  const commandIds = (await bulkInsert(db, schema.commands, commandPlans.map((c) => ({
      areaId: c.areaId, deviceKind: c.deviceKind, deviceId: c.deviceId, type: c.type, payload: c.payload, state: 'succeeded', attempts: 1,
      nextAttemptAt: date(c.t), deadline: date(c.t + 10 * MIN), resultCode: '00', result: c.result, operatorId: c.operatorId, batchId: c.batchId,
      createdAt: date(c.t), sentAt: date(Math.min(c.t + 2000, c.done)), finishedAt: date(c.done),
  })), ['id'])).map((x) => Number(x.id));
  cutPlans.sort((a, b) => a.off - b.off);
  await bulkInsert(db, schema.powerCuts, cutPlans.map((c) => ({
    areaId: c.meter.room.areaId, meterId: c.meter.id, roomId: c.meter.room.id, offAt: date(c.off), onAt: c.on === null ? null : date(c.on),
    cause: c.cause, commandId: c.cmd === null ? null : commandIds[c.cmd], remark: c.remark,
  })));
  const offMeters = cuts.filter((a) => a.meter.utility === 'electric').map((a) => a.meter.id);
  const closedValves = cuts.filter((a) => a.meter.utility === 'water').map((a) => a.meter.id);
  if (offMeters.length) await db.execute(sql`UPDATE electric_meters SET relay_state = 'off' WHERE id IN (SELECT (jsonb_array_elements_text(${json(offMeters)}))::int)`);
  if (closedValves.length) await db.execute(sql`UPDATE water_meters SET valve_state = 'closed', remark = '欠费关阀' WHERE id IN (SELECT (jsonb_array_elements_text(${json(closedValves)}))::int)`);

  phase('accounts, orders, ledger');
  // ---- accounts, orders, ledger -------------------------------------------------------------------
  const accountCreated = date(W - 200 * DAY);
  const accountIds = new Map<string, number>();
  {
    const rows = await bulkInsert(db, schema.accounts, accountsPlan.map((a) => ({
      areaId: a.meter.room.areaId, roomId: a.meter.room.id, utility: a.meter.utility, balanceFen: a.sim.final,
      overdraftFen: a.meter.overdraft, alarm1Fen: a.meter.alarm1, alarm2Fen: a.meter.alarm2, hoardLimitFen: a.meter.hoard,
      saleCount: a.sim.saleCount, createdAt: accountCreated,
    })), ['id', 'roomId', 'utility']);
    for (const x of rows) accountIds.set(`${x.utility}:${x.roomId}`, Number(x.id));
  }
  {
    const all = accountsPlan.flatMap((a) => a.sim.orders).sort((x, y) => x.t - y.t || x.prefix.localeCompare(y.prefix) || x.amount - y.amount);
    all.forEach((o, i) => { o.orderId = `${o.prefix}${stamp(o.t)}${pad(i + 1, 5)}`; });
  }
  const orderRows: (typeof schema.rechargeOrders.$inferInsert)[] = [];
  const ledgerRows: (typeof schema.ledgerEntries.$inferInsert & { _t: number })[] = [];
  for (const a of accountsPlan) {
    const m = a.meter;
    const accountId = accountIds.get(`${m.utility}:${m.room.id}`)!;
    for (const o of a.sim.orders) {
      orderRows.push({
        orderId: o.orderId, areaId: m.room.areaId, roomId: m.room.id, utility: m.utility, amountFen: o.amount, energy: o.energy,
        channel: o.channel, operatorId: op, clientRequestId: o.clientRequestId, orderStatus: o.status,
        remark: o.status === 0 ? '金额录入错误，作废' : null, createdAt: date(o.t), voidedAt: o.voidedAt === null ? null : date(o.voidedAt),
      });
    }
    for (const l of a.sim.ledger) {
      ledgerRows.push({
        _t: l.t, areaId: m.room.areaId, accountId, roomId: m.room.id, utility: m.utility, kind: l.kind, amountFen: l.amount, balanceAfterFen: l.balanceAfter,
        energy: l.energy ?? null, refType: l.order ? 'recharge_order' : (l.refType ?? null), refId: l.order?.orderId ?? l.refId ?? null, operatorId: l.operatorId ?? null,
        remark: l.remark, createdAt: date(l.t), usageFrom: l.usage ? date(l.usage[0]) : null, usageTo: l.usage ? date(l.usage[1]) : null,
      });
    }
  }
  orderRows.sort((a, b) => (a.createdAt as Date).getTime() - (b.createdAt as Date).getTime() || a.orderId.localeCompare(b.orderId));
  ledgerRows.sort((a, b) => a._t - b._t || a.accountId - b.accountId);
  await bulkInsert(db, schema.rechargeOrders, orderRows);
  await bulkInsert(db, schema.ledgerEntries, ledgerRows.map(({ _t, ...row }) => row));
  await db.execute(sql`DROP TABLE IF EXISTS seed_tmp_a`);
  await db.execute(sql`CREATE TEMP TABLE seed_tmp_a ON COMMIT DROP AS
    SELECT a.id AS account_id, m.u, m.id AS meter_id FROM accounts a JOIN seed_tmp_m m ON m.room = a.room_id AND m.u = a.utility`);
  // the balance is the sum of the ledger (both come from the same simulation; verified here)
  {
    const [bad] = await q<{ n: number }>(db, sql`
      SELECT count(*)::int AS n FROM seed_tmp_a a JOIN accounts ac ON ac.id = a.account_id
      LEFT JOIN (SELECT l.account_id, sum(l.amount_fen) AS total FROM ledger_entries l JOIN seed_tmp_a x ON x.account_id = l.account_id GROUP BY 1) s
        ON s.account_id = a.account_id
      WHERE ac.balance_fen <> coalesce(s.total, 0)`);
    if (Number(bad.n) > 0) throw new Error(`seed: ${bad.n} account balances differ from the sum of their ledger`);
  }

  phase("meters' last readings");
  // ---- meters' last readings, free allowance ----------------------------------------------------------
  await db.execute(sql`
    UPDATE electric_meters e SET last_total = r.total, last_sharp = r.sharp, last_peak = r.peak, last_flat = r.flat, last_valley = r.valley,
      last_voltage = r.voltage, last_current = r.current, last_power_kw = r.power_kw, last_read_at = r.read_at
    FROM seed_tmp_m m
    CROSS JOIN LATERAL (
      SELECT r.total, r.sharp, r.peak, r.flat, r.valley, r.voltage, r.current, r.power_kw, r.read_at FROM readings r
      WHERE r.utility = 'electric' AND r.meter_id = m.id ORDER BY r.read_at DESC LIMIT 1
    ) r
    WHERE m.u = 'electric' AND e.id = m.id`);
  await db.execute(sql`
    UPDATE water_meters w SET last_reading = r.total, last_read_at = r.read_at
    FROM seed_tmp_m m
    CROSS JOIN LATERAL (
      SELECT r.total, r.read_at FROM readings r WHERE r.utility = 'water' AND r.meter_id = m.id ORDER BY r.read_at DESC LIMIT 1
    ) r
    WHERE m.u = 'water' AND w.id = m.id`);
  const currentMonth = monthKey(nowMs);
  if (giftMonths.some((g) => g.key === currentMonth)) {
    await db.execute(sql`
      UPDATE accounts ac SET free_left = greatest(0, m.allow / 100.0 - coalesce(u.used, 0))
      FROM seed_tmp_a a JOIN seed_tmp_m m ON m.u = a.u AND m.id = a.meter_id
      CROSS JOIN LATERAL (
        SELECT sum(r.consumption) AS used FROM readings r
        WHERE r.utility = m.u AND r.meter_id = m.id AND r.read_at > ${iso(monthStartOfKey(currentMonth))}::timestamptz
      ) u
      WHERE ac.id = a.account_id AND m.allow > 0`);
    await db.execute(sql`
      UPDATE water_meters w SET free_allowance = ac.free_left
      FROM seed_tmp_a a JOIN accounts ac ON ac.id = a.account_id
      WHERE a.u = 'water' AND w.id = a.meter_id AND ac.free_left > 0`);
  }

  phase('gift records');
  // ---- gift records -----------------------------------------------------------------------------------
  const giftRows: (typeof schema.giftRecords.$inferInsert)[] = [];
  for (const g of giftMonths) {
    for (const m of [...elec, ...water]) {
      if (m.allowance <= 0) continue;
      giftRows.push({ areaId: m.room.areaId, utility: m.utility, meterId: m.id, roomId: m.room.id, amount: m.allowance, carriedOver: 0, period: g.key, createdAt: date(upToNow(g.t + 5 * MIN)) });
    }
  }
  await bulkInsert(db, schema.giftRecords, giftRows);

  phase('faults');
  // ---- faults -----------------------------------------------------------------------------------------
  interface FaultPlan { areaId: number; deviceKind: string; deviceId: number; roomId: number | null; kind: string; detail: string; opened: number; cleared: number | null }
  const faults: FaultPlan[] = [];
  for (const s of stopInfo) {
    if (s.kind !== 'read_failure') continue;
    faults.push({ areaId: s.meter.room.areaId, deviceKind: s.meter.utility, deviceId: s.meter.id, roomId: s.meter.room.id, kind: 'read_failure', detail: `抄表失败：表计无应答（${s.meter.address}）`, opened: s.t, cleared: null });
  }
  for (const [mi] of offlineSince) {
    const mod = modules[mi];
    faults.push({ areaId: mod.areaId, deviceKind: 'module', deviceId: mod.id, roomId: null, kind: 'offline', detail: `${mod.remark} 心跳超时`, opened: mod.heartbeat + 15 * MIN, cleared: null });
  }
  for (let i = 0; i < 10; i++) {
    const mod = rEv.pick(modules.filter((x) => x.online));
    const opened = W + rEv.int(1, 85) * DAY + rEv.int(0, 86399) * 1000;
    faults.push({ areaId: mod.areaId, deviceKind: 'module', deviceId: mod.id, roomId: null, kind: 'offline', detail: `${mod.remark} 心跳超时`, opened, cleared: opened + rEv.int(20, 1200) * MIN });
  }
  for (const m of rEv.sample(elec.filter((x) => x.stopAt === null), 4)) {
    const opened = W + rEv.int(1, 85) * DAY + rEv.int(0, 86399) * 1000;
    faults.push({ areaId: m.room.areaId, deviceKind: 'electric', deviceId: m.id, roomId: m.room.id, kind: 'offline', detail: '电表通信中断', opened, cleared: opened + rEv.int(30, 600) * MIN });
  }
  for (const m of rEv.sample([...elec, ...water].filter((x) => x.stopAt === null), 8)) {
    const opened = W + rEv.int(1, 85) * DAY;
    faults.push({ areaId: m.room.areaId, deviceKind: m.utility, deviceId: m.id, roomId: m.room.id, kind: 'read_failure', detail: '抄表失败，重试后成功', opened, cleared: opened + rEv.int(60, 300) * MIN });
  }
  for (const i of batteryLowIdx) {
    const m = water[i];
    faults.push({ areaId: m.room.areaId, deviceKind: 'water', deviceId: m.id, roomId: m.room.id, kind: 'low_battery', detail: '水表电池欠压', opened: D0 - rEv.int(2, 40) * DAY + 6 * HOUR, cleared: null });
  }
  for (const m of water.filter((x) => abnormalValveRooms.has(x.room.idx))) {
    faults.push({ areaId: m.room.areaId, deviceKind: 'water', deviceId: m.id, roomId: m.room.id, kind: 'valve_fault', detail: '阀门状态异常（开关不到位）', opened: D0 - rEv.int(1, 20) * DAY + 3 * HOUR, cleared: null });
  }
  faults.sort((a, b) => a.opened - b.opened);
  await bulkInsert(db, schema.faults, faults.map((f) => ({
    areaId: f.areaId, deviceKind: f.deviceKind, deviceId: f.deviceId, roomId: f.roomId, kind: f.kind, detail: f.detail,
    openedAt: date(f.opened), clearedAt: f.cleared === null ? null : date(f.cleared),
  })));

  phase('SMS templates');
  // ---- SMS templates and automatic notices ------------------------------------------------------------
  const tplCreated = date(W - 300 * DAY);
  const tplDefs = [
    { areaId: A1, name: '余额不足提醒', content: '【阳光物业】尊敬的{name}，您的房间{room}{utility}账户余额为{balance}元，已低于报警金额，请及时充值。' },
    { areaId: A1, name: '欠费停电通知', content: '【阳光物业】尊敬的{name}，您的房间{room}{utility}已欠费{arrears}元，系统已自动{action}，充值后将自动恢复。' },
    { areaId: A2, name: '余额不足提醒', content: '【科技园物业】尊敬的{name}，您的{room}{utility}账户余额为{balance}元，已低于报警金额，请及时充值。' },
    { areaId: A2, name: '欠费停电通知', content: '【科技园物业】尊敬的{name}，您的{room}{utility}已欠费{arrears}元，系统已自动{action}，充值后将自动恢复。' },
  ];
  const tplRows = await db.insert(schema.smsTemplates).values(tplDefs.map((t) => ({ ...t, createdAt: tplCreated }))).returning({ id: schema.smsTemplates.id });
  const smsRows: (typeof schema.smsRecords.$inferInsert)[] = [];
  for (const a of accountsPlan) {
    const m = a.meter;
    if (m.room.tenantIdx === null) continue;
    const tenant = tenants[m.room.tenantIdx];
    const tplBase = m.room.areaId === A1 ? 0 : 2;
    const utilName = m.utility === 'electric' ? '电费' : '水费';
    for (const s of a.sim.sms) {
      const arrearsMsg = s.level === 'arrears';
      const tpl = tplDefs[tplBase + (arrearsMsg ? 1 : 0)];
      const content = tpl.content
        .replace('{name}', tenant.name).replace('{room}', m.room.label).replace('{utility}', utilName)
        .replace('{balance}', (s.balance / 100).toFixed(2)).replace('{arrears}', (-s.balance / 100).toFixed(2))
        .replace('{action}', m.utility === 'electric' ? '断电' : '关阀');
      const failed = rEv.chance(0.04);
      smsRows.push({
        areaId: m.room.areaId, roomId: m.room.id, tenantId: tenant.id, phone: tenant.phone, templateId: tplRows[tplBase + (arrearsMsg ? 1 : 0)].id,
        content, state: failed ? 'failed' : 'sent', auto: 1, reason: s.level, operatorId: null, createdAt: date(s.t), sentAt: failed ? null : date(upToNow(s.t + rEv.int(1, 20) * 1000)),
      });
    }
  }
  smsRows.sort((a, b) => (a.createdAt as Date).getTime() - (b.createdAt as Date).getTime() || (a.roomId ?? 0) - (b.roomId ?? 0));
  await bulkInsert(db, schema.smsRecords, smsRows);

  phase('statements');
  // ---- statements -------------------------------------------------------------------------------------
  // The month-end job's own statement (server/db/monthEnd.ts), so the seeded months follow the rule
  // the job follows (server/domain/usageRule.ts): the last two full months closed, this month running.
  let statementCount = 0, settlementCount = 0;
  const current = lp(nowMs);
  const written = [
    ...months.map((mo) => ({ key: mo.key, start: mo.start, end: mo.end, running: false })),
    { key: monthKey(nowMs), start: monthStartMs(current.y, current.m), end: monthStartMs(current.m === 12 ? current.y + 1 : current.y, current.m === 12 ? 1 : current.m + 1), running: true },
  ];
  for (const mo of written) {
    const result = await writeMonthStatements(db, mo.key, { start: date(mo.start), end: date(mo.end) }, date(mo.running ? nowMs : mo.end + 2 * HOUR), { running: mo.running });
    statementCount += result.statements;
    settlementCount += result.settlements;
  }
  await db.execute(sql`UPDATE aggregate_settings SET usage_rule = ${USAGE_RULE_VERSION} WHERE id = 1`);
  // Every month was just written from the readings and the ledger as they stand: none is stale.
  await db.execute(sql`DELETE FROM statement_stale_months`);

  phase('summary');
  // ---- summary ----------------------------------------------------------------------------------------
  const [counts] = await q<Record<string, number>>(db, sql`
    SELECT
      (SELECT count(*) FROM readings r JOIN seed_tmp_m m ON m.u = r.utility AND m.id = r.meter_id WHERE r.utility = 'electric')::int AS er,
      (SELECT count(*) FROM readings r JOIN seed_tmp_m m ON m.u = r.utility AND m.id = r.meter_id WHERE r.utility = 'water')::int AS wr,
      (SELECT count(*) FROM ledger_entries l JOIN seed_tmp_a a ON a.account_id = l.account_id)::int AS le,
      (SELECT coalesce(sum(ac.balance_fen), 0) FROM accounts ac JOIN seed_tmp_a a ON a.account_id = ac.id)::float8 AS bal`);
  phase('done');
  const finals = accountsPlan.map((a) => a.sim.final);
  const arrearsRooms = new Set(accountsPlan.filter((a) => a.sim.final < 0).map((a) => a.meter.room.idx));
  return {
    projects: PROJECTS.length,
    buildings: buildingPlans.length,
    rooms: rooms.length,
    occupiedRooms: occupiedRooms.length,
    tenants: tenants.length,
    tenantBindings: bindings.length,
    modules: modules.length,
    offlineModules: offlineSince.length,
    electricMeters: elec.length,
    waterMeters: water.length,
    spareWaterMeters: spareWater.length,
    roomsWithoutWaterMeter: rooms.filter((r) => !r.water).length,
    priceTables: priceDefs.length,
    timePeriods: tpRows.length,
    parameterSets: paramDefs.length,
    readings: Number(counts.er) + Number(counts.wr),
    electricReadings: Number(counts.er),
    waterReadings: Number(counts.wr),
    accounts: accountsPlan.length,
    ledgerEntries: Number(counts.le),
    rechargeOrders: orderRows.length,
    voidOrders: orderRows.filter((o) => o.orderStatus === 0).length,
    commands: commandPlans.length,
    powerCuts: cutPlans.length,
    openPowerCuts: cutPlans.filter((c) => c.on === null).length,
    faults: faults.length,
    openReadFailures: faults.filter((f) => f.kind === 'read_failure' && f.cleared === null).length,
    smsTemplates: tplDefs.length,
    smsRecords: smsRows.length,
    giftRecords: giftRows.length,
    roomStatements: statementCount,
    monthlySettlements: settlementCount,
    arrearsAccounts: finals.filter((b) => b < 0).length,
    roomsInArrears: arrearsRooms.size,
    lowBalanceAccounts: accountsPlan.filter((a) => a.sim.final >= 0 && a.sim.final <= a.meter.alarm1).length,
    totalBalanceFen: Number(counts.bal),
    from: iso(W),
    to: iso(H0),
  };
}

/** Splits an initial meter total (hundredths of kWh) over the four rate registers like a TOU meter would. */
function splitRegisters(totalH: number, profile: number): [number, number, number, number] {
  const w = HOUR_WEIGHTS[profile];
  const reg = [0, 0, 0, 0];
  w.forEach((x, h) => { reg[rateOfHour(h)] += x; });
  const sum = reg.reduce((a, b) => a + b, 0) || 1;
  const s = Math.floor((totalH * reg[0]) / sum), p = Math.floor((totalH * reg[1]) / sum), f = Math.floor((totalH * reg[2]) / sum);
  return [s, p, f, totalH - s - p - f];
}
