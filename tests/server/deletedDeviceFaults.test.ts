import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, loginAs, startTestBackend, type TestBackend } from '../support/testApp';

/**
 * Deleting a device (water meter, electric meter, module) clears its open faults: they stay as
 * history, with the time they were cleared, instead of alarms nobody could clear any more. The
 * faults of other devices stay open.
 */
let backend: TestBackend;
let api: ReturnType<typeof apiClient>;
beforeAll(async () => {
  backend = await startTestBackend();
  api = apiClient(backend.app, await loginAs(backend.app, 'admin'));
});
afterAll(() => backend.close());

const query = async <T,>(text: string) => ((await backend.database.db.execute(text as never)) as unknown as { rows: T[] }).rows;

/** Opens a fault for a device, as the device events do; returns its id. */
async function openFault(kind: string, deviceId: number, faultKind = 'offline') {
  const [row] = await query<{ id: string }>(`INSERT INTO faults (area_id, device_kind, device_id, kind, detail) VALUES (1, '${kind}', ${deviceId}, '${faultKind}', 'test') RETURNING id`);
  return Number(row.id);
}
const faultState = async (id: number) => (await query<{ cleared: boolean }>(`SELECT cleared_at IS NOT NULL AS cleared FROM faults WHERE id = ${id}`))[0];

describe('faults of deleted devices', () => {
  it('a deleted water meter: its open faults are cleared and kept; another meter keeps its own', async () => {
    const [gone, kept] = await query<{ id: number; address: string }>(`SELECT id, address FROM water_meters WHERE area_id = 1 ORDER BY id LIMIT 2`);
    const faults = [await openFault('water', gone.id, 'low_battery'), await openFault('water', gone.id, 'valve_fault')];
    const other = await openFault('water', kept.id, 'low_battery');
    const removed = await api.delete('webWaterArchive/deleteWebWaterArchive', { id: gone.id, confirm: gone.address });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    for (const id of faults) expect(await faultState(id)).toEqual({ cleared: true });
    expect(await faultState(other)).toEqual({ cleared: false });
  });

  it('a refused delete clears nothing', async () => {
    const [meter] = await query<{ id: number }>(`SELECT w.id FROM water_meters w JOIN accounts a ON a.room_id = w.room_id AND a.utility = 'water' WHERE w.area_id = 1 ORDER BY w.id DESC LIMIT 1`);
    const fault = await openFault('water', meter.id, 'low_battery');
    const refused = await api.delete('webWaterArchive/deleteWebWaterArchive', { id: meter.id });
    expect(refused.status).toBe(409);
    expect(await faultState(fault)).toEqual({ cleared: false });
  });

  it('a deleted electric meter: its open read failure is cleared', async () => {
    const [meter] = await query<{ id: number; address: string }>(`SELECT id, address FROM electric_meters WHERE area_id = 1 ORDER BY id DESC LIMIT 1`);
    const fault = await openFault('electric', meter.id, 'read_failure');
    const removed = await api.post('electricMeter/deleteElectricMeter', { id: meter.id, confirm: meter.address });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(await faultState(fault)).toEqual({ cleared: true });
  });

  it('a deleted module: its open offline fault is cleared', async () => {
    const added = await api.post('module/addModule', { address: '912345678901', name: 'to delete', kind: 'simulator', protocol: 'dlt645' });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const id = added.body.data.id as number;
    const fault = await openFault('module', id);
    expect((await api.post('module/deleteModule', { id })).status).toBe(200);
    expect(await faultState(fault)).toEqual({ cleared: true });
  });
});
