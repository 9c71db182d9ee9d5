/**
 * A recharge order's energy (kWh or m³): the amount at the meter's price when the order is taken
 * (common/rechargeEnergy.ts). A single-rate table and a water meter have one price; a time-of-use
 * table is reckoned at its flat (平) rate and a tiered one at its first tier, both estimates that
 * the order lists mark (`energyBasis`). Orders stored without energy (counter recharges before this
 * rule) are answered by the same rule on read.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rechargeEnergy, energyBasisOf, energyPriceFen } from '../../common/rechargeEnergy';
import { apiClient, loginAs, startTestBackend, type TestBackend } from '../support/testApp';

let backend: TestBackend;
let api: ReturnType<typeof apiClient>;

type Row = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const rows = async (query: ReturnType<typeof sql>) => ((await backend.database.db.execute(query)) as unknown as { rows: Row[] }).rows;
const one = async (query: ReturnType<typeof sql>) => (await rows(query))[0];

const AREA1 = sql.raw(`(SELECT id FROM areas WHERE id = (SELECT area_id FROM sys_users WHERE user_name = 'admin') OR parent_id = (SELECT area_id FROM sys_users WHERE user_name = 'admin'))`);
let seq = 0;
const requestId = () => `energy-${Date.now().toString(36)}-${++seq}`;

/** An area-1 room whose electric meter has a table of this kind, with room under its hoarding limit. */
const electricRoomOf = (kind: string) => one(sql`SELECT a.room_id, p.flat_fen, p.tiers FROM accounts a
  JOIN electric_meters m ON m.room_id = a.room_id JOIN price_tables p ON p.id = m.price_table_id
  WHERE a.area_id IN ${AREA1} AND a.utility = 'electric' AND p.kind = ${kind} AND a.balance_fen BETWEEN 0 AND a.hoard_limit_fen - 100000
  ORDER BY a.id LIMIT 1`);

const listed = async (orderId: string, utility: string) => {
  const { status, body } = await api.get('webStatsanalysisOrder/findRechargeOrderByParams', { pageNum: 1, pageSize: 10, utility, orderId });
  expect(status).toBe(200);
  expect(body.data.records).toHaveLength(1);
  return body.data.records[0] as Row;
};

beforeAll(async () => {
  backend = await startTestBackend();
  api = apiClient(backend.app, await loginAs(backend.app, 'admin'));
});
afterAll(() => backend.close());

describe('the rule', () => {
  it('reckons at one price, two decimals; no price, no energy', () => {
    expect(rechargeEnergy(10_000, 65)).toBe(153.85);
    expect(rechargeEnergy(5_000, 350)).toBe(14.29);
    expect(rechargeEnergy(5_000, 0)).toBeNull();
    expect(rechargeEnergy(5_000, null)).toBeNull();
    expect(energyPriceFen({ kind: 'tou', flatFen: 65, tiers: null })).toBe(65);
    expect(energyPriceFen({ kind: 'tiered', flatFen: 99, tiers: [{ upTo: 200, priceFen: 50 }, { upTo: null, priceFen: 80 }] })).toBe(50);
    expect([energyBasisOf('single'), energyBasisOf('tou'), energyBasisOf('tiered'), energyBasisOf('water')]).toEqual(['price', 'flat', 'firstTier', 'price']);
  });
});

describe('a counter recharge stores its energy', () => {
  it('time-of-use: at the flat rate, marked as an estimate at the flat rate', async () => {
    const room = await electricRoomOf('tou');
    const { status, body } = await api.post('account/recharge', { roomId: room.room_id, utility: 'electric', amountFen: 10_000, channel: 'cash', requestId: requestId() });
    expect(status, JSON.stringify(body)).toBe(200);
    const expected = Math.round((10_000 / room.flat_fen) * 100) / 100;
    expect(body.data.order.energy).toBe(expected);
    expect(body.data.order.energyBasis).toBe('flat');
    const stored = await one(sql`SELECT o.energy AS order_energy, l.energy AS ledger_energy FROM recharge_orders o
      JOIN ledger_entries l ON l.ref_type = 'recharge_order' AND l.ref_id = o.order_id AND l.kind = 'recharge' WHERE o.order_id = ${body.data.order.orderId}`);
    expect([Number(stored.order_energy), Number(stored.ledger_energy)]).toEqual([expected, expected]);
    expect(await listed(body.data.order.orderId, 'electric')).toMatchObject({ energy: expected, energyBasis: 'flat' });
  });

  it('tiered: at the first tier\'s price; single rate: at its price; water: at the meter\'s price per m³', async () => {
    const tiered = await electricRoomOf('tiered');
    const t = await api.post('account/recharge', { roomId: tiered.room_id, utility: 'electric', amountFen: 5_000, channel: 'cash', requestId: requestId() });
    expect(t.status).toBe(200);
    expect(t.body.data.order).toMatchObject({ energy: Math.round((5_000 / tiered.tiers[0].priceFen) * 100) / 100, energyBasis: 'firstTier' });

    const single = await electricRoomOf('single');
    const s = await api.post('account/recharge', { roomId: single.room_id, utility: 'electric', amountFen: 5_000, channel: 'cash', requestId: requestId() });
    expect(s.body.data.order).toMatchObject({ energy: Math.round((5_000 / single.flat_fen) * 100) / 100, energyBasis: 'price' });

    const water = await one(sql`SELECT a.room_id, m.price_fen FROM accounts a JOIN water_meters m ON m.room_id = a.room_id AND m.account_opened
      WHERE a.area_id IN ${AREA1} AND a.utility = 'water' AND m.price_fen > 0 AND a.balance_fen BETWEEN 0 AND a.hoard_limit_fen - 100000 ORDER BY a.id LIMIT 1`);
    const w = await api.post('account/recharge', { roomId: water.room_id, utility: 'water', amountFen: 5_000, channel: 'cash', requestId: requestId() });
    expect(w.status).toBe(200);
    expect(w.body.data.order).toMatchObject({ energy: Math.round((5_000 / water.price_fen) * 100) / 100, energyBasis: 'price' });
    expect(await listed(w.body.data.order.orderId, 'water')).toMatchObject({ energyBasis: 'price' });
  });
});

describe('an order stored without energy', () => {
  it('is answered by the same rule on read, in the list and in the export', async () => {
    const room = await electricRoomOf('tou');
    const [order] = await rows(sql`SELECT order_id, amount_fen FROM recharge_orders WHERE room_id = ${room.room_id} AND utility = 'electric' ORDER BY id LIMIT 1`);
    await rows(sql`UPDATE recharge_orders SET energy = NULL WHERE order_id = ${order.order_id}`);
    const expected = Math.round((Number(order.amount_fen) / room.flat_fen) * 100) / 100;
    expect(await listed(order.order_id, 'electric')).toMatchObject({ energy: expected, energyBasis: 'flat' });
    const response = await backend.app.request(`/api/v1/electricity/webStatsanalysisOrder/exportRechargeOrderByParams?utility=electric&orderId=${order.order_id}`, {
      headers: { 'X-Token': await loginAs(backend.app, 'admin'), 'Accept-Language': 'en' },
    });
    const [, line] = (await response.text()).replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(line.split(',')[6]).toBe(expected.toFixed(2));
  });
});
