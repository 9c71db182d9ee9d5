import { and, desc, eq, isNull } from 'drizzle-orm';
import { schema, type Db } from '../db';
import { hundredthsOf } from './billing';
import { TRIP_CAUSES } from '../../common/states';
import { lockAccount, type Utility } from './ledger';
import { ChargeContext, chargeReading, SELF_TRIP_CAUSES, tripIfInArrears } from './billingEngine';
import { clearFault, openFault } from './faults';
import { countOn } from './readingRecount';

const { waterMeters, electricMeters, readings, powerCuts } = schema;

/** A successful command's outcome, as the pipeline hands it over (inside its transaction). */
export interface CommandResult {
  kind: string;
  id: number;
  type: string;
  /** The driver's data (server/devices/driver.ts: conventions per command type). */
  data: Record<string, unknown>;
  commandId: number;
  payload: Record<string, unknown>;
  now: Date;
}

/** What a result led to (tests and callers that want to know; the pipeline may ignore it). */
export interface RecordedResult {
  readingId?: number;
  consumption?: number;
  costFen?: number;
  /** Commands queued by a rule (an arrears trip or valve close). */
  commandIds?: number[];
}

interface Device { kind: 'electric' | 'water'; id: number; areaId: number; roomId: number | null; address: string }

const num = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);
const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const RELAY_STATES = new Set(['on', 'off', 'close_pending']);
const VALVE_STATES = new Set(['open', 'closed', 'abnormal']);

// ---- faults (server/domain/faults.ts) ------------------------------------------------------------

export { openFault, clearFault, clearFaultsOfDeleted } from './faults';
import { queueSupplyNotice } from './tenantNotices';

// ---- power cuts --------------------------------------------------------------------------------------

/**
 * The platform's trip (a command) opens a power-cut record with its cause. A record already open for
 * the platform's own cause stays as it is; one the meter opened by itself under a parameter set ends
 * now, because the platform's trip holds the relay open from here on (the meter no longer recloses
 * when the overload or window ends): the records then say why supply stays cut.
 */
async function openPowerCut(db: Db, device: Device, cause: string, commandId: number, now: Date) {
  const [open] = await db.select({ id: powerCuts.id, cause: powerCuts.cause }).from(powerCuts).where(and(eq(powerCuts.meterId, device.id), isNull(powerCuts.onAt))).limit(1);
  if (open && !(SELF_TRIP_CAUSES.includes(open.cause) && open.cause !== cause)) return;
  if (open) await db.update(powerCuts).set({ onAt: now }).where(eq(powerCuts.id, open.id));
  await db.insert(powerCuts).values({ areaId: device.areaId, meterId: device.id, roomId: device.roomId, offAt: now, cause, commandId });
}

async function closePowerCut(db: Db, meterId: number, now: Date) {
  await db.update(powerCuts).set({ onAt: now }).where(and(eq(powerCuts.meterId, meterId), isNull(powerCuts.onAt)));
}

/**
 * Trips a meter made by itself under its parameter sets (night low-power, load, malignant load,
 * timed on/off), reported with a read: `[{ cause, offAt, onAt }]` (ISO times, `onAt` null while it
 * lasts). Each is one power-cut record with that cause and the meter's own times; a trip reported
 * open and later ended is the same record, closed then. Anything malformed is left out.
 */
async function recordRelayEvents(db: Db, device: Device, events: unknown) {
  if (!Array.isArray(events)) return;
  for (const event of events as Record<string, unknown>[]) {
    const cause = str(event?.cause);
    const offAt = dateOf(event?.offAt);
    const onAt = event?.onAt === null ? null : dateOf(event?.onAt);
    if (!cause || !(TRIP_CAUSES as readonly string[]).includes(cause) || !offAt || onAt === undefined) continue;
    const [known] = await db.select({ id: powerCuts.id, onAt: powerCuts.onAt }).from(powerCuts)
      .where(and(eq(powerCuts.meterId, device.id), eq(powerCuts.cause, cause), eq(powerCuts.offAt, offAt))).limit(1);
    if (known) {
      if (onAt && !known.onAt) await db.update(powerCuts).set({ onAt }).where(eq(powerCuts.id, known.id));
      continue;
    }
    await db.insert(powerCuts).values({ areaId: device.areaId, meterId: device.id, roomId: device.roomId, offAt, onAt, cause, commandId: null });
  }
}

const dateOf = (value: unknown): Date | undefined => {
  if (typeof value !== 'string') return undefined;
  const date = new Date(value);
  return Number.isFinite(date.getTime()) ? date : undefined;
};

// ---- readings ----------------------------------------------------------------------------------------

/** What consumption is counted from: the highest accepted total, its rate registers and its time. */
interface Baseline { total: number; registers: (number | null)[] | null; at: Date | null }

/**
 * The meter's baseline: the one it keeps (baseline_total, migration 0019), else (kept by no charge
 * yet) its latest reading, else its last total. Undefined when it has none, or when an operator
 * recorded a replacement or reset (`rebase`): the reading starts a new baseline.
 */
async function baselineOf(db: Db, utility: Utility, meter: { id: number; rebase: boolean; baselineTotal: number | null; baselineRegisters: (number | null)[] | null; baselineAt: Date | null; lastTotal: number | null; lastRegisters: (number | null)[]; lastReadAt: Date | null }): Promise<Baseline | undefined> {
  if (meter.rebase) return undefined;
  if (meter.baselineTotal !== null) return { total: Number(meter.baselineTotal), registers: meter.baselineRegisters, at: meter.baselineAt };
  const [row] = await db.select({ total: readings.total, sharp: readings.sharp, peak: readings.peak, flat: readings.flat, valley: readings.valley, readAt: readings.readAt })
    .from(readings).where(and(eq(readings.utility, utility), eq(readings.meterId, meter.id), isNull(readings.deletedAt)))
    .orderBy(desc(readings.readAt), desc(readings.id)).limit(1);
  if (row) return { total: Number(row.total), registers: [row.sharp, row.peak, row.flat, row.valley], at: row.readAt };
  if (meter.lastTotal !== null) return { total: Number(meter.lastTotal), registers: meter.lastRegisters, at: meter.lastReadAt };
  return undefined;
}

interface Counted {
  /** Hundredths since the baseline (0 for a drop or a new baseline). */
  consumption: number;
  /** Per rate since the baseline, when both readings have all four registers and they add up. */
  rates: number[] | null;
  /** The interval's start (the baseline's time). */
  sinceAt: Date | null;
  /** The baseline after this reading. */
  baseline: Baseline;
  drop: boolean;
}

/**
 * Rule 1 with the baseline (issue 29): consumption = total − baseline. A lower total is a
 * `reading_drop` fault, no charge, and the baseline stays at the higher total (a one-off bad read
 * followed by the true total is never charged twice); a reading at or above it becomes the baseline
 * and clears an open drop fault. No baseline (a new meter, a replacement or reset recorded): this
 * reading starts one, without fault or charge.
 */
async function countReading(db: Db, device: Device, baseline: Baseline | undefined, total: number, registers: (number | undefined)[], now: Date): Promise<Counted> {
  const here: Baseline = { total, registers: registers.map((r) => r ?? null), at: now };
  if (!baseline) return { consumption: 0, rates: null, sinceAt: null, baseline: here, drop: false };
  const delta = hundredthsOf(total) - hundredthsOf(baseline.total);
  if (delta < 0) {
    // Rule 1: a drop is a fault record, never a negative charge; the baseline stays.
    await openFault(db, device, 'reading_drop', dropDetail(device, baseline.total, total), now);
    return { consumption: 0, rates: null, sinceAt: baseline.at, baseline, drop: true };
  }
  await clearFault(db, device, 'reading_drop', now);
  // The split per rate register, by the count a recount replays (readingRecount.countOn), in hundredths.
  const inHundredths = (values: (number | null | undefined)[] | null) => values?.map((r) => (r === null || r === undefined ? null : hundredthsOf(Number(r)))) ?? null;
  const { rates } = countOn({ total: hundredthsOf(total), registers: inHundredths(registers), readAt: now },
    { total: hundredthsOf(baseline.total), registers: inHundredths(baseline.registers), at: baseline.at });
  return { consumption: delta, rates, sinceAt: baseline.at, baseline: here, drop: false };
}

const baselineColumns = (b: Baseline) => ({ baselineTotal: b.total, baselineRegisters: b.registers, baselineAt: b.at, rebase: false });

const dropDetail = (device: Device, previous: number, total: number) => `读数回退（${device.address}：${previous.toFixed(2)} → ${total.toFixed(2)}）`;

// ---- electric ----------------------------------------------------------------------------------------

async function electricResult(db: Db, result: CommandResult): Promise<RecordedResult> {
  const { type, data, now } = result;
  const [meter] = await db.select({
    id: electricMeters.id, areaId: electricMeters.areaId, roomId: electricMeters.roomId, address: electricMeters.address, lastTotal: electricMeters.lastTotal,
    relayState: electricMeters.relayState, keepSupply: electricMeters.keepSupply,
    lastSharp: electricMeters.lastSharp, lastPeak: electricMeters.lastPeak, lastFlat: electricMeters.lastFlat, lastValley: electricMeters.lastValley, lastReadAt: electricMeters.lastReadAt,
    baselineTotal: electricMeters.baselineTotal, baselineRegisters: electricMeters.baselineRegisters, baselineAt: electricMeters.baselineAt, rebase: electricMeters.rebase,
  }).from(electricMeters).where(eq(electricMeters.id, result.id));
  if (!meter) return {};
  const device: Device = { kind: 'electric', id: meter.id, areaId: meter.areaId, roomId: meter.roomId, address: meter.address };
  const relayState = str(data.relayState);

  switch (type) {
    case 'read':
      return electricRead(db, result, meter, device);
    case 'trip': {
      const cause = (TRIP_CAUSES as readonly string[]).includes(str(result.payload.cause) ?? '') ? String(result.payload.cause) : 'manual';
      await db.update(electricMeters).set({ relayState: 'off' }).where(eq(electricMeters.id, meter.id));
      await openPowerCut(db, device, cause, result.commandId, now);
      if (meter.relayState !== 'off') await queueSupplyNotice(db, device.roomId, 'electric', true, now);
      return {};
    }
    case 'close_allowed':
      await db.update(electricMeters).set({ relayState: relayState && RELAY_STATES.has(relayState) ? relayState : 'close_pending' }).where(eq(electricMeters.id, meter.id));
      if (relayState === 'on') await closePowerCut(db, meter.id, now);
      if (meter.relayState === 'off') await queueSupplyNotice(db, device.roomId, 'electric', false, now);
      return {};
    case 'direct_close':
      await db.update(electricMeters).set({ relayState: 'on' }).where(eq(electricMeters.id, meter.id));
      await closePowerCut(db, meter.id, now);
      if (meter.relayState === 'off') await queueSupplyNotice(db, device.roomId, 'electric', false, now);
      return {};
    case 'keep_supply_on':
    case 'keep_supply_off':
      await db.update(electricMeters).set({ keepSupply: typeof data.keepSupply === 'boolean' ? data.keepSupply : type === 'keep_supply_on' }).where(eq(electricMeters.id, meter.id));
      return {};
    default:
      return {};
  }
}

type ElectricRow = {
  id: number; roomId: number | null; lastTotal: number | null; relayState: string; keepSupply: boolean;
  lastSharp: number | null; lastPeak: number | null; lastFlat: number | null; lastValley: number | null; lastReadAt: Date | null;
  baselineTotal: number | null; baselineRegisters: (number | null)[] | null; baselineAt: Date | null; rebase: boolean;
};

/**
 * A read's result: the reading is stored (waiting for its charge), the meter's last values, relay
 * and baseline recorded, then the billing engine charges it in the same transaction
 * (billingEngine.chargeReading: exactly once, the arrears rules after it).
 */
async function electricRead(db: Db, result: CommandResult, meter: ElectricRow, device: Device): Promise<RecordedResult> {
  const { data, now } = result;
  const total = num(data.total);
  if (total === undefined || total < 0) return {};
  const registers = [num(data.sharp), num(data.peak), num(data.flat), num(data.valley)];
  const relayState = str(data.relayState);
  // Lock order room → account before the meter's own row (as every path that moves a balance).
  const ctx = new ChargeContext();
  if (device.roomId) ctx.locked(device.roomId, 'electric', await lockAccount(db, device.roomId, 'electric'));

  const baseline = await baselineOf(db, 'electric', { ...meter, lastRegisters: [meter.lastSharp, meter.lastPeak, meter.lastFlat, meter.lastValley] });
  const counted = await countReading(db, device, baseline, total, registers, now);
  const [reading] = await db.insert(readings).values({
    areaId: device.areaId, utility: 'electric', meterId: meter.id, roomId: meter.roomId, readAt: now, total,
    sharp: registers[0] ?? null, peak: registers[1] ?? null, flat: registers[2] ?? null, valley: registers[3] ?? null,
    voltage: num(data.voltage) ?? null, current: num(data.current) ?? null, powerKw: num(data.powerKw) ?? null,
    consumption: counted.consumption / 100, costFen: 0, billed: false, usageRates: counted.rates, sinceAt: counted.sinceAt, createdAt: now,
  }).returning({ id: readings.id });

  const newRelay = relayState && RELAY_STATES.has(relayState) ? relayState : meter.relayState;
  await db.update(electricMeters).set({
    lastTotal: total, lastSharp: registers[0] ?? null, lastPeak: registers[1] ?? null, lastFlat: registers[2] ?? null, lastValley: registers[3] ?? null,
    lastVoltage: num(data.voltage) ?? null, lastCurrent: num(data.current) ?? null, lastPowerKw: num(data.powerKw) ?? null, lastReadAt: now,
    relayState: newRelay, ...baselineColumns(counted.baseline),
  }).where(eq(electricMeters.id, meter.id));
  await recordRelayEvents(db, device, data.relayEvents);
  // The relay is on again (the tenant pressed the button after close-allowed, or it was closed by hand).
  if (newRelay === 'on') await closePowerCut(db, meter.id, now);

  const charged = await chargeReading(db, reading.id, now, ctx);
  // The relay changed by itself (a parameter trip began or ended): rule 2 looks at the account as it
  // stands, even when this reading charged nothing (a meter that has just reclosed has used nothing yet).
  const commandIds = charged.commandIds ?? (newRelay !== meter.relayState || data.relayEvents ? await tripIfInArrears(db, meter.id, now) : undefined);
  return { readingId: reading.id, consumption: counted.consumption / 100, costFen: charged.costFen, commandIds };
}

// ---- water -------------------------------------------------------------------------------------------

async function waterResult(db: Db, result: CommandResult): Promise<RecordedResult> {
  const { type, data, now } = result;
  const [meter] = await db.select({
    id: waterMeters.id, areaId: waterMeters.areaId, roomId: waterMeters.roomId, address: waterMeters.address, lastReading: waterMeters.lastReading,
    valveState: waterMeters.valveState, lastReadAt: waterMeters.lastReadAt,
    baselineTotal: waterMeters.baselineTotal, baselineRegisters: waterMeters.baselineRegisters, baselineAt: waterMeters.baselineAt, rebase: waterMeters.rebase,
  }).from(waterMeters).where(eq(waterMeters.id, result.id));
  if (!meter) return {};
  const device: Device = { kind: 'water', id: meter.id, areaId: meter.areaId, roomId: meter.roomId, address: meter.address };
  const valveState = str(data.valveState);
  const validValve = valveState && VALVE_STATES.has(valveState) ? valveState : undefined;

  if (type === 'valve_open' || type === 'valve_close') {
    if (validValve) {
      await db.update(waterMeters).set({ valveState: validValve }).where(eq(waterMeters.id, meter.id));
      await valveFault(db, device, validValve, now);
      // The tenant is told of a change of supply (issue 42): closed, or open again after being closed.
      if (validValve !== meter.valveState && (validValve === 'closed' || meter.valveState === 'closed')) await queueSupplyNotice(db, device.roomId, 'water', validValve === 'closed', now);
    }
    return {};
  }
  if (type !== 'read') return {};
  const total = num(data.total);
  if (total === undefined || total < 0) return {};
  const ctx = new ChargeContext();
  if (device.roomId) ctx.locked(device.roomId, 'water', await lockAccount(db, device.roomId, 'water'));

  const baseline = await baselineOf(db, 'water', { ...meter, lastTotal: meter.lastReading, lastRegisters: [] });
  const counted = await countReading(db, device, baseline, total, [], now);
  const [reading] = await db.insert(readings).values({
    areaId: device.areaId, utility: 'water', meterId: meter.id, roomId: meter.roomId, readAt: now, total, consumption: counted.consumption / 100, costFen: 0,
    billed: false, sinceAt: counted.sinceAt, createdAt: now,
  }).returning({ id: readings.id });

  const batteryLow = typeof data.batteryLow === 'boolean' ? data.batteryLow : undefined;
  await db.update(waterMeters).set({
    lastReading: total, lastReadAt: now, ...(validValve ? { valveState: validValve } : {}), ...(batteryLow !== undefined ? { batteryLow } : {}),
    ...baselineColumns(counted.baseline),
  }).where(eq(waterMeters.id, meter.id));
  if (batteryLow === true) await openFault(db, device, 'low_battery', `电池电压低（${device.address}）`, now);
  if (batteryLow === false) await clearFault(db, device, 'low_battery', now);
  if (validValve) await valveFault(db, device, validValve, now);

  // Water is charged at the meter's own price per m³ (the water archive sets it per meter), once its account is opened.
  const charged = await chargeReading(db, reading.id, now, ctx);
  return { readingId: reading.id, consumption: counted.consumption / 100, costFen: charged.costFen, commandIds: charged.commandIds };
}

async function valveFault(db: Db, device: Device, valveState: string, now: Date) {
  if (valveState === 'abnormal') await openFault(db, device, 'valve_fault', `阀门异常（${device.address}）`, now);
  else await clearFault(db, device, 'valve_fault', now);
}

/**
 * Applies a successful command's result (inside the pipeline's transaction): the device's recorded
 * state changes only here (and from device reports). Readings with their consumption and charge
 * (rules 1 and 2), faults opened and cleared (reading drop, low battery, valve fault) and power-cut
 * records follow from results.
 */
export async function recordCommandResult(db: Db, result: CommandResult): Promise<RecordedResult> {
  if (result.kind === 'electric') return electricResult(db, result);
  if (result.kind === 'water') return waterResult(db, result);
  return {};
}
