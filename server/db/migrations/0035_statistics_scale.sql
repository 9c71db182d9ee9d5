-- Statistics at city scale (issue 31): what bench:statistics showed the statistics lists need at
-- 100,000 meters (docs/performance.md, "Statistics at city scale").
--
-- The month-end lists filtered by month and walked in their default order (month, newest first):
-- an index led by area and month, instead of the whole table read for one month.
CREATE INDEX IF NOT EXISTS "monthly_settlements_area_month" ON "monthly_settlements" ("area_id", "month", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "room_statements_area_month" ON "room_statements" ("area_id", "month", "id");
--> statement-breakpoint
-- The recharge summary groups an area's orders of a period (a month: 100,000 orders at city scale)
-- by day, month or channel: read from this index alone, not from the table.
CREATE INDEX IF NOT EXISTS "recharge_orders_area_created" ON "recharge_orders" ("area_id", "created_at")
  INCLUDE ("utility", "channel", "order_status", "amount_fen", "energy", "room_id", "operator_id");
--> statement-breakpoint
-- The void orders of an area's period: the recharge orders' totals read the orders that stand from
-- the daily aggregates, and these (few) from the orders.
CREATE INDEX IF NOT EXISTS "recharge_orders_void" ON "recharge_orders" ("area_id", "created_at") WHERE "order_status" = 0;
--> statement-breakpoint
-- The totals of the statements and of the settlements per area, utility and month: the totals row of
-- a list filtered by utility and months at most (its first page: every statement of every month,
-- 1.2 million at city scale) sums a few of these rows instead. Kept by statement-level triggers
-- (whoever writes statements or settlements: the month-end job, the scale top-up), exact.
CREATE TABLE IF NOT EXISTS "room_statement_totals" (
  "area_id" integer NOT NULL,
  "utility" text NOT NULL,
  "month" text NOT NULL,
  "statements" bigint NOT NULL DEFAULT 0,
  "usage" numeric NOT NULL DEFAULT 0,
  "charge_fen" bigint NOT NULL DEFAULT 0,
  "recharge_fen" bigint NOT NULL DEFAULT 0,
  "refund_fen" bigint NOT NULL DEFAULT 0,
  "gift_fen" bigint NOT NULL DEFAULT 0,
  "closing_balance_fen" bigint NOT NULL DEFAULT 0,
  PRIMARY KEY ("area_id", "utility", "month")
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "monthly_settlement_totals" (
  "area_id" integer NOT NULL,
  "month" text NOT NULL,
  "settlements" bigint NOT NULL DEFAULT 0,
  "sharp_kwh" numeric NOT NULL DEFAULT 0,
  "peak_kwh" numeric NOT NULL DEFAULT 0,
  "flat_kwh" numeric NOT NULL DEFAULT 0,
  "valley_kwh" numeric NOT NULL DEFAULT 0,
  "total_fen" bigint NOT NULL DEFAULT 0,
  PRIMARY KEY ("area_id", "month")
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "room_statement_totals_trigger"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- The changed rows signed: +1 what was written, -1 what was there before.
  CREATE TEMP TABLE IF NOT EXISTS room_statement_changes (s integer, area_id integer, utility text, month text, usage numeric,
    charge_fen bigint, recharge_fen bigint, refund_fen bigint, gift_fen bigint, closing_balance_fen bigint) ON COMMIT DELETE ROWS;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO room_statement_changes SELECT 1, area_id, utility, month, usage, charge_fen, recharge_fen, refund_fen, gift_fen, closing_balance_fen FROM statement_totals_new;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO room_statement_changes SELECT -1, area_id, utility, month, usage, charge_fen, recharge_fen, refund_fen, gift_fen, closing_balance_fen FROM statement_totals_old;
  END IF;
  INSERT INTO room_statement_totals AS t (area_id, utility, month, statements, usage, charge_fen, recharge_fen, refund_fen, gift_fen, closing_balance_fen)
    SELECT area_id, utility, month, sum(s), sum(s * usage), sum(s * charge_fen), sum(s * recharge_fen), sum(s * refund_fen), sum(s * gift_fen), sum(s * closing_balance_fen)
    FROM room_statement_changes GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (area_id, utility, month) DO UPDATE SET
    statements = t.statements + excluded.statements, usage = t.usage + excluded.usage, charge_fen = t.charge_fen + excluded.charge_fen,
    recharge_fen = t.recharge_fen + excluded.recharge_fen, refund_fen = t.refund_fen + excluded.refund_fen, gift_fen = t.gift_fen + excluded.gift_fen,
    closing_balance_fen = t.closing_balance_fen + excluded.closing_balance_fen;
  DELETE FROM room_statement_changes;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "room_statements_totals_insert" ON "room_statements";
--> statement-breakpoint
CREATE TRIGGER "room_statements_totals_insert" AFTER INSERT ON "room_statements" REFERENCING NEW TABLE AS statement_totals_new
  FOR EACH STATEMENT EXECUTE FUNCTION "room_statement_totals_trigger"();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "room_statements_totals_update" ON "room_statements";
--> statement-breakpoint
CREATE TRIGGER "room_statements_totals_update" AFTER UPDATE ON "room_statements" REFERENCING OLD TABLE AS statement_totals_old NEW TABLE AS statement_totals_new
  FOR EACH STATEMENT EXECUTE FUNCTION "room_statement_totals_trigger"();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "room_statements_totals_delete" ON "room_statements";
--> statement-breakpoint
CREATE TRIGGER "room_statements_totals_delete" AFTER DELETE ON "room_statements" REFERENCING OLD TABLE AS statement_totals_old
  FOR EACH STATEMENT EXECUTE FUNCTION "room_statement_totals_trigger"();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "monthly_settlement_totals_trigger"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  CREATE TEMP TABLE IF NOT EXISTS monthly_settlement_changes (s integer, area_id integer, month text, sharp_kwh numeric, peak_kwh numeric,
    flat_kwh numeric, valley_kwh numeric, total_fen bigint) ON COMMIT DELETE ROWS;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO monthly_settlement_changes SELECT 1, area_id, month, sharp_kwh, peak_kwh, flat_kwh, valley_kwh, total_fen FROM settlement_totals_new;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO monthly_settlement_changes SELECT -1, area_id, month, sharp_kwh, peak_kwh, flat_kwh, valley_kwh, total_fen FROM settlement_totals_old;
  END IF;
  INSERT INTO monthly_settlement_totals AS t (area_id, month, settlements, sharp_kwh, peak_kwh, flat_kwh, valley_kwh, total_fen)
    SELECT area_id, month, sum(s), sum(s * sharp_kwh), sum(s * peak_kwh), sum(s * flat_kwh), sum(s * valley_kwh), sum(s * total_fen)
    FROM monthly_settlement_changes GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (area_id, month) DO UPDATE SET
    settlements = t.settlements + excluded.settlements, sharp_kwh = t.sharp_kwh + excluded.sharp_kwh, peak_kwh = t.peak_kwh + excluded.peak_kwh,
    flat_kwh = t.flat_kwh + excluded.flat_kwh, valley_kwh = t.valley_kwh + excluded.valley_kwh, total_fen = t.total_fen + excluded.total_fen;
  DELETE FROM monthly_settlement_changes;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "monthly_settlements_totals_insert" ON "monthly_settlements";
--> statement-breakpoint
CREATE TRIGGER "monthly_settlements_totals_insert" AFTER INSERT ON "monthly_settlements" REFERENCING NEW TABLE AS settlement_totals_new
  FOR EACH STATEMENT EXECUTE FUNCTION "monthly_settlement_totals_trigger"();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "monthly_settlements_totals_update" ON "monthly_settlements";
--> statement-breakpoint
CREATE TRIGGER "monthly_settlements_totals_update" AFTER UPDATE ON "monthly_settlements" REFERENCING OLD TABLE AS settlement_totals_old NEW TABLE AS settlement_totals_new
  FOR EACH STATEMENT EXECUTE FUNCTION "monthly_settlement_totals_trigger"();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "monthly_settlements_totals_delete" ON "monthly_settlements";
--> statement-breakpoint
CREATE TRIGGER "monthly_settlements_totals_delete" AFTER DELETE ON "monthly_settlements" REFERENCING OLD TABLE AS settlement_totals_old
  FOR EACH STATEMENT EXECUTE FUNCTION "monthly_settlement_totals_trigger"();
--> statement-breakpoint
-- What is there already.
INSERT INTO room_statement_totals (area_id, utility, month, statements, usage, charge_fen, recharge_fen, refund_fen, gift_fen, closing_balance_fen)
  SELECT area_id, utility, month, count(*), sum(usage), sum(charge_fen), sum(recharge_fen), sum(refund_fen), sum(gift_fen), sum(closing_balance_fen)
  FROM room_statements GROUP BY 1, 2, 3
ON CONFLICT (area_id, utility, month) DO NOTHING;
--> statement-breakpoint
INSERT INTO monthly_settlement_totals (area_id, month, settlements, sharp_kwh, peak_kwh, flat_kwh, valley_kwh, total_fen)
  SELECT area_id, month, count(*), sum(sharp_kwh), sum(peak_kwh), sum(flat_kwh), sum(valley_kwh), sum(total_fen)
  FROM monthly_settlements GROUP BY 1, 2
ON CONFLICT (area_id, month) DO NOTHING;
