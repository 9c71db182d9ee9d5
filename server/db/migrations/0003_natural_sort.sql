-- Natural sort key of a code or name: every run of digits is left-padded to 10 digits, so that
-- "101" sorts before "1001" and "2号楼" before "10号楼" under any collation. Immutable, so that
-- expression indexes can use it.
CREATE OR REPLACE FUNCTION natural_sort_key(value text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT regexp_replace(regexp_replace(value, '(\d+)', '0000000000\1', 'g'), '0*(\d{10})', '\1', 'g') $$;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "rooms_building_code_natural" ON "rooms" ("building_id", natural_sort_key("room_code"));
