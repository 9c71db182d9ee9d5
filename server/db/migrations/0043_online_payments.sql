-- Online payments (issue 41): a room's pay code, the orders tenants pay from their phones through WeChat Pay
-- or Alipay, their refunds, the notifications no order claims, and each day's reconciliation with the providers'
-- bills. A credited order becomes a recharge order (recharge_orders, channel wechat/alipay, no operator) under
-- the same order number, with its ledger entry: an online payment is a ledger entry like any other.
CREATE TABLE IF NOT EXISTS "pay_codes" (
  "room_id" integer PRIMARY KEY,
  "area_id" integer NOT NULL,
  "code" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "renewed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "pay_codes_code" ON "pay_codes" ("code");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "pay_orders" (
  "id" bigserial PRIMARY KEY,
  "order_no" text NOT NULL,
  "area_id" integer NOT NULL,
  "room_id" integer NOT NULL,
  "utility" text NOT NULL,
  "amount_fen" bigint NOT NULL,
  "provider" text NOT NULL,
  "request_id" text NOT NULL,
  "status" text DEFAULT 'pending' NOT NULL,
  "qr_code" text,
  "expires_at" timestamp with time zone NOT NULL,
  "transaction_id" text,
  "paid_fen" bigint,
  "paid_at" timestamp with time zone,
  "credited_at" timestamp with time zone,
  "closed_at" timestamp with time zone,
  "refunded_fen" bigint DEFAULT 0 NOT NULL,
  "conflict_reason" text,
  "resolution" text,
  "resolved_by" integer,
  "resolved_at" timestamp with time zone,
  "resolution_note" text,
  "next_query_at" timestamp with time zone,
  "query_count" integer DEFAULT 0 NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "pay_orders_order_no" ON "pay_orders" ("order_no");
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "pay_orders_request" ON "pay_orders" ("room_id", "request_id");
--> statement-breakpoint
-- A provider's transaction credits one order once.
CREATE UNIQUE INDEX IF NOT EXISTS "pay_orders_transaction" ON "pay_orders" ("provider", "transaction_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "pay_orders_due" ON "pay_orders" ("next_query_at") WHERE "status" = 'pending';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "pay_orders_paid" ON "pay_orders" ("provider", "paid_at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "pay_orders_conflicts" ON "pay_orders" ("area_id", "created_at") WHERE "status" = 'conflict';
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "pay_refunds" (
  "id" bigserial PRIMARY KEY,
  "refund_no" text NOT NULL,
  "provider" text NOT NULL,
  "order_no" text NOT NULL,
  -- Null for a payment no order claims (pay_unmatched) given back.
  "pay_order_id" bigint,
  "area_id" integer,
  "amount_fen" bigint NOT NULL,
  "reason" text,
  "status" text DEFAULT 'processing' NOT NULL,
  "provider_refund_id" text,
  "operator_id" integer,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "settled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "pay_refunds_refund_no" ON "pay_refunds" ("refund_no");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "pay_refunds_order" ON "pay_refunds" ("pay_order_id");
--> statement-breakpoint
-- A verified payment no order of the platform claims: kept for a person, never dropped.
CREATE TABLE IF NOT EXISTS "pay_unmatched" (
  "id" bigserial PRIMARY KEY,
  "provider" text NOT NULL,
  "order_no" text NOT NULL,
  "transaction_id" text NOT NULL,
  "amount_fen" bigint NOT NULL,
  "paid_at" timestamp with time zone,
  "received_at" timestamp with time zone DEFAULT now() NOT NULL,
  "resolution" text,
  "resolved_by" integer,
  "resolved_at" timestamp with time zone,
  "resolution_note" text
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "pay_unmatched_transaction" ON "pay_unmatched" ("provider", "transaction_id");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "pay_reconciliations" (
  "id" bigserial PRIMARY KEY,
  "provider" text NOT NULL,
  "bill_date" date NOT NULL,
  "status" text NOT NULL,
  "matched" integer DEFAULT 0 NOT NULL,
  "missing_on_platform" integer DEFAULT 0 NOT NULL,
  "missing_at_provider" integer DEFAULT 0 NOT NULL,
  "amount_mismatch" integer DEFAULT 0 NOT NULL,
  "provider_fen" bigint DEFAULT 0 NOT NULL,
  "platform_fen" bigint DEFAULT 0 NOT NULL,
  "ledger_fen" bigint DEFAULT 0 NOT NULL,
  "error" text,
  "operator_id" integer,
  "ran_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "pay_reconciliations_day" ON "pay_reconciliations" ("provider", "bill_date");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "pay_reconciliation_items" (
  "id" bigserial PRIMARY KEY,
  "reconciliation_id" bigint NOT NULL,
  "kind" text NOT NULL,
  "line" text NOT NULL,
  "order_no" text NOT NULL,
  "refund_no" text,
  "transaction_id" text,
  "area_id" integer,
  "provider_fen" bigint,
  "platform_fen" bigint,
  "ledger_fen" bigint,
  "cause" text NOT NULL,
  "resolution" text,
  "resolved_by" integer,
  "resolved_at" timestamp with time zone,
  "resolution_note" text
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "pay_reconciliation_items_of" ON "pay_reconciliation_items" ("reconciliation_id");
--> statement-breakpoint
-- The reconciliation screen (支付对账) in an estate's menu, after 充值汇总, granted to the roles that have 充值汇总.
-- (A new estate's menu is seeded from the route catalog after the migrations.)
INSERT INTO "resources" ("user_type", "parent_id", "user_sort", "name", "res_url", "icon")
SELECT 2, r."parent_id", r."user_sort" + 5, '支付对账', 'zhifuduizhang', 'AccountBalance' FROM "resources" r
WHERE r."res_url" = 'chongzhihuizong' AND NOT EXISTS (SELECT 1 FROM "resources" WHERE "res_url" = 'zhifuduizhang')
LIMIT 1;
--> statement-breakpoint
INSERT INTO "role_resources" ("role_id", "resource_id")
SELECT rr."role_id", n."id" FROM "role_resources" rr
JOIN "resources" o ON o."id" = rr."resource_id" AND o."res_url" = 'chongzhihuizong'
CROSS JOIN (SELECT "id" FROM "resources" WHERE "res_url" = 'zhifuduizhang') n
WHERE NOT EXISTS (SELECT 1 FROM "role_resources" x WHERE x."role_id" = rr."role_id" AND x."resource_id" = n."id");
