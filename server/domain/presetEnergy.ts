import { sql } from 'drizzle-orm';
import type { Db } from '../db';

/**
 * Preset energy (预置电量, issue 30 `yuzhidianliang`): a `preset_energy` command writes an amount of
 * kWh to a meter. Each command's result is one `preset_energy_records` row (`preset_power_record`:
 * meter, room, amount, operator, result, time), written in the transaction that records the
 * outcome: `succeeded` when the meter took it, `unsupported` when the meter cannot keep a preset,
 * `failed` (no answer after every attempt, a device error, no path) or `expired` (its deadline
 * passed while it waited). A retry is a new command and gets its own row.
 */
export type PresetResult = 'succeeded' | 'failed' | 'unsupported' | 'expired';

/** The record state of a finished command's result code. */
export const presetResultOf = (state: string, resultCode: string | null): PresetResult =>
  state === 'succeeded' ? 'succeeded' : state === 'expired' ? 'expired' : resultCode === 'unsupported' ? 'unsupported' : 'failed';

/**
 * Writes the record of each finished `preset_energy` command among `commandIds` (other types and
 * commands not finished are passed over; a command already recorded is not recorded twice).
 */
export async function recordPresetResults(db: Db, commandIds: number[]): Promise<void> {
  if (!commandIds.length) return;
  const ids = sql.join(commandIds.map((id) => sql`${id}::int`), sql`, `);
  await db.execute(sql`
    INSERT INTO preset_energy_records (area_id, meter_id, room_id, energy, command_id, state, operator_id, created_at)
    SELECT c.area_id, c.device_id, m.room_id, (c.payload->>'energy')::numeric, c.id,
      CASE WHEN c.state = 'succeeded' THEN 'succeeded' WHEN c.state = 'expired' THEN 'expired'
        WHEN c.result_code = 'unsupported' THEN 'unsupported' ELSE 'failed' END,
      c.operator_id, coalesce(c.finished_at, now())
    FROM commands c LEFT JOIN electric_meters m ON m.id = c.device_id
    WHERE c.id IN (${ids}) AND c.type = 'preset_energy' AND c.device_kind = 'electric'
      AND c.state IN ('succeeded', 'failed', 'expired')
      AND NOT EXISTS (SELECT 1 FROM preset_energy_records r WHERE r.command_id = c.id)`);
}
