-- Reading records (issues 31 and 33): a wrong reading is soft-deleted with a reason (deleted_at,
-- deleted_by, delete_reason) and its charge is either kept or refunded by a ledger entry; what the
-- deletion refunded is kept on the reading, so that a restore charges back exactly that (null: the
-- reading stands; 0: deleted with its charge kept).
ALTER TABLE "readings" ADD COLUMN IF NOT EXISTS "refunded_fen" bigint;
--> statement-breakpoint
-- The deleted readings' list walks this partial index (newest deletion first) instead of every reading.
CREATE INDEX IF NOT EXISTS "readings_deleted" ON "readings" ("area_id", "deleted_at", "id") WHERE "deleted_at" IS NOT NULL;
