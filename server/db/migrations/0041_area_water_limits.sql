-- Each utility's account defaults per area (issue 40, "new accounts' limits"): a new water account took the
-- accounts table's column defaults, which are electricity's (overdraft ¥0, alarms ¥20/¥5, hoarding ¥5,000),
-- while an area's water accounts use limits of their own. An area now names the control set whose limits a
-- water account it opens takes, beside default_control_set_id (electric accounts whose meter has no set).
ALTER TABLE "areas" ADD COLUMN IF NOT EXISTS "default_water_control_set_id" integer;
--> statement-breakpoint
-- An estate upgraded with water accounts: its areas' default becomes a control set holding the limits most of
-- the area's water accounts have now (named and visible in 参数管理 / 区域默认, so the operator can change it).
WITH usual AS (
  SELECT DISTINCT ON (area_id) area_id, overdraft_fen, alarm1_fen, alarm2_fen, hoard_limit_fen
  FROM accounts WHERE utility = 'water'
  GROUP BY area_id, overdraft_fen, alarm1_fen, alarm2_fen, hoard_limit_fen
  ORDER BY area_id, count(*) DESC, overdraft_fen, alarm1_fen, alarm2_fen, hoard_limit_fen
), made AS (
  INSERT INTO parameter_sets (area_id, kind, name, "values", remark)
  SELECT u.area_id, 'control', '水表控制策略',
    jsonb_build_object('overdraftFen', u.overdraft_fen, 'alarm1Fen', u.alarm1_fen, 'alarm2Fen', u.alarm2_fen, 'hoardLimitFen', u.hoard_limit_fen),
    '水费账户的默认限额（升级时按现有水费账户取得）'
  FROM usual u JOIN areas a ON a.id = u.area_id WHERE a.default_water_control_set_id IS NULL
  RETURNING id, area_id
)
UPDATE areas a SET default_water_control_set_id = m.id FROM made m WHERE a.id = m.area_id;
