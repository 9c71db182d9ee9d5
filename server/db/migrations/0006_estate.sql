-- The estate archives (issue 10): project, building and room management at 100,000 rooms.
--
-- 1. Names are unique where the operator looks for them: a project's name in its area, a
--    building's name in its project (a room's code in its building already is: rooms_building_code).
-- 2. The room list (server/routes/room.ts, on the list kit) sorts by room code, by building (then
--    code) and by the two balances. Their keys are kept on the room row, so that a sort walks an index
--    of the rooms table (area first) instead of sorting the whole scope after a join:
--    code_sort and building_sort (project, building, code: the list's default order) by a trigger on
--    rooms (run again when a building or project is renamed), the balances
--    of its electric and water accounts by statement triggers on accounts (one UPDATE of the rooms
--    concerned per statement, however many accounts it changed). The accounts stay the truth: the
--    copies only order and filter the list (arrears = a copy below zero).
-- 3. An index behind every filter and sortable column of the project, building and room lists.
ALTER TABLE "rooms" ADD COLUMN IF NOT EXISTS "code_sort" text, ADD COLUMN IF NOT EXISTS "building_sort" text,
  ADD COLUMN IF NOT EXISTS "electric_balance_fen" bigint DEFAULT 0 NOT NULL, ADD COLUMN IF NOT EXISTS "water_balance_fen" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION room_sort_columns_set() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.code_sort := natural_sort_key(NEW.room_code);
  NEW.building_sort := (SELECT natural_sort_key(p.name) || ' ' || natural_sort_key(b.name) FROM buildings b JOIN projects p ON p.id = b.project_id
                          WHERE b.id = NEW.building_id) || ' ' || NEW.code_sort;
  RETURN NEW;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS rooms_sort_columns ON rooms;
--> statement-breakpoint
CREATE TRIGGER rooms_sort_columns BEFORE INSERT OR UPDATE OF room_code, building_id, project_id, building_sort ON rooms FOR EACH ROW EXECUTE FUNCTION room_sort_columns_set();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION room_sort_after_building() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE rooms SET building_sort = NULL WHERE building_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS buildings_room_sort ON buildings;
--> statement-breakpoint
CREATE TRIGGER buildings_room_sort AFTER UPDATE OF name, project_id ON buildings FOR EACH ROW EXECUTE FUNCTION room_sort_after_building();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION room_sort_after_project() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE rooms SET building_sort = NULL WHERE project_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS projects_room_sort ON projects;
--> statement-breakpoint
CREATE TRIGGER projects_room_sort AFTER UPDATE OF name ON projects FOR EACH ROW EXECUTE FUNCTION room_sort_after_project();
--> statement-breakpoint
-- The balances of the given rooms, copied from their accounts (0 without an account).
CREATE OR REPLACE FUNCTION room_balances_refresh(p_room_ids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE rooms r SET electric_balance_fen = coalesce(e.balance_fen, 0), water_balance_fen = coalesce(w.balance_fen, 0)
    FROM (SELECT DISTINCT unnest(p_room_ids) AS id) c
    LEFT JOIN accounts e ON e.room_id = c.id AND e.utility = 'electric'
    LEFT JOIN accounts w ON w.room_id = c.id AND w.utility = 'water'
   WHERE r.id = c.id AND (r.electric_balance_fen, r.water_balance_fen) IS DISTINCT FROM (coalesce(e.balance_fen, 0), coalesce(w.balance_fen, 0))
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION room_balances_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM room_balances_refresh(ARRAY(SELECT room_id FROM changed_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION room_balances_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM room_balances_refresh(ARRAY(SELECT n.room_id FROM changed_rows n JOIN previous_rows o ON o.id = n.id
    WHERE n.balance_fen IS DISTINCT FROM o.balance_fen OR n.room_id <> o.room_id OR n.utility <> o.utility
    UNION SELECT o.room_id FROM changed_rows n JOIN previous_rows o ON o.id = n.id WHERE n.room_id <> o.room_id OR n.utility <> o.utility));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION room_balances_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM room_balances_refresh(ARRAY(SELECT room_id FROM previous_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS accounts_room_balances_insert ON accounts;
--> statement-breakpoint
CREATE TRIGGER accounts_room_balances_insert AFTER INSERT ON accounts REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION room_balances_after_insert();
--> statement-breakpoint
DROP TRIGGER IF EXISTS accounts_room_balances_update ON accounts;
--> statement-breakpoint
CREATE TRIGGER accounts_room_balances_update AFTER UPDATE ON accounts REFERENCING OLD TABLE AS previous_rows NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION room_balances_after_update();
--> statement-breakpoint
DROP TRIGGER IF EXISTS accounts_room_balances_delete ON accounts;
--> statement-breakpoint
CREATE TRIGGER accounts_room_balances_delete AFTER DELETE ON accounts REFERENCING OLD TABLE AS previous_rows FOR EACH STATEMENT EXECUTE FUNCTION room_balances_after_delete();
--> statement-breakpoint
-- Rooms already in place take their keys and balances.
UPDATE rooms SET room_code = room_code;
--> statement-breakpoint
SELECT room_balances_refresh(ARRAY(SELECT DISTINCT room_id FROM accounts));
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "projects_area_name" ON "projects" ("area_id", "name");
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "buildings_project_name" ON "buildings" ("project_id", "name");
--> statement-breakpoint
-- Project and building lists: natural name order, area first.
CREATE INDEX IF NOT EXISTS "projects_area_name_natural" ON "projects" ("area_id", natural_sort_key("name"), "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "buildings_area_name_natural" ON "buildings" ("area_id", natural_sort_key("name"), "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "buildings_area_project_name" ON "buildings" ("area_id", "project_id", natural_sort_key("name"), "id");
--> statement-breakpoint
-- Room list: scope and default order (building, then code), filters, sorts (area first, id last).
CREATE INDEX IF NOT EXISTS "rooms_area_id" ON "rooms" ("area_id", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "rooms_area_building_sort" ON "rooms" ("area_id", "building_sort", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "rooms_area_code_sort" ON "rooms" ("area_id", "code_sort", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "rooms_area_project" ON "rooms" ("area_id", "project_id", "building_sort", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "rooms_area_building" ON "rooms" ("area_id", "building_id", "building_sort", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "rooms_area_floor" ON "rooms" ("area_id", "floor", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "rooms_area_state" ON "rooms" ("area_id", "state", "building_sort", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "rooms_area_electric_balance" ON "rooms" ("area_id", "electric_balance_fen", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "rooms_area_water_balance" ON "rooms" ("area_id", "water_balance_fen", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "rooms_arrears" ON "rooms" ("area_id", "building_sort", "id") WHERE electric_balance_fen < 0 OR water_balance_fen < 0;
