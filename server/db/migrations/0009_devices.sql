-- Devices (issue 11): modules as real paths to meters, and commands that know their module.
-- 1. A module is a `simulator` bus (the living simulated estate), a `tcp-gateway` the platform
--    connects to at host:port, or a `dtu` that dials in to DEVICE_PORT. The demo's concentrators,
--    gateways and water DTUs are simulated buses (nothing real dials in for them).
ALTER TABLE "modules" ADD COLUMN IF NOT EXISTS "name" text;
--> statement-breakpoint
ALTER TABLE "modules" ADD COLUMN IF NOT EXISTS "host" text;
--> statement-breakpoint
ALTER TABLE "modules" ADD COLUMN IF NOT EXISTS "port" integer;
--> statement-breakpoint
ALTER TABLE "modules" ADD COLUMN IF NOT EXISTS "settings" jsonb DEFAULT '{}'::jsonb NOT NULL;
--> statement-breakpoint
ALTER TABLE "modules" ALTER COLUMN "kind" SET DEFAULT 'simulator';
--> statement-breakpoint
UPDATE "modules" SET "kind" = 'simulator' WHERE "kind" NOT IN ('simulator', 'tcp-gateway', 'dtu') OR ("kind" = 'dtu' AND "host" IS NULL);
--> statement-breakpoint
UPDATE "modules" SET "name" = "remark" WHERE "name" IS NULL;
--> statement-breakpoint
-- 2. One outstanding frame per module: a command carries its module, copied when it is queued
--    (a meter moved to another module later keeps its queued commands on the old path until
--    they finish). Workers find the due commands of idle modules through this partial index.
ALTER TABLE "commands" ADD COLUMN IF NOT EXISTS "module_id" integer;
--> statement-breakpoint
UPDATE "commands" c SET "module_id" = CASE c."device_kind"
  WHEN 'module' THEN c."device_id"
  WHEN 'electric' THEN (SELECT e."module_id" FROM "electric_meters" e WHERE e."id" = c."device_id")
  WHEN 'water' THEN (SELECT w."module_id" FROM "water_meters" w WHERE w."id" = c."device_id")
END WHERE c."state" IN ('queued', 'sent');
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "commands_pending_module" ON "commands" ("module_id", "state") WHERE "state" IN ('queued', 'sent');
--> statement-breakpoint
-- 3. Meters per module (module management's counts and "its meters").
CREATE INDEX IF NOT EXISTS "electric_meters_module" ON "electric_meters" ("module_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "water_meters_module" ON "water_meters" ("module_id");
