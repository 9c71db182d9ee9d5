import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { areaRef, at, createdAt, fen, quantity } from './common';

/** cause: arrears | manual | overload | malignant_load | night_limit | timed | keep_supply_released */
export const powerCuts = pgTable('power_cuts', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  areaId: areaRef(),
  meterId: integer('meter_id').notNull(),
  roomId: integer('room_id'),
  offAt: at('off_at').notNull(),
  onAt: at('on_at'),
  cause: text('cause').notNull(),
  commandId: integer('command_id'),
  remark: text('remark'),
}, (t) => [index('power_cuts_area_time').on(t.areaId, t.offAt)]);

/** kind: offline | read_failure | tamper | low_battery | valve_fault | reading_drop; deviceKind: electric | water | module */
export const faults = pgTable('faults', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  areaId: areaRef(),
  deviceKind: text('device_kind').notNull(),
  deviceId: integer('device_id').notNull(),
  roomId: integer('room_id'),
  kind: text('kind').notNull(),
  detail: text('detail'),
  openedAt: at('opened_at').notNull().defaultNow(),
  clearedAt: at('cleared_at'),
}, (t) => [index('faults_open').on(t.areaId, t.kind, t.clearedAt)]);

export const smsTemplates = pgTable('sms_templates', {
  id: serial('id').primaryKey(),
  areaId: areaRef(),
  name: text('name').notNull(),
  content: text('content').notNull(),
  /** The kind of tenant notice this template words (common/tenantNotices.ts), or null: a template for manual messages. */
  noticeKind: text('notice_kind'),
  createdAt: createdAt(),
});

/** state: queued | sending | sent | failed; auto: automatic notice (arrears alarm) or manual. */
export const smsRecords = pgTable('sms_records', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  areaId: areaRef(),
  roomId: integer('room_id'),
  tenantId: integer('tenant_id'),
  phone: text('phone').notNull(),
  templateId: integer('template_id'),
  content: text('content').notNull(),
  state: text('state').notNull().default('queued'),
  auto: integer('auto').notNull().default(1),
  reason: text('reason'),
  operatorId: integer('operator_id'),
  createdAt: createdAt(),
  sentAt: at('sent_at'),
  /** The outbox's sender (migration 0019): attempts made, when the next may be made (or a claim goes stale), the provider's id. */
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: at('next_attempt_at'),
  providerRef: text('provider_ref'),
});

/** Free electricity / water gift record (allowance reset on the gift day). */
export const giftRecords = pgTable('gift_records', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  areaId: areaRef(),
  utility: text('utility').notNull(),
  meterId: integer('meter_id').notNull(),
  roomId: integer('room_id'),
  amount: quantity('amount').notNull(),
  carriedOver: quantity('carried_over').notNull().default(0),
  period: text('period').notNull(),
  /** 'gift_day' (the gift set's day: once per meter and month) | 'manual' (an operator's reset). */
  source: text('source').notNull().default('gift_day'),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('gift_records_meter_period').on(t.utility, t.meterId, t.period).where(sql`source = 'gift_day'`)]);

export const presetEnergyRecords = pgTable('preset_energy_records', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  areaId: areaRef(),
  meterId: integer('meter_id').notNull(),
  roomId: integer('room_id'),
  energy: quantity('energy').notNull(),
  commandId: integer('command_id'),
  state: text('state').notNull().default('queued'),
  operatorId: integer('operator_id'),
  createdAt: createdAt(),
});

export const calibrationRecords = pgTable('calibration_records', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  areaId: areaRef(),
  roomId: integer('room_id').notNull(),
  utility: text('utility').notNull(),
  meterId: integer('meter_id'),
  platformSaleCount: integer('platform_sale_count'),
  meterSaleCount: integer('meter_sale_count'),
  platformBalanceFen: fen('platform_balance_fen'),
  meterBalanceFen: fen('meter_balance_fen'),
  correctionFen: fen('correction_fen').notNull().default(0),
  ledgerEntryId: integer('ledger_entry_id'),
  detail: jsonb('detail'),
  operatorId: integer('operator_id'),
  createdAt: createdAt(),
});
