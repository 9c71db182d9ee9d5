import { readFileSync } from 'node:fs';
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
const areaRow = async (id: number) => (await query<{ default_price_table_id: number | null; default_control_set_id: number | null; default_water_control_set_id?: number | null }>(`SELECT default_price_table_id, default_control_set_id FROM areas WHERE id = ${id}`))[0];
const waterDefault = async (id: number) => (await query<{ w: number | null }>(`SELECT default_water_control_set_id AS w FROM areas WHERE id = ${id}`))[0].w;

/** A new room of area 1 (no meter, no account). */
let rooms = 0;
async function newRoom() {
  const [building] = await query<{ id: number; project_id: number; area_id: number }>('SELECT b.id, p.id AS project_id, p.area_id FROM buildings b JOIN projects p ON p.id = b.project_id WHERE p.area_id = 1 ORDER BY b.id LIMIT 1');
  const [room] = await query<{ id: number }>(`INSERT INTO rooms (area_id, project_id, building_id, room_code) VALUES (${building.area_id}, ${building.project_id}, ${building.id}, 'T-LIMITS-${++rooms}') RETURNING id`);
  return room.id;
}
const limitsOf = async (roomId: number, utility: string) => (await query<Record<string, number>>(`SELECT overdraft_fen::int AS "overdraftFen", alarm1_fen::int AS "alarm1Fen", alarm2_fen::int AS "alarm2Fen", hoard_limit_fen::int AS "hoardLimitFen"
  FROM accounts WHERE room_id = ${roomId} AND utility = '${utility}'`))[0];
const setValues = async (id: number) => {
  const [row] = await query<{ values: Record<string, number> }>(`SELECT "values" FROM parameter_sets WHERE id = ${id}`);
  const { overdraftFen, alarm1Fen, alarm2Fen, hoardLimitFen } = row.values;
  return { overdraftFen, alarm1Fen, alarm2Fen, hoardLimitFen };
};

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
      [{ defaultControlSetId: powerSet.id }, /^电费账户默认控制参数：/],
      [{ defaultControlSetId: foreignControl.id }, /^电费账户默认控制参数：/],
      [{ defaultControlSetId: -1 }, /^电费账户默认控制参数：/],
      [{ defaultWaterControlSetId: powerSet.id }, /^水费账户默认控制参数：/],
      [{ defaultWaterControlSetId: foreignControl.id }, /^水费账户默认控制参数：/],
      [{ defaultWaterControlSetId: 'x' }, /^水费账户默认控制参数：/],
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

  it('sets the water accounts\' default apart from electricity\'s (the seed\'s 水表控制策略)', async () => {
    const got = (await api.get('areaDefaults/findAreaDefaults')).body.data;
    expect(got).toMatchObject({ defaultWaterControlSetId: await waterDefault(1), defaultWaterControlSetName: '水表控制策略' });
    const [lax] = await query<{ id: number }>(`SELECT id FROM parameter_sets WHERE area_id = 1 AND kind = 'control' AND name LIKE '宽限%' LIMIT 1`);
    const saved = await api.put('areaDefaults/updateAreaDefaults', { defaultWaterControlSetId: lax.id });
    expect(saved.body.data).toMatchObject({ defaultWaterControlSetId: lax.id });
    expect(await waterDefault(1)).toBe(lax.id);
    expect((await api.put('areaDefaults/updateAreaDefaults', { defaultWaterControlSetId: got.defaultWaterControlSetId })).status).toBe(200);
  });

  it('a new water account takes the area\'s water limits on every path that opens one (issue 40)', async () => {
    const water = await setValues(Number(await waterDefault(1)));
    expect(water).toEqual({ overdraftFen: 500, alarm1Fen: 1000, alarm2Fen: 300, hoardLimitFen: 200000 });
    // The water archive's account opening (one meter from the payment screen, or many).
    const batchRoom = await newRoom();
    const added = await api.post('webWaterArchive/addWebWaterArchive', { address: '20261128400001', roomId: batchRoom, priceFen: 350 });
    expect(added.body.code, added.body.msg).toBe(200);
    const opened = await api.post('webWaterArchive/updateOpenAnAccountInBatches', { ids: [added.body.data.id] });
    expect(opened.body.data).toMatchObject({ opened: 1 });
    expect(await limitsOf(batchRoom, 'water')).toEqual(water);
    // A recharge that opens the account.
    const rechargeRoom = await newRoom();
    const meter = await api.post('webWaterArchive/addWebWaterArchive', { address: '20261128400002', roomId: rechargeRoom, priceFen: 350 });
    expect((await api.post('webWaterArchive/updateOpenAnAccountInBatches', { ids: [meter.body.data.id] })).body.code).toBe(200);
    await query(`DELETE FROM accounts WHERE room_id = ${rechargeRoom} AND utility = 'water'`);
    const paid = await api.post('account/recharge', { roomId: rechargeRoom, utility: 'water', amountFen: 1000, channel: 'cash', requestId: 'limits-water-1' });
    expect(paid.body.code, paid.body.msg).toBe(200);
    expect(await limitsOf(rechargeRoom, 'water')).toEqual(water);
  });

  it('migration 0041 gives an upgraded area the water limits most of its water accounts have, as a named control set', async () => {
    const sqlText = readFileSync(new URL('../../server/db/migrations/0041_area_water_limits.sql', import.meta.url), 'utf8').split('--> statement-breakpoint')[1];
    const [usual] = await query<Record<string, number>>(`SELECT overdraft_fen::int AS "overdraftFen", alarm1_fen::int AS "alarm1Fen", alarm2_fen::int AS "alarm2Fen", hoard_limit_fen::int AS "hoardLimitFen"
      FROM accounts WHERE utility = 'water' AND area_id = 2 GROUP BY 1, 2, 3, 4 ORDER BY count(*) DESC LIMIT 1`);
    const before = await waterDefault(2);
    await query('UPDATE areas SET default_water_control_set_id = NULL WHERE id = 2');
    await query(sqlText);
    const made = Number(await waterDefault(2));
    expect(made).not.toBe(before);
    expect(await setValues(made)).toEqual(usual);
    // An area that has its default keeps it.
    expect(await waterDefault(1)).not.toBeNull();
    const kept = await waterDefault(1);
    await query(sqlText);
    expect(await waterDefault(1)).toBe(kept);
    expect(await waterDefault(2)).toBe(made);
  });

  it('a new electric account takes its meter\'s control set, else the area\'s electric default — never the water one', async () => {
    const [standard] = await query<{ id: number }>(`SELECT id FROM parameter_sets WHERE area_id = 1 AND kind = 'control' AND name = '标准控制策略'`);
    expect((await api.put('areaDefaults/updateAreaDefaults', { defaultControlSetId: standard.id })).status).toBe(200);
    const [module] = await query<{ id: number }>(`SELECT id FROM modules WHERE area_id = 1 AND protocol = 'dlt645' ORDER BY id LIMIT 1`);
    const [{ c: channel }] = await query<{ c: number }>(`SELECT coalesce(max(channel), 0) + 1 AS c FROM electric_meters WHERE module_id = ${module.id}`);
    const room = await newRoom();
    const added = await api.post('electricMeter/addElectricMeter', { address: '202611284001', moduleId: module.id, channel: Number(channel), roomId: room });
    expect(added.body.code, added.body.msg).toBe(200);
    expect(await limitsOf(room, 'electric')).toEqual(await setValues(standard.id));
    expect((await api.put('areaDefaults/updateAreaDefaults', { defaultControlSetId: null })).status).toBe(200);
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
