import { and, asc, eq, sql } from 'drizzle-orm';
import { schema, type Db } from '../db';
import { chargeOf, hundredthsOf, monthKeyOf, scheduleWeights, splitUnits } from './billing';
import { billingSettings, electricTariff, queueArrearsNotices, tripIfInArrears, type PricedTariff } from './billingEngine';
import { lockAccount, postLedgerMany, type Posting, type Utility } from './ledger';
import { refused } from './results';
import type { RecountChange, RecountRecord } from '../../common/readingRecount';

const { readings, electricMeters, waterMeters, accounts } = schema;

/**
 * Deleting a reading that was wrong recounts what depended on it (issue 31). A meter's usage is
 * counted reading after reading against a baseline (server/domain/deviceEvents.ts, rule 1): the
 * highest total accepted so far; a lower total is a drop (no usage, the baseline stays); a meter's
 * first reading, or its first after a replacement, starts the count. So when a reading leaves the
 * count — it is deleted with its charge refunded — the readings after it are counted again from the
 * reading before it, and a reading put back (restored) is counted in again. Example: totals 100,
 * 150 (a spike), 120, 160 charge 50, 0 (a drop), 10; deleting the 150 refunds its 50 and counts
 * 120 and 160 again from 100: 20 and 40, charged the difference (20 and 30) at the meter's price.
 *
 * The money stays exact and auditable: every reading whose usage changed is priced again by the
 * billing engine's rules (chargeOf on the meter's tariff, electricTariff; the free allowance first,
 * the month's tiers), and the difference is one ledger entry tied to that reading (`refund` or
 * `deduction`, ref_type `reading_recount`, ref_id the reading); the readings' usage and charge
 * columns are updated in one statement (the daily aggregates follow by their trigger); the free
 * allowance the deleted reading used goes back to its account, and the readings priced again draw
 * on the allowance in the order they were read. What was recounted is kept on the deleted reading
 * (readings.recount): its restore counts it in again and gives each reading back the charge it had
 * (exactly, when its usage and free units come out as they were).
 *
 * A reading deleted keeping its charge stays in the count (its usage was charged and stands), as do
 * readings deleted before this rule existed: only a refund takes a reading out.
 *
 * Where the count starts. A reading the count started at when it was read (a new meter, a
 * replacement or reset: since_at null, no usage) begins a run of the meter's readings; the first
 * reading of that run still in the count starts it. So when that start is deleted with refund, the
 * next reading in the count starts it instead, stored with an empty interval (since_at = read_at,
 * no usage: "passed" the start), and it gives the start back, counting from the reading before it
 * again, as soon as a reading before it in the run is in the count again (restored). Which reading
 * holds a passed start is worked out from the readings, never from what the deletion recorded: a
 * start can be passed on along several deletions (the first reading deleted passes it to the
 * second, the second deleted to the third), and restoring the first then must take it back from
 * the third, which the first's record (naming the second) never knew; likewise a reading restored
 * between a deleted start and the reading holding its start takes the start over. Storing a passed
 * start as since_at null, like a start of its own, lost that difference: the third reading kept
 * starting the count after the first was restored and its usage was never charged again.
 */

// ---- the count (pure) ------------------------------------------------------------------------------

/** A reading of the meter as the count sees it. Quantities in hundredths, money in fen. */
export interface ChainRow {
  id: number;
  readAt: Date;
  total: number;
  /** The rate registers [sharp, peak, flat, valley] (electric), else null. */
  registers: (number | null)[] | null;
  consumption: number;
  sinceAt: Date | null;
  usageRates: number[] | null;
  costFen: number;
  freeUsed: number;
  billed: boolean;
  roomId: number | null;
  /** Not deleted. */
  standing: boolean;
  /** Counted: standing, or deleted keeping its charge (or before this rule). */
  inChain: boolean;
}

/** What a reading's usage is counted from: a total, its registers and its instant. */
export interface Base { total: number; registers: (number | null)[] | null; at: Date | null }

const baseOf = (row: Pick<ChainRow, 'total' | 'registers' | 'readAt'>): Base => ({ total: row.total, registers: row.registers, at: row.readAt });

/** Whether a stored reading started its meter's count when it was read: no interval, no usage, and a total the count before it did not hold. */
const startedCount = (row: ChainRow, before: Base | undefined) => row.sinceAt === null && row.consumption === 0 && (!before || row.total !== before.total);

/** Whether a stored reading holds a start passed to it by deletions: an empty interval (since_at = read_at) and no usage. */
const passedStart = (row: ChainRow) => row.consumption === 0 && row.sinceAt !== null && row.sinceAt.getTime() >= row.readAt.getTime();

/** The baseline a stored reading leaves, its stored usage read as the count made it. */
function storedAfter(row: ChainRow, before: Base | undefined): Base {
  if (!before || startedCount(row, before) || passedStart(row) || row.consumption > 0 || row.total >= before.total) return baseOf(row);
  return before;
}

/** The baseline the counted readings before a point leave (from the last one whose usage fixes it). */
export function baselineBefore(chain: ChainRow[]): Base | undefined {
  if (!chain.length) return undefined;
  let k = chain.length - 1;
  while (k > 0 && !(chain[k].consumption > 0 || chain[k].sinceAt === null || passedStart(chain[k]))) k--;
  let base = baseOf(chain[k]);
  for (let i = k + 1; i < chain.length; i++) base = storedAfter(chain[i], base);
  return base;
}

const known = (values: (number | null)[] | null): values is number[] => !!values && values.length === 4 && values.every((v) => v !== null && Number.isFinite(v));

/** Rule 1 for one reading against a baseline (none: it starts the count). */
export function countOn(row: Pick<ChainRow, 'total' | 'registers' | 'readAt'>, base: Base | undefined): { consumption: number; sinceAt: Date | null; rates: number[] | null; after: Base } {
  if (!base) return { consumption: 0, sinceAt: null, rates: null, after: baseOf(row) };
  const delta = row.total - base.total;
  // A drop: no usage, the baseline stays (its interval still begins at the baseline).
  if (delta < 0) return { consumption: 0, sinceAt: base.at ?? row.readAt, rates: null, after: base };
  let rates: number[] | null = null;
  if (known(row.registers) && known(base.registers)) {
    const before = base.registers;
    const deltas = row.registers.map((r, i) => r - before[i]);
    if (deltas.every((d) => d >= 0) && deltas.reduce((a, b) => a + b, 0) === delta) rates = deltas;
  }
  return { consumption: delta, sinceAt: base.at, rates, after: baseOf(row) };
}

export interface Counted { id: number; consumption: number; sinceAt: Date | null; rates: number[] | null }

export interface ChainRecount {
  /** Every counted reading from the change on (the target first on a restore), with its usage counted again. */
  counted: Counted[];
  /** On a delete of the reading that started the count: the reading after it that starts it now. */
  startPassedTo: number | null;
  /** The baseline after the meter's last counted reading. */
  baseline: Base | undefined;
  /** The count after the last reading starts anew (the deleted reading started one and nothing follows it). */
  rebase: boolean;
}

/**
 * The meter's readings (in read order, by instant then id) counted again with `target` taken out
 * (`delete`) or put back (`restore`). A counted reading starts the count when it started it when
 * read, or when a reading that did lies before it out of the count with no counted reading between
 * (it holds that start, passed: since_at = read_at); every other one counts from the baseline before
 * it. `notStart` is the reading a delete recorded passing the start to, never a start of its own on
 * the restore (a start passed before passed starts were stored so had since_at null).
 */
export function recountChain(rows: ChainRow[], targetId: number, kind: 'delete' | 'restore', notStart: number | null = null): ChainRecount {
  const pos = rows.findIndex((row) => row.id === targetId);
  if (pos < 0) throw new Error(`recount: reading ${targetId} is not the meter's`);
  const target = rows[pos];
  let b0 = baselineBefore(rows.slice(0, pos).filter((row) => row.inChain));
  const ownStart = (row: ChainRow, before: Base | undefined) => startedCount(row, before) && !(kind === 'restore' && row.id === notStart);
  // A start out of the count since the last counted reading before the target: the next counted reading holds it.
  let pending = false;
  for (let i = pos - 1; i >= 0 && !rows[i].inChain; i--) if (ownStart(rows[i], b0)) pending = true;
  // The meter's first counted reading counted from a total before it (an import, the seed): its successors count from there.
  if (!b0 && !pending && target.consumption > 0) b0 = { total: target.total - target.consumption, registers: null, at: target.sinceAt };
  const targetStarted = kind === 'delete' && (pending || ownStart(target, b0) || passedStart(target));
  const counted: Counted[] = [];
  let startPassedTo: number | null = null;
  let base = b0;
  for (const row of rows.slice(pos)) {
    const inCount = row.id === target.id ? kind === 'restore' : row.inChain;
    if (!inCount) {
      if (ownStart(row, base) || (row.id === target.id && targetStarted)) pending = true;
      continue;
    }
    let count = countOn(row, ownStart(row, base) || pending ? undefined : base);
    if (!ownStart(row, base) && (pending || !base)) {
      // It starts the count in place of a reading out of it: an empty interval says so.
      count = { ...count, sinceAt: row.readAt };
      if (targetStarted && !counted.length) startPassedTo = row.id;
    }
    pending = false;
    counted.push({ id: row.id, consumption: count.consumption, sinceAt: count.sinceAt, rates: count.rates });
    base = count.after;
  }
  return { counted, startPassedTo, baseline: base, rebase: kind === 'delete' && pending };
}

// ---- the money ----------------------------------------------------------------------------------------

/** A reading's charge after the recount (quantities in hundredths). */
export interface Repriced {
  row: ChainRow;
  consumption: number;
  sinceAt: Date | null;
  usageRates: number[] | null;
  costFen: number;
  freeUsed: number;
}

export interface PriceContext {
  /** The meter's tariff (undefined: an electric meter without a price). */
  priced: PricedTariff | undefined;
  /** Whether the meter's readings are charged at all (water: once its account is opened). */
  charged: boolean;
  /** Free allowance left per room's account (hundredths); rooms without an account are absent. */
  freeLeft: Map<number, number>;
  /** What readings had before the change being undone (a restore): given back exactly when usage and free units match. */
  priors: Map<number, { consumption: number; costFen: number; freeUsed: number }>;
  timeZone: string;
}

const sameRates = (a: number[] | null, b: number[] | null) => (a === null || b === null ? a === b : a.length === b.length && a.every((v, i) => v === b[i]));

/**
 * Prices the recount: every reading whose usage changed (the target too, on a restore) and, under
 * tiers, every later standing reading of an affected month. The free allowance held by the readings
 * priced again (and what the target gives back) is pooled per room and drawn on in read order.
 * Returns the readings that change and the free allowance each room is left with.
 */
export function priceRecount(rows: ChainRow[], recount: ChainRecount, target: ChainRow, kind: 'delete' | 'restore', ctx: PriceContext): { repriced: Repriced[]; freeLeft: Map<number, number> } {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const countOf = new Map(recount.counted.map((c) => [c.id, c]));
  const consumptionOf = (row: ChainRow) => (row.id === target.id ? (kind === 'delete' ? 0 : countOf.get(row.id)!.consumption) : countOf.get(row.id)?.consumption ?? row.consumption);
  // A reading changes when its usage does, or where its interval begins: a reading that now starts
  // the count (its since_at null) must be stored so, or a later recount reads it as counted from the
  // reading before it; and a time-of-use split follows the interval.
  const since = (at: Date | null) => (at ? at.getTime() : null);
  const changed = new Set(recount.counted.filter((c) => {
    const row = byId.get(c.id)!;
    return c.id === target.id || c.consumption !== row.consumption || since(c.sinceAt) !== since(row.sinceAt);
  }).map((c) => c.id));
  const monthOf = (row: ChainRow) => monthKeyOf(row.readAt, ctx.timeZone);
  const months = new Set([...changed].map((id) => monthOf(byId.get(id)!)));
  if (kind === 'delete') months.add(monthOf(target));
  const tiered = ctx.priced?.tariff.kind === 'tiered';
  const toPrice = recount.counted.map((c) => byId.get(c.id)!)
    .filter((row) => changed.has(row.id) || (tiered && row.standing && row.billed && months.has(monthOf(row))));

  const freeLeft = new Map(ctx.freeLeft);
  const held = (row: ChainRow) => (row.id === target.id ? 0 : row.freeUsed);
  const give = (roomId: number | null, units: number) => {
    if (roomId !== null && freeLeft.has(roomId)) freeLeft.set(roomId, freeLeft.get(roomId)! + units);
  };
  for (const row of toPrice) give(row.roomId, held(row));
  if (kind === 'delete') give(target.roomId, target.freeUsed);

  const repriced: Repriced[] = [];
  for (const row of toPrice) {
    const count = countOf.get(row.id)!;
    const usageChanged = changed.has(row.id);
    const consumption = count.consumption;
    const sinceAt = usageChanged ? count.sinceAt : row.sinceAt;
    let rates = usageChanged ? count.rates : row.usageRates;
    const before = row.id === target.id ? { costFen: 0, freeUsed: 0 } : { costFen: row.costFen, freeUsed: row.freeUsed };
    const pool = row.roomId === null ? undefined : freeLeft.get(row.roomId);
    if (!row.billed || !ctx.charged || row.roomId === null) {
      // Waiting for its charge (the engine charges the usage it has then), or of a meter whose readings are not charged: the count alone changes.
      if (usageChanged) repriced.push({ row, consumption, sinceAt, usageRates: rates, costFen: before.costFen, freeUsed: before.freeUsed });
      continue;
    }
    if (pool === undefined) {
      if (before.costFen === 0 && consumption === 0) {
        if (usageChanged) repriced.push({ row, consumption, sinceAt, usageRates: rates, costFen: 0, freeUsed: 0 });
        continue;
      }
      throw refused('errors.readingNoAccount');
    }
    let costFen = 0;
    let free = 0;
    if (consumption > 0) {
      if (!ctx.priced) throw refused('errors.readingNoPrice');
      const { tariff, segments } = ctx.priced;
      const weights = tariff.kind === 'tou' && !rates && segments?.length && sinceAt ? scheduleWeights(sinceAt.getTime(), row.readAt.getTime(), segments, ctx.timeZone) : null;
      let monthToDate = 0;
      if (tariff.kind === 'tiered') {
        const month = monthOf(row);
        for (const other of rows) {
          if (other === row) break;
          if ((other.standing || other.id === target.id) && monthOf(other) === month) monthToDate += consumptionOf(other);
        }
      }
      const result = chargeOf({ tariff, consumption, rates, weights, freeLeft: pool, monthToDate });
      free = result.free;
      costFen = Math.max(0, result.costFen);
      if (!rates && weights && weights.some((w) => w > 0)) rates = splitUnits(consumption, weights);
      // Undoing a change: the charge the reading had, when it comes out with the usage and free units it had.
      const prior = ctx.priors.get(row.id);
      if (prior && prior.consumption === consumption && prior.freeUsed === free) costFen = prior.costFen;
    }
    freeLeft.set(row.roomId, pool - free);
    if (usageChanged || costFen !== before.costFen || free !== before.freeUsed || !sameRates(rates, row.usageRates)) {
      repriced.push({ row, consumption, sinceAt, usageRates: rates, costFen, freeUsed: free });
    }
  }
  return { repriced, freeLeft };
}

// ---- on the database ----------------------------------------------------------------------------------

type ReadingRow = typeof readings.$inferSelect;

const h = (value: number | string | null | undefined) => hundredthsOf(Number(value ?? 0));

const chainRowOf = (row: ReadingRow): ChainRow => ({
  id: Number(row.id), readAt: row.readAt, total: h(row.total),
  registers: row.utility === 'electric' ? [row.sharp, row.peak, row.flat, row.valley].map((v) => (v === null ? null : h(v))) : null,
  consumption: h(row.consumption), sinceAt: row.sinceAt, usageRates: Array.isArray(row.usageRates) ? row.usageRates.map(Number) : null,
  costFen: Number(row.costFen), freeUsed: h(row.freeUsed), billed: row.billed, roomId: row.roomId === null ? null : Number(row.roomId),
  standing: !row.deletedAt, inChain: !row.deletedAt || !row.recount,
});

/** A recount worked out (nothing written yet). */
export interface RecountPlan {
  kind: 'delete' | 'restore';
  target: ReadingRow;
  utility: Utility;
  meterId: number;
  recount: ChainRecount;
  repriced: Repriced[];
  /** Free allowance per room after the recount (hundredths), for the rooms whose allowance moves. */
  freeLeft: Map<number, number>;
  freeBefore: Map<number, number>;
  accounts: Map<number, { id: number; alarm1Fen: number; alarm2Fen: number }>;
  /** The postings per room: the target's own (refund or charge back) first, then the corrections in read order. */
  postings: Map<number, Omit<Posting, 'accountId'>[]>;
  record: RecountRecord;
  /** The meter's new baseline and last values (undefined: unchanged). */
  meter?: { baseline: Base | undefined; rebase: boolean; last: ChainRow | null | undefined };
}

/**
 * Works out the recount of taking a reading out of its meter's count (`delete`, with its charge
 * refunded) or putting it back (`restore`), inside the caller's transaction. With `lock`, the rooms
 * and accounts involved are locked (room → account, rooms ascending, as every balance move), then the
 * meter's row and its readings; without, it only reads (the delete dialog's preview).
 */
export async function planRecount(db: Db, target: ReadingRow, kind: 'delete' | 'restore', options: { lock: boolean; operatorId: number | null; reason: string | null }): Promise<RecountPlan> {
  const utility = target.utility as Utility;
  const meterId = Number(target.meterId);
  const ofMeter = and(eq(readings.utility, utility), eq(readings.meterId, meterId));
  if (options.lock) {
    const roomIds = (await db.selectDistinct({ roomId: readings.roomId }).from(readings).where(and(ofMeter, sql`${readings.roomId} IS NOT NULL`)))
      .map((row) => Number(row.roomId)).sort((a, b) => a - b);
    for (const roomId of roomIds) await lockAccount(db, roomId, utility);
    const table = utility === 'electric' ? electricMeters : waterMeters;
    await db.select({ id: table.id }).from(table).where(eq(table.id, meterId)).for('update');
  }
  const query = db.select().from(readings).where(ofMeter).orderBy(asc(readings.readAt), asc(readings.id));
  const all = (options.lock ? await query.for('update') : await query);
  const rows = all.map(chainRowOf);
  const fresh = all.find((row) => Number(row.id) === Number(target.id))!;
  const targetRow = rows.find((row) => row.id === Number(target.id))!;
  const record = fresh.recount;
  const recount = recountChain(rows, targetRow.id, kind, kind === 'restore' ? record?.startPassedTo ?? null : null);

  // The meter's tariff and whether its readings are charged.
  let priced: PricedTariff | undefined;
  let charged = true;
  if (utility === 'electric') {
    const [meter] = await db.select({ areaId: electricMeters.areaId, priceTableId: electricMeters.priceTableId }).from(electricMeters).where(eq(electricMeters.id, meterId));
    priced = meter ? await electricTariff(db, meter) : undefined;
  } else {
    const [meter] = await db.select({ priceFen: waterMeters.priceFen, accountOpened: waterMeters.accountOpened }).from(waterMeters).where(eq(waterMeters.id, meterId));
    charged = !!meter?.accountOpened;
    const price = meter?.priceFen ?? 0;
    priced = { tariff: { kind: 'single', sharpFen: price, peakFen: price, flatFen: price, valleyFen: price }, segments: null, priceTableId: null };
  }
  const roomIds = [...new Set([targetRow, ...recount.counted.map((c) => rows.find((row) => row.id === c.id)!)].map((row) => row.roomId).filter((id): id is number => id !== null))];
  const accountsOf = new Map<number, { id: number; alarm1Fen: number; alarm2Fen: number }>();
  const freeBefore = new Map<number, number>();
  for (const roomId of roomIds) {
    const [account] = await db.select({ id: accounts.id, freeLeft: accounts.freeLeft, alarm1Fen: accounts.alarm1Fen, alarm2Fen: accounts.alarm2Fen }).from(accounts)
      .where(and(eq(accounts.roomId, roomId), eq(accounts.utility, utility)));
    if (!account) continue;
    accountsOf.set(roomId, { id: account.id, alarm1Fen: Number(account.alarm1Fen), alarm2Fen: Number(account.alarm2Fen) });
    freeBefore.set(roomId, h(account.freeLeft));
  }
  const priors = new Map<number, { consumption: number; costFen: number; freeUsed: number }>();
  if (kind === 'restore' && record) {
    priors.set(targetRow.id, { consumption: h(record.own.consumption), costFen: record.own.costFen, freeUsed: h(record.own.freeUsed) });
    for (const change of record.changes) priors.set(change.id, { consumption: h(change.consumption[0]), costFen: change.costFen[0], freeUsed: h(change.freeUsed[0]) });
  }
  const { repriced, freeLeft } = priceRecount(rows, recount, targetRow, kind, { priced, charged, freeLeft: freeBefore, priors, timeZone: billingSettings.timeZone });

  // The postings: the target's own, then each correction, per room.
  const postings = new Map<number, Omit<Posting, 'accountId'>[]>();
  const post = (roomId: number | null, posting: Omit<Posting, 'accountId'>) => {
    if (posting.amountFen === 0) return;
    if (roomId === null || !accountsOf.has(roomId)) throw refused('errors.readingNoAccount');
    postings.set(roomId, [...(postings.get(roomId) ?? []), posting]);
  };
  const id = Number(target.id);
  if (kind === 'delete') {
    post(targetRow.roomId, { kind: 'refund', amountFen: targetRow.costFen, energy: targetRow.consumption / 100, refType: 'reading_delete', refId: String(id), operatorId: options.operatorId, remark: options.reason });
  }
  const changes: RecountChange[] = [];
  for (const r of repriced) {
    const before = r.row.id === id ? { costFen: 0, freeUsed: 0 } : r.row;
    const difference = before.costFen - r.costFen;
    if (r.row.id === id) {
      post(r.row.roomId, { kind: 'deduction', amountFen: difference, energy: r.consumption / 100, refType: 'reading_restore', refId: String(id), operatorId: options.operatorId, remark: options.reason });
      continue;
    }
    post(r.row.roomId, {
      kind: difference > 0 ? 'refund' : 'deduction', amountFen: difference, energy: (r.consumption - r.row.consumption) / 100,
      refType: 'reading_recount', refId: String(r.row.id), operatorId: options.operatorId, remark: options.reason,
    });
    // Only the interval moved (the usage, charge, free units and split as they were): written, not listed.
    if (r.consumption === r.row.consumption && r.costFen === r.row.costFen && r.freeUsed === r.row.freeUsed && sameRates(r.usageRates, r.row.usageRates)) continue;
    changes.push({
      id: r.row.id, readAt: r.row.readAt.toISOString(), roomId: r.row.roomId,
      consumption: [r.row.consumption / 100, r.consumption / 100], costFen: [r.row.costFen, r.costFen], freeUsed: [r.row.freeUsed / 100, r.freeUsed / 100],
      sinceAt: [r.row.sinceAt?.toISOString() ?? null, r.sinceAt?.toISOString() ?? null], usageRates: [r.row.usageRates, r.usageRates],
    });
  }
  const postedFen = [...postings.values()].flat().reduce((sum, p) => sum + p.amountFen, 0);
  const newRecord: RecountRecord = {
    own: { consumption: targetRow.consumption / 100, costFen: targetRow.costFen, freeUsed: targetRow.freeUsed / 100 },
    freeReturned: kind === 'delete' && targetRow.roomId !== null && accountsOf.has(targetRow.roomId) ? targetRow.freeUsed / 100 : 0,
    startPassedTo: recount.startPassedTo, rebased: recount.rebase, changes, postedFen,
  };

  // The meter: its baseline after the last counted reading, and its last values when the target was its latest.
  const counted = rows.filter((row) => (row.id === id ? kind === 'restore' : row.inChain));
  const latest = counted.length ? counted[counted.length - 1] : null;
  const wasLatest = !rows.slice(rows.indexOf(targetRow) + 1).some((row) => row.inChain);
  const meter = { baseline: recount.baseline, rebase: recount.rebase, last: wasLatest ? latest : undefined };
  return { kind, target: fresh, utility, meterId, recount, repriced, freeLeft, freeBefore, accounts: accountsOf, postings, record: newRecord, meter };
}

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/**
 * Writes a plan (inside the transaction that made it with `lock`): the readings' usage and charge
 * in one statement, the free allowance, each room's postings in one move (postLedgerMany), the
 * meter's baseline, then rule 2 on what the corrections charged (notices, an arrears trip).
 * Answers the balance after, per room.
 */
export async function applyRecount(db: Db, plan: RecountPlan, now: Date): Promise<Map<number, number>> {
  const updates = plan.repriced;
  if (updates.length) {
    const values = updates.map((r) => sql`(${r.row.id}::bigint, ${r.consumption / 100}::numeric, ${iso(r.sinceAt)}::timestamptz, ${r.usageRates ? JSON.stringify(r.usageRates) : null}::jsonb, ${r.costFen}::bigint, ${r.freeUsed / 100}::numeric)`);
    await db.execute(sql`UPDATE readings SET consumption = v.consumption, since_at = v.since_at, usage_rates = v.rates, cost_fen = v.cost, free_used = v.free
      FROM (VALUES ${sql.join(values, sql`, `)}) AS v (id, consumption, since_at, rates, cost, free) WHERE readings.id = v.id`);
  }
  for (const [roomId, left] of plan.freeLeft) {
    if (left === plan.freeBefore.get(roomId)) continue;
    const account = plan.accounts.get(roomId)!;
    await db.update(accounts).set({ freeLeft: left / 100 }).where(eq(accounts.id, account.id));
    if (plan.utility === 'water') await db.update(waterMeters).set({ freeAllowance: left / 100 }).where(and(eq(waterMeters.id, plan.meterId), eq(waterMeters.roomId, roomId)));
  }
  const balances = new Map<number, number>();
  for (const [roomId, postings] of plan.postings) {
    const account = plan.accounts.get(roomId)!;
    const posted = await postLedgerMany(db, account.id, postings, now);
    balances.set(roomId, posted[posted.length - 1].balanceFen);
    if (postings.some((p) => p.amountFen < 0)) {
      for (const p of posted) await queueArrearsNotices(db, p, account, now);
      if (plan.utility === 'electric') await tripIfInArrears(db, plan.meterId, now);
    }
  }
  const meter = plan.meter;
  if (meter) {
    const base = meter.baseline;
    const baseline = { baselineTotal: base ? base.total / 100 : null, baselineRegisters: base?.registers?.map((v) => (v === null ? null : v / 100)) ?? null, baselineAt: base?.at ?? null };
    const rebase = meter.rebase ? { rebase: true } : plan.kind === 'restore' && plan.target.recount?.rebased ? { rebase: false } : {};
    const last = meter.last;
    if (plan.utility === 'electric') {
      const regs = last?.registers ?? [null, null, null, null];
      const lastValues = last === undefined ? {} : {
        lastTotal: last ? last.total / 100 : null, lastReadAt: last?.readAt ?? null,
        lastSharp: regs[0] === null ? null : regs[0] / 100, lastPeak: regs[1] === null ? null : regs[1] / 100, lastFlat: regs[2] === null ? null : regs[2] / 100, lastValley: regs[3] === null ? null : regs[3] / 100,
      };
      await db.update(electricMeters).set({ ...baseline, ...rebase, ...lastValues }).where(eq(electricMeters.id, plan.meterId));
    } else {
      const lastValues = last === undefined ? {} : { lastReading: last ? last.total / 100 : null, lastReadAt: last?.readAt ?? null };
      await db.update(waterMeters).set({ ...baseline, ...rebase, ...lastValues }).where(eq(waterMeters.id, plan.meterId));
    }
  }
  return balances;
}
