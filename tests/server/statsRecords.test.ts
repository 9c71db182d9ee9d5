import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, loginAs, startTestBackend, type TestBackend } from '../support/testApp';
import { namesField } from '../support/fieldLabels';

/**
 * The statistics record lists (power cuts, faults, gift records, monthly settlements): filters,
 * paging, sorting, scope, bad input, and totals against references computed from the raw rows.
 */
let backend: TestBackend;
let api: ReturnType<typeof apiClient>;
let other: ReturnType<typeof apiClient>;
let scope: string;

const sqlRows = async <T,>(text: string) => ((await backend.database.db.execute(text as never)) as unknown as { rows: T[] }).rows;
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
const one = async (text: string) => (await sqlRows<Record<string, string | number>>(text))[0];

describe('powerCut/findByCondition (continuitytable)', () => {
  it('lists cuts newest first with cause, times and duration; totals and filters match the raw rows', async () => {
    const page = await list<{ id: number; cause: string; offAt: string; onAt: string | null; durationMinutes: number; roomId: number }>('powerCut/findByCondition');
    const ref = await one(`SELECT count(*) AS n, count(*) FILTER (WHERE on_at IS NULL) AS off FROM power_cuts WHERE ${scope}`);
    expect(page.totals.count).toBe(Number(ref.n));
    expect(page.totals.offCount).toBe(Number(ref.off));
    expect(page.total).toBe(Number(ref.n));
    const times = page.records.map((row) => new Date(row.offAt).getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const restored = page.records.find((row) => row.onAt)!;
    expect(restored.durationMinutes).toBe(Math.round((new Date(restored.onAt!).getTime() - new Date(restored.offAt).getTime()) / 60_000));
    const arrears = await list<{ cause: string }>('powerCut/findByCondition', { cause: 'arrears' });
    expect(arrears.totals.count).toBe(Number((await one(`SELECT count(*) AS n FROM power_cuts WHERE cause = 'arrears' AND ${scope}`)).n));
    expect(arrears.records.every((row) => row.cause === 'arrears')).toBe(true);
    const sorted = await list<{ onAt: string | null; offAt: string }>('powerCut/findByCondition', { state: 'restored', sortField: 'durationMinutes', sortOrder: 'desc' });
    const durations = sorted.records.map((row) => new Date(row.onAt!).getTime() - new Date(row.offAt).getTime());
    expect(durations).toEqual([...durations].sort((a, b) => b - a));
  });
});

describe('fault/findByCondition (guzhang)', () => {
  it('lists open and cleared faults by kind and state, with totals', async () => {
    const page = await list<{ kind: string; clearedAt: string | null }>('fault/findByCondition');
    const ref = await one(`SELECT count(*) AS n, count(*) FILTER (WHERE cleared_at IS NULL) AS open FROM faults WHERE ${scope}`);
    expect(page.totals).toMatchObject({ count: Number(ref.n), openCount: Number(ref.open), clearedCount: Number(ref.n) - Number(ref.open) });
    const open = await list<{ clearedAt: string | null }>('fault/findByCondition', { state: 'open' });
    expect(open.records.every((row) => row.clearedAt === null)).toBe(true);
    const [{ kind }] = await sqlRows<{ kind: string }>(`SELECT kind FROM faults WHERE ${scope} GROUP BY kind ORDER BY count(*) DESC LIMIT 1`);
    const byKind = await list<{ kind: string }>('fault/findByCondition', { kind });
    expect(byKind.records.every((row) => row.kind === kind)).toBe(true);
    expect(byKind.totals.count).toBe(Number((await one(`SELECT count(*) AS n FROM faults WHERE kind = '${kind}' AND ${scope}`)).n));
  });
});

describe('giftRecord/findByCondition (mfdianzengyu, waterfree)', () => {
  it('lists one utility\'s gifts with the amount given, against the raw rows', async () => {
    for (const utility of ['electric', 'water']) {
      const page = await list<{ utility: string }>('giftRecord/findByCondition', { utility, pageSize: 10 });
      const ref = await one(`SELECT count(*) AS n, coalesce(sum(amount), 0) AS amount FROM gift_records WHERE utility = '${utility}' AND ${scope}`);
      expect(page.totals.count).toBe(Number(ref.n));
      expect(page.totals.amount).toBeCloseTo(Number(ref.amount), 2);
      expect(page.records.every((row) => row.utility === utility)).toBe(true);
    }
  });
});

describe('monthlySettlement/findByCondition (monthly_order)', () => {
  it('lists the multi-rate settlement per meter and month, with rate totals from the raw rows', async () => {
    const page = await list<{ month: string; totalFen: number; sharpFen: number; peakFen: number; flatFen: number; valleyFen: number }>('monthlySettlement/findByCondition', { sortField: 'totalFen', sortOrder: 'desc' });
    const ref = await one(`SELECT count(*) AS n, sum(total_fen) AS total, sum(peak_kwh) AS peak FROM monthly_settlements WHERE ${scope}`);
    expect(page.totals.count).toBe(Number(ref.n));
    expect(page.totals.totalFen).toBe(Number(ref.total));
    expect(page.totals.peakKwh).toBeCloseTo(Number(ref.peak), 1);
    const totals = page.records.map((row) => row.totalFen);
    expect(totals).toEqual([...totals].sort((a, b) => b - a));
    for (const row of page.records) expect(row.totalFen).toBe(row.sharpFen + row.peakFen + row.flatFen + row.valleyFen);
    const month = page.records[0].month;
    const byMonth = await list<{ month: string }>('monthlySettlement/findByCondition', { month });
    expect(byMonth.records.every((row) => row.month === month)).toBe(true);
  });
});

describe('every record list', () => {
  const paths = ['powerCut/findByCondition', 'fault/findByCondition', 'giftRecord/findByCondition', 'monthlySettlement/findByCondition'];
  it('shows another area\'s operator none of these rows', async () => {
    for (const path of paths) {
      const mine = await list<{ id: number }>(path, { pageSize: 100 });
      const theirs = await list<{ id: number }>(path, { pageSize: 100, areaId: 1, areaid: 1 }, other);
      const ids = new Set(mine.records.map((row) => row.id));
      expect(theirs.records.some((row) => ids.has(row.id)), path).toBe(false);
    }
  });
  it('refuses bad dates, backwards ranges and unknown values, naming the field', async () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ['powerCut/findByCondition', { offFrom: 'monday' }, 'offFrom'],
      ['powerCut/findByCondition', { offFrom: '2026-11-02T00:00:00+08:00', offTo: '2026-11-01T00:00:00+08:00' }, 'offTo'],
      ['powerCut/findByCondition', { cause: 'storm' }, 'cause'],
      ['fault/findByCondition', { state: 'half' }, 'state'],
      ['fault/findByCondition', { openedTo: '2026-02-30T00:00:00+08:00x' }, 'openedTo'],
      ['giftRecord/findByCondition', { createdFrom: '2026-11-02T00:00:00+08:00', createdTo: '2026-11-02T00:00:00+08:00' }, 'createdTo'],
      ['monthlySettlement/findByCondition', { month: '2026-1' }, 'month'],
      ['monthlySettlement/findByCondition', { monthFrom: '2026-10', monthTo: '2026-08' }, 'monthTo'],
    ];
    for (const [path, query, field] of cases) {
      const { status, body } = await api.get(path, query);
      expect(status, `${path} ${JSON.stringify(query)}`).toBe(400);
      expect(body.msg).toMatch(namesField(path.split('/')[0], field));
    }
  });
});

describe('exportByCondition', () => {
  it('streams each record list\'s filtered set as CSV with a BOM, one line per row, headers in the caller\'s language', async () => {
    const token = await loginAs(backend.app, 'admin');
    const cases: [string, string, string, string][] = [
      ['powerCut/exportByCondition?cause=arrears', `SELECT count(*) AS n FROM power_cuts WHERE cause = 'arrears' AND `, 'Cut at,Restored at,Off for (h:mm),Cause,', 'Arrears'],
      ['fault/exportByCondition?state=open', `SELECT count(*) AS n FROM faults WHERE cleared_at IS NULL AND `, 'Opened at,Fault,State,', 'Open'],
      ['giftRecord/exportByCondition?utility=water', `SELECT count(*) AS n FROM gift_records WHERE utility = 'water' AND `, 'Given at,Period,Given (m³),', ''],
      ['monthlySettlement/exportByCondition', `SELECT count(*) AS n FROM monthly_settlements WHERE `, 'Month,Project,Building,Room no.,Meter address,Sharp (kWh)', ''],
    ];
    for (const [path, count, header, word] of cases) {
      const response = await backend.app.request(`/api/v1/electricity/${path}`, { headers: { 'X-Token': token, 'Accept-Language': 'en' } });
      expect(response.status, path).toBe(200);
      const bytes = new Uint8Array(await response.arrayBuffer());
      expect([...bytes.slice(0, 3)], path).toEqual([0xef, 0xbb, 0xbf]);
      const lines = new TextDecoder().decode(bytes).replace(/^\uFEFF/, '').trimEnd().split('\r\n');
      expect(lines[0].startsWith(header), lines[0]).toBe(true);
      expect(lines.length - 1, path).toBe(Number((await one(`${count}${scope}`)).n));
      if (word) expect(lines.slice(1).filter((line) => !line.includes(`,${word},`)), path).toEqual([]);
    }
    const bad = await api.get('powerCut/exportByCondition', { offFrom: 'monday' });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/^开始日期：/);
  });
});
