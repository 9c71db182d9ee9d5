import { boolean, integer, jsonb, pgTable, primaryKey, serial, text, bigserial, index, uniqueIndex } from 'drizzle-orm/pg-core';
import { areaRef, at, createdAt } from './common';

export const areas = pgTable('areas', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  parentId: integer('parent_id'),
});

/** Role / department (bumen) with its granted menu resources. */
export const roles = pgTable('roles', {
  id: serial('id').primaryKey(),
  areaId: areaRef(),
  name: text('name').notNull(),
  /** A read-only role may call GET endpoints only. */
  readOnly: boolean('read_only').notNull().default(false),
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

/** Failed logins per user name, for throttling. */
export const loginAttempts = pgTable('login_attempts', {
  userName: text('user_name').primaryKey(),
  failures: integer('failures').notNull().default(0),
  lastFailureAt: at('last_failure_at'),
  lockedUntil: at('locked_until'),
});

/** Operation log: every write by an operator (who, when, what, before/after). */
export const operationLog = pgTable('operation_log', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  areaId: areaRef(),
  userId: integer('user_id'),
  userName: text('user_name'),
  action: text('action').notNull(),
  entity: text('entity').notNull(),
  entityId: text('entity_id'),
  before: jsonb('before'),
  after: jsonb('after'),
  createdAt: createdAt(),
}, (t) => [index('operation_log_area_time').on(t.areaId, t.createdAt)]);

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
});

export const backups = pgTable('backups', {
  id: serial('id').primaryKey(),
  fileName: text('file_name').notNull(),
  sizeBytes: integer('size_bytes').notNull().default(0),
  state: text('state').notNull().default('done'),
  createdBy: integer('created_by'),
  createdAt: createdAt(),
});
