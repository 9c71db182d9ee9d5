/**
 * Gift day (issue 29, server/domain/gifts.ts): the allowance reset with its carry-over cap on the
 * gift set's day of month, one gift record per meter and month whoever gives it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { allowanceAfterGift, giftValuesOf, giveGifts } from '../../server/domain/gifts';
import { startTestBackend, type TestBackend } from '../support/testApp';

let backend: TestBackend;
type Row = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const rows = async (query: ReturnType<typeof sql>) => ((await backend.database.db.execute(query)) as unknown as { rows: Row[] }).rows;
const one = async (query: ReturnType<typeof sql>) => (await rows(query))[0];

beforeAll(async () => {
  backend = await startTestBackend();
}, 120_000);
afterAll(() => backend.close());

describe('gift day', () => {
  it('carry-over: what is left, up to the cap, is added to the month\'s amount', () => {
    const gift = giftValuesOf({ amount: 20, dayOfMonth: 5, carryOverCap: 10 })!;
    expect(allowanceAfterGift(1500, gift)).toEqual({ allowance: 3000, carried: 1000 });
    expect(allowanceAfterGift(300, gift)).toEqual({ allowance: 2300, carried: 300 });
    expect(allowanceAfterGift(1500, { ...gift, carryOverCap: 0 })).toEqual({ allowance: 2000, carried: 0 });
    expect(giftValuesOf({ amount: 0, dayOfMonth: 1 })).toBeUndefined();
    expect(giftValuesOf({ amount: 5, dayOfMonth: 31 })).toBeUndefined();
  });

  it('on the set\'s day (not before) the allowance is reset with the carry-over; once per meter and month, even with two givers at once', async () => {
    const meter = await one(sql`SELECT m.id, m.room_id, m.area_id, a.id AS account_id FROM electric_meters m JOIN accounts a ON a.room_id = m.room_id AND a.utility = 'electric'
      WHERE m.room_id IS NOT NULL ORDER BY m.id DESC LIMIT 1`);
    const set = Number((await one(sql`INSERT INTO parameter_sets (area_id, kind, name, values) VALUES (${meter.area_id}, 'gift', 'test gift',
      ${JSON.stringify({ amount: 20, unit: 'kWh', dayOfMonth: 5, carryOverCap: 10 })}::jsonb) RETURNING id`)).id);
    await rows(sql`UPDATE electric_meters SET gift_set_id = ${set} WHERE id = ${meter.id}`);
    await rows(sql`UPDATE accounts SET free_left = 15 WHERE id = ${meter.account_id}`);
    const records = (period: string) => rows(sql`SELECT * FROM gift_records WHERE utility = 'electric' AND meter_id = ${meter.id} AND period = ${period}`);
    const freeLeft = async () => Number((await one(sql`SELECT free_left FROM accounts WHERE id = ${meter.account_id}`)).free_left);

    await giveGifts(backend.database.db, new Date('2027-02-04T23:59:00+08:00'), 'Asia/Shanghai');
    expect(await records('2027-02')).toHaveLength(0);
    expect(await freeLeft()).toBe(15);

    await Promise.all([0, 1].map(() => giveGifts(backend.database.db, new Date('2027-02-05T00:10:00+08:00'), 'Asia/Shanghai')));
    await giveGifts(backend.database.db, new Date('2027-02-20T10:00:00+08:00'), 'Asia/Shanghai');
    const given = await records('2027-02');
    expect(given).toHaveLength(1);
    expect(given[0]).toMatchObject({ room_id: meter.room_id, period: '2027-02' });
    expect([Number(given[0].amount), Number(given[0].carried_over)]).toEqual([20, 10]);
    expect(await freeLeft()).toBe(30);

    // Next month, 3 kWh left: all of it carried over. A missed day is caught up later in the month.
    await rows(sql`UPDATE accounts SET free_left = 3 WHERE id = ${meter.account_id}`);
    await giveGifts(backend.database.db, new Date('2027-03-17T08:00:00+08:00'), 'Asia/Shanghai');
    expect((await records('2027-03')).map((r) => Number(r.carried_over))).toEqual([3]);
    expect(await freeLeft()).toBe(23);
  });
});
