-- Rooms without a water meter (webWaterArchive/findUserUnBind: the water archive form's room
-- picker) on the list kit. Whether a room has a water meter is kept on the room row
-- (`has_water_meter`, by triggers on water_meters; the meters stay the truth), so that the picker's
-- page walks a small partial index of the rooms without one, in the room list's default order
-- (project, building, code: rooms.building_sort of migration 0006), and its count reads only
-- those entries. Probing water_meters for every room instead walks every room of the area when
-- most rooms have a meter (at 100,000 rooms with a meter each: every room for an empty page).
ALTER TABLE "rooms" ADD COLUMN IF NOT EXISTS "has_water_meter" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
-- The flag of the given rooms, from their meters (written only where it changes).
CREATE OR REPLACE FUNCTION room_water_meter_refresh(p_room_ids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE rooms r SET has_water_meter = c.present
    FROM (SELECT ids.id, EXISTS (SELECT 1 FROM water_meters w WHERE w.room_id = ids.id) AS present
            FROM (SELECT DISTINCT unnest(p_room_ids) AS id) ids) c
   WHERE r.id = c.id AND r.has_water_meter IS DISTINCT FROM c.present
$$;
--> statement-breakpoint
-- Inserts and deletes: once per statement (a bulk insert of meters is one UPDATE of their rooms).
CREATE OR REPLACE FUNCTION room_water_meter_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM room_water_meter_refresh(ARRAY(SELECT room_id FROM changed_rows WHERE room_id IS NOT NULL));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION room_water_meter_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM room_water_meter_refresh(ARRAY(SELECT room_id FROM previous_rows WHERE room_id IS NOT NULL));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A meter moved, attached or detached: per row, only when its room changes (a statement trigger
-- with transition tables cannot name a column, and would run on every reading's update).
CREATE OR REPLACE FUNCTION room_water_meter_after_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM room_water_meter_refresh(ARRAY[OLD.room_id, NEW.room_id]);
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS water_meters_room_flag_insert ON water_meters;
--> statement-breakpoint
CREATE TRIGGER water_meters_room_flag_insert AFTER INSERT ON water_meters REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION room_water_meter_after_insert();
--> statement-breakpoint
DROP TRIGGER IF EXISTS water_meters_room_flag_delete ON water_meters;
--> statement-breakpoint
CREATE TRIGGER water_meters_room_flag_delete AFTER DELETE ON water_meters REFERENCING OLD TABLE AS previous_rows FOR EACH STATEMENT EXECUTE FUNCTION room_water_meter_after_delete();
--> statement-breakpoint
DROP TRIGGER IF EXISTS water_meters_room_flag_move ON water_meters;
--> statement-breakpoint
CREATE TRIGGER water_meters_room_flag_move AFTER UPDATE OF room_id ON water_meters FOR EACH ROW
  WHEN (OLD.room_id IS DISTINCT FROM NEW.room_id) EXECUTE FUNCTION room_water_meter_after_move();
--> statement-breakpoint
-- Rooms already in place take their flag.
UPDATE rooms r SET has_water_meter = true WHERE EXISTS (SELECT 1 FROM water_meters w WHERE w.room_id = r.id) AND NOT r.has_water_meter;
--> statement-breakpoint
-- The picker's scope and default order (a building or project filter walks rooms_area_building /
-- rooms_area_project of 0006: at most that building's or project's rooms).
CREATE INDEX IF NOT EXISTS "rooms_area_no_water_meter" ON "rooms" ("area_id", "building_sort", "id") WHERE NOT "has_water_meter";
