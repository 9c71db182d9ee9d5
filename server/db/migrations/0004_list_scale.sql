-- Lists that stay fast at 100,000 meters (issue 9): see server/http/listKit.ts for how lists use
-- what this migration adds.
--
-- 1. Trigram indexes (pg_trgm, which PGlite also ships) serve "contains" searches of three or more
--    characters; expression indexes on lower(...) text_pattern_ops serve the prefix searches of one
--    or two characters (a trigram index cannot help those).
-- 2. Sort keys of the columns a meter list shows from other tables (room code, building, project,
--    current tenant) are kept on the meter rows by triggers, so that a sort on them walks an index
--    of the meter table (area first) instead of sorting the whole scope after a four-table join.
-- 3. An index behind every filter and sortable column of the meter lists, area first.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
ALTER TABLE "water_meters" ADD COLUMN IF NOT EXISTS "room_sort" text, ADD COLUMN IF NOT EXISTS "building_sort" text, ADD COLUMN IF NOT EXISTS "project_sort" text, ADD COLUMN IF NOT EXISTS "tenant_sort" text;
--> statement-breakpoint
ALTER TABLE "electric_meters" ADD COLUMN IF NOT EXISTS "room_sort" text, ADD COLUMN IF NOT EXISTS "building_sort" text, ADD COLUMN IF NOT EXISTS "project_sort" text, ADD COLUMN IF NOT EXISTS "tenant_sort" text;
--> statement-breakpoint
-- The sort keys of a room: natural keys of its code, its building's and project's names, and the
-- name of its current tenant (NULLs for a meter without a room: they sort last).
CREATE OR REPLACE FUNCTION room_sort_keys(p_room_id integer, OUT room_sort text, OUT building_sort text, OUT project_sort text, OUT tenant_sort text)
  LANGUAGE sql STABLE AS $$
  SELECT natural_sort_key(r.room_code), natural_sort_key(b.name), natural_sort_key(p.name),
         (SELECT t.name FROM tenant_bindings tb JOIN tenants t ON t.id = tb.tenant_id
           WHERE tb.room_id = r.id AND tb.end_date IS NULL ORDER BY tb.id DESC LIMIT 1)
    FROM rooms r LEFT JOIN buildings b ON b.id = r.building_id LEFT JOIN projects p ON p.id = r.project_id
   WHERE r.id = p_room_id
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION meter_sort_keys_set() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.room_id IS NULL THEN
    NEW.room_sort := NULL; NEW.building_sort := NULL; NEW.project_sort := NULL; NEW.tenant_sort := NULL;
  ELSE
    SELECT k.room_sort, k.building_sort, k.project_sort, k.tenant_sort
      INTO NEW.room_sort, NEW.building_sort, NEW.project_sort, NEW.tenant_sort
      FROM room_sort_keys(NEW.room_id) k;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
-- Every meter of the given rooms takes its rooms' keys again.
CREATE OR REPLACE FUNCTION meter_sort_keys_refresh(p_room_ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE water_meters m SET room_sort = k.room_sort, building_sort = k.building_sort, project_sort = k.project_sort, tenant_sort = k.tenant_sort
    FROM unnest(p_room_ids) AS ids(id), LATERAL room_sort_keys(ids.id) k
   WHERE m.room_id = ids.id AND (m.room_sort, m.building_sort, m.project_sort, m.tenant_sort) IS DISTINCT FROM (k.room_sort, k.building_sort, k.project_sort, k.tenant_sort);
  UPDATE electric_meters m SET room_sort = k.room_sort, building_sort = k.building_sort, project_sort = k.project_sort, tenant_sort = k.tenant_sort
    FROM unnest(p_room_ids) AS ids(id), LATERAL room_sort_keys(ids.id) k
   WHERE m.room_id = ids.id AND (m.room_sort, m.building_sort, m.project_sort, m.tenant_sort) IS DISTINCT FROM (k.room_sort, k.building_sort, k.project_sort, k.tenant_sort);
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION sort_keys_after_room() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM meter_sort_keys_refresh(ARRAY[NEW.id]);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION sort_keys_after_building() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM meter_sort_keys_refresh(ARRAY(SELECT id FROM rooms WHERE building_id = NEW.id));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION sort_keys_after_project() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM meter_sort_keys_refresh(ARRAY(SELECT id FROM rooms WHERE project_id = NEW.id));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION sort_keys_after_binding() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM meter_sort_keys_refresh(ARRAY[OLD.room_id]);
  ELSIF TG_OP = 'UPDATE' AND OLD.room_id <> NEW.room_id THEN
    PERFORM meter_sort_keys_refresh(ARRAY[OLD.room_id, NEW.room_id]);
  ELSE
    PERFORM meter_sort_keys_refresh(ARRAY[NEW.room_id]);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION sort_keys_after_tenant() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM meter_sort_keys_refresh(ARRAY(SELECT room_id FROM tenant_bindings WHERE tenant_id = NEW.id AND end_date IS NULL));
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS water_meters_sort_keys ON water_meters;
--> statement-breakpoint
CREATE TRIGGER water_meters_sort_keys BEFORE INSERT OR UPDATE OF room_id ON water_meters FOR EACH ROW EXECUTE FUNCTION meter_sort_keys_set();
--> statement-breakpoint
DROP TRIGGER IF EXISTS electric_meters_sort_keys ON electric_meters;
--> statement-breakpoint
CREATE TRIGGER electric_meters_sort_keys BEFORE INSERT OR UPDATE OF room_id ON electric_meters FOR EACH ROW EXECUTE FUNCTION meter_sort_keys_set();
--> statement-breakpoint
DROP TRIGGER IF EXISTS rooms_sort_keys ON rooms;
--> statement-breakpoint
CREATE TRIGGER rooms_sort_keys AFTER UPDATE OF room_code, building_id, project_id ON rooms FOR EACH ROW EXECUTE FUNCTION sort_keys_after_room();
--> statement-breakpoint
DROP TRIGGER IF EXISTS buildings_sort_keys ON buildings;
--> statement-breakpoint
CREATE TRIGGER buildings_sort_keys AFTER UPDATE OF name ON buildings FOR EACH ROW EXECUTE FUNCTION sort_keys_after_building();
--> statement-breakpoint
DROP TRIGGER IF EXISTS projects_sort_keys ON projects;
--> statement-breakpoint
CREATE TRIGGER projects_sort_keys AFTER UPDATE OF name ON projects FOR EACH ROW EXECUTE FUNCTION sort_keys_after_project();
--> statement-breakpoint
DROP TRIGGER IF EXISTS tenant_bindings_sort_keys ON tenant_bindings;
--> statement-breakpoint
CREATE TRIGGER tenant_bindings_sort_keys AFTER INSERT OR DELETE OR UPDATE OF room_id, tenant_id, end_date ON tenant_bindings FOR EACH ROW EXECUTE FUNCTION sort_keys_after_binding();
--> statement-breakpoint
DROP TRIGGER IF EXISTS tenants_sort_keys ON tenants;
--> statement-breakpoint
CREATE TRIGGER tenants_sort_keys AFTER UPDATE OF name ON tenants FOR EACH ROW EXECUTE FUNCTION sort_keys_after_tenant();
--> statement-breakpoint
-- Meters already in place take their keys (an UPDATE naming room_id fires the trigger above).
UPDATE water_meters SET room_id = room_id WHERE room_id IS NOT NULL;
--> statement-breakpoint
UPDATE electric_meters SET room_id = room_id WHERE room_id IS NOT NULL;
--> statement-breakpoint
-- Water archive: scope and default order, filters, sorts (area first, id last: the tie-break).
CREATE INDEX IF NOT EXISTS "water_meters_area_id" ON "water_meters" ("area_id", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "water_meters_area_address" ON "water_meters" ("area_id", "address", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "water_meters_area_room_sort" ON "water_meters" ("area_id", "room_sort", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "water_meters_area_building_sort" ON "water_meters" ("area_id", "building_sort", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "water_meters_area_project_sort" ON "water_meters" ("area_id", "project_sort", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "water_meters_area_tenant_sort" ON "water_meters" ("area_id", "tenant_sort", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "water_meters_area_last_read" ON "water_meters" ("area_id", "last_read_at", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "water_meters_area_last_reading" ON "water_meters" ("area_id", "last_reading", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "water_meters_area_created" ON "water_meters" ("area_id", "created_at", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "water_meters_area_valve" ON "water_meters" ("area_id", "valve_state", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "water_meters_area_type" ON "water_meters" ("area_id", "meter_type", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "water_meters_area_price" ON "water_meters" ("area_id", "price_fen", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "water_meters_area_free" ON "water_meters" ("area_id", "free_allowance", "id");
--> statement-breakpoint
-- Rare states are found through small partial indexes.
CREATE INDEX IF NOT EXISTS "water_meters_battery_low" ON "water_meters" ("area_id", "id") WHERE battery_low;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "water_meters_unreachable" ON "water_meters" ("area_id", "id") WHERE NOT online OR module_id IS NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "water_meters_no_account" ON "water_meters" ("area_id", "id") WHERE NOT account_opened;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "water_meters_module" ON "water_meters" ("module_id");
--> statement-breakpoint
-- Electric meters (their list comes next): scope, order and the same sort keys.
CREATE INDEX IF NOT EXISTS "electric_meters_area_id" ON "electric_meters" ("area_id", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "electric_meters_area_room_sort" ON "electric_meters" ("area_id", "room_sort", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "electric_meters_module" ON "electric_meters" ("module_id");
--> statement-breakpoint
-- Rooms by building and project (the cascade filters).
CREATE INDEX IF NOT EXISTS "rooms_project" ON "rooms" ("project_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "tenant_bindings_current" ON "tenant_bindings" ("room_id") WHERE end_date IS NULL;
--> statement-breakpoint
-- Searches: "contains" (three characters or more) through trigrams, prefixes through lower(...).
CREATE INDEX IF NOT EXISTS "water_meters_address_trgm" ON "water_meters" USING gin ("address" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "water_meters_address_prefix" ON "water_meters" (lower("address") text_pattern_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "electric_meters_address_trgm" ON "electric_meters" USING gin ("address" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "electric_meters_address_prefix" ON "electric_meters" (lower("address") text_pattern_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "rooms_code_trgm" ON "rooms" USING gin ("room_code" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "rooms_code_prefix" ON "rooms" (lower("room_code") text_pattern_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "tenants_name_trgm" ON "tenants" USING gin ("name" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "tenants_name_prefix" ON "tenants" (lower("name") text_pattern_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "tenants_phone_trgm" ON "tenants" USING gin ("phone" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "tenants_phone_prefix" ON "tenants" (lower("phone") text_pattern_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "modules_area" ON "modules" ("area_id");
--> statement-breakpoint
-- Readings (the largest table): a utility's readings of an area newest first, and of a room.
CREATE INDEX IF NOT EXISTS "readings_area_utility_time" ON "readings" ("area_id", "utility", "read_at", "id") WHERE deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "readings_room_time" ON "readings" ("room_id", "read_at");
