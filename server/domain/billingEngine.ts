import { and, asc, eq, gte, isNull, lt, or, sql, inArray } from 'drizzle-orm';
import { schema, type Db } from '../db';
import { chargeOf, DEFAULT_TIME_ZONE, hundredthsOf, monthStart, scheduleWeights, splitUnits, validTimeZone, type Segment, type Tariff } from './billing';
import { enqueueCommands } from './commands';
import { ensureAccount, lockAccount, postLedgerMany, type Utility } from './ledger';
import { rowsOf } from '../db/rows';
import { clearFault, openFault } from './faults';
import { PeriodicJob } from './periodic';
import { queueArrearsNotices } from './arrearsNotices';

const { readings, electricMeters, waterMeters, priceTables, timePeriods, parameterSets, areas, accounts, commands, powerCuts } = schema;

/**
 * The billing engine (DOMAIN.md rules 1 and 2; issue 29): charges a stored reading to its room's
 * account, exactly once whoever stores it, and applies the arrears rules to the balance it leaves.
 *
 * Exactly once: a reading waits for its charge with `billed = false`. `chargeReading` locks the
 * room and its account (the order every balance move takes), then claims the reading
 * (`UPDATE … SET billed = true WHERE NOT billed`): a second charger of the same reading — another
 * worker, another process on the same PostgreSQL, a replay — queues on the room's lock and then finds
 * it claimed. Behind that, the ledger row of the charge names its reading (`ledger_entries.reading_id`,
 * unique): a second deduction for one reading cannot be written at all.
 */

/** The platform's time zone for billing months and time-of-use schedules (BILLING_TIME_ZONE, default Asia/Shanghai). */
export const billingSettings = { timeZone: DEFAULT_TIME_ZONE };

/** Sets the billing time zone (at start, from the configuration); an unknown zone is refused. */
export function configureBilling(options: { timeZone?: string }) {
  if (options.timeZone) {
    if (!validTimeZone(options.timeZone)) throw new Error(`BILLING_TIME_ZONE: unknown time zone ${options.timeZone}`);
    billingSettings.timeZone = options.timeZone;
  }
}

/** Commands the platform queues by itself (arrears) carry no operator. */
const SYSTEM_OPERATOR = null;

interface Device { kind: 'electric' | 'water'; id: number; areaId: number; roomId: number | null; address: string }

/** A priced tariff: the table and, for time-of-use, its day schedule. */
export interface PricedTariff { tariff: Tariff; segments: Segment[] | null; priceTableId: number | null }

type LockedAccount = NonNullable<Awaited<ReturnType<typeof lockAccount>>>;
type ChargeMeter = NonNullable<Awaited<ReturnType<typeof meterOf>>>;

/**
 * What charges made one after another in one transaction share (the billing job charges a room's
 * waiting readings together): the room accounts locked so far (kept up to date as the charges move
 * them), meters, tariffs, control sets and the meters whose `no_price` fault was looked at. A charge
 * on its own (a read's, in the read's transaction) takes a fresh one: nothing is carried between
 * transactions, so an edited price applies to the next transaction.
 */
export class ChargeContext {
  private accounts = new Map<string, LockedAccount | undefined>();
  readonly meters = new Map<string, ChargeMeter | undefined>();
  readonly tariffs = new Map<string, PricedTariff | undefined>();
  readonly autoTrip = new Map<number, boolean>();
  readonly faultsLooked = new Set<number>();
  /** Accounts whose free allowance a batch has used and not yet written. */
  readonly freeChanged = new Set<string>();

  /** The room's account of a utility, locked (room → account) the first time it is asked for. */
  async account(db: Db, roomId: number, utility: Utility): Promise<LockedAccount | undefined> {
    const key = `${roomId}/${utility}`;
    if (!this.accounts.has(key)) this.accounts.set(key, await lockAccount(db, roomId, utility));
    return this.accounts.get(key);
  }

  /** An account the caller has locked itself (a read locks its room before storing the reading). */
  locked(roomId: number, utility: Utility, account: LockedAccount | undefined) {
    this.accounts.set(`${roomId}/${utility}`, account);
  }
}

/** The tariff of a price table row (and its schedule's segments). */
async function tableTariff(db: Db, priceTableId: number): Promise<PricedTariff | undefined> {
  const [table] = await db.select().from(priceTables).where(eq(priceTables.id, priceTableId));
  if (!table) return undefined;
  const kind = table.kind === 'tou' || table.kind === 'tiered' ? table.kind : 'single';
  let segments: Segment[] | null = null;
  if (kind === 'tou' && table.timePeriodId) {
    const [period] = await db.select({ segments: timePeriods.segments }).from(timePeriods).where(eq(timePeriods.id, table.timePeriodId));
    segments = period?.segments ?? null;
  }
  return { tariff: { kind, sharpFen: table.sharpFen, peakFen: table.peakFen, flatFen: table.flatFen, valleyFen: table.valleyFen, tiers: table.tiers }, segments, priceTableId: table.id };
}

/**
 * The price of an electric meter: its own price table, else its area's default table (a meter in a
 * room must have a price). Undefined when it has neither: the charge waits and a `no_price` fault is open.
 */
export async function electricTariff(db: Db, meter: { areaId: number; priceTableId: number | null }): Promise<PricedTariff | undefined> {
  if (meter.priceTableId) {
    const own = await tableTariff(db, meter.priceTableId);
    if (own) return own;
  }
  const [area] = await db.select({ tableId: areas.defaultPriceTableId }).from(areas).where(eq(areas.id, meter.areaId));
  return area?.tableId ? tableTariff(db, area.tableId) : undefined;
}

/** The area's default price table (the one a meter in a room takes when none is chosen), or null. */
export async function defaultPriceTableOf(db: Db, areaId: number): Promise<number | null> {
  const [area] = await db.select({ tableId: areas.defaultPriceTableId }).from(areas).where(eq(areas.id, areaId));
  return area?.tableId ?? null;
}

/** Rule 2 for the control parameter set of an electric meter: automatic trip on arrears (default yes). */
async function autoTripOf(db: Db, controlSetId: number | null, ctx?: ChargeContext) {
  if (!controlSetId) return true;
  const known = ctx?.autoTrip.get(controlSetId);
  if (known !== undefined) return known;
  const [set] = await db.select({ values: parameterSets.values }).from(parameterSets).where(eq(parameterSets.id, controlSetId));
  const autoTrip = set?.values?.autoTrip !== false;
  ctx?.autoTrip.set(controlSetId, autoTrip);
  return autoTrip;
}

/** Whether the device has a command of one of these types still queued or under way. */
async function pending(db: Db, device: Device, types: string[]) {
  const [row] = await db.select({ id: commands.id }).from(commands)
    .where(and(eq(commands.deviceKind, device.kind), eq(commands.deviceId, device.id), inArray(commands.type, types), inArray(commands.state, ['queued', 'sent']))).limit(1);
  return !!row;
}

/** Causes of a trip the meter makes by itself under its parameter sets: it recloses by itself when the cause ends. */
export const SELF_TRIP_CAUSES: readonly string[] = ['overload', 'malignant_load', 'night_limit', 'timed'];

/** Whether the meter's relay is open by its own parameter set (its open power-cut record has such a cause). */
async function selfTripped(db: Db, meterId: number) {
  const [open] = await db.select({ cause: powerCuts.cause }).from(powerCuts)
    .where(and(eq(powerCuts.meterId, meterId), isNull(powerCuts.onAt))).limit(1);
  return !!open && SELF_TRIP_CAUSES.includes(open.cause);
}

interface TripCandidate { id: number; areaId: number; roomId: number | null; address: string; relayState: string | null; keepSupply: boolean; controlSetId: number | null }

/**
 * Rule 2's trip for an electric meter whose account is at or below −overdraft: queued when supply
 * would otherwise flow or come back — the relay is on, close-allowed (the trip revokes that pending
 * close), or open only by the meter's own parameter set (it would reclose by itself when the
 * overload, night window or timed segment ends; the platform's trip holds it open instead) — unless
 * keep-supply is on, the control set says no automatic trip, or a trip is already on its way.
 */
async function arrearsTrip(db: Db, meter: TripCandidate, now: Date, ctx?: ChargeContext): Promise<number[] | undefined> {
  if (meter.keepSupply) return undefined;
  const live = meter.relayState === 'on' || meter.relayState === 'close_pending'
    || (meter.relayState === 'off' && (await selfTripped(db, meter.id)));
  if (!live || !(await autoTripOf(db, meter.controlSetId, ctx))) return undefined;
  const device: Device = { kind: 'electric', id: meter.id, areaId: meter.areaId, roomId: meter.roomId, address: meter.address };
  if (await pending(db, device, ['trip'])) return undefined;
  return enqueueCommands(db, SYSTEM_OPERATOR, [{ areaId: meter.areaId, deviceKind: 'electric', deviceId: meter.id, type: 'trip', payload: { cause: 'arrears' } }], now);
}

/**
 * Rule 2 applied to a meter's account as it stands, outside a charge (inside the caller's
 * transaction, the room's account locked): a read that shows the relay changed by itself — a
 * parameter trip that ended, a trip the platform had not seen — while the account is in arrears
 * queues the trip no charge would (a reading that used nothing is not charged).
 */
export async function tripIfInArrears(db: Db, meterId: number, now: Date): Promise<number[] | undefined> {
  const [meter] = await db.select({
    id: electricMeters.id, areaId: electricMeters.areaId, roomId: electricMeters.roomId, address: electricMeters.address,
    relayState: electricMeters.relayState, keepSupply: electricMeters.keepSupply, controlSetId: electricMeters.controlSetId,
  }).from(electricMeters).where(eq(electricMeters.id, meterId));
  if (!meter?.roomId) return undefined;
  const [account] = await db.select({ balanceFen: accounts.balanceFen, overdraftFen: accounts.overdraftFen }).from(accounts)
    .where(and(eq(accounts.roomId, meter.roomId), eq(accounts.utility, 'electric')));
  if (!account || account.balanceFen > -account.overdraftFen) return undefined;
  return arrearsTrip(db, meter, now);
}

// ---- arrears notices -------------------------------------------------------------------------------

// Rule 2's notices (one per alarm level crossed) live in arrearsNotices.ts, where ledger.postLedger
// reaches them too; the charge below and the recount (readingRecount) call them from here.
export { crossedLevels, NOTICE_TEMPLATES, noticeText, queueArrearsNotices } from './arrearsNotices';

// ---- the charge ------------------------------------------------------------------------------------

export type ChargeStatus = 'charged' | 'already' | 'no_price' | 'not_chargeable' | 'not_found';

export interface ChargeOutcome {
  status: ChargeStatus;
  costFen: number;
  /** Commands queued by the arrears rule (a trip or a valve close). */
  commandIds?: number[];
  /** SMS notices queued by alarm-level crossings. */
  noticeIds?: number[];
}

const noPriceDetail = (device: Device) => `未设置单价表，读数未扣费（${device.address}）`;

/** The meter of a reading, with what the charge and the arrears rules need. */
async function meterOf(db: Db, utility: Utility, meterId: number) {
  if (utility === 'electric') {
    const [m] = await db.select({
      id: electricMeters.id, areaId: electricMeters.areaId, roomId: electricMeters.roomId, address: electricMeters.address, priceTableId: electricMeters.priceTableId,
      relayState: electricMeters.relayState, keepSupply: electricMeters.keepSupply, controlSetId: electricMeters.controlSetId,
    }).from(electricMeters).where(eq(electricMeters.id, meterId));
    return m && { ...m, kind: 'electric' as const, priceFen: 0, accountOpened: true, valveState: null as string | null };
  }
  const [m] = await db.select({
    id: waterMeters.id, areaId: waterMeters.areaId, roomId: waterMeters.roomId, address: waterMeters.address, priceFen: waterMeters.priceFen,
    accountOpened: waterMeters.accountOpened, valveState: waterMeters.valveState,
  }).from(waterMeters).where(eq(waterMeters.id, meterId));
  return m && { ...m, kind: 'water' as const, priceTableId: null as number | null, relayState: null as string | null, keepSupply: false, controlSetId: null as number | null };
}

/**
 * Charges one stored reading (inside the caller's transaction), exactly once: its consumption ×
 * price (per rate register, or split by the schedule over its interval, or by tiers within its
 * billing month), the free allowance first, one `deduction` ledger row tied to the reading; then
 * the arrears rules on the balance left: one SMS per alarm level crossed, and at or below
 * −overdraft a trip (electric: relay on or close-pending, whose pending close it revokes; or open
 * only by its own parameter set) or a valve close (water), unless keep-supply is on or the control
 * set says no automatic trip.
 *
 * A reading of an electric meter in a room with no price (no table and no area default) is not
 * charged and stays waiting (`billed` false) with a `no_price` fault open on the meter: it is
 * charged when the meter gets a price (the billing job retries waiting readings).
 */
export async function chargeReading(db: Db, readingId: number, now: Date, ctx = new ChargeContext()): Promise<ChargeOutcome> {
  return (await chargeBatch(db, [readingId], now, ctx))[0];
}

/** A charge worked out, before anything is written. */
interface Planned { index: number; id: number; costFen: number; free?: number; usageRates?: number[]; posting?: { accountId: number; energy: number }; meter: ChargeMeter | undefined; roomId: number | null; utility: Utility }

/**
 * chargeReading for several readings, in the order given, inside the caller's transaction (the
 * billing job: a room's waiting readings). The rooms are locked first (ascending, room → account, as
 * every balance move), so no other charger can claim these readings meanwhile; each charge is worked
 * out in turn on the account as the ones before it leave it (balance, free allowance), then written
 * together: one claim of the readings (`billed` still false, else nothing is charged), one move of
 * each account with its ledger rows (postLedgerMany), then the arrears rules on each balance left.
 * The same rules and the same result as charging them one by one.
 */
export async function chargeBatch(db: Db, ids: number[], now: Date, ctx = new ChargeContext()): Promise<ChargeOutcome[]> {
  const outcomes: ChargeOutcome[] = ids.map(() => ({ status: 'not_found', costFen: 0 }));
  if (!ids.length) return outcomes;
  const found = await db.select({
    id: readings.id, utility: readings.utility, meterId: readings.meterId, roomId: readings.roomId, billed: readings.billed,
    consumption: readings.consumption, usageRates: readings.usageRates, sinceAt: readings.sinceAt, readAt: readings.readAt,
  }).from(readings).where(ids.length === 1 ? eq(readings.id, ids[0]) : inArray(readings.id, ids));
  const rowOf = new Map(found.map((row) => [Number(row.id), row]));
  // Room → account first, rooms in ascending order: the lock every balance move takes, and the one
  // concurrent chargers queue on.
  const places = [...new Set(found.filter((row) => row.roomId !== null && !row.billed).map((row) => `${row.roomId}/${row.utility}`))]
    .map((key) => key.split('/')).sort((a, b) => Number(a[0]) - Number(b[0]) || a[1].localeCompare(b[1]));
  for (const [roomId, utility] of places) await ctx.account(db, Number(roomId), utility as Utility);

  const planned: Planned[] = [];
  const seen = new Set<number>();
  const timeZone = billingSettings.timeZone;
  for (const [index, readingId] of ids.entries()) {
    const row = rowOf.get(readingId);
    if (!row) continue;
    if (row.billed || seen.has(readingId)) {
      outcomes[index] = { status: 'already', costFen: 0 };
      continue;
    }
    seen.add(readingId);
    const utility = row.utility as Utility;
    const meterKey = `${utility}/${row.meterId}`;
    if (!ctx.meters.has(meterKey)) ctx.meters.set(meterKey, await meterOf(db, utility, row.meterId));
    const meter = ctx.meters.get(meterKey);
    const roomId = row.roomId;
    let account = roomId ? await ctx.account(db, roomId, utility) : undefined;
    const consumption = hundredthsOf(Number(row.consumption));
    const chargeable = !!meter && !!roomId && consumption > 0 && meter.accountOpened;
    let priced: PricedTariff | undefined;
    if (chargeable) {
      const device: Device = { kind: meter.kind, id: meter.id, areaId: meter.areaId, roomId: meter.roomId, address: meter.address };
      if (utility === 'electric') {
        const tariffKey = `${meter.priceTableId ?? 'default'}/${meter.areaId}`;
        if (!ctx.tariffs.has(tariffKey)) ctx.tariffs.set(tariffKey, await electricTariff(db, meter));
        priced = ctx.tariffs.get(tariffKey);
        if (!priced) {
          // No price: the reading stays waiting, with the meter's fault open.
          await openFault(db, device, 'no_price', noPriceDetail(device), now);
          outcomes[index] = { status: 'no_price', costFen: 0 };
          continue;
        }
        if (!ctx.faultsLooked.has(meter.id)) {
          await clearFault(db, device, 'no_price', now);
          ctx.faultsLooked.add(meter.id);
        }
      } else {
        priced = { tariff: { kind: 'single', sharpFen: meter.priceFen, peakFen: meter.priceFen, flatFen: meter.priceFen, valleyFen: meter.priceFen }, segments: null, priceTableId: null };
      }
      // An electric meter in a room is charged to the room's account, opened now if it has none (with
      // the limits of its control set); water only once its account is opened (accountOpened above).
      if (!account && utility === 'electric') {
        account = await ensureAccount(db, meter.areaId, roomId, utility);
        ctx.locked(roomId, utility, account);
      }
    }
    if (!chargeable || !priced || !meter || !account) {
      planned.push({ index, id: readingId, costFen: -1, meter, roomId, utility });
      outcomes[index] = { status: 'not_chargeable', costFen: 0 };
      continue;
    }

    const { tariff, segments } = priced;
    let monthToDate = 0;
    if (tariff.kind === 'tiered') {
      const [used] = await db.select({ used: sql<string | null>`sum(${readings.consumption})` }).from(readings)
        .where(and(eq(readings.utility, utility), eq(readings.meterId, meter.id), isNull(readings.deletedAt),
          gte(readings.readAt, monthStart(row.readAt!, timeZone)),
          or(lt(readings.readAt, row.readAt!), and(eq(readings.readAt, row.readAt!), lt(readings.id, readingId)))));
      monthToDate = hundredthsOf(Number(used?.used ?? 0));
    }
    const rates = Array.isArray(row.usageRates) && row.usageRates.length === 4 ? row.usageRates : null;
    const weights = tariff.kind === 'tou' && !rates && segments?.length && row.sinceAt
      ? scheduleWeights(row.sinceAt.getTime(), row.readAt!.getTime(), segments, timeZone) : null;
    const result = chargeOf({ tariff, consumption, rates, weights, freeLeft: hundredthsOf(account.freeLeft), monthToDate });
    if (result.free > 0) account.freeLeft = (hundredthsOf(account.freeLeft) - result.free) / 100;
    planned.push({
      index, id: readingId, costFen: Math.max(0, result.costFen), free: result.free, meter, roomId, utility,
      // A time-of-use reading split by the schedule keeps its split (the month's multi-rate settlement reads it).
      ...(weights && weights.some((w) => w > 0) ? { usageRates: splitUnits(consumption, weights) } : {}),
      ...(result.costFen > 0 ? { posting: { accountId: account.id, energy: consumption / 100 } } : {}),
    });
    outcomes[index] = { status: 'charged', costFen: Math.max(0, result.costFen) };
    if (result.free > 0) ctx.freeChanged.add(`${roomId}/${utility}`);
  }
  if (!planned.length) return outcomes;

  // The claim: every planned reading still waiting, with what its charge writes on it, in one statement.
  const claims = planned.map((p) => sql`(${p.id}::bigint, ${p.costFen}::bigint, ${p.usageRates ? JSON.stringify(p.usageRates) : null}::jsonb, ${(p.free ?? 0) / 100}::numeric)`);
  const claimed = rowsOf<{ id: number }>(await db.execute(sql`UPDATE readings SET billed = true,
      cost_fen = CASE WHEN c.cost < 0 THEN readings.cost_fen ELSE c.cost END,
      usage_rates = coalesce(c.rates, readings.usage_rates), free_used = c.free
    FROM (VALUES ${sql.join(claims, sql`, `)}) AS c (id, cost, rates, free)
    WHERE readings.id = c.id AND NOT readings.billed RETURNING readings.id`));
  if (claimed.length !== planned.length) {
    // Only possible for readings of no room (nothing locked): another charger took some. Charge what is left one by one.
    if (planned.length === 1) {
      outcomes[planned[0].index] = { status: 'already', costFen: 0 };
      return outcomes;
    }
    throw new ChargeRace();
  }

  // The free allowance used, then each account's charges with their ledger rows (postLedgerMany).
  for (const key of ctx.freeChanged) {
    const [roomId, utility] = key.split('/');
    const account = await ctx.account(db, Number(roomId), utility as Utility);
    if (!account) continue;
    await db.update(accounts).set({ freeLeft: account.freeLeft }).where(eq(accounts.id, account.id));
    if (utility === 'water') {
      const meterIds = new Set(planned.filter((p) => p.utility === 'water' && p.roomId === Number(roomId) && p.meter).map((p) => p.meter!.id));
      for (const meterId of meterIds) await db.update(waterMeters).set({ freeAllowance: account.freeLeft }).where(eq(waterMeters.id, meterId));
    }
  }
  ctx.freeChanged.clear();
  const byAccount = new Map<number, Planned[]>();
  for (const p of planned) if (p.posting) byAccount.set(p.posting.accountId, [...(byAccount.get(p.posting.accountId) ?? []), p]);
  for (const [accountId, charges] of byAccount) {
    const posted = await postLedgerMany(db, accountId, charges.map((p) => ({
      kind: 'deduction' as const, amountFen: -p.costFen, energy: p.posting!.energy, refType: 'reading', refId: String(p.id), readingId: p.id,
    })), now);
    const account = (await ctx.account(db, posted[0].roomId, charges[0].utility))!;
    account.balanceFen = posted[posted.length - 1].balanceFen;
    // Rule 2 after each charge, in order: notices for the levels each crossed, and the arrears trip
    // or valve close once the balance is at or below −overdraft (queued once: a second finds it pending).
    for (const [i, p] of charges.entries()) {
      const outcome = outcomes[p.index];
      const noticeIds = await queueArrearsNotices(db, posted[i], account, now);
      if (noticeIds.length) outcome.noticeIds = noticeIds;
      if (posted[i].balanceFen > -account.overdraftFen) continue;
      const meter = p.meter!;
      const device: Device = { kind: meter.kind, id: meter.id, areaId: meter.areaId, roomId: meter.roomId, address: meter.address };
      if (p.utility === 'electric') outcome.commandIds = await arrearsTrip(db, meter, now, ctx);
      else if (meter.valveState === 'open' && !(await pending(db, device, ['valve_close']))) {
        outcome.commandIds = await enqueueCommands(db, SYSTEM_OPERATOR, [{ areaId: meter.areaId, deviceKind: 'water', deviceId: meter.id, type: 'valve_close', payload: { cause: 'arrears' } }], now);
      }
    }
  }
  return outcomes;
}

/** Readings of no room charged by another charger between the look and the claim: the batch is redone one by one. */
class ChargeRace extends Error {
  constructor() {
    super('billing: readings claimed by another charger');
  }
}

/** Readings still waiting for their charge, oldest first (the partial index readings_unbilled). */
export async function waitingReadings(db: Db, limit: number): Promise<{ id: number; roomId: number | null }[]> {
  const rows = await db.select({ id: readings.id, roomId: readings.roomId }).from(readings).where(and(eq(readings.billed, false), isNull(readings.deletedAt))).orderBy(asc(readings.id)).limit(limit);
  return rows.map((r) => ({ id: Number(r.id), roomId: r.roomId === null ? null : Number(r.roomId) }));
}

/**
 * Charges every waiting reading (stored by an import, or waiting for a price), each in its own
 * transaction; safe in any number of processes at once (each reading is claimed by one). Returns
 * how many were charged now.
 */
export async function chargeWaitingReadings(db: Db, now: Date, limit = 1000): Promise<number> {
  let charged = 0;
  for (const ids of byRoom(await waitingReadings(db, limit))) {
    const outcomes = await chargeReadings(db, ids, now);
    charged += outcomes.filter((outcome) => outcome.status === 'charged' || outcome.status === 'not_chargeable').length;
  }
  return charged;
}

/** Waiting readings grouped by room (readings without a room one by one), each group in id order. */
function byRoom(waiting: { id: number; roomId: number | null }[]): number[][] {
  const groups = new Map<number, number[]>();
  const alone: number[][] = [];
  for (const { id, roomId } of waiting) {
    if (roomId === null) alone.push([id]);
    else groups.set(roomId, [...(groups.get(roomId) ?? []), id]);
  }
  return [...groups.values(), ...alone];
}

/**
 * Charges readings of one room (in the order given) in one transaction: the room and its accounts
 * are locked once, its meters, tariffs and control sets read once (ChargeContext), each reading
 * still claimed and charged exactly once. A batch of at most BATCH_READINGS per transaction.
 */
export async function chargeReadings(db: Db, ids: number[], now: Date): Promise<ChargeOutcome[]> {
  const outcomes: ChargeOutcome[] = [];
  for (let i = 0; i < ids.length; i += BATCH_READINGS) {
    const batch = ids.slice(i, i + BATCH_READINGS);
    try {
      outcomes.push(...await db.transaction((tx) => chargeBatch(tx, batch, now)));
    } catch (error) {
      if (!(error instanceof ChargeRace)) throw error;
      for (const id of batch) outcomes.push(await db.transaction((tx) => chargeReading(tx, id, now)));
    }
  }
  return outcomes;
}

/** The most readings charged in one transaction (a room's month of daily readings fits in one). */
const BATCH_READINGS = 200;

/** The billing job (BILLING_INTERVAL_SECONDS): charges waiting readings on a timer. */
export class BillingJob extends PeriodicJob<number> {
  constructor(private db: Db, private now: () => Date, private options: { everyMs: number; log?: (message: string, error?: unknown) => void }) {
    super('billing', options.log);
  }

  start() {
    void this.startEvery(this.options.everyMs);
  }

  async tick(): Promise<number> {
    return (await this.runNow()) ?? 0;
  }

  protected runOnce() {
    return chargeWaitingReadings(this.db, this.now());
  }
}

/**
 * An operator records that a meter was replaced or reset: its next reading starts a new baseline
 * (no `reading_drop` fault, no charge for the jump), and an open `reading_drop` fault is cleared.
 */
export async function rebaseMeter(db: Db, kind: 'electric' | 'water', meterId: number, now: Date): Promise<boolean> {
  const table = kind === 'electric' ? electricMeters : waterMeters;
  const [meter] = await db.update(table).set({ rebase: true }).where(eq(table.id, meterId))
    .returning({ id: table.id, areaId: table.areaId, roomId: table.roomId, address: table.address });
  if (!meter) return false;
  await clearFault(db, { kind, ...meter }, 'reading_drop', now);
  return true;
}
