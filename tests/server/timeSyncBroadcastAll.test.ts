import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, loginAs, startTestBackend, type TestBackend } from '../support/testApp';

/**
 * 校准时间 "all filtered" by broadcast (issue 30): electricMeter/commandAll time_sync with
 * `broadcast: true` queues one frame per module of the meters the filters match (deviceKind
 * module), not one command per meter; its dry run counts the meters and the frames; a broadcast of
 * another type is refused naming the field, nothing queued.
 */
let backend: TestBackend;
let api: ReturnType<typeof apiClient>;
beforeAll(async () => {
  backend = await startTestBackend();
  api = apiClient(backend.app, await loginAs(backend.app, 'admin'));
}, 120_000);
afterAll(() => backend.close());

const query = async <T,>(sql: string) => ((await backend.database.db.execute(sql as never)) as unknown as { rows: T[] }).rows;
const commandCount = async () => Number((await query<{ n: string }>('SELECT count(*) AS n FROM commands'))[0].n);

describe('electricMeter/commandAll time_sync broadcast', () => {
  it('one command per module of the filtered meters; the dry run counts meters and frames; a broadcast succeeds when sent', async () => {
    const [building] = await query<{ id: number; modules: number; meters: number }>(`SELECT r.building_id AS id, count(DISTINCT e.module_id)::int AS modules, count(*)::int AS meters
      FROM electric_meters e JOIN rooms r ON r.id = e.room_id JOIN modules mo ON mo.id = e.module_id
      WHERE e.area_id = 1 AND mo.online GROUP BY r.building_id HAVING count(*) = count(e.module_id) ORDER BY count(DISTINCT e.module_id) DESC, r.building_id LIMIT 1`);
    const scope = { filter: { buildingId: building.id }, type: 'time_sync', broadcast: true };
    const dry = await api.post('electricMeter/commandAll', { ...scope, dryRun: true });
    expect(dry.status, JSON.stringify(dry.body)).toBe(200);
    expect(dry.body.data).toMatchObject({ count: Number(building.meters), frames: Number(building.modules) });
    const queued = await api.post('electricMeter/commandAll', { ...scope, expectedCount: Number(building.meters) });
    expect(queued.status, JSON.stringify(queued.body)).toBe(200);
    const rows = await query<{ device_kind: string; device_id: number; module_id: number; payload: Record<string, unknown> }>(`SELECT device_kind, device_id, module_id, payload FROM commands WHERE id IN (${(queued.body.data.ids as number[]).join(',')})`);
    const modules = await query<{ id: number }>(`SELECT DISTINCT e.module_id AS id FROM electric_meters e JOIN rooms r ON r.id = e.room_id WHERE r.building_id = ${building.id} AND e.area_id = 1`);
    expect(rows.map((row) => Number(row.device_id)).sort((a, b) => a - b)).toEqual(modules.map((m) => Number(m.id)).sort((a, b) => a - b));
    expect(rows.every((row) => row.device_kind === 'module' && Number(row.module_id) === Number(row.device_id) && row.payload.broadcast === true)).toBe(true);
    await backend.runCommands();
    const states = await query<{ state: string }>(`SELECT state FROM commands WHERE id IN (${(queued.body.data.ids as number[]).join(',')})`);
    expect(states.every((row) => row.state === 'succeeded')).toBe(true);
  });

  it('per meter without broadcast; a broadcast of another type is refused naming broadcast, nothing queued', async () => {
    const [building] = await query<{ id: number; meters: number }>(`SELECT r.building_id AS id, count(*)::int AS meters FROM electric_meters e JOIN rooms r ON r.id = e.room_id WHERE e.area_id = 1 GROUP BY r.building_id ORDER BY r.building_id LIMIT 1`);
    const perMeter = await api.post('electricMeter/commandAll', { filter: { buildingId: building.id }, type: 'time_sync', dryRun: true });
    expect(perMeter.body.data.count).toBe(Number(building.meters));
    expect(perMeter.body.data.frames).toBeUndefined();
    const before = await commandCount();
    const refused = await api.post('electricMeter/commandAll', { filter: { buildingId: building.id }, type: 'read', broadcast: true });
    expect(refused.status).toBe(400);
    expect(String(refused.body.msg)).toContain('只有校准时间指令（time_sync）可以广播');
    expect(await commandCount()).toBe(before);
  });
});
