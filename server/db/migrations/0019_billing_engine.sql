-- The billing engine (issue 29). Every stored reading is charged exactly once, whoever stores it:
-- the ledger row of a reading's charge names its reading (`reading_id`), and a unique index makes a
-- second charge of one reading impossible (two processes on one PostgreSQL, a replay, an import).
ALTER TABLE "ledger_entries" ADD COLUMN IF NOT EXISTS "reading_id" bigint;
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "ledger_entries_reading" ON "ledger_entries" ("reading_id") WHERE "reading_id" IS NOT NULL;
--> statement-breakpoint
-- A reading waits for its charge while `billed` is false (stored by the engine, or by an import that
-- sets it false): the charge claims it and sets it true in the charge's transaction. Readings stored
-- before this migration (and the demo seed's, charged per period) count as billed.
ALTER TABLE "readings" ADD COLUMN IF NOT EXISTS "billed" boolean DEFAULT true NOT NULL;
--> statement-breakpoint
-- What the charge needs beside the consumption: the per-rate consumption [sharp, peak, flat, valley]
-- in hundredths when the meter gave its rate registers, and the start of the interval (the time of
-- the baseline reading) for a time-of-use split by the schedule when it did not.
ALTER TABLE "readings" ADD COLUMN IF NOT EXISTS "usage_rates" jsonb;
--> statement-breakpoint
ALTER TABLE "readings" ADD COLUMN IF NOT EXISTS "since_at" timestamp with time zone;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "readings_unbilled" ON "readings" ("id") WHERE NOT "billed";
--> statement-breakpoint
-- The baseline of a meter's consumption: the highest accepted total, with its rate registers and
-- time (a lower reading opens a `reading_drop` fault and leaves it), until an operator records a
-- replacement or reset (`rebase`: the next reading starts a new baseline, no fault and no charge for
-- the jump). NULL: not yet kept (the meter's latest reading, else its last total, is the baseline).
ALTER TABLE "electric_meters" ADD COLUMN IF NOT EXISTS "baseline_total" numeric(14, 2);
--> statement-breakpoint
ALTER TABLE "electric_meters" ADD COLUMN IF NOT EXISTS "baseline_registers" jsonb;
--> statement-breakpoint
ALTER TABLE "electric_meters" ADD COLUMN IF NOT EXISTS "baseline_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "electric_meters" ADD COLUMN IF NOT EXISTS "rebase" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "water_meters" ADD COLUMN IF NOT EXISTS "baseline_total" numeric(14, 2);
--> statement-breakpoint
ALTER TABLE "water_meters" ADD COLUMN IF NOT EXISTS "baseline_registers" jsonb;
--> statement-breakpoint
ALTER TABLE "water_meters" ADD COLUMN IF NOT EXISTS "baseline_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "water_meters" ADD COLUMN IF NOT EXISTS "rebase" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
-- An area's defaults: the price table of a meter in a room when none is chosen, and the control set
-- whose limits (overdraft, alarm levels, hoarding limit) a new account takes when its meter has none.
ALTER TABLE "areas" ADD COLUMN IF NOT EXISTS "default_price_table_id" integer;
--> statement-breakpoint
ALTER TABLE "areas" ADD COLUMN IF NOT EXISTS "default_control_set_id" integer;
--> statement-breakpoint
-- The SMS outbox's sender (server/domain/smsSender.ts): a notice is claimed (`sending`, with the
-- moment after which a claim is stale) before it goes to the provider, once per attempt; a failed
-- attempt waits (`next_attempt_at`, backoff) and the notice's id goes with every attempt as the
-- provider's idempotency key, so a notice is sent once.
ALTER TABLE "sms_records" ADD COLUMN IF NOT EXISTS "attempts" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "sms_records" ADD COLUMN IF NOT EXISTS "next_attempt_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "sms_records" ADD COLUMN IF NOT EXISTS "provider_ref" text;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sms_records_outbox" ON "sms_records" ("id") WHERE "state" IN ('queued', 'sending');
--> statement-breakpoint
-- Gift day (server/domain/gifts.ts): one gift record per meter and month, whichever process gives it.
-- An operator's reset of the free allowance (the water archive's updateFreeAll) is recorded beside
-- it as source 'manual', as often as it happens.
ALTER TABLE "gift_records" ADD COLUMN IF NOT EXISTS "source" text DEFAULT 'gift_day' NOT NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "gift_records_meter_period" ON "gift_records" ("utility", "meter_id", "period") WHERE "source" = 'gift_day';
