-- Module management (issue 11): the module list on the list kit. Every sort key of the list is
-- (area_id, key, id) and its search has a trigram index (three characters or more) and a prefix
-- index (one or two), as the meter lists of 0004. The per-module meter counts come from the
-- electric_meters_module / water_meters_module indexes of 0009.
CREATE INDEX IF NOT EXISTS "modules_area_name" ON "modules" ("area_id", "name", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "modules_area_kind" ON "modules" ("area_id", "kind", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "modules_area_protocol" ON "modules" ("area_id", "protocol", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "modules_area_heartbeat" ON "modules" ("area_id", "last_heartbeat_at", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "modules_area_project" ON "modules" ("area_id", "project_id", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "modules_address_trgm" ON "modules" USING gin ("address" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "modules_address_prefix" ON "modules" (lower("address") text_pattern_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "modules_name_trgm" ON "modules" USING gin ("name" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "modules_name_prefix" ON "modules" (lower("name") text_pattern_ops);
--> statement-breakpoint
-- A module is never deleted from under its meters (the API refuses first, naming the counts; these
-- keep it so for every other path). NOT VALID: rows written before are not re-checked.
DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conname = 'electric_meters_module_fk') THEN
    ALTER TABLE "electric_meters" ADD CONSTRAINT "electric_meters_module_fk" FOREIGN KEY ("module_id") REFERENCES "modules" ("id") ON DELETE RESTRICT NOT VALID;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conname = 'water_meters_module_fk') THEN
    ALTER TABLE "water_meters" ADD CONSTRAINT "water_meters_module_fk" FOREIGN KEY ("module_id") REFERENCES "modules" ("id") ON DELETE RESTRICT NOT VALID;
  END IF;
END $$;
