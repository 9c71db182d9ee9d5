-- Issue 29, templates: the basic-parameter lists sort by name on (area, name, id) indexes (list kit),
-- and "used by N meters" counts the meters of a template through partial indexes on the assignment
-- columns (a template's count reads its meters' index entries, not the 100,000 meters).
CREATE INDEX IF NOT EXISTS "price_tables_area_name" ON "price_tables" ("area_id", "name", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "time_periods_area_name" ON "time_periods" ("area_id", "name", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "parameter_sets_area_kind_name" ON "parameter_sets" ("area_id", "kind", "name", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "electric_meters_price_table" ON "electric_meters" ("price_table_id") WHERE "price_table_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "electric_meters_power_set" ON "electric_meters" ("power_set_id") WHERE "power_set_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "electric_meters_control_set" ON "electric_meters" ("control_set_id") WHERE "control_set_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "electric_meters_load_set" ON "electric_meters" ("load_set_id") WHERE "load_set_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "electric_meters_night_set" ON "electric_meters" ("night_set_id") WHERE "night_set_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "electric_meters_timed_set" ON "electric_meters" ("timed_set_id") WHERE "timed_set_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "electric_meters_gift_set" ON "electric_meters" ("gift_set_id") WHERE "gift_set_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "water_meters_gift_set" ON "water_meters" ("gift_set_id") WHERE "gift_set_id" IS NOT NULL;
