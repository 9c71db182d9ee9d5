-- User archive, user binding and room binding (issue 10, "bindings" slice).
--
-- 1. Tenants: the kind of identity document (a mainland resident id is checked digit by digit;
--    other documents — passports, Hong Kong / Macau / Taiwan permits — are marked `other`), and a
--    soft delete: a tenant who has rented rooms before leaves the archive but stays readable in the
--    binding history (a tenant without any binding is deleted outright).
-- 2. A room has at most one current tenant, enforced by the database too: two concurrent binds of
--    one room cannot both win (the unique partial index replaces the plain one of 0004).
-- 3. A room has at most one meter per utility, enforced by the database too (two concurrent
--    attaches or moves into one room cannot both win).
-- 4. An index behind every filter and sortable column of the three lists, area first, live
--    tenants only where the list shows live tenants only.
ALTER TABLE "tenants" ADD COLUMN IF NOT EXISTS "id_type" text NOT NULL DEFAULT 'resident';
--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN IF NOT EXISTS "deleted_at" timestamp with time zone;
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "tenant_bindings_room_current" ON "tenant_bindings" ("room_id") WHERE end_date IS NULL;
--> statement-breakpoint
DROP INDEX IF EXISTS "tenant_bindings_current";
--> statement-breakpoint
-- A tenant's current rooms (the "bound" filter, the rooms a tenant list row shows).
CREATE INDEX IF NOT EXISTS "tenant_bindings_tenant_current" ON "tenant_bindings" ("tenant_id") WHERE end_date IS NULL;
--> statement-breakpoint
-- Tenant list: scope and default order, sorts (live tenants).
CREATE INDEX IF NOT EXISTS "tenants_live_area_id" ON "tenants" ("area_id", "id") WHERE deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "tenants_live_area_name" ON "tenants" ("area_id", "name", "id") WHERE deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "tenants_live_area_phone" ON "tenants" ("area_id", "phone", "id") WHERE deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "tenants_live_area_id_number" ON "tenants" ("area_id", "id_number", "id") WHERE deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "tenants_live_area_created" ON "tenants" ("area_id", "created_at", "id") WHERE deleted_at IS NULL;
--> statement-breakpoint
-- Searches by id number (name and phone have theirs since 0004).
CREATE INDEX IF NOT EXISTS "tenants_id_number_trgm" ON "tenants" USING gin ("id_number" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "tenants_id_number_prefix" ON "tenants" (lower("id_number") text_pattern_ops);
--> statement-breakpoint
-- Binding list (current and history): scope and default order, sorts, "current only".
CREATE INDEX IF NOT EXISTS "tenant_bindings_area_id" ON "tenant_bindings" ("area_id", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "tenant_bindings_area_start" ON "tenant_bindings" ("area_id", "start_date", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "tenant_bindings_area_end" ON "tenant_bindings" ("area_id", "end_date", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "tenant_bindings_area_current" ON "tenant_bindings" ("area_id", "id") WHERE end_date IS NULL;
--> statement-breakpoint
-- Room binding list (rooms with their meters) and the vacant-room picker: scope, order by id or by room code.
CREATE INDEX IF NOT EXISTS "rooms_area_id_walk" ON "rooms" ("area_id", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "rooms_area_code_natural" ON "rooms" ("area_id", natural_sort_key("room_code"), "id");
--> statement-breakpoint
-- Unattached meters (the attach picker).
CREATE INDEX IF NOT EXISTS "water_meters_unattached" ON "water_meters" ("area_id", "id") WHERE room_id IS NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "electric_meters_unattached" ON "electric_meters" ("area_id", "id") WHERE room_id IS NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "electric_meters_room_unique" ON "electric_meters" ("room_id") WHERE room_id IS NOT NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "water_meters_room_unique" ON "water_meters" ("room_id") WHERE room_id IS NOT NULL;
