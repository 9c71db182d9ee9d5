-- The dashboards at scale (issue 32): the counts and lists that the daily aggregates do not cover
-- read small partial indexes led by area instead of every row of the area (100,000 meters, 200,000
-- accounts in one area of the scale data set).
-- Accounts in arrears: the KPI count, the arrears list (by balance) and the alarm panel.
CREATE INDEX IF NOT EXISTS "accounts_arrears" ON "accounts" ("utility", "area_id", "balance_fen", "room_id") WHERE "balance_fen" < 0;
--> statement-breakpoint
-- Accounts at or under their first alarm line (the alarm panel's low balance).
CREATE INDEX IF NOT EXISTS "accounts_low_balance" ON "accounts" ("utility", "area_id") WHERE "balance_fen" >= 0 AND "balance_fen" <= "alarm1_fen";
--> statement-breakpoint
-- Meters offline, relays off, valves closed: the KPI cards.
CREATE INDEX IF NOT EXISTS "electric_meters_offline" ON "electric_meters" ("area_id") WHERE NOT "online";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "water_meters_offline" ON "water_meters" ("area_id") WHERE NOT "online";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "electric_meters_relay_off" ON "electric_meters" ("area_id") WHERE "relay_state" = 'off';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "water_meters_valve_closed" ON "water_meters" ("area_id") WHERE "valve_state" = 'closed';
--> statement-breakpoint
-- Meters in a room without a tariff (the alarm panel's count).
CREATE INDEX IF NOT EXISTS "electric_meters_no_tariff" ON "electric_meters" ("area_id") WHERE "price_table_id" IS NULL AND "room_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "water_meters_no_tariff" ON "water_meters" ("area_id") WHERE "price_fen" = 0 AND "room_id" IS NOT NULL;
--> statement-breakpoint
-- The accounts that have ever been below zero (the graphic report's arrears at each day's end reads only those).
CREATE INDEX IF NOT EXISTS "ledger_entries_negative" ON "ledger_entries" ("account_id") WHERE "balance_after_fen" < 0;
