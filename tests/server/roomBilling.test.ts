import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, loginAs, startTestBackend, type TestBackend } from '../support/testApp';
import { namesField } from '../support/fieldLabels';

/**
 * The room statements and their lines (SPEC.md: roomBillingStatement/findRoomBillingStatementPage
 * and findRoomBillingDetailsPage), checked against references computed from the raw rows.
 */
let backend: TestBackend;
let api: ReturnType<typeof apiClient>;
let other: ReturnType<typeof apiClient>;
let areaIds: number[];

const sqlRows = async <T,>(text: string) => ((await backend.database.db.execute(text as never)) as unknown as { rows: T[] }).rows;
const scopeOf = async (userName: string) => (await sqlRows<{ id: number }>(`
  WITH RECURSIVE scope AS (SELECT a.id FROM areas a JOIN sys_users u ON u.area_id = a.id WHERE u.user_name = '${userName}'
    UNION SELECT c.id FROM areas c JOIN scope s ON c.parent_id = s.id) SELECT id FROM scope`)).map((row) => Number(row.id));

beforeAll(async () => {
  backend = await startTestBackend();
  api = apiClient(backend.app, await loginAs(backend.app, 'admin'));
  other = apiClient(backend.app, await loginAs(backend.app, 'admin2'));
  areaIds = await scopeOf('admin');
});
afterAll(() => backend.close());

interface Statement { id: number; roomId: number; utility: string; month: string; usage: number; chargeFen: number; rechargeFen: number; refundFen: number; closingBalanceFen: number; roomCode: string; buildingId: number }
interface Line { id: number; roomId: number; utility: string; kind: string; amountFen: number; createdAt: string }
const statements = async (query: Record<string, unknown> = {}, client = api) => {
  const { status, body } = await client.get('roomBillingStatement/findRoomBillingStatementPage', { pageSize: 100, ...query });
  expect(status, body?.msg).toBe(200);
  return body.data as { records: Statement[]; total: number; totals: Record<string, number> };
};
const lines = async (query: Record<string, unknown> = {}, client = api) => {
  const { status, body } = await client.get('roomBillingStatement/findRoomBillingDetailsPage', { pageSize: 100, ...query });
  expect(status, body?.msg).toBe(200);
  return body.data as { records: Line[]; total: number; totals: Record<string, number> };
};

describe('findRoomBillingStatementPage', () => {
  it('lists the area\'s statements, newest month first, with totals equal to the raw rows\' sums', async () => {
    const page = await statements({ utility: 'electric', pageSize: 25 });
    const [ref] = await sqlRows<Record<string, string>>(`SELECT count(*) AS n, sum(usage) AS usage, sum(charge_fen) AS charge, sum(recharge_fen) AS recharge, sum(refund_fen) AS refund, sum(closing_balance_fen) AS balance
      FROM room_statements WHERE utility = 'electric' AND area_id IN (${areaIds.join(',')})`);
    expect(page.total).toBe(Math.min(Number(ref.n), 10_000));
    expect(page.totals).toMatchObject({ count: Number(ref.n), chargeFen: Number(ref.charge), rechargeFen: Number(ref.recharge), refundFen: Number(ref.refund) });
    expect(page.totals.usage).toBeCloseTo(Number(ref.usage), 1);
    // Balances of different months add up to nothing: no balance totals across months; within one, their sums.
    expect(page.totals.closingBalanceFen).toBeUndefined();
    expect(page.totals.openingBalanceFen).toBeUndefined();
    const [{ month }] = await sqlRows<{ month: string }>(`SELECT max(month) AS month FROM room_statements WHERE area_id IN (${areaIds.join(',')})`);
    const [mine] = await sqlRows<Record<string, string>>(`SELECT sum(opening_balance_fen) AS opening, sum(closing_balance_fen) AS closing, sum(void_fen) AS void, sum(adjust_fen) AS adjust
      FROM room_statements WHERE utility = 'electric' AND month = '${month}' AND area_id IN (${areaIds.join(',')})`);
    expect((await statements({ utility: 'electric', month, pageSize: 1 })).totals).toMatchObject({
      openingBalanceFen: Number(mine.opening), closingBalanceFen: Number(mine.closing), voidFen: Number(mine.void), adjustFen: Number(mine.adjust),
    });
    const months = page.records.map((row) => row.month);
    expect(months).toEqual([...months].sort().reverse());
    // Both utilities together: no usage total (kWh and m³ do not add up).
    expect((await statements({ pageSize: 1 })).totals.usage).toBeUndefined();
  });

  it('filters by month, range of months, building and room, and sorts by charge', async () => {
    const [{ month }] = await sqlRows<{ month: string }>(`SELECT max(month) AS month FROM room_statements WHERE area_id IN (${areaIds.join(',')})`);
    const one = await statements({ month, utility: 'water' });
    expect(one.records.every((row) => row.month === month && row.utility === 'water')).toBe(true);
    const [ref] = await sqlRows<{ n: string }>(`SELECT count(*) AS n FROM room_statements WHERE month = '${month}' AND utility = 'water' AND area_id IN (${areaIds.join(',')})`);
    expect(one.totals.count).toBe(Number(ref.n));
    const ranged = await statements({ monthFrom: '2000-01', monthTo: month, pageSize: 1 });
    expect(ranged.totals.count).toBe((await statements({ pageSize: 1 })).totals.count);
    const row = one.records[0];
    expect((await statements({ buildingId: row.buildingId })).records.every((r) => r.buildingId === row.buildingId)).toBe(true);
    const room = await statements({ roomId: row.roomId });
    expect(room.records.every((r) => r.roomId === row.roomId)).toBe(true);
    const sorted = await statements({ sortField: 'chargeFen', sortOrder: 'desc', pageSize: 30 });
    const charges = sorted.records.map((r) => r.chargeFen);
    expect(charges).toEqual([...charges].sort((a, b) => b - a));
  });

  it('refuses a bad month and a backwards range, naming the field; shows another area nothing of this one', async () => {
    for (const [query, field] of [[{ month: '2026-13' }, 'month'], [{ monthFrom: 'last' }, 'monthFrom'], [{ monthFrom: '2026-10', monthTo: '2026-09' }, 'monthTo'], [{ utility: 'gas' }, 'utility']] as const) {
      const { status, body } = await api.get('roomBillingStatement/findRoomBillingStatementPage', query);
      expect(status).toBe(400);
      expect(body.msg).toMatch(namesField('roomBillingStatement', field));
    }
    const mine = await statements({ pageSize: 5 });
    const theirs = await statements({ pageSize: 100, areaId: areaIds[0] }, other);
    expect(theirs.records.some((row) => mine.records.some((m) => m.id === row.id))).toBe(false);
    expect((await statements({ id: mine.records[0].id }, other)).total).toBe(0);
  });
});

describe('findRoomBillingDetailsPage', () => {
  it('lists a statement\'s lines: its room, utility and month, whose recharges, voids and charges add up to the statement\'s', async () => {
    const [row] = await sqlRows<{ id: number; recharge_fen: number; void_fen: number; charge_fen: number; opening_balance_fen: number; closing_balance_fen: number }>(`SELECT id, recharge_fen, void_fen, charge_fen, opening_balance_fen, closing_balance_fen FROM room_statements
      WHERE area_id IN (${areaIds.join(',')}) AND recharge_fen > 0 AND void_fen > 0 AND NOT running ORDER BY id LIMIT 1`);
    const statement = (await statements({ id: row.id })).records[0];
    const page = await lines({ statementId: statement.id });
    expect(page.total).toBeGreaterThan(0);
    expect(page.records.every((line) => line.roomId === statement.roomId && line.utility === statement.utility)).toBe(true);
    expect(page.totals.rechargeFen).toBe(Number(row.recharge_fen));
    expect(-page.totals.voidFen).toBe(Number(row.void_fen));
    expect(-page.totals.deductionFen).toBe(Number(row.charge_fen));
    // The lines' parts in the month are the month's movement: closing − opening.
    expect(page.totals.netFen).toBe(Number(row.closing_balance_fen) - Number(row.opening_balance_fen));
    const times = page.records.map((line) => new Date(line.createdAt).getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const recharges = await lines({ statementId: statement.id, kind: 'recharge' });
    expect(recharges.records.every((line) => line.kind === 'recharge')).toBe(true);
    expect(recharges.records.reduce((sum, line) => sum + line.amountFen, 0)).toBe(Number(row.recharge_fen));
  });

  it('refuses another area\'s statement and bad input, naming the field', async () => {
    const [mine] = (await statements({ pageSize: 1 })).records;
    const theirs = await other.get('roomBillingStatement/findRoomBillingDetailsPage', { statementId: mine.id });
    expect(theirs.status).toBe(404);
    for (const [query, field] of [[{ kind: 'bonus' }, 'kind'], [{ createdFrom: 'today' }, 'createdFrom'], [{ createdFrom: '2026-11-02T00:00:00+08:00', createdTo: '2026-11-01T00:00:00+08:00' }, 'createdTo'], [{ statementId: 'x' }, 'statementId']] as const) {
      const { status, body } = await api.get('roomBillingStatement/findRoomBillingDetailsPage', query);
      expect(status).toBe(400);
      expect(body.msg).toMatch(namesField('roomBillingStatement', field));
    }
    const roomLines = await lines({ roomId: mine.roomId, pageSize: 10 }, other);
    expect(roomLines.total).toBe(0);
  });
});

describe('exports', () => {
  it('streams the filtered statements and a statement\'s lines as CSV (BOM, one line per row)', async () => {
    const token = await loginAs(backend.app, 'admin');
    const csv = async (path: string) => {
      const response = await backend.app.request(`/api/v1/electricity/roomBillingStatement/${path}`, { headers: { 'X-Token': token, 'Accept-Language': 'en' } });
      expect(response.status, path).toBe(200);
      const bytes = new Uint8Array(await response.arrayBuffer());
      expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      return new TextDecoder().decode(bytes).replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    };
    const [{ month }] = await sqlRows<{ month: string }>(`SELECT max(month) AS month FROM room_statements WHERE area_id IN (${areaIds.join(',')})`);
    const statementCsv = await csv(`exportRoomBillingStatement?month=${month}&utility=electric`);
    expect(statementCsv[0].startsWith('Month,Project,Building,Room no.,Tenant,Utility')).toBe(true);
    const [ref] = await sqlRows<{ n: string }>(`SELECT count(*) AS n FROM room_statements WHERE month = '${month}' AND utility = 'electric' AND area_id IN (${areaIds.join(',')})`);
    expect(statementCsv.length - 1).toBe(Number(ref.n));
    expect(statementCsv.slice(1).every((line) => line.startsWith(`${month},`) && line.includes(',Electricity,'))).toBe(true);
    const [statement] = (await statements({ pageSize: 1 })).records;
    const lineCsv = await csv(`exportRoomBillingDetails?statementId=${statement.id}`);
    expect(lineCsv.length - 1).toBe((await lines({ statementId: statement.id })).total);
    const theirs = await other.get('roomBillingStatement/exportRoomBillingDetails', { statementId: statement.id });
    expect(theirs.status).toBe(404);
  });
});
