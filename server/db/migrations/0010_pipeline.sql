-- Command pipeline (issue 11): a lane takes its module's next due command, oldest first. This
-- index gives it at once (the first queued entry of the module), instead of sorting all of the
-- module's queued commands for every command sent.
CREATE INDEX IF NOT EXISTS "commands_queued_module" ON "commands" ("module_id", "id") WHERE "state" = 'queued';
--> statement-breakpoint
-- The claim of the pipeline (server/domain/commands.ts `claimFirstOf`): the first due command of
-- each given module that has no `sent` command is set `sent` and returned with the driver's whole
-- target (device with its recorded relay / keep-supply / valve / battery state, module and its
-- settings) and whether the device is in the read-failure list.
-- A PL/pgSQL function because its plan is kept for the session: planning the statement took
-- several times longer than running it, once per command sent.
CREATE OR REPLACE FUNCTION claim_module_commands(module_ids integer[], claimed_at timestamptz)
RETURNS TABLE (
  id bigint, area_id integer, device_kind text, device_id integer, module_id integer, type text, payload jsonb, attempts integer,
  device_found boolean, device_address text, device_online boolean, device_area_id integer, room_id integer, meter_type text,
  last_total numeric, last_read_at timestamptz, relay_state text, keep_supply boolean, valve_state text, battery_low boolean,
  m_id integer, m_address text, m_kind text, m_protocol text, m_host text, m_port integer, m_online boolean, m_settings jsonb,
  read_failure_open boolean
) LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  WITH picked AS (
    SELECT p.id FROM unnest(module_ids) AS mm(id)
    CROSS JOIN LATERAL (
      SELECT c.id FROM commands c WHERE c.module_id = mm.id AND c.state = 'queued' AND c.next_attempt_at <= claimed_at
      ORDER BY c.id LIMIT 1) p
    WHERE NOT EXISTS (SELECT 1 FROM commands s WHERE s.module_id = mm.id AND s.state = 'sent')
  ), claimed AS (
    UPDATE commands c SET state = 'sent', sent_at = claimed_at, attempts = c.attempts + 1
    FROM picked WHERE c.id = picked.id AND c.state = 'queued'
    RETURNING c.id, c.area_id, c.device_kind, c.device_id, c.module_id, c.type, c.payload, c.attempts
  )
  SELECT cl.id, cl.area_id, cl.device_kind, cl.device_id, cl.module_id, cl.type, cl.payload, cl.attempts,
    (e.id IS NOT NULL OR w.id IS NOT NULL OR dm.id IS NOT NULL),
    coalesce(e.address, w.address, dm.address),
    coalesce(e.online, w.online, dm.online),
    coalesce(e.area_id, w.area_id, dm.area_id),
    coalesce(e.room_id, w.room_id),
    w.meter_type, coalesce(e.last_total, w.last_reading)::numeric, coalesce(e.last_read_at, w.last_read_at),
    e.relay_state, e.keep_supply, w.valve_state, w.battery_low,
    m.id, m.address, m.kind, m.protocol, m.host, m.port, m.online, m.settings,
    EXISTS (SELECT 1 FROM faults f WHERE f.area_id = coalesce(e.area_id, w.area_id, dm.area_id) AND f.kind = 'read_failure'
      AND f.cleared_at IS NULL AND f.device_kind = cl.device_kind AND f.device_id = cl.device_id)
  FROM claimed cl
  LEFT JOIN electric_meters e ON cl.device_kind = 'electric' AND e.id = cl.device_id
  LEFT JOIN water_meters w ON cl.device_kind = 'water' AND w.id = cl.device_id
  LEFT JOIN modules dm ON cl.device_kind = 'module' AND dm.id = cl.device_id
  LEFT JOIN modules m ON m.id = cl.module_id
  ORDER BY cl.id;
END $$;
