import { bigserial, boolean, customType, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { areaRef, at, createdAt } from './common';

/** The tenant's own page (migration 0044, issue 42). A tenant is known by the phone number of their tenant records. */

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/** A sign-in code sent by SMS: kept hashed; one use, 5 minutes, 5 wrong tries. `known`: the phone was a current tenant's (a code is "sent" to any phone). */
export const tenantLoginCodes = pgTable('tenant_login_codes', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  phone: text('phone').notNull(),
  codeHash: text('code_hash').notNull(),
  address: text('address').notNull(),
  known: boolean('known').notNull(),
  createdAt: createdAt(),
  expiresAt: at('expires_at').notNull(),
  attempts: integer('attempts').notNull().default(0),
  usedAt: at('used_at'),
}, (t) => [index('tenant_login_codes_phone').on(t.phone, t.createdAt), index('tenant_login_codes_address').on(t.address, t.createdAt)]);

/** A tenant's session (X-Tenant-Token, kept as its SHA-256): a phone's, never an operator's. */
export const tenantSessions = pgTable('tenant_sessions', {
  tokenHash: text('token_hash').primaryKey(),
  phone: text('phone').notNull(),
  address: text('address'),
  createdAt: createdAt(),
  lastSeenAt: at('last_seen_at').notNull().defaultNow(),
  expiresAt: at('expires_at').notNull(),
}, (t) => [index('tenant_sessions_phone').on(t.phone)]);

/** A phone's choice of SMS notices (no row: the defaults). */
export const tenantNoticeSettings = pgTable('tenant_notice_settings', {
  phone: text('phone').primaryKey(),
  lowBalance: boolean('low_balance').notNull().default(true),
  daysLeft: boolean('days_left').notNull().default(true),
  daysLeftThreshold: integer('days_left_threshold').notNull().default(3),
  credited: boolean('credited').notNull().default(true),
  supply: boolean('supply').notNull().default(true),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/** A notice sent and not to repeat until its condition ends (days-left below the threshold). */
export const tenantNoticeMarks = pgTable('tenant_notice_marks', {
  roomId: integer('room_id').notNull(),
  utility: text('utility').notNull(),
  kind: text('kind').notNull(),
  markedAt: at('marked_at').notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.roomId, t.utility, t.kind] })]);

/** A fault a tenant reported (报修): the operator's fault record (`faults`, kind tenant_report) and what the tenant wrote. */
export const tenantFaultReports = pgTable('tenant_fault_reports', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  faultId: integer('fault_id').notNull(),
  areaId: areaRef(),
  roomId: integer('room_id').notNull(),
  bindingId: integer('binding_id').notNull(),
  phone: text('phone').notNull(),
  kind: text('kind').notNull(),
  text: text('text').notNull(),
  photo: bytea('photo'),
  photoType: text('photo_type'),
  resolution: text('resolution'),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('tenant_fault_reports_fault').on(t.faultId), index('tenant_fault_reports_room').on(t.roomId, t.createdAt)]);
