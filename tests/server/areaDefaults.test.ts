import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, loginAs, startTestBackend, type TestBackend } from '../support/testApp';

/**
 * Issue 29, the area's defaults: GET areaDefaults/findAreaDefaults and PUT areaDefaults/updateAreaDefaults
 * (default price table and control set of the caller's area): set, cleared, audited; bad input 400
 * naming the field with nothing changed; another area refused (404) with nothing changed; a meter
 * added to a room without a table takes the default.
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

const query = async <T>(text: string) => ((await backend.database.db.execute(text as never)) as unknown as { rows: T[] }).rows;
const areaRow = async (id: number) => (await query<{ default_price_table_id: number | null; default_control_set_id: number | null }>(`SELECT default_price_table_id, default_control_set_id FROM areas WHERE id = ${id}`))[0];

describe('area defaults', () => {
  it('answers the caller\'s area with its defaults and the choices; sets, clears and audits them', async () => {
    const got = await api.get('areaDefaults/findAreaDefaults');
    expect(got.status).toBe(200);
    expect(got.body.data).toMatchObject({ areaId: 1, areaName: expect.any(String) });
    expect(got.body.data.priceTables.length).toBeGreaterThan(0);
    expect(got.body.data.controlSets.length).toBeGreaterThan(0);
    const table = got.body.data.priceTables[0] as { id: number; name: string };
    const set = got.body.data.controlSets[0] as { id: number; name: string };

    const saved = await api.put('areaDefaults/updateAreaDefaults', { defaultPriceTableId: table.id, defaultControlSetId: set.id });
    expect(saved.status, saved.body.msg).toBe(200);
    expect(saved.body.data).toMatchObject({ areaId: 1, defaultPriceTableId: table.id, defaultPriceTableName: table.name, defaultControlSetId: set.id, defaultControlSetName: set.name });
    expect(await areaRow(1)).toEqual({ default_price_table_id: table.id, default_control_set_id: set.id });
    const [log] = await query<{ action: string; after: { defaultPriceTableId: number } }>(`SELECT action, after FROM operation_log WHERE entity = 'areaDefaults' AND entity_id = '1' ORDER BY id DESC LIMIT 1`);
    expect(log).toMatchObject({ action: 'update', after: { defaultPriceTableId: table.id } });

    // Only what is sent changes; null clears.
    const cleared = await api.put('areaDefaults/updateAreaDefaults', { defaultControlSetId: null });
    expect(cleared.status).toBe(200);
    expect(await areaRow(1)).toEqual({ default_price_table_id: table.id, default_control_set_id: null });
  });

  it('bad input: 400 naming the field, nothing changed', async () => {
    const before = await areaRow(1);
    const [foreignTable] = await query<{ id: number }>('SELECT id FROM price_tables WHERE area_id = 2 LIMIT 1');
    const [powerSet] = await query<{ id: number }>(`SELECT id FROM parameter_sets WHERE area_id = 1 AND kind = 'power' LIMIT 1`);
    const [foreignControl] = await query<{ id: number }>(`SELECT id FROM parameter_sets WHERE area_id = 2 AND kind = 'control' LIMIT 1`);
    const cases: [Record<string, unknown>, RegExp][] = [
      [{}, /^默认单价表：/],
      [{ defaultPriceTableId: 'x' }, /^默认单价表：/],
      [{ defaultPriceTableId: 0 }, /^默认单价表：/],
      [{ defaultPriceTableId: foreignTable.id }, /^默认单价表：/],
      [{ defaultPriceTableId: 99_999_999 }, /^默认单价表：/],
      [{ defaultControlSetId: powerSet.id }, /^默认控制参数：/],
      [{ defaultControlSetId: foreignControl.id }, /^默认控制参数：/],
      [{ defaultControlSetId: -1 }, /^默认控制参数：/],
    ];
    for (const [body, field] of cases) {
      const answer = await api.put('areaDefaults/updateAreaDefaults', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.msg).toMatch(field);
    }
    expect(await areaRow(1)).toEqual(before);
  });

  it('another area is refused (404) and nothing changes', async () => {
    const before = await areaRow(1);
    const [theirs] = await query<{ id: number }>('SELECT id FROM price_tables WHERE area_id = 2 LIMIT 1');
    expect((await other.get('areaDefaults/findAreaDefaults', { areaId: 1 })).status).toBe(404);
    expect((await other.put('areaDefaults/updateAreaDefaults', { areaId: 1, defaultPriceTableId: theirs.id })).status).toBe(404);
    expect((await other.put('areaDefaults/updateAreaDefaults', { areaId: 1, defaultPriceTableId: null })).status).toBe(404);
    expect(await areaRow(1)).toEqual(before);
    // Their own area is theirs to set.
    expect((await other.get('areaDefaults/findAreaDefaults')).body.data.areaId).toBe(2);
  });

  it('a meter added to a room without a table takes the default', async () => {
    const [table] = await query<{ id: number }>('SELECT id FROM price_tables WHERE area_id = 1 ORDER BY id DESC LIMIT 1');
    expect((await api.put('areaDefaults/updateAreaDefaults', { defaultPriceTableId: table.id })).status).toBe(200);
    const [module] = await query<{ id: number }>(`SELECT id FROM modules WHERE area_id = 1 AND protocol = 'dlt645' ORDER BY id LIMIT 1`);
    const [{ c: channel }] = await query<{ c: number }>(`SELECT coalesce(max(channel), 0) + 1 AS c FROM electric_meters WHERE module_id = ${module.id}`);
    const [building] = await query<{ id: number; project_id: number; area_id: number }>('SELECT b.id, p.id AS project_id, p.area_id FROM buildings b JOIN projects p ON p.id = b.project_id WHERE p.area_id = 1 ORDER BY b.id LIMIT 1');
    const [room] = await query<{ id: number }>(`INSERT INTO rooms (area_id, project_id, building_id, room_code) VALUES (${building.area_id}, ${building.project_id}, ${building.id}, 'T-DEFAULT-1') RETURNING id`);
    const added = await api.post('electricMeter/addElectricMeter', { address: '202612300001', moduleId: module.id, channel: Number(channel), roomId: room.id });
    expect(added.body.code, added.body.msg).toBe(200);
    expect(added.body.data.priceTableId).toBe(table.id);
  });
});
