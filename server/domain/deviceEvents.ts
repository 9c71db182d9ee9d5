import { and, desc, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import { schema, type Db } from '../db';
import { chargeOf, hundredthsOf, monthStart, type Tariff } from './billing';
import { enqueueCommands } from './commands';
import { TRIP_CAUSES } from '../../common/states';
import { lockAccount, postLedger, type Utility } from './ledger';

const { waterMeters, electricMeters, readings, faults, powerCuts, priceTables, parameterSets, accounts, commands } = schema;

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

// ---- faults ------------------------------------------------------------------------------------------

const openFaultOf = (device: Device, kind: string) =>
  and(eq(faults.areaId, device.areaId), eq(faults.kind, kind), isNull(faults.clearedAt), eq(faults.deviceKind, device.kind), eq(faults.deviceId, device.id));

/** Opens a fault of this kind for the device unless one is open already. Returns whether one was opened. */
export async function openFault(db: Db, device: Device, kind: string, detail: string, now: Date): Promise<boolean> {
  const [open] = await db.select({ id: faults.id }).from(faults).where(openFaultOf(device, kind)).limit(1);
  if (open) return false;
  await db.insert(faults).values({ areaId: device.areaId, deviceKind: device.kind, deviceId: device.id, roomId: device.roomId, kind, detail, openedAt: now });
  return true;
}

/** Clears the device's open fault of this kind. Returns whether one was cleared. */
export async function clearFault(db: Db, device: Device, kind: string, now: Date): Promise<boolean> {
  return (await db.update(faults).set({ clearedAt: now }).where(openFaultOf(device, kind)).returning({ id: faults.id })).length > 0;
}

/** The kinds of fault (schema/events.ts): listed so that a device's open faults are found through the `faults_open` index. */
const FAULT_KINDS = ['offline', 'read_failure', 'tamper', 'low_battery', 'valve_fault', 'reading_drop'];

/**
 * Clears the open faults of devices being deleted: a fault of a device that is gone is history
 * (it stays, with its time), not an alarm that nobody can clear any more. Returns how many.
 */
export async function clearFaultsOfDeleted(db: Db, kind: 'electric' | 'water' | 'module', devices: { id: number; areaId: number }[], now: Date): Promise<number> {
  if (!devices.length) return 0;
  const cleared = await db.update(faults).set({ clearedAt: now }).where(and(
    inArray(faults.areaId, [...new Set(devices.map((device) => device.areaId))]),
    inArray(faults.kind, FAULT_KINDS),
    isNull(faults.clearedAt),
    eq(faults.deviceKind, kind),
    inArray(faults.deviceId, devices.map((device) => device.id)),
  )).returning({ id: faults.id });
  return cleared.length;
}

// ---- power cuts --------------------------------------------------------------------------------------

async function openPowerCut(db: Db, device: Device, cause: string, commandId: number, now: Date) {
  const [open] = await db.select({ id: powerCuts.id }).from(powerCuts).where(and(eq(powerCuts.meterId, device.id), isNull(powerCuts.onAt))).limit(1);
  if (open) return;
  await db.insert(powerCuts).values({ areaId: device.areaId, meterId: device.id, roomId: device.roomId, offAt: now, cause, commandId });
}

async function closePowerCut(db: Db, meterId: number, now: Date) {
  await db.update(powerCuts).set({ onAt: now }).where(and(eq(powerCuts.meterId, meterId), isNull(powerCuts.onAt)));
}

// ---- billing -----------------------------------------------------------------------------------------

interface Bill {
  device: Device;
  utility: Utility;
  /** Hundredths. */
  consumption: number;
  rates: number[] | null;
  tariff: Tariff | null;
  /** Whether the meter's consumption is charged to the room's account at all (water: account opened). */
  chargeable: boolean;
}

/**
 * Charges a reading's consumption to the room's account (rule 1): one `deduction` through postLedger,
 * the free allowance first. The account is locked (room, then account) before anything else is read.
 */
async function charge(db: Db, bill: Bill, readingId: number, now: Date) {
  const { device } = bill;
  if (!bill.chargeable || !device.roomId || !bill.tariff || bill.consumption <= 0) return { costFen: 0, account: undefined, posted: undefined };
  const account = await lockAccount(db, device.roomId, bill.utility);
  if (!account) return { costFen: 0, account: undefined, posted: undefined };
  let monthToDate = 0;
  if (bill.tariff.kind === 'tiered') {
    const [row] = await db.select({ used: sql<string | null>`sum(${readings.consumption})` }).from(readings)
      .where(and(eq(readings.utility, bill.utility), eq(readings.meterId, device.id), isNull(readings.deletedAt),
        gte(readings.readAt, monthStart(now)), lt(readings.id, readingId)));
    monthToDate = hundredthsOf(Number(row?.used ?? 0));
  }
  const result = chargeOf({ tariff: bill.tariff, consumption: bill.consumption, rates: bill.rates, freeLeft: hundredthsOf(account.freeLeft), monthToDate });
  if (result.free > 0) {
    const freeLeft = (hundredthsOf(account.freeLeft) - result.free) / 100;
    await db.update(accounts).set({ freeLeft }).where(eq(accounts.id, account.id));
    if (bill.utility === 'water') await db.update(waterMeters).set({ freeAllowance: freeLeft }).where(eq(waterMeters.id, device.id));
  }
  if (result.costFen > 0) await db.update(readings).set({ costFen: result.costFen }).where(eq(readings.id, readingId));
  const posted = result.costFen > 0
    ? await postLedger(db, { accountId: account.id, kind: 'deduction', amountFen: -result.costFen, energy: bill.consumption / 100, refType: 'reading', refId: String(readingId) }, now)
    : undefined;
  return { costFen: result.costFen, account, posted };
}

/** Whether the device has a command of one of these types still queued or under way. */
async function pending(db: Db, device: Device, types: string[]) {
  const [row] = await db.select({ id: commands.id }).from(commands)
    .where(and(eq(commands.deviceKind, device.kind), eq(commands.deviceId, device.id), inArray(commands.type, types), inArray(commands.state, ['queued', 'sent']))).limit(1);
  return !!row;
}

/** Rule 2 for the control parameter set of an electric meter: automatic trip on arrears (default yes). */
async function autoTripOf(db: Db, controlSetId: number | null) {
  if (!controlSetId) return true;
  const [set] = await db.select({ values: parameterSets.values }).from(parameterSets).where(eq(parameterSets.id, controlSetId));
  return set?.values?.autoTrip !== false;
}

/** The previous (latest, not deleted) reading of a meter. */
async function previousReading(db: Db, utility: Utility, meterId: number) {
  const [row] = await db.select({ total: readings.total, sharp: readings.sharp, peak: readings.peak, flat: readings.flat, valley: readings.valley })
    .from(readings).where(and(eq(readings.utility, utility), eq(readings.meterId, meterId), isNull(readings.deletedAt)))
    .orderBy(desc(readings.readAt), desc(readings.id)).limit(1);
  return row;
}

const dropDetail = (device: Device, previous: number, total: number) => `读数回退（${device.address}：${previous.toFixed(2)} → ${total.toFixed(2)}）`;

// ---- electric ----------------------------------------------------------------------------------------

async function electricResult(db: Db, result: CommandResult): Promise<RecordedResult> {
  const { type, data, now } = result;
  const [meter] = await db.select({
    id: electricMeters.id, areaId: electricMeters.areaId, roomId: electricMeters.roomId, address: electricMeters.address, lastTotal: electricMeters.lastTotal,
    relayState: electricMeters.relayState, keepSupply: electricMeters.keepSupply, priceTableId: electricMeters.priceTableId, controlSetId: electricMeters.controlSetId,
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
      return {};
    }
    case 'close_allowed':
      await db.update(electricMeters).set({ relayState: relayState && RELAY_STATES.has(relayState) ? relayState : 'close_pending' }).where(eq(electricMeters.id, meter.id));
      if (relayState === 'on') await closePowerCut(db, meter.id, now);
      return {};
    case 'direct_close':
      await db.update(electricMeters).set({ relayState: 'on' }).where(eq(electricMeters.id, meter.id));
      await closePowerCut(db, meter.id, now);
      return {};
    case 'keep_supply_on':
    case 'keep_supply_off':
      await db.update(electricMeters).set({ keepSupply: typeof data.keepSupply === 'boolean' ? data.keepSupply : type === 'keep_supply_on' }).where(eq(electricMeters.id, meter.id));
      return {};
    default:
      return {};
  }
}

async function electricRead(
  db: Db, result: CommandResult,
  meter: { id: number; roomId: number | null; lastTotal: number | null; relayState: string; keepSupply: boolean; priceTableId: number | null; controlSetId: number | null },
  device: Device,
): Promise<RecordedResult> {
  const { data, now } = result;
  const total = num(data.total);
  if (total === undefined || total < 0) return {};
  const registers = [num(data.sharp), num(data.peak), num(data.flat), num(data.valley)];
  const relayState = str(data.relayState);
  // Lock order room → account before the meter's own row (as every path that moves a balance).
  if (device.roomId) await lockAccount(db, device.roomId, 'electric');

  const previous = await previousReading(db, 'electric', meter.id);
  const previousTotal = previous ? previous.total : meter.lastTotal;
  let consumption = 0;
  let rates: number[] | null = null;
  if (previousTotal !== null && previousTotal !== undefined) {
    const delta = hundredthsOf(total) - hundredthsOf(previousTotal);
    if (delta < 0) {
      // Rule 1: a drop is a fault record, never a negative charge.
      await openFault(db, device, 'reading_drop', dropDetail(device, previousTotal, total), now);
    } else {
      consumption = delta;
      const before = previous ? [previous.sharp, previous.peak, previous.flat, previous.valley] : [];
      if (registers.every((r) => r !== undefined) && before.length === 4 && before.every((r) => r !== null)) {
        const deltas = registers.map((r, i) => hundredthsOf(r!) - hundredthsOf(before[i]!));
        if (deltas.every((d) => d >= 0) && deltas.reduce((a, b) => a + b, 0) === consumption) rates = deltas;
      }
    }
  }

  const [reading] = await db.insert(readings).values({
    areaId: device.areaId, utility: 'electric', meterId: meter.id, roomId: meter.roomId, readAt: now, total,
    sharp: registers[0] ?? null, peak: registers[1] ?? null, flat: registers[2] ?? null, valley: registers[3] ?? null,
    voltage: num(data.voltage) ?? null, current: num(data.current) ?? null, powerKw: num(data.powerKw) ?? null,
    consumption: consumption / 100, costFen: 0, createdAt: now,
  }).returning({ id: readings.id });

  let tariff: Tariff | null = null;
  if (meter.priceTableId) {
    const [table] = await db.select().from(priceTables).where(eq(priceTables.id, meter.priceTableId));
    if (table) tariff = { kind: table.kind === 'tou' || table.kind === 'tiered' ? table.kind : 'single', sharpFen: table.sharpFen, peakFen: table.peakFen, flatFen: table.flatFen, valleyFen: table.valleyFen, tiers: table.tiers };
  }
  const charged = await charge(db, { device, utility: 'electric', consumption, rates, tariff, chargeable: true }, reading.id, now);

  const newRelay = relayState && RELAY_STATES.has(relayState) ? relayState : meter.relayState;
  await db.update(electricMeters).set({
    lastTotal: total, lastSharp: registers[0] ?? null, lastPeak: registers[1] ?? null, lastFlat: registers[2] ?? null, lastValley: registers[3] ?? null,
    lastVoltage: num(data.voltage) ?? null, lastCurrent: num(data.current) ?? null, lastPowerKw: num(data.powerKw) ?? null, lastReadAt: now,
    relayState: newRelay,
  }).where(eq(electricMeters.id, meter.id));
  // The relay is on again (the tenant pressed the button after close-allowed, or it was closed by hand).
  if (newRelay === 'on') await closePowerCut(db, meter.id, now);

  // Rule 2: at or below −overdraft after a deduction the supply is cut, unless keep-supply is on.
  let commandIds: number[] | undefined;
  if (charged.posted && charged.account && charged.posted.balanceFen <= -charged.account.overdraftFen
    && !meter.keepSupply && newRelay === 'on' && (await autoTripOf(db, meter.controlSetId)) && !(await pending(db, device, ['trip']))) {
    commandIds = await enqueueCommands(db, SYSTEM_OPERATOR, [{ areaId: device.areaId, deviceKind: 'electric', deviceId: meter.id, type: 'trip', payload: { cause: 'arrears' } }], now);
  }
  return { readingId: reading.id, consumption: consumption / 100, costFen: charged.costFen, commandIds };
}

/** Commands the platform queues by itself (arrears) carry no operator (operator_id NULL, as the seed's arrears trips). */
const SYSTEM_OPERATOR = null;

// ---- water -------------------------------------------------------------------------------------------

async function waterResult(db: Db, result: CommandResult): Promise<RecordedResult> {
  const { type, data, now } = result;
  const [meter] = await db.select({
    id: waterMeters.id, areaId: waterMeters.areaId, roomId: waterMeters.roomId, address: waterMeters.address, lastReading: waterMeters.lastReading,
    valveState: waterMeters.valveState, priceFen: waterMeters.priceFen, accountOpened: waterMeters.accountOpened,
  }).from(waterMeters).where(eq(waterMeters.id, result.id));
  if (!meter) return {};
  const device: Device = { kind: 'water', id: meter.id, areaId: meter.areaId, roomId: meter.roomId, address: meter.address };
  const valveState = str(data.valveState);
  const validValve = valveState && VALVE_STATES.has(valveState) ? valveState : undefined;

  if (type === 'valve_open' || type === 'valve_close') {
    if (validValve) {
      await db.update(waterMeters).set({ valveState: validValve }).where(eq(waterMeters.id, meter.id));
      await valveFault(db, device, validValve, now);
    }
    return {};
  }
  if (type !== 'read') return {};
  const total = num(data.total);
  if (total === undefined || total < 0) return {};
  if (device.roomId && meter.accountOpened) await lockAccount(db, device.roomId, 'water');

  const previous = await previousReading(db, 'water', meter.id);
  const previousTotal = previous ? previous.total : meter.lastReading;
  let consumption = 0;
  if (previousTotal !== null && previousTotal !== undefined) {
    const delta = hundredthsOf(total) - hundredthsOf(previousTotal);
    if (delta < 0) await openFault(db, device, 'reading_drop', dropDetail(device, previousTotal, total), now);
    else consumption = delta;
  }
  const [reading] = await db.insert(readings).values({
    areaId: device.areaId, utility: 'water', meterId: meter.id, roomId: meter.roomId, readAt: now, total, consumption: consumption / 100, costFen: 0, createdAt: now,
  }).returning({ id: readings.id });
  // Water is charged at the meter's own price per m³ (the water archive sets it per meter).
  const tariff: Tariff = { kind: 'single', sharpFen: meter.priceFen, peakFen: meter.priceFen, flatFen: meter.priceFen, valleyFen: meter.priceFen };
  const charged = await charge(db, { device, utility: 'water', consumption, rates: null, tariff, chargeable: meter.accountOpened }, reading.id, now);

  const batteryLow = typeof data.batteryLow === 'boolean' ? data.batteryLow : undefined;
  await db.update(waterMeters).set({
    lastReading: total, lastReadAt: now, ...(validValve ? { valveState: validValve } : {}), ...(batteryLow !== undefined ? { batteryLow } : {}),
  }).where(eq(waterMeters.id, meter.id));
  if (batteryLow === true) await openFault(db, device, 'low_battery', `电池电压低（${device.address}）`, now);
  if (batteryLow === false) await clearFault(db, device, 'low_battery', now);
  if (validValve) await valveFault(db, device, validValve, now);

  // Rule 2 for water: at or below −overdraft after a deduction the valve is closed.
  let commandIds: number[] | undefined;
  const valveNow = validValve ?? meter.valveState;
  if (charged.posted && charged.account && charged.posted.balanceFen <= -charged.account.overdraftFen
    && valveNow === 'open' && !(await pending(db, device, ['valve_close']))) {
    commandIds = await enqueueCommands(db, SYSTEM_OPERATOR, [{ areaId: device.areaId, deviceKind: 'water', deviceId: meter.id, type: 'valve_close', payload: { cause: 'arrears' } }], now);
  }
  return { readingId: reading.id, consumption: consumption / 100, costFen: charged.costFen, commandIds };
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
