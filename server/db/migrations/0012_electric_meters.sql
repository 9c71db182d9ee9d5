-- Electric meter management (issue 11): a channel is unique on its module (one address on one bus
-- position), and the list's sorts and filters have an index each, area first (the list kit walks
-- `(area_id, key, id)` and stops; see server/http/listKit.ts).
CREATE UNIQUE INDEX IF NOT EXISTS "electric_meters_module_channel" ON "electric_meters" ("module_id", "channel") WHERE "module_id" IS NOT NULL AND "channel" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "electric_meters_area_address" ON "electric_meters" ("area_id", "address", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "electric_meters_area_building_sort" ON "electric_meters" ("area_id", "building_sort", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "electric_meters_area_project_sort" ON "electric_meters" ("area_id", "project_sort", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "electric_meters_area_tenant_sort" ON "electric_meters" ("area_id", "tenant_sort", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "electric_meters_area_relay" ON "electric_meters" ("area_id", "relay_state", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "electric_meters_area_module_channel" ON "electric_meters" ("area_id", "module_id", "channel", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "electric_meters_area_channel" ON "electric_meters" ("area_id", "channel", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "electric_meters_area_last_total" ON "electric_meters" ("area_id", "last_total", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "electric_meters_area_last_read" ON "electric_meters" ("area_id", "last_read_at", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "electric_meters_area_created" ON "electric_meters" ("area_id", "created_at", "id");
--> statement-breakpoint
-- Filters that pick a few meters out of many: offline (or without a module), kept supply.
CREATE INDEX IF NOT EXISTS "electric_meters_unreachable" ON "electric_meters" ("area_id", "id") WHERE NOT "online" OR "module_id" IS NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "electric_meters_keep_supply" ON "electric_meters" ("area_id", "id") WHERE "keep_supply";
