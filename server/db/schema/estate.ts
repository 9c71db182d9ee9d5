import { boolean, date, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { areaRef, at, createdAt, fen, quantity } from './common';

export const projects = pgTable('projects', {
  id: serial('id').primaryKey(),
  areaId: areaRef(),
  name: text('name').notNull(),
  address: text('address'),
  contact: text('contact'),
  phone: text('phone'),
  remark: text('remark'),
  createdAt: createdAt(),
}, (t) => [index('projects_area').on(t.areaId)]);

export const buildings = pgTable('buildings', {
  id: serial('id').primaryKey(),
  areaId: areaRef(),
  projectId: integer('project_id').notNull(),
  name: text('name').notNull(),
  floors: integer('floors').notNull().default(1),
  remark: text('remark'),
  createdAt: createdAt(),
}, (t) => [index('buildings_project').on(t.projectId)]);

/** state: 0 vacant, 1 occupied. */
export const rooms = pgTable('rooms', {
  id: serial('id').primaryKey(),
  areaId: areaRef(),
  projectId: integer('project_id').notNull(),
  buildingId: integer('building_id').notNull(),
  roomCode: text('room_code').notNull(),
  floor: integer('floor').notNull().default(1),
  size: quantity('size'),
  state: integer('state').notNull().default(0),
  remark: text('remark'),
  createdAt: createdAt(),
  /** Sort keys and balance copies kept by triggers (migration 0006) for the room list. */
  codeSort: text('code_sort'),
  buildingSort: text('building_sort'),
  electricBalanceFen: fen('electric_balance_fen').notNull().default(0),
  waterBalanceFen: fen('water_balance_fen').notNull().default(0),
  /** Whether a water meter is attached, kept by triggers on water_meters (migration 0013) for the unbound-room picker. */
  hasWaterMeter: boolean('has_water_meter').notNull().default(false),
}, (t) => [uniqueIndex('rooms_building_code').on(t.buildingId, t.roomCode), index('rooms_area').on(t.areaId)]);

/** Tenant (user archive, 用户档案). */
export const tenants = pgTable('tenants', {
  id: serial('id').primaryKey(),
  areaId: areaRef(),
  name: text('name').notNull(),
  phone: text('phone'),
  idNumber: text('id_number'),
  /** 'resident' (18-character mainland resident id, checksum checked) | 'passport' | 'other' (permits…): common/identity.ts. */
  idType: text('id_type').notNull().default('resident'),
  remark: text('remark'),
  createdAt: createdAt(),
  /** Set when a tenant with binding history leaves the archive (the history keeps showing them). */
  deletedAt: at('deleted_at'),
}, (t) => [index('tenants_area').on(t.areaId)]);

/** User binding (用户绑定): tenant ↔ room; endDate null = current. */
export const tenantBindings = pgTable('tenant_bindings', {
  id: serial('id').primaryKey(),
  areaId: areaRef(),
  tenantId: integer('tenant_id').notNull(),
  roomId: integer('room_id').notNull(),
  startDate: date('start_date').notNull(),
  endDate: date('end_date'),
  createdAt: createdAt(),
}, (t) => [index('tenant_bindings_room').on(t.roomId), index('tenant_bindings_tenant').on(t.tenantId)]);
