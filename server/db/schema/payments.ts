import { bigint, bigserial, date, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { areaRef, at, createdAt, fen } from './common';

/** Online payments (migration 0043, issue 41). */

/** A room's pay code: the unguessable token its QR sticker carries; renewing it replaces it at once. */
export const payCodes = pgTable('pay_codes', {
  roomId: integer('room_id').primaryKey(),
  areaId: areaRef(),
  code: text('code').notNull(),
  createdAt: createdAt(),
  renewedAt: at('renewed_at'),
}, (t) => [uniqueIndex('pay_codes_code').on(t.code)]);

/**
 * An order a tenant pays from a phone. `status`: pending → paid → credited (→ refunding → refunded),
 * or closed (unpaid at expiry), or conflict (a payment that cannot be credited as it is: a person decides).
 * `orderNo` is the provider's out_trade_no and, once credited, the recharge order's `order_id`.
 */
export const payOrders = pgTable('pay_orders', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  orderNo: text('order_no').notNull(),
  areaId: areaRef(),
  roomId: integer('room_id').notNull(),
  utility: text('utility').notNull(),
  amountFen: fen('amount_fen').notNull(),
  provider: text('provider').notNull(),
  requestId: text('request_id').notNull(),
  status: text('status').notNull().default('pending'),
  qrCode: text('qr_code'),
  expiresAt: at('expires_at').notNull(),
  transactionId: text('transaction_id'),
  paidFen: fen('paid_fen'),
  paidAt: at('paid_at'),
  creditedAt: at('credited_at'),
  closedAt: at('closed_at'),
  refundedFen: fen('refunded_fen').notNull().default(0),
  conflictReason: text('conflict_reason'),
  resolution: text('resolution'),
  resolvedBy: integer('resolved_by'),
  resolvedAt: at('resolved_at'),
  resolutionNote: text('resolution_note'),
  nextQueryAt: at('next_query_at'),
  queryCount: integer('query_count').notNull().default(0),
  createdAt: createdAt(),
}, (t) => [
  uniqueIndex('pay_orders_order_no').on(t.orderNo),
  uniqueIndex('pay_orders_request').on(t.roomId, t.requestId),
  uniqueIndex('pay_orders_transaction').on(t.provider, t.transactionId),
  index('pay_orders_paid').on(t.provider, t.paidAt),
]);

/** A refund of an online order, full or partial: its ledger entry is written when the provider confirms it. */
export const payRefunds = pgTable('pay_refunds', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  refundNo: text('refund_no').notNull(),
  provider: text('provider').notNull(),
  orderNo: text('order_no').notNull(),
  /** Null for a payment no order claims (pay_unmatched), given back. */
  payOrderId: bigint('pay_order_id', { mode: 'number' }),
  areaId: integer('area_id'),
  amountFen: fen('amount_fen').notNull(),
  reason: text('reason'),
  /** processing | success | closed | abnormal | failed */
  status: text('status').notNull().default('processing'),
  providerRefundId: text('provider_refund_id'),
  operatorId: integer('operator_id'),
  createdAt: createdAt(),
  settledAt: at('settled_at'),
}, (t) => [uniqueIndex('pay_refunds_refund_no').on(t.refundNo), index('pay_refunds_order').on(t.payOrderId)]);

/** A verified payment that no order of the platform claims. */
export const payUnmatched = pgTable('pay_unmatched', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  provider: text('provider').notNull(),
  orderNo: text('order_no').notNull(),
  transactionId: text('transaction_id').notNull(),
  amountFen: fen('amount_fen').notNull(),
  paidAt: at('paid_at'),
  receivedAt: at('received_at').notNull().defaultNow(),
  resolution: text('resolution'),
  resolvedBy: integer('resolved_by'),
  resolvedAt: at('resolved_at'),
  resolutionNote: text('resolution_note'),
}, (t) => [uniqueIndex('pay_unmatched_transaction').on(t.provider, t.transactionId)]);

/** One provider's day, reconciled: its bill ↔ the platform's orders ↔ the ledger's credits. */
export const payReconciliations = pgTable('pay_reconciliations', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  provider: text('provider').notNull(),
  billDate: date('bill_date', { mode: 'string' }).notNull(),
  /** matched | differences | failed */
  status: text('status').notNull(),
  matched: integer('matched').notNull().default(0),
  missingOnPlatform: integer('missing_on_platform').notNull().default(0),
  missingAtProvider: integer('missing_at_provider').notNull().default(0),
  amountMismatch: integer('amount_mismatch').notNull().default(0),
  providerFen: fen('provider_fen').notNull().default(0),
  platformFen: fen('platform_fen').notNull().default(0),
  ledgerFen: fen('ledger_fen').notNull().default(0),
  error: text('error'),
  operatorId: integer('operator_id'),
  ranAt: at('ran_at').notNull().defaultNow(),
}, (t) => [uniqueIndex('pay_reconciliations_day').on(t.provider, t.billDate)]);

/** A difference of a reconciled day: its cause, and what a person did about it. */
export const payReconciliationItems = pgTable('pay_reconciliation_items', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  reconciliationId: bigint('reconciliation_id', { mode: 'number' }).notNull(),
  /** missingOnPlatform | missingAtProvider | amountMismatch */
  kind: text('kind').notNull(),
  /** payment | refund */
  line: text('line').notNull(),
  orderNo: text('order_no').notNull(),
  refundNo: text('refund_no'),
  transactionId: text('transaction_id'),
  areaId: integer('area_id'),
  providerFen: fen('provider_fen'),
  platformFen: fen('platform_fen'),
  ledgerFen: fen('ledger_fen'),
  cause: text('cause').notNull(),
  /** credited | refunded | accepted */
  resolution: text('resolution'),
  resolvedBy: integer('resolved_by'),
  resolvedAt: at('resolved_at'),
  resolutionNote: text('resolution_note'),
}, (t) => [index('pay_reconciliation_items_of').on(t.reconciliationId)]);
