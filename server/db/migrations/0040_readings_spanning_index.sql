-- The readings whose interval meets a stretch of time (usageRule.ts: a reading's usage lies over
-- (since_at, read_at]) are found by `read_at >= start AND since_at < end`: the dashboards' partial
-- hours, and yesterday's stretch "as known at this time yesterday" (the readings taken since whose
-- interval spans that instant). With since_at a key column of the readings' area index, the index
-- scan checks it itself, and only the readings that meet the stretch are fetched from the table:
-- at 12:34 the electricity summary fetched every reading of the last 24 hours (32,000 in the demo
-- estate) to keep the handful whose interval spans yesterday's 12:34. Same index otherwise (the
-- columns it includes serve the same index-only scans).
DROP INDEX IF EXISTS "readings_utility_area_time";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "readings_utility_area_time" ON "readings" ("utility", "area_id", "read_at", "since_at") INCLUDE ("consumption", "room_id") WHERE "deleted_at" IS NULL;
--> statement-breakpoint
-- A reading's usage in a span, as 0037's, at the cost of the rate registers only where the span cuts the
-- reading's interval: the registers add up to the reading's hundredths (aggregate_rate_units: a valid split
-- adds up to round(consumption × 100), any other is all in the flat register), so a part that is the whole
-- interval is that figure, and a part that is none of it is 0, without reading the jsonb split.
CREATE OR REPLACE FUNCTION "usage_h_in"(consumption numeric, rates jsonb, since_at timestamptz, read_at timestamptz, a timestamptz, b timestamptz) RETURNS bigint
LANGUAGE plpgsql STABLE PARALLEL SAFE AS $$
DECLARE
  u bigint[];
  s bigint; r bigint; x bigint; y bigint; len bigint;
BEGIN
  IF since_at IS NULL OR since_at >= read_at THEN
    RETURN CASE WHEN read_at >= a AND read_at < b THEN round(consumption * 100)::bigint ELSE 0 END;
  END IF;
  s := floor(extract(epoch FROM since_at) * 1000)::bigint;
  r := floor(extract(epoch FROM read_at) * 1000)::bigint;
  IF s >= r THEN
    RETURN CASE WHEN read_at >= a AND read_at < b THEN round(consumption * 100)::bigint ELSE 0 END;
  END IF;
  len := r - s;
  x := least(greatest(floor(extract(epoch FROM a) * 1000)::bigint - s, 0), len);
  y := least(greatest(floor(extract(epoch FROM b) * 1000)::bigint - s, 0), len);
  IF x = y THEN RETURN 0; END IF;
  IF x = 0 AND y = len THEN RETURN round(consumption * 100)::bigint; END IF;
  u := aggregate_rate_units(consumption, rates);
  RETURN usage_part(u[1], x, y, len) + usage_part(u[2], x, y, len) + usage_part(u[3], x, y, len) + usage_part(u[4], x, y, len);
END
$$;
