import { boolean, integer, jsonb, pgTable, primaryKey, serial, text, bigserial, index, uniqueIndex } from 'drizzle-orm/pg-core';
import { areaRef, at, createdAt } from './common';

export const areas = pgTable('areas', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  parentId: integer('parent_id'),
  /** Price table of a meter in a room when none is chosen (migration 0019). */
  defaultPriceTableId: integer('default_price_table_id'),
  /** Control set whose limits a new electric account takes when its meter has none (migration 0019). */
  defaultControlSetId: integer('default_control_set_id'),
  /** Control set whose limits a new water account takes (migration 0041; null: the column defaults). */
  defaultWaterControlSetId: integer('default_water_control_set_id'),
});

/** Role / department (bumen) with its granted menu resources. */
export const roles = pgTable('roles', {
  id: serial('id').primaryKey(),
  areaId: areaRef(),
  name: text('name').notNull(),
  /** A read-only role may call GET endpoints only. */
  readOnly: boolean('read_only').notNull().default(false),
  /** A platform role may edit the menu tree that every area shares (area administrators may not). */
  platformAdmin: boolean('platform_admin').notNull().default(false),
  remark: text('remark'),
  createdAt: createdAt(),
});

/** Menu resource tree (SPEC.md section 3). userType 0 = root, 1 = group, 2 = page. */
export const resources = pgTable('resources', {
  id: serial('id').primaryKey(),
  userType: integer('user_type').notNull().default(2),
  parentId: integer('parent_id').notNull().default(0),
  userSort: integer('user_sort').notNull().default(0),
  name: text('name').notNull(),
  resUrl: text('res_url').notNull().default(''),
  icon: text('icon').notNull().default(''),
});

export const roleResources = pgTable('role_resources', {
  roleId: integer('role_id').notNull(),
  resourceId: integer('resource_id').notNull(),
}, (t) => [primaryKey({ columns: [t.roleId, t.resourceId] })]);

export const sysUsers = pgTable('sys_users', {
  id: serial('id').primaryKey(),
  userName: text('user_name').notNull(),
  passwordHash: text('password_hash').notNull(),
  realName: text('real_name'),
  phone: text('phone'),
  roleId: integer('role_id').notNull(),
  areaId: areaRef(),
  /** 1 enabled, 0 disabled. */
  state: integer('state').notNull().default(1),
  remark: text('remark'),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('sys_users_user_name').on(t.userName)]);

/** Sessions live in the database so any number of backend processes can serve the same users. */
export const sessions = pgTable('sessions', {
  token: text('token').primaryKey(),
  userId: integer('user_id').notNull(),
  areaId: areaRef(),
  roleId: integer('role_id').notNull(),
  createdAt: createdAt(),
  lastSeenAt: at('last_seen_at').notNull().defaultNow(),
  expiresAt: at('expires_at').notNull(),
}, (t) => [index('sessions_user').on(t.userId)]);

/**
 * Sign-in and password-check throttling. One row per counter: `user:<name>|<address>` (a user name
 * tried from one client address), `addr:<address>` (all attempts of one address) and
 * `pwd:<userId>` (old-password checks). Attempts are counted before the password is checked, in
 * one atomic upsert, so concurrent guesses are counted exactly.
 */
export const loginThrottle = pgTable('login_throttle', {
  key: text('key').primaryKey(),
  attempts: integer('attempts').notNull().default(0),
  windowStart: at('window_start').notNull(),
  lockedUntil: at('locked_until'),
});

/** Operation log: every write by an operator (who, when, what, before/after). Append-only: the database refuses UPDATE, DELETE and TRUNCATE (migration 0018). */
export const operationLog = pgTable('operation_log', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  areaId: areaRef(),
  userId: integer('user_id'),
  userName: text('user_name'),
  action: text('action').notNull(),
  entity: text('entity').notNull(),
  entityId: text('entity_id'),
  /** The API call that wrote it: verb and path (`PUT /api/v1/electricity/sysUser/updateUser`). Migration 0018. */
  call: text('call'),
  before: jsonb('before'),
  after: jsonb('after'),
  createdAt: createdAt(),
}, (t) => [index('operation_log_area_time').on(t.areaId, t.createdAt), index('operation_log_area_id').on(t.areaId, t.id)]);

/** Front-end error log (token masked). */
export const frontendLog = pgTable('frontend_log', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  areaId: areaRef(),
  userId: integer('user_id'),
  userName: text('user_name'),
  url: text('url'),
  message: text('message').notNull(),
  stack: text('stack'),
  tokenMasked: text('token_masked'),
  createdAt: createdAt(),
}, (t) => [index('frontend_log_area_id').on(t.areaId, t.id)]);

export const backups = pgTable('backups', {
  id: serial('id').primaryKey(),
  fileName: text('file_name').notNull(),
  sizeBytes: integer('size_bytes').notNull().default(0),
  state: text('state').notNull().default('done'),
  createdBy: integer('created_by'),
  createdAt: createdAt(),
});
