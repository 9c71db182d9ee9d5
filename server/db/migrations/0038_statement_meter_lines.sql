-- A statement's readings per meter (issue 39: "a replaced meter shows both meters' lines"). One line per
-- run of a meter's readings in the room that the month touches (a run starts at a meter's first reading
-- or its first after a replacement or reset recorded: since_at null), in time order, each with its own
-- opening and closing reading and usage (server/db/monthEnd.ts). The statement's opening reading is its
-- first line's, its closing reading its last line's, so the statements still chain from month to month
-- when a meter is replaced; null on a statement written before this migration until the month is written
-- again (the usage rule's version 3 writes every stored month again at the server's start: usageRule.ts).
ALTER TABLE "room_statements" ADD COLUMN IF NOT EXISTS "meter_lines" jsonb;
--> statement-breakpoint
-- A room's standing readings of a utility by time (the statement's lines: its last reading before a month
-- and those of the month), one lookup per room whatever the planner knows of the table's statistics.
CREATE INDEX IF NOT EXISTS "readings_room_utility_time" ON "readings" ("room_id", "utility", "read_at") WHERE "deleted_at" IS NULL;
