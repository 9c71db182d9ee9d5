-- Meter lists sorted by room or building: project, then building, then room, each in natural
-- order (a sort by room_sort alone put every building's 101 side by side). One index per table
-- serves both sorts; the single-key indexes they replace go.
CREATE INDEX IF NOT EXISTS "water_meters_area_place_sort" ON "water_meters" ("area_id", "project_sort", "building_sort", "room_sort", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "electric_meters_area_place_sort" ON "electric_meters" ("area_id", "project_sort", "building_sort", "room_sort", "id");
--> statement-breakpoint
DROP INDEX IF EXISTS "water_meters_area_room_sort";
--> statement-breakpoint
DROP INDEX IF EXISTS "water_meters_area_building_sort";
--> statement-breakpoint
DROP INDEX IF EXISTS "electric_meters_area_room_sort";
--> statement-breakpoint
DROP INDEX IF EXISTS "electric_meters_area_building_sort";
