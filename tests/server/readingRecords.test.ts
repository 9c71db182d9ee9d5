import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { apiClient, loginAs, startTestBackend, type TestBackend } from '../support/testApp';
import { namesField } from '../support/fieldLabels';
import { readingStep, type ReadingMoney, type ReadingStep } from '../../server/domain/readingRecords';

/**
 * Reading records (issues 31 and 33): the electric and water reading lists, room usage per day and
 * month, the recharge summary, and the deleted readings (soft delete with a reason, the charge
 * refunded once or kept, restore charging back what was refunded, purge), against the raw rows.
 */
let backend: TestBackend;
let api: ReturnType<typeof apiClient>;
let other: ReturnType<typeof apiClient>;
let scope: string;

const sqlRows = async <T,>(text: string) => ((await backend.database.db.execute(text as never)) as unknown as { rows: T[] }).rows;
const one = async (text: string) => (await sqlRows<Record<string, string | number | null>>(text))[0];
beforeAll(async () => {
  backend = await startTestBackend();
  api = apiClient(backend.app, await loginAs(backend.app, 'admin'));
  other = apiClient(backend.app, await loginAs(backend.app, 'admin2'));
  const ids = (await sqlRows<{ id: number }>(`WITH RECURSIVE s AS (SELECT a.id FROM areas a JOIN sys_users u ON u.area_id = a.id WHERE u.user_name = 'admin'
    UNION SELECT c.id FROM areas c JOIN s ON c.parent_id = s.id) SELECT id FROM s`)).map((row) => Number(row.id));
  scope = `area_id IN (${ids.join(',')})`;
});
afterAll(() => backend.close());

type Page<R> = { records: R[]; total: number; totals: Record<string, number> };
const list = async <R,>(path: string, query: Record<string, unknown> = {}, client = api) => {
  const { status, body } = await client.get(path, { pageSize: 100, ...query });
  expect(status, body?.msg).toBe(200);
  return body.data as Page<R>;
};

// A week of the seed (TEST_NOW is 2026-11-21 10:00 +08:00).
const WEEK = { readFrom: '2026-11-14T00:00:00+08:00', readTo: '2026-11-21T00:00:00+08:00' };
const WEEK_SQL = `read_at >= '2026-11-14T00:00:00+08:00' AND read_at < '2026-11-21T00:00:00+08:00'`;
// The usage rule (server/domain/usageRule.ts) in SQL: a reading's usage (hundredths) and charge (fen) in a
// span, the readings that meet it (a part in it, or taken in it), and the ones taken in it (the count).
const span = (a: string, b: string) => ({
  used: `usage_h_in(consumption, usage_rates, since_at, read_at, '${a}'::timestamptz, '${b}'::timestamptz)`,
  cost: `usage_in(cost_fen, since_at, read_at, '${a}'::timestamptz, '${b}'::timestamptz)`,
  meets: `read_at >= '${a}'::timestamptz AND least(since_at, read_at) < '${b}'::timestamptz`,
  taken: `read_at >= '${a}'::timestamptz AND read_at < '${b}'::timestamptz`,
});
const WEEK_SPAN = span(WEEK.readFrom, WEEK.readTo);

interface Reading { id: number; utility: string; readAt: string; roomId: number; consumption: number; costFen: number; meterAddress: string; deletedAt: string | null; refundedFen: number | null; deleteReason: string | null; deletedByName: string | null }

describe('meterReadingRecord/findByCondition (MeterReadingRecordDetails, chaobiao_water)', () => {
  it('lists one utility\'s standing readings newest first, with totals from the raw rows', async () => {
    for (const utility of ['electric', 'water']) {
      const page = await list<Reading>('meterReadingRecord/findByCondition', { utility, ...WEEK });
      const ref = await one(`SELECT count(*) FILTER (WHERE ${WEEK_SPAN.taken}) AS n, coalesce(sum(${WEEK_SPAN.used}), 0) / 100.0 AS used,
        coalesce(sum(${WEEK_SPAN.cost}), 0) AS cost FROM readings
        WHERE utility = '${utility}' AND deleted_at IS NULL AND ${WEEK_SPAN.meets} AND ${scope}`);
      expect(page.totals.count).toBe(Number(ref.n));
      expect(page.totals.costFen).toBe(Number(ref.cost));
      expect(page.totals.consumption).toBeCloseTo(Number(ref.used), 1);
      expect(page.records.length).toBe(100);
      expect(page.records.every((row) => row.utility === utility && row.meterAddress)).toBe(true);
      const times = page.records.map((row) => new Date(row.readAt).getTime());
      expect(times).toEqual([...times].sort((a, b) => b - a));
    }
  });

  it('filters by building and room code, and pages without overlap', async () => {
    const [room] = await sqlRows<{ id: number; room_code: string; building_id: number }>(`SELECT r.id, r.room_code, r.building_id FROM rooms r
      WHERE r.${scope} AND EXISTS (SELECT 1 FROM readings x WHERE x.room_id = r.id AND x.utility = 'electric') ORDER BY r.id LIMIT 1`);
    const byRoom = await list<Reading>('meterReadingRecord/findByCondition', { utility: 'electric', roomId: room.id });
    expect(byRoom.records.every((row) => row.roomId === Number(room.id))).toBe(true);
    expect(byRoom.totals.count).toBe(Number((await one(`SELECT count(*) AS n FROM readings WHERE utility = 'electric' AND deleted_at IS NULL AND room_id = ${room.id}`)).n));
    const byBuilding = await list<Reading>('meterReadingRecord/findByCondition', { utility: 'electric', buildingId: room.building_id, ...WEEK });
    expect(byBuilding.totals.count).toBe(Number((await one(`SELECT count(*) AS n FROM readings WHERE utility = 'electric' AND deleted_at IS NULL AND ${WEEK_SQL}
      AND room_id IN (SELECT id FROM rooms WHERE building_id = ${room.building_id})`)).n));
    const first = await list<Reading>('meterReadingRecord/findByCondition', { utility: 'water', pageSize: 20, pageNum: 1 });
    const second = await list<Reading>('meterReadingRecord/findByCondition', { utility: 'water', pageSize: 20, pageNum: 2 });
    const ids = new Set(first.records.map((row) => row.id));
    expect(second.records.some((row) => ids.has(row.id))).toBe(false);
  });

  it('streams the filtered set as CSV with a BOM, one line per reading, headers in the caller\'s language', async () => {
    const token = await loginAs(backend.app, 'admin');
    const [room] = await sqlRows<{ id: number }>(`SELECT room_id AS id FROM readings WHERE utility = 'water' AND ${scope} AND room_id IS NOT NULL LIMIT 1`);
    const response = await backend.app.request(`/api/v1/electricity/meterReadingRecord/exportByCondition?utility=water&roomId=${room.id}`, { headers: { 'X-Token': token, 'Accept-Language': 'en' } });
    expect(response.status).toBe(200);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes).replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(lines[0].startsWith('Read at,Project,Building,Room no.,Meter address,Total (m³),Used (m³),Charged (yuan)'), lines[0]).toBe(true);
    expect(lines.length - 1).toBe(Number((await one(`SELECT count(*) AS n FROM readings WHERE utility = 'water' AND deleted_at IS NULL AND room_id = ${room.id}`)).n));
  });
});

describe('deleting a reading (soft, with a reason, its charge refunded once or kept)', () => {
  /** A charged electric reading of the admin's area whose room has an electric account. */
  const chargedReading = async (offset: number) => (await sqlRows<{ id: number; cost_fen: number; account_id: number; room_id: number }>(`
    SELECT r.id, r.cost_fen, a.id AS account_id, r.room_id FROM readings r JOIN accounts a ON a.room_id = r.room_id AND a.utility = r.utility
    WHERE r.utility = 'electric' AND r.deleted_at IS NULL AND r.cost_fen > 0 AND r.${scope} ORDER BY r.id LIMIT 1 OFFSET ${offset}`))[0];
  const balance = async (accountId: number) => Number((await one(`SELECT balance_fen AS b FROM accounts WHERE id = ${accountId}`)).b);
  const ledgerSum = async (accountId: number) => Number((await one(`SELECT coalesce(sum(amount_fen), 0) AS s FROM ledger_entries WHERE account_id = ${accountId}`)).s);
  // amount_fen as a number (PostgreSQL answers int8 as text).
  const entries = async (id: number) => (await sqlRows<{ kind: string; amount_fen: number | string; ref_type: string }>(`SELECT kind, amount_fen, ref_type FROM ledger_entries WHERE ref_id = '${id}' AND ref_type IN ('reading_delete', 'reading_restore') ORDER BY id`))
    .map((row) => ({ ...row, amount_fen: Number(row.amount_fen) }));
  const logRows = async (id: number) => sqlRows<{ action: string }>(`SELECT action FROM operation_log WHERE entity = 'reading' AND entity_id = '${id}' ORDER BY id`);

  it('refunds the charge with one ledger entry; a second delete is refused and changes nothing; restore charges it back; the ledger stays the balance', async () => {
    const reading = await chargedReading(0);
    const before = await balance(reading.account_id);
    const usageBefore = (await list<Reading>('meterReadingRecord/findByCondition', { utility: 'electric', roomId: reading.room_id })).totals;

    const deleted = await api.delete('meterReadingRecord/deleteReading', { id: reading.id, reason: 'meter swapped, wrong total', refund: true });
    expect(deleted.status, deleted.body?.msg).toBe(200);
    // Its refund, and the readings after it counted again from the one before it (readingRecount.test.ts): the net of both.
    expect(deleted.body.data).toMatchObject({ id: Number(reading.id), refundedFen: Number(reading.cost_fen), postedFen: expect.any(Number) });
    const posted = Number(deleted.body.data.postedFen);
    expect(posted).toBe(Number(reading.cost_fen) - deleted.body.data.recount.changes.reduce((sum: number, c: { costFen: [number, number] }) => sum + c.costFen[1] - c.costFen[0], 0));
    expect(await balance(reading.account_id)).toBe(before + posted);
    expect(await ledgerSum(reading.account_id)).toBe(await balance(reading.account_id));
    expect(await entries(reading.id)).toEqual([{ kind: 'refund', amount_fen: Number(reading.cost_fen), ref_type: 'reading_delete' }]);

    // Gone from the list and its totals; in the deleted list with who, when, why and the refund.
    const usageAfter = (await list<Reading>('meterReadingRecord/findByCondition', { utility: 'electric', roomId: reading.room_id })).totals;
    expect(usageAfter.count).toBe(usageBefore.count - 1);
    expect(usageAfter.costFen).toBe(usageBefore.costFen - posted);
    const gone = await list<Reading>('meterReadingRecord/findDeletedByCondition', { roomId: reading.room_id });
    const row = gone.records.find((r) => r.id === Number(reading.id))!;
    expect(row).toMatchObject({ deleteReason: 'meter swapped, wrong total', refundedFen: Number(reading.cost_fen), deletedByName: expect.any(String) });
    expect(row.deletedAt).toBeTruthy();

    // A second delete: 409 with a message, nothing moves.
    const again = await api.delete('meterReadingRecord/deleteReading', { id: reading.id, reason: 'again', refund: true });
    expect(again.status).toBe(409);
    expect(again.body.msg).toMatch(/已被删除|already deleted/);
    expect(await balance(reading.account_id)).toBe(before + posted);
    expect(await entries(reading.id)).toHaveLength(1);

    // Restore: the refund is charged back once; a second restore is refused.
    const restored = await api.put('meterReadingRecord/restoreReading', { id: reading.id, reason: 'it was right after all' });
    expect(restored.status, restored.body?.msg).toBe(200);
    expect(await balance(reading.account_id)).toBe(before);
    expect(await ledgerSum(reading.account_id)).toBe(before);
    expect((await entries(reading.id)).map((e) => [e.kind, e.amount_fen])).toEqual([['refund', Number(reading.cost_fen)], ['deduction', -Number(reading.cost_fen)]]);
    const twice = await api.put('meterReadingRecord/restoreReading', { id: reading.id });
    expect(twice.status).toBe(409);
    expect(await balance(reading.account_id)).toBe(before);
    expect((await logRows(reading.id)).map((r) => r.action)).toEqual(['delete', 'restore']);
  });

  it('keeps the charge when the operator says so; purges a deleted reading with the log keeping it', async () => {
    const reading = await chargedReading(1);
    const before = await balance(reading.account_id);
    const deleted = await api.delete('meterReadingRecord/deleteReading', { id: reading.id, reason: 'duplicate reading', refund: false });
    expect(deleted.status, deleted.body?.msg).toBe(200);
    expect(deleted.body.data).toMatchObject({ refundedFen: 0, postedFen: 0 });
    expect(await balance(reading.account_id)).toBe(before);
    expect(await entries(reading.id)).toEqual([]);
    // Purge only a deleted reading: a standing one is refused.
    const standing = await chargedReading(2);
    const refusedPurge = await api.delete('meterReadingRecord/purgeReading', { id: standing.id });
    expect(refusedPurge.status).toBe(409);
    expect(Number((await one(`SELECT count(*) AS n FROM readings WHERE id = ${standing.id}`)).n)).toBe(1);
    const purged = await api.delete('meterReadingRecord/purgeReading', { id: reading.id });
    expect(purged.status, purged.body?.msg).toBe(200);
    expect(Number((await one(`SELECT count(*) AS n FROM readings WHERE id = ${reading.id}`)).n)).toBe(0);
    expect(await balance(reading.account_id)).toBe(before);
    expect((await logRows(reading.id)).map((r) => r.action)).toEqual(['delete', 'purge']);
  });

  it('refuses another area\'s reading (404) and bad input (400 naming the field), changing nothing', async () => {
    const reading = await chargedReading(3);
    const before = await balance(reading.account_id);
    const theirs = await other.delete('meterReadingRecord/deleteReading', { id: reading.id, reason: 'not mine', refund: true });
    expect(theirs.status).toBe(404);
    expect((await other.put('meterReadingRecord/restoreReading', { id: reading.id })).status).toBe(404);
    expect((await other.delete('meterReadingRecord/purgeReading', { id: reading.id })).status).toBe(404);
    const cases: [Record<string, unknown>, string][] = [
      [{ id: reading.id, refund: true }, 'reason'],
      [{ id: reading.id, reason: '   ', refund: true }, 'reason'],
      [{ id: reading.id, reason: 'x'.repeat(201), refund: true }, 'reason'],
      [{ id: reading.id, reason: 'why', refund: 'maybe' }, 'refund'],
      [{ id: reading.id, reason: 'why' }, 'refund'],
      [{ id: 'abc', reason: 'why', refund: true }, 'id'],
    ];
    for (const [query, field] of cases) {
      const { status, body } = await api.delete('meterReadingRecord/deleteReading', query);
      expect(status, JSON.stringify(query)).toBe(400);
      expect(body.msg).toMatch(namesField('meterReadingRecord', field));
    }
    expect((await api.put('meterReadingRecord/restoreReading', { id: 0 })).status).toBe(400);
    expect(await balance(reading.account_id)).toBe(before);
    expect((await one(`SELECT deleted_at FROM readings WHERE id = ${reading.id}`)).deleted_at).toBeNull();
    expect(await logRows(reading.id)).toEqual([]);
  });

  it('shows another area\'s operator none of the readings, deleted or not', async () => {
    for (const path of ['meterReadingRecord/findByCondition', 'meterReadingRecord/findDeletedByCondition']) {
      const mine = await list<{ id: number }>(path, { utility: 'electric' });
      const theirs = await list<{ id: number }>(path, { utility: 'electric', areaId: 1, areaid: 1 }, other);
      const ids = new Set(mine.records.map((row) => row.id));
      expect(theirs.records.some((row) => ids.has(row.id)), path).toBe(false);
    }
  });
});

describe('the money rule of a reading (property)', () => {
  it('while a reading stands its charge is on the ledger once; deleted, the charge or nothing; a refused step moves nothing', () => {
    const step: fc.Arbitrary<ReadingStep> = fc.oneof(
      fc.boolean().map((refund) => ({ kind: 'delete' as const, refund })),
      fc.constant({ kind: 'restore' as const }),
    );
    fc.assert(fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.array(step, { maxLength: 30 }), (costFen, steps) => {
      let state: ReadingMoney = { costFen, deleted: false, refundedFen: null };
      // The ledger's part of the reading: its charge, then every posting of a step.
      let ledger = 0 - costFen;
      for (const s of steps) {
        const effect = readingStep(state, s);
        if ('outcome' in effect) {
          expect(effect.outcome).toBe('conflict');
          expect(s.kind === 'delete' ? state.deleted : !state.deleted).toBe(true);
          continue;
        }
        ledger += effect.postingFen;
        state = effect.after!;
        if (!state.deleted) expect(ledger).toBe(0 - costFen);
        else expect(ledger).toBe(state.refundedFen === costFen && state.refundedFen > 0 ? 0 : 0 - costFen);
        expect(Number.isSafeInteger(ledger)).toBe(true);
      }
    }), { numRuns: 200 });
  });
});

describe('roomUsage/findByCondition (chaobiao)', () => {
  it('sums each room\'s standing electricity per day of the platform\'s zone, with totals from the raw rows', async () => {
    const page = await list<{ roomId: number; period: string; usage: number; readings: number }>('roomUsage/findByCondition', { ...WEEK, granularity: 'day', sortField: 'usage', sortOrder: 'desc' });
    // Per room and day of the week by the rule: each reading's part of each day, the readings taken on it.
    const days = `SELECT to_char(d, 'YYYY-MM-DD') AS day, d AT TIME ZONE 'Asia/Shanghai' AS a, (d + interval '1 day') AT TIME ZONE 'Asia/Shanghai' AS b
      FROM generate_series('2026-11-14'::timestamp, '2026-11-20'::timestamp, interval '1 day') d`;
    const groups = `SELECT r.room_id, x.day, sum(usage_h_in(r.consumption, r.usage_rates, r.since_at, r.read_at, x.a, x.b)) AS used_h,
        count(*) FILTER (WHERE r.read_at >= x.a AND r.read_at < x.b) AS n
      FROM readings r JOIN (${days}) x ON r.read_at >= x.a AND least(r.since_at, r.read_at) < x.b
      WHERE r.utility = 'electric' AND r.deleted_at IS NULL AND r.room_id IS NOT NULL AND r.${scope}
      GROUP BY 1, 2 HAVING sum(usage_h_in(r.consumption, r.usage_rates, r.since_at, r.read_at, x.a, x.b)) <> 0 OR count(*) FILTER (WHERE r.read_at >= x.a AND r.read_at < x.b) > 0`;
    const ref = await one(`SELECT count(*) AS groups, coalesce(sum(used_h), 0) / 100.0 AS used, coalesce(sum(n), 0) AS n, count(DISTINCT room_id) AS rooms FROM (${groups}) g`);
    expect(page.total).toBe(Number(ref.groups));
    expect(page.totals.rooms).toBe(Number(ref.rooms));
    expect(page.totals.usage).toBeCloseTo(Number(ref.used), 1);
    expect(page.totals.readings).toBe(Number(ref.n));
    const usages = page.records.map((row) => row.usage);
    expect(usages).toEqual([...usages].sort((a, b) => b - a));
    const top = page.records[0];
    const [day] = await sqlRows<{ used: string; n: number }>(`SELECT used_h / 100.0 AS used, n FROM (${groups}) g WHERE room_id = ${top.roomId} AND day = '${top.period}'`);
    expect(top.usage).toBeCloseTo(Number(day.used), 2);
    expect(top.readings).toBe(Number(day.n));
    expect(page.records.every((row) => /^2026-11-(1[4-9]|20)$/.test(row.period))).toBe(true);
  });

  it('gives the month series for the chart, and refuses a backwards range and an unknown period naming the field', async () => {
    const { body } = await api.get('roomUsage/findSeries', { granularity: 'month' });
    const series = body.data as { period: string; usage: number }[];
    // Each month's usage by the rule: every reading's part of the month.
    const ref = await sqlRows<{ m: string; used: string }>(`SELECT x.m, sum(usage_h_in(r.consumption, r.usage_rates, r.since_at, r.read_at, x.a, x.b)) / 100.0 AS used
      FROM readings r JOIN (SELECT to_char(d, 'YYYY-MM') AS m, d AT TIME ZONE 'Asia/Shanghai' AS a, (d + interval '1 month') AT TIME ZONE 'Asia/Shanghai' AS b
        FROM generate_series('2025-01-01'::timestamp, '2027-12-01'::timestamp, interval '1 month') d) x ON r.read_at >= x.a AND least(r.since_at, r.read_at) < x.b
      WHERE r.utility = 'electric' AND r.deleted_at IS NULL AND r.room_id IS NOT NULL AND r.${scope} GROUP BY 1 ORDER BY 1`);
    expect(series.map((row) => row.period)).toEqual(ref.map((row) => row.m));
    series.forEach((row, i) => expect(row.usage).toBeCloseTo(Number(ref[i].used), 1));
    const backwards = await api.get('roomUsage/findByCondition', { readFrom: '2026-11-20T00:00:00+08:00', readTo: '2026-11-01T00:00:00+08:00' });
    expect(backwards.status).toBe(400);
    expect(backwards.body.msg).toMatch(/^结束日期：/);
    const unknown = await api.get('roomUsage/findByCondition', { granularity: 'year' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.msg).toMatch(/^统计周期：/);
    const theirs = await list<{ roomId: number }>('roomUsage/findByCondition', WEEK, other);
    const mine = new Set((await sqlRows<{ id: number }>(`SELECT id FROM rooms WHERE ${scope}`)).map((row) => Number(row.id)));
    expect(theirs.records.some((row) => mine.has(row.roomId))).toBe(false);
  });
});

describe('rechargeSummary/findByCondition (chongzhihuizong)', () => {
  it('sums orders by channel and by day with standing and voided money from the raw rows', async () => {
    const page = await list<{ key: string; count: number; amountFen: number; voidCount: number; voidAmountFen: number }>('rechargeSummary/findByCondition', { groupBy: 'channel', utility: 'electric' });
    const ref = await sqlRows<{ channel: string; n: number; standing: string; voids: number }>(`SELECT channel, count(*) AS n,
      coalesce(sum(amount_fen) FILTER (WHERE order_status <> 0), 0) AS standing, count(*) FILTER (WHERE order_status = 0) AS voids
      FROM recharge_orders WHERE utility = 'electric' AND ${scope} GROUP BY channel`);
    expect(page.total).toBe(ref.length);
    for (const row of ref) {
      const group = page.records.find((r) => r.key === row.channel)!;
      expect(group).toMatchObject({ count: Number(row.n), amountFen: Number(row.standing), voidCount: Number(row.voids) });
    }
    const amounts = page.records.map((row) => row.amountFen);
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
    expect(page.totals.amountFen).toBe(ref.reduce((sum, row) => sum + Number(row.standing), 0));

    const days = await list<{ key: string; count: number }>('rechargeSummary/findByCondition', { groupBy: 'day', createdFrom: '2026-11-01T00:00:00+08:00', createdTo: '2026-11-21T00:00:00+08:00' });
    const refDays = await sqlRows<{ d: string; n: number }>(`SELECT to_char(created_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD') AS d, count(*) AS n FROM recharge_orders
      WHERE created_at >= '2026-11-01T00:00:00+08:00' AND created_at < '2026-11-21T00:00:00+08:00' AND ${scope} GROUP BY 1 ORDER BY 1`);
    expect(days.records.map((row) => [row.key, row.count])).toEqual(refDays.map((row) => [row.d, Number(row.n)]));
  });

  it('names operators and projects, pages the groups, keeps other areas out and refuses bad input naming the field', async () => {
    const operators = await list<{ key: string; label: string | null }>('rechargeSummary/findByCondition', { groupBy: 'operator' });
    expect(operators.records.filter((row) => row.key).every((row) => row.label)).toBe(true);
    const projects = await list<{ key: string; label: string | null; amountFen: number }>('rechargeSummary/findByCondition', { groupBy: 'project' });
    const mine = await sqlRows<{ id: number }>(`SELECT id FROM projects WHERE ${scope}`);
    const ids = new Set(mine.map((row) => String(row.id)));
    expect(projects.records.every((row) => ids.has(row.key))).toBe(true);
    const theirs = await list<{ key: string }>('rechargeSummary/findByCondition', { groupBy: 'project', areaId: 1 }, other);
    expect(theirs.records.some((row) => ids.has(row.key))).toBe(false);
    const pageTwo = await list<{ key: string }>('rechargeSummary/findByCondition', { groupBy: 'day', pageSize: 5, pageNum: 2 });
    const pageOne = await list<{ key: string }>('rechargeSummary/findByCondition', { groupBy: 'day', pageSize: 5, pageNum: 1 });
    expect(pageTwo.records.some((row) => pageOne.records.some((r) => r.key === row.key))).toBe(false);
    for (const [query, field] of [[{ groupBy: 'week' }, 'groupBy'], [{ createdFrom: 'yesterday' }, 'createdFrom'], [{ channel: 'bitcoin' }, 'channel'],
      [{ createdFrom: '2026-11-02T00:00:00+08:00', createdTo: '2026-11-01T00:00:00+08:00' }, 'createdTo']] as const) {
      const { status, body } = await api.get('rechargeSummary/findByCondition', query);
      expect(status).toBe(400);
      expect(body.msg).toMatch(namesField('rechargeSummary', field));
    }
  });
});
