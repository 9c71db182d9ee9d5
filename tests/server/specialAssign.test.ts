import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, loginAs, startTestBackend, type TestBackend } from '../support/testApp';

/**
 * Assigning a parameter set over a scope (issue 30, "one flow"): electricMeter/commandAll with
 * type set_parameter leaves out the meters already on the set and counts them, its dry run lists the
 * changes (current → new), the list filters by the current set, and a meter's set changes only when
 * its command succeeds. Figures are checked against the raw rows.
 */
let backend: TestBackend;
let api: ReturnType<typeof apiClient>;
let other: ReturnType<typeof apiClient>;
beforeAll(async () => {
  backend = await startTestBackend();
  api = apiClient(backend.app, await loginAs(backend.app, 'admin'));
  other = apiClient(backend.app, await loginAs(backend.app, 'admin2'));
});
afterAll(() => backend.close());

const query = async <T,>(sql: string) => ((await backend.database.db.execute(sql as never)) as unknown as { rows: T[] }).rows;

describe('assign a parameter set over a scope', () => {
  it('dry run: the changes per meter and the meters already on it counted; then only the changing meters are queued', async () => {
    const [building] = await query<{ id: number }>(`SELECT b.id FROM buildings b WHERE b.area_id = 1 AND (SELECT count(*) FROM electric_meters m JOIN rooms r ON r.id = m.room_id WHERE r.building_id = b.id) >= 3 ORDER BY b.id LIMIT 1`);
    const sets = await query<{ id: number; name: string }>(`SELECT id, name FROM parameter_sets WHERE area_id = 1 AND kind = 'night' ORDER BY id LIMIT 2`);
    expect(sets.length).toBe(2);
    const [target, previous] = sets;
    const meters = await query<{ id: number }>(`SELECT m.id FROM electric_meters m JOIN rooms r ON r.id = m.room_id WHERE r.building_id = ${building.id} ORDER BY m.id`);
    // One meter already on the target, the others on the previous set.
    await query(`UPDATE electric_meters SET night_set_id = ${previous.id} WHERE id IN (${meters.map((m) => m.id).join(',')})`);
    await query(`UPDATE electric_meters SET night_set_id = ${target.id} WHERE id = ${meters[0].id}`);
    const scope = { filter: { buildingId: building.id }, type: 'set_parameter', setKind: 'night', setId: target.id };

    const dry = await api.post('electricMeter/commandAll', { ...scope, dryRun: true });
    expect(dry.status, JSON.stringify(dry.body)).toBe(200);
    const data = dry.body.data as { count: number; unchanged: number; changes: { id: number; fromSetId: number; fromSetName: string }[] };
    expect(data.count).toBe(meters.length - 1);
    expect(data.unchanged).toBe(1);
    expect(data.changes.map((row) => row.id).sort((a, b) => a - b)).toEqual(meters.slice(1).map((m) => m.id));
    expect(data.changes.every((row) => row.fromSetId === previous.id && row.fromSetName === previous.name)).toBe(true);

    // The list filters by the current set of a kind.
    const onTarget = await api.get('electricMeter/findByCondition', { pageNum: 1, pageSize: 100, buildingId: building.id, nightSetId: target.id });
    expect((onTarget.body.data.records as { id: number }[]).map((m) => m.id)).toEqual([meters[0].id]);

    expect((await api.post('electricMeter/commandAll', { ...scope, expectedCount: data.count + 1 })).status).toBe(409);
    const queued = await api.post('electricMeter/commandAll', { ...scope, expectedCount: data.count });
    expect(queued.status, JSON.stringify(queued.body)).toBe(200);
    const rows = await query<{ device_id: number; type: string; payload: Record<string, unknown> }>(`SELECT device_id, type, payload FROM commands WHERE id IN (${(queued.body.data.ids as number[]).join(',')}) ORDER BY device_id`);
    expect(rows.map((row) => row.device_id)).toEqual(meters.slice(1).map((m) => m.id));
    expect(rows.every((row) => row.type === 'set_parameter' && row.payload.setKind === 'night' && row.payload.setId === target.id)).toBe(true);
    // Nothing is assigned before the commands have run.
    const [{ n }] = await query<{ n: string }>(`SELECT count(*) AS n FROM electric_meters WHERE night_set_id = ${target.id} AND id IN (${meters.map((m) => m.id).join(',')})`);
    expect(Number(n)).toBe(1);
  });

  it('selected meters (filter ids) and the whole area need a set of that kind in the caller\'s area; bad input names the field and queues nothing', async () => {
    const before = Number((await query<{ n: string }>(`SELECT count(*) AS n FROM commands`))[0].n);
    const [control] = await query<{ id: number }>(`SELECT id FROM parameter_sets WHERE area_id = 1 AND kind = 'control' ORDER BY id LIMIT 1`);
    const [foreign] = await query<{ id: number }>(`SELECT id FROM parameter_sets WHERE area_id <> 1 AND kind = 'night' ORDER BY id LIMIT 1`);
    const [meter] = await query<{ id: number }>(`SELECT id FROM electric_meters WHERE area_id = 1 ORDER BY id LIMIT 1`);
    const filter = { ids: String(meter.id) };
    expect((await api.post('electricMeter/commandAll', { filter, type: 'set_parameter', setKind: 'night', setId: control.id })).body.msg).toMatch(/^参数方案：/);
    if (foreign) expect((await api.post('electricMeter/commandAll', { filter, type: 'set_parameter', setKind: 'night', setId: foreign.id })).body.msg).toMatch(/^参数方案：/);
    expect((await api.post('electricMeter/commandAll', { filter, type: 'set_parameter', setKind: 'night' })).body.msg).toMatch(/^参数方案：/);
    expect((await api.post('electricMeter/commandAll', { filter, type: 'set_parameter', setId: control.id })).body.msg).toMatch(/^方案类型：/);
    expect((await api.post('electricMeter/commandAll', { filter, type: 'set_parameter', setKind: 'tariff', setId: control.id })).body.msg).toMatch(/^方案类型：/);
    // Another area's meter is out of scope: nothing to change, nothing queued.
    const foreignScope = await other.post('electricMeter/commandAll', { filter, type: 'set_parameter', setKind: 'control', setId: control.id, dryRun: true });
    expect(foreignScope.status).toBe(400);
    expect(Number((await query<{ n: string }>(`SELECT count(*) AS n FROM commands`))[0].n)).toBe(before);
  });

  it('a meter\'s set changes when its command succeeds', async () => {
    const [meter] = await query<{ id: number; control_set_id: number | null }>(`SELECT m.id, m.control_set_id FROM electric_meters m WHERE m.area_id = 1 AND m.online AND m.module_id IS NOT NULL ORDER BY m.id LIMIT 1`);
    const [set] = await query<{ id: number }>(`SELECT id FROM parameter_sets WHERE area_id = 1 AND kind = 'control' AND id IS DISTINCT FROM ${meter.control_set_id ?? 'NULL'} ORDER BY id LIMIT 1`);
    const queued = await api.post('electricMeter/commandAll', { filter: { ids: String(meter.id) }, type: 'set_parameter', setKind: 'control', setId: set.id, expectedCount: 1 });
    expect(queued.status, JSON.stringify(queued.body)).toBe(200);
    await backend.runCommands();
    const [state] = await query<{ state: string }>(`SELECT state FROM commands WHERE id = ${queued.body.data.ids[0]}`);
    const [after] = await query<{ control_set_id: number }>(`SELECT control_set_id FROM electric_meters WHERE id = ${meter.id}`);
    expect(after.control_set_id).toBe(state.state === 'succeeded' ? set.id : meter.control_set_id);
    expect(state.state).toBe('succeeded');

    // The meter's history: the set sent, by whom, how it ended (latest first); another area's operator gets 404.
    const history = await api.get('parameterAssignment/findByMeter', { meterId: meter.id });
    expect(history.status, JSON.stringify(history.body)).toBe(200);
    const [latest] = history.body.data.records as { id: number; setKind: string; setId: number; setName: string; state: string; operatorName: string }[];
    const [reference] = await query<{ id: number; name: string; operator: string }>(`SELECT c.id, ps.name, coalesce(u.real_name, u.user_name) AS operator FROM commands c
      JOIN parameter_sets ps ON ps.id = (c.payload->>'setId')::int LEFT JOIN sys_users u ON u.id = c.operator_id
      WHERE c.device_kind = 'electric' AND c.device_id = ${meter.id} AND c.type = 'set_parameter' ORDER BY c.id DESC LIMIT 1`);
    expect(latest).toMatchObject({ id: Number(reference.id), setKind: 'control', setId: set.id, setName: reference.name, state: 'succeeded', operatorName: reference.operator });
    expect((await other.get('parameterAssignment/findByMeter', { meterId: meter.id })).status).toBe(404);
    expect((await api.get('parameterAssignment/findByMeter', { meterId: 'x' })).body.msg).toMatch(/^表计：/);
  });
});
