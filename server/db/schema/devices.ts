import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { areaRef, at, createdAt, fen, quantity } from './common';
import type { RecountRecord } from '../../../common/readingRecount';

/**
 * Per-module protocol settings (real devices differ from the standards' examples):
 * - `valveCode`: CJ/T 188 valve control by the standard write code 04 (reply 84) or the common
 *   vendor code 2A (reply AA); replies of either are accepted, this picks what is sent;
 * - `diOrder`: CJ/T 188 DI bytes sent as `90 1F` (standard) or `1F 90` (some vendors); replies in
 *   either order are accepted;
 * - `password`: DL/T 645 relay control password, 8 hex digits (level byte + 3 bytes), default 02000000;
 * - `operatorCode`: DL/T 645 operator code, 8 hex digits, default 00000000;
 * - `frameTimeoutMs`: how long one frame waits for its reply (default 3000).
 */
export interface ModuleSettings {
  valveCode?: '04' | '2A';
  diOrder?: '901F' | '1F90';
  password?: string;
  operatorCode?: string;
  frameTimeoutMs?: number;
}

/**
 * Communication module: one RS-485 bus, the meters' path to the platform.
 * kind: `simulator` (the living simulated estate, the demo's default), `tcp-gateway` (a transparent
 * serial-to-Ethernet converter the platform connects to at host:port) or `dtu` (a 4G DTU that dials
 * in to DEVICE_PORT and registers with its address). protocol: `dlt645` (electric) | `cjt188` (water).
 */
export const modules = pgTable('modules', {
  id: serial('id').primaryKey(),
  areaId: areaRef(),
  projectId: integer('project_id'),
  address: text('address').notNull(),
  name: text('name'),
  kind: text('kind').notNull().default('simulator'),
  protocol: text('protocol').notNull().default('dlt645'),
  host: text('host'),
  port: integer('port'),
  settings: jsonb('settings').$type<ModuleSettings>().notNull().default({}),
  ip: text('ip'),
  sim: text('sim'),
  online: boolean('online').notNull().default(true),
  lastHeartbeatAt: at('last_heartbeat_at'),
  /**
   * A `simulator` module out of service for good (the demo seed's dead modules, migration 0014):
   * the simulated heartbeat (server/domain/moduleOnline.ts) leaves it offline. Every other
   * simulated module's online state follows the simulator's outage windows.
   */
  simOutOfService: boolean('sim_out_of_service').notNull().default(false),
  remark: text('remark'),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('modules_area_address').on(t.areaId, t.address)]);

/**
 * Named day schedules of up to 8 segments covering the day (common/tariffs.ts, scheduleProblem):
 * [{ start: 'HH:mm', end: 'HH:mm' (to 24:00; rows written before issue 29 have none: the next start), rate: 'sharp'|'peak'|'flat'|'valley'|'on'|'off' }].
 */
export const timePeriods = pgTable('time_periods', {
  id: serial('id').primaryKey(),
  areaId: areaRef(),
  name: text('name').notNull(),
  segments: jsonb('segments').$type<{ start: string; end?: string; rate: string }[]>().notNull(),
  remark: text('remark'),
  createdAt: createdAt(),
}, (t) => [index('time_periods_area_name').on(t.areaId, t.name, t.id)]);

/**
 * Parameter sets (basic parameters), each a named template applied to meters.
 * kind: power | control | load | night | timed | gift; `values` is validated per kind by the API.
 */
export const parameterSets = pgTable('parameter_sets', {
  id: serial('id').primaryKey(),
  areaId: areaRef(),
  kind: text('kind').notNull(),
  name: text('name').notNull(),
  values: jsonb('values').$type<Record<string, unknown>>().notNull(),
  remark: text('remark'),
  createdAt: createdAt(),
}, (t) => [index('parameter_sets_area_kind').on(t.areaId, t.kind), index('parameter_sets_area_kind_name').on(t.areaId, t.kind, t.name, t.id)]);

/** relayState: 'on' | 'off' | 'close_pending'. */
export const electricMeters = pgTable('electric_meters', {
  id: serial('id').primaryKey(),
  areaId: areaRef(),
  roomId: integer('room_id'),
  moduleId: integer('module_id'),
  channel: integer('channel'),
  address: text('address').notNull(),
  model: text('model'),
  phase: integer('phase').notNull().default(1),
  ctRatio: integer('ct_ratio').notNull().default(1),
  priceTableId: integer('price_table_id'),
  relayState: text('relay_state').notNull().default('on'),
  keepSupply: boolean('keep_supply').notNull().default(false),
  online: boolean('online').notNull().default(true),
  lastTotal: quantity('last_total'),
  lastSharp: quantity('last_sharp'),
  lastPeak: quantity('last_peak'),
  lastFlat: quantity('last_flat'),
  lastValley: quantity('last_valley'),
  lastVoltage: quantity('last_voltage'),
  lastCurrent: quantity('last_current'),
  lastPowerKw: quantity('last_power_kw'),
  lastReadAt: at('last_read_at'),
  powerSetId: integer('power_set_id'),
  controlSetId: integer('control_set_id'),
  loadSetId: integer('load_set_id'),
  nightSetId: integer('night_set_id'),
  timedSetId: integer('timed_set_id'),
  giftSetId: integer('gift_set_id'),
  /** What consumption is counted from (the highest accepted total, its registers and time; migration 0019). */
  baselineTotal: quantity('baseline_total'),
  baselineRegisters: jsonb('baseline_registers').$type<(number | null)[]>(),
  baselineAt: at('baseline_at'),
  /** An operator recorded a replacement or reset: the next reading starts a new baseline. */
  rebase: boolean('rebase').notNull().default(false),
  remark: text('remark'),
  /** Sort keys kept by triggers (migration 0004) from the room, building, project and current tenant. */
  roomSort: text('room_sort'),
  buildingSort: text('building_sort'),
  projectSort: text('project_sort'),
  tenantSort: text('tenant_sort'),
  createdAt: createdAt(),
}, (t) => [
  uniqueIndex('electric_meters_address').on(t.address), index('electric_meters_room').on(t.roomId),
  // "Used by N meters" of the templates (migration 0015).
  index('electric_meters_price_table').on(t.priceTableId).where(sql`${t.priceTableId} IS NOT NULL`),
  index('electric_meters_power_set').on(t.powerSetId).where(sql`${t.powerSetId} IS NOT NULL`),
  index('electric_meters_control_set').on(t.controlSetId).where(sql`${t.controlSetId} IS NOT NULL`),
  index('electric_meters_load_set').on(t.loadSetId).where(sql`${t.loadSetId} IS NOT NULL`),
  index('electric_meters_night_set').on(t.nightSetId).where(sql`${t.nightSetId} IS NOT NULL`),
  index('electric_meters_timed_set').on(t.timedSetId).where(sql`${t.timedSetId} IS NOT NULL`),
  index('electric_meters_gift_set').on(t.giftSetId).where(sql`${t.giftSetId} IS NOT NULL`),
]);

/** valveState: 'open' | 'closed' | 'abnormal'; meterType: 'cold' | 'hot'. */
export const waterMeters = pgTable('water_meters', {
  id: serial('id').primaryKey(),
  areaId: areaRef(),
  roomId: integer('room_id'),
  moduleId: integer('module_id'),
  address: text('address').notNull(),
  meterType: text('meter_type').notNull().default('cold'),
  priceFen: integer('price_fen').notNull().default(0),
  valveState: text('valve_state').notNull().default('open'),
  batteryLow: boolean('battery_low').notNull().default(false),
  online: boolean('online').notNull().default(true),
  accountOpened: boolean('account_opened').notNull().default(false),
  freeAllowance: quantity('free_allowance').notNull().default(0),
  lastReading: quantity('last_reading'),
  lastReadAt: at('last_read_at'),
  giftSetId: integer('gift_set_id'),
  /** What consumption is counted from (the highest accepted total, its registers and time; migration 0019). */
  baselineTotal: quantity('baseline_total'),
  baselineRegisters: jsonb('baseline_registers').$type<(number | null)[]>(),
  baselineAt: at('baseline_at'),
  /** An operator recorded a replacement or reset: the next reading starts a new baseline. */
  rebase: boolean('rebase').notNull().default(false),
  remark: text('remark'),
  /** Sort keys kept by triggers (migration 0004) from the room, building, project and current tenant. */
  roomSort: text('room_sort'),
  buildingSort: text('building_sort'),
  projectSort: text('project_sort'),
  tenantSort: text('tenant_sort'),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('water_meters_address').on(t.address), index('water_meters_room').on(t.roomId), index('water_meters_gift_set').on(t.giftSetId).where(sql`${t.giftSetId} IS NOT NULL`)]);

/**
 * Device command. deviceKind: electric | water | module.
 * type: read | trip | close_allowed | direct_close | keep_supply_on | keep_supply_off | time_sync |
 *       set_parameter | preset_energy | recharge | valve_open | valve_close
 * state: queued → sent → succeeded | failed | expired
 */
export const commands = pgTable('commands', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  areaId: areaRef(),
  deviceKind: text('device_kind').notNull(),
  deviceId: integer('device_id').notNull(),
  /** The module (bus) the command goes through, copied when queued: one outstanding frame per module. */
  moduleId: integer('module_id'),
  type: text('type').notNull(),
  payload: jsonb('payload').$type<Record<string, unknown>>(),
  state: text('state').notNull().default('queued'),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: at('next_attempt_at').notNull().defaultNow(),
  deadline: at('deadline').notNull(),
  resultCode: text('result_code'),
  result: jsonb('result').$type<Record<string, unknown>>(),
  operatorId: integer('operator_id'),
  batchId: text('batch_id'),
  createdAt: createdAt(),
  sentAt: at('sent_at'),
  finishedAt: at('finished_at'),
}, (t) => [index('commands_state_next').on(t.state, t.nextAttemptAt), index('commands_device').on(t.deviceKind, t.deviceId)]);

/**
 * Reading (抄表记录) of an electric or water meter. Deleting is soft (deletedAt) and audited.
 */
export const readings = pgTable('readings', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  areaId: areaRef(),
  utility: text('utility').notNull(),
  meterId: integer('meter_id').notNull(),
  roomId: integer('room_id'),
  readAt: at('read_at').notNull(),
  total: quantity('total').notNull(),
  sharp: quantity('sharp'),
  peak: quantity('peak'),
  flat: quantity('flat'),
  valley: quantity('valley'),
  voltage: quantity('voltage'),
  current: quantity('current'),
  powerKw: quantity('power_kw'),
  consumption: quantity('consumption').notNull().default(0),
  costFen: fen('cost_fen').notNull().default(0),
  deletedAt: at('deleted_at'),
  deletedBy: integer('deleted_by'),
  deleteReason: text('delete_reason'),
  createdAt: createdAt(),
  /** Charged (migration 0019): false while the reading waits for its charge (server/domain/billingEngine.ts). */
  billed: boolean('billed').notNull().default(true),
  /** Consumption per rate [sharp, peak, flat, valley] in hundredths: from the rate registers, or as a time-of-use charge split it by the schedule. */
  usageRates: jsonb('usage_rates').$type<number[]>(),
  /** Start of the consumption interval (the baseline reading's time). */
  sinceAt: at('since_at'),
  /** What the deletion of this reading refunded of its charge (migration 0020): null while it stands, 0 when the charge was kept. */
  refundedFen: fen('refunded_fen'),
  /** What the reading's charge took from the free allowance (migration 0031), as consumption is counted. */
  freeUsed: quantity('free_used').notNull().default(0),
  /** On a reading deleted with its charge refunded (migration 0031): what the deletion recounted on the readings after it (server/domain/readingRecount.ts). */
  recount: jsonb('recount').$type<RecountRecord>(),
}, (t) => [index('readings_meter_time').on(t.utility, t.meterId, t.readAt), index('readings_area_time').on(t.areaId, t.readAt)]);
