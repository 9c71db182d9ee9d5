import { bigint, bigserial, boolean, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { areaRef, at, createdAt, fen, quantity } from './common';
import type { MeterLine } from '../../../common/meterLines';

/** utility: 'electric' | 'water'. */
export const accounts = pgTable('accounts', {
  id: serial('id').primaryKey(),
  areaId: areaRef(),
  roomId: integer('room_id').notNull(),
  utility: text('utility').notNull(),
  balanceFen: fen('balance_fen').notNull().default(0),
  freeLeft: quantity('free_left').notNull().default(0),
  overdraftFen: fen('overdraft_fen').notNull().default(0),
  alarm1Fen: fen('alarm1_fen').notNull().default(2000),
  alarm2Fen: fen('alarm2_fen').notNull().default(500),
  hoardLimitFen: fen('hoard_limit_fen').notNull().default(500000),
  saleCount: integer('sale_count').notNull().default(0),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('accounts_room_utility').on(t.roomId, t.utility)]);

/**
 * Every change of balance is a ledger entry; the balance always equals the sum of its ledger.
 * kind: recharge | deduction | gift | calibration | refund | settlement | opening
 */
export const ledgerEntries = pgTable('ledger_entries', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  areaId: areaRef(),
  accountId: integer('account_id').notNull(),
  roomId: integer('room_id').notNull(),
  utility: text('utility').notNull(),
  kind: text('kind').notNull(),
  amountFen: fen('amount_fen').notNull(),
  balanceAfterFen: fen('balance_after_fen').notNull(),
  energy: quantity('energy'),
  refType: text('ref_type'),
  refId: text('ref_id'),
  operatorId: integer('operator_id'),
  remark: text('remark'),
  createdAt: createdAt(),
  /** The reading a `deduction` charges (migration 0019): unique, so a reading is never charged twice. */
  readingId: bigint('reading_id', { mode: 'number' }),
  /** Migration 0036: the usage interval (from, to] a charge prices when no reading says it (the demo seed's period charges). */
  usageFrom: at('usage_from'),
  usageTo: at('usage_to'),
}, (t) => [index('ledger_account_time').on(t.accountId, t.createdAt), index('ledger_room_time').on(t.roomId, t.createdAt)]);

/** kind: 'single' | 'tou' | 'tiered'. Prices in fen per kWh (electric) or per m³ (water). */
export const priceTables = pgTable('price_tables', {
  id: serial('id').primaryKey(),
  areaId: areaRef(),
  name: text('name').notNull(),
  kind: text('kind').notNull().default('single'),
  sharpFen: integer('sharp_fen').notNull().default(0),
  peakFen: integer('peak_fen').notNull().default(0),
  flatFen: integer('flat_fen').notNull().default(0),
  valleyFen: integer('valley_fen').notNull().default(0),
  /** [{ upTo: kWh per month or null for the last tier, priceFen }] */
  tiers: jsonb('tiers').$type<{ upTo: number | null; priceFen: number }[]>(),
  waterFen: integer('water_fen').notNull().default(0),
  timePeriodId: integer('time_period_id'),
  remark: text('remark'),
  createdAt: createdAt(),
}, (t) => [index('price_tables_area_name').on(t.areaId, t.name, t.id)]);

/**
 * Recharge order. status (common/states.ts, ORDER_STATUS): 0 void, 1 paid, 2 written to meter, 3 failed.
 * channel: cash | wechat | alipay | card | gift | calibration
 */
export const rechargeOrders = pgTable('recharge_orders', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  orderId: text('order_id').notNull(),
  areaId: areaRef(),
  roomId: integer('room_id').notNull(),
  utility: text('utility').notNull(),
  amountFen: fen('amount_fen').notNull(),
  energy: quantity('energy'),
  channel: text('channel').notNull(),
  operatorId: integer('operator_id'),
  clientRequestId: text('client_request_id'),
  orderStatus: integer('order_status').notNull().default(1),
  remark: text('remark'),
  createdAt: createdAt(),
  voidedAt: at('voided_at'),
}, (t) => [
  uniqueIndex('recharge_orders_order_id').on(t.orderId),
  // Idempotency per operator (migration 0008).
  uniqueIndex('recharge_orders_operator_request').on(t.operatorId, t.clientRequestId),
  index('recharge_orders_room_time').on(t.roomId, t.createdAt),
]);

/** Room billing statement per room, utility and month (YYYY-MM). */
export const roomStatements = pgTable('room_statements', {
  id: serial('id').primaryKey(),
  areaId: areaRef(),
  roomId: integer('room_id').notNull(),
  utility: text('utility').notNull(),
  month: text('month').notNull(),
  openingReading: quantity('opening_reading'),
  closingReading: quantity('closing_reading'),
  usage: quantity('usage').notNull().default(0),
  chargeFen: fen('charge_fen').notNull().default(0),
  rechargeFen: fen('recharge_fen').notNull().default(0),
  refundFen: fen('refund_fen').notNull().default(0),
  giftFen: fen('gift_fen').notNull().default(0),
  closingBalanceFen: fen('closing_balance_fen').notNull().default(0),
  /** Migration 0036: the previous month's closing; voids apart from refunds; the rest (opening balances taken over, calibrations, settlements), signed; the current month to `createdAt`. */
  openingBalanceFen: fen('opening_balance_fen').notNull().default(0),
  voidFen: fen('void_fen').notNull().default(0),
  adjustFen: fen('adjust_fen').notNull().default(0),
  running: boolean('running').notNull().default(false),
  /** Migration 0038: the month's readings per meter (common/meterLines.ts); the opening reading is the first line's, the closing reading the last line's. */
  meterLines: jsonb('meter_lines').$type<MeterLine[]>(),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('room_statements_key').on(t.roomId, t.utility, t.month)]);

/** Multi-rate monthly settlement per electric meter. */
export const monthlySettlements = pgTable('monthly_settlements', {
  id: serial('id').primaryKey(),
  areaId: areaRef(),
  meterId: integer('meter_id').notNull(),
  roomId: integer('room_id').notNull(),
  month: text('month').notNull(),
  sharpKwh: quantity('sharp_kwh').notNull().default(0),
  peakKwh: quantity('peak_kwh').notNull().default(0),
  flatKwh: quantity('flat_kwh').notNull().default(0),
  valleyKwh: quantity('valley_kwh').notNull().default(0),
  sharpFen: fen('sharp_fen').notNull().default(0),
  peakFen: fen('peak_fen').notNull().default(0),
  flatFen: fen('flat_fen').notNull().default(0),
  valleyFen: fen('valley_fen').notNull().default(0),
  totalFen: fen('total_fen').notNull().default(0),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('monthly_settlements_key').on(t.meterId, t.month)]);
