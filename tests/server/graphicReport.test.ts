import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../server/db/rows';
import { apiClient, loginAs, startTestBackend, type TestBackend } from '../support/testApp';
import { namesField } from '../support/fieldLabels';
import { rangeAsMonths } from '../../server/domain/graphicReport';
import { ruleReadingOf, ruleText, usageIn, type RuleReading } from '../support/usageReference';

/** The graphic reports (tuxingbaobiao) against references computed here from the raw rows of the fixed seed. */
let backend: TestBackend;
let api: ReturnType<typeof apiClient>;
let other: ReturnType<typeof apiClient>;
beforeAll(async () => {
  backend = await startTestBackend();
  api = apiClient(backend.app, await loginAs(backend.app, 'admin'));
  other = apiClient(backend.app, await loginAs(backend.app, 'admin2'));
});
afterAll(() => backend.close());

const query = async <T>(text: ReturnType<typeof sql>) => rowsOf<T>(await backend.database.db.execute(text));
const areasOf = async (areaId: number) => (await query<{ id: number }>(sql`SELECT id FROM areas WHERE id = ${areaId} OR parent_id = ${areaId}`)).map((r) => Number(r.id));
// Days [2026-11-01, 2026-11-22) of Asia/Shanghai (+08:00).
const FROM = new Date('2026-11-01T00:00:00+08:00').getTime();
const TO = new Date('2026-11-22T00:00:00+08:00').getTime();
const DAY = 86_400_000;

interface Report {
  byBuilding: { projectName: string; buildingName: string; usage: number }[];
  byChannel: { channel: string; amountFen: number; orders: number }[];
  daily: { day: string; usage: number }[];
  topRooms: { roomId: number; usage: number }[];
}

/** The standing readings with a part in [FROM, TO) or taken in it, by the usage rule (tests/support/usageReference.ts). */
async function raw(utility: string, areas: number[]) {
  const [{ text }] = await query<{ text: string | null }>(sql`
    SELECT string_agg(concat_ws('|', r.area_id, coalesce(r.room_id, 0), coalesce(p.name, ''), coalesce(b.name, ''), ${sql.raw(ruleText('r'))}), ';') AS text
    FROM readings r LEFT JOIN rooms rm ON rm.id = r.room_id LEFT JOIN buildings b ON b.id = rm.building_id LEFT JOIN projects p ON p.id = rm.project_id
    WHERE r.utility = ${utility} AND r.deleted_at IS NULL AND r.read_at >= ${new Date(FROM).toISOString()}::timestamptz
      AND least(r.since_at, r.read_at) < ${new Date(TO).toISOString()}::timestamptz`);
  return (text ?? '').split(';').filter(Boolean).map((line) => {
    const [area, room, project, building, ...rule] = line.split('|');
    return { ...ruleReadingOf(rule), area: Number(area), room: Number(room), project, building } as RuleReading & { area: number; room: number; project: string; building: string };
  }).filter((r) => areas.includes(r.area));
}

describe.each(['electric', 'water'] as const)('%s report', (utility) => {
  it('gives every figure as the raw rows of the caller\'s areas give it', async () => {
    const areas = await areasOf(1);
    const { status, body } = await api.get('graphicReport/findReport', { utility, from: '2026-11-01', to: '2026-11-22', areaId: 2 });
    expect(status).toBe(200);
    const report = body.data as Report;
    const rows = await raw(utility, areas);

    const byBuilding = new Map<string, number>();
    for (const r of rows) if (r.room) byBuilding.set(`${r.project}|${r.building}`, (byBuilding.get(`${r.project}|${r.building}`) ?? 0) + usageIn(r, FROM, TO));
    expect(report.byBuilding.length).toBe(byBuilding.size);
    for (const b of report.byBuilding) expect(b.usage).toBeCloseTo(byBuilding.get(`${b.projectName}|${b.buildingName}`)! / 100, 2);

    expect(report.daily).toHaveLength(21);
    expect(report.daily[0].day).toBe('2026-11-01');
    expect(report.daily[20].day).toBe('2026-11-21');
    report.daily.forEach((d, i) => expect(d.usage).toBeCloseTo(rows.reduce((s, r) => s + usageIn(r, FROM + i * DAY, FROM + (i + 1) * DAY), 0) / 100, 2));

    const byRoom = new Map<number, number>();
    for (const r of rows) if (r.room) byRoom.set(r.room, (byRoom.get(r.room) ?? 0) + usageIn(r, FROM, TO));
    const top = [...byRoom].sort((a, b) => b[1] - a[1] || a[0] - b[0]).slice(0, 10);
    expect(report.topRooms.map((r) => r.roomId)).toEqual(top.map(([id]) => id));

    const orders = (await query<{ area_id: number; channel: string; amount_fen: string; created_at: string; order_status: number }>(sql`
      SELECT area_id, channel, amount_fen, created_at, order_status FROM recharge_orders WHERE utility = ${utility}`))
      .filter((o) => areas.includes(Number(o.area_id)) && Number(o.order_status) !== 0 && new Date(o.created_at).getTime() >= FROM && new Date(o.created_at).getTime() < TO);
    const channels = new Map<string, { amountFen: number; orders: number }>();
    for (const o of orders) {
      const c = channels.get(o.channel) ?? { amountFen: 0, orders: 0 };
      channels.set(o.channel, { amountFen: c.amountFen + Number(o.amount_fen), orders: c.orders + 1 });
    }
    expect(Object.fromEntries(report.byChannel.map((c) => [c.channel, { amountFen: c.amountFen, orders: c.orders }]))).toEqual(Object.fromEntries(channels));
    expect(report.byChannel.length).toBeGreaterThan(0);
  });
});

describe('scope and refusals', () => {
  it('shows an operator of area 2 only area 2\'s buildings and rooms', async () => {
    const mine = (await api.get('graphicReport/findReport', { utility: 'electric', from: '2026-11-01', to: '2026-11-22' })).body.data as Report;
    const theirs = (await other.get('graphicReport/findReport', { utility: 'electric', from: '2026-11-01', to: '2026-11-22', areaId: 1 })).body.data as Report;
    const areas2 = await areasOf(2);
    const areaOfRoom = new Map((await query<{ id: number; area_id: number }>(sql`SELECT id, area_id FROM rooms`)).map((r) => [Number(r.id), Number(r.area_id)]));
    for (const room of theirs.topRooms) expect(areas2).toContain(areaOfRoom.get(room.roomId));
    const names = new Set(mine.byBuilding.map((b) => `${b.projectName}|${b.buildingName}`));
    expect(theirs.byBuilding.some((b) => names.has(`${b.projectName}|${b.buildingName}`))).toBe(false);
  });

  it('refuses a reversed, empty or too long range and a bad date, naming the field', async () => {
    const ask = (query: Record<string, unknown>) => api.get('graphicReport/findReport', { utility: 'water', ...query });
    for (const [query, field] of [
      [{ from: '2026-11-10', to: '2026-11-01' }, 'to'], [{ from: '2026-11-10', to: '2026-11-10' }, 'to'],
      [{ from: '2024-01-01', to: '2026-11-01' }, 'to'], [{ from: '2026-13-01', to: '2026-11-01' }, 'from'], [{ from: '2026-11-01' }, 'to'],
    ] as const) {
      const { status, body } = await ask(query);
      expect(status, JSON.stringify(query)).toBe(400);
      expect(body.msg).toMatch(namesField('graphicReport', field));
    }
  });
});

describe('a range as whole months and days', () => {
  it('reads a month the range covers in part as its days in the range, or as the month less its other days when fewer', () => {
    // 30 days to today: October's last five days added, November less today (days after today hold nothing).
    expect(rangeAsMonths('2026-10-27', '2026-11-26', '2026-11-26'))
      .toEqual({ months: ['2026-11-01'], added: [['2026-10-27', '2026-11-01']], subtracted: [['2026-11-26', '2026-12-01']] });
    expect(rangeAsMonths('2026-08-28', '2026-11-26', '2026-11-26'))
      .toEqual({ months: ['2026-09-01', '2026-10-01', '2026-11-01'], added: [['2026-08-28', '2026-09-01']], subtracted: [['2026-11-26', '2026-12-01']] });
    expect(rangeAsMonths('2026-10-03', '2026-10-30', '2026-11-26'))
      .toEqual({ months: ['2026-10-01'], added: [], subtracted: [['2026-10-01', '2026-10-03'], ['2026-10-30', '2026-11-01']] });
    expect(rangeAsMonths('2026-10-31', '2026-11-01', '2026-11-26')).toEqual({ months: [], added: [['2026-10-31', '2026-11-01']], subtracted: [] });
    expect(rangeAsMonths('2025-12-20', '2026-01-10', '2026-11-26'))
      .toEqual({ months: [], added: [['2025-12-20', '2026-01-01'], ['2026-01-01', '2026-01-10']], subtracted: [] });
    // Every day of the range counted once: months plus added less subtracted.
    const dayCount = (ranges: [string, string][]) => ranges.reduce((n, [a, b]) => n + (Date.parse(b) - Date.parse(a)) / 86_400_000, 0);
    for (const [from, to] of [['2026-01-15', '2026-12-02'], ['2026-02-01', '2026-03-01'], ['2026-02-27', '2026-03-02']]) {
      const plan = rangeAsMonths(from, to, '2026-11-26');
      const monthDays = plan.months.reduce((n, m) => { const [y, mo] = m.split('-').map(Number); return n + new Date(Date.UTC(y, mo, 0)).getUTCDate(); }, 0);
      expect(monthDays + dayCount(plan.added) - dayCount(plan.subtracted), `${from}..${to}`).toBe((Date.parse(to) - Date.parse(from)) / 86_400_000);
    }
  });
});
