import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs, startTestBackend, type TestBackend } from '../support/testApp';
import { readXlsx, recordsOf } from '../support/xlsx';

/**
 * The Excel export (issue 34, "Paper and files"): every streamed CSV export answers an .xlsx
 * workbook with `format=xlsx` on the same path, read back here: codes are text cells (leading
 * zeros kept), money a number with two decimals, instants real dates in the platform's time zone,
 * headers in the caller's language, personal data masked for a read-only role, the whole filtered
 * result across batches; the CSV answers of the same path are unchanged.
 */
let backend: TestBackend;
let admin: string;
let viewer: string;

const sqlRows = async <T,>(text: string) => ((await backend.database.db.execute(text as never)) as unknown as { rows: T[] }).rows;

/** The areas an operator sees: its own and its sub-areas. */
const scopeOf = async (userName: string) => (await sqlRows<{ id: number }>(`
  WITH RECURSIVE scope AS (SELECT a.id FROM areas a JOIN sys_users u ON u.area_id = a.id WHERE u.user_name = '${userName}'
    UNION SELECT c.id FROM areas c JOIN scope s ON c.parent_id = s.id) SELECT id FROM scope`)).map((row) => Number(row.id)).join(',');

const ORDERS = '/api/v1/electricity/webStatsanalysisOrder/exportRechargeOrderByParams';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const get = (path: string, token: string, lang?: string) =>
  backend.app.request(path, { headers: { 'X-Token': token, ...(lang ? { 'Accept-Language': lang } : {}) } });

const workbook = async (response: Response) => {
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe(XLSX);
  return readXlsx(new Uint8Array(await response.arrayBuffer()));
};

beforeAll(async () => {
  backend = await startTestBackend();
  admin = await loginAs(backend.app, 'admin');
  viewer = await loginAs(backend.app, 'viewer');
});
afterAll(() => backend.close());

describe('format=xlsx on an export path', () => {
  it('types the cells: a code stays text with its leading zeros, money is a number, a time is a date; headers in the caller\'s language', async () => {
    const [target] = await sqlRows<{ order_id: string; room_id: number; amount_fen: number }>(
      `SELECT order_id, room_id, amount_fen FROM recharge_orders WHERE utility = 'electric' AND area_id IN (${await scopeOf('admin')}) ORDER BY id LIMIT 1`);
    await sqlRows(`UPDATE recharge_orders SET amount_fen = amount_fen + 7 WHERE order_id = '${target.order_id}'`);
    await sqlRows(`UPDATE rooms SET room_code = '0070' WHERE id = ${target.room_id}`);
    await sqlRows(`UPDATE recharge_orders SET remark = '=HYPERLINK("x")' WHERE order_id = '${target.order_id}'`);
    const query = `?utility=electric&roomId=${target.room_id}`;

    const response = await get(`${ORDERS}${query}&format=xlsx`, admin, 'en');
    expect(response.headers.get('content-disposition')).toMatch(/filename\*=UTF-8''recharge-orders.*\.xlsx$/);
    const book = await workbook(response);
    expect(book.files).toContain('xl/worksheets/sheet1.xml');
    expect(book.rows[0].map((cell) => cell.value)).toEqual(
      ['Order no.', 'Project', 'Building', 'Room no.', 'Tenant', 'Amount (yuan)', 'Energy (kWh)', 'Channel', 'Operator', 'Status', 'Paid at', 'Voided at', 'Remark', 'Online state', 'Transaction no.']);
    expect(book.rows[0].every((cell) => cell.type === 'text')).toBe(true);

    const rows = recordsOf(book.rows);
    const row = rows.find((cells) => cells['Order no.'].value === target.order_id)!;
    expect(row['Order no.']).toMatchObject({ type: 'text', format: '@' });
    expect(row['Room no.']).toMatchObject({ type: 'text', value: '0070', format: '@' });
    expect(row['Amount (yuan)']).toMatchObject({ type: 'number', value: (Number(target.amount_fen) + 7) / 100, format: '#,##0.00' });
    expect(row['Paid at']).toMatchObject({ type: 'date', format: 'yyyy-mm-dd hh:mm' });
    // A text cell is never a formula: the remark is kept as typed, without the CSV's apostrophe.
    expect(row.Remark).toMatchObject({ type: 'text', value: '=HYPERLINK("x")' });

    // The same rows and values as the CSV of the same filter (its times are the platform's wall time).
    const csv = (await (await get(`${ORDERS}${query}`, admin, 'en')).text()).replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(rows).toHaveLength(csv.length - 1);
    const line = csv.find((text) => text.startsWith(`${target.order_id},`))!.split(',');
    expect(line[3]).toBe('0070');
    expect(row['Paid at'].value).toBe(line[10]);
    expect(row['Paid at'].value).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);

    const chinese = await workbook(await get(`${ORDERS}${query}&format=xlsx`, admin));
    expect(chinese.rows[0].slice(0, 4).map((cell) => cell.value)).toEqual(['订单号', '项目', '建筑', '房间号']);
  });

  it('writes the whole filtered result, more rows than one batch, with the CSV\'s count and money', async () => {
    const book = await workbook(await get(`${ORDERS}?utility=electric&format=xlsx`, admin));
    const csv = (await (await get(`${ORDERS}?utility=electric`, admin)).text()).replace(/^\uFEFF/, '').trimEnd().split('\r\n').slice(1);
    expect(csv.length).toBeGreaterThan(1000);
    const rows = recordsOf(book.rows);
    expect(rows).toHaveLength(csv.length);
    const fen = (yuan: number) => Math.round(yuan * 100);
    expect(rows.reduce((sum, cells) => sum + fen(cells['金额（元）']?.value as number), 0))
      .toBe(csv.reduce((sum, text) => sum + fen(Number(text.split(',')[5])), 0));
    expect(rows.every((cells) => cells['金额（元）'].type === 'number')).toBe(true);
    expect(new Set(rows.map((cells) => cells['订单号'].value)).size).toBe(rows.length);
  });

  it('masks tenants\' phones for a read-only role, in full for one who may edit', async () => {
    const path = '/api/v1/electricity/sms/exportByCondition?kind=auto&format=xlsx';
    const phones = async (token: string) => recordsOf((await workbook(await get(path, token, 'en'))).rows)
      .map((cells) => cells['Phone'] ?? cells['Tenant phone']).filter(Boolean).map((cell) => ({ type: cell.type, value: String(cell.value) }));
    const full = await phones(admin);
    const masked = await phones(viewer);
    expect(full.length).toBeGreaterThan(0);
    expect(masked.length).toBeGreaterThan(0);
    expect(full.every((cell) => cell.type === 'text')).toBe(true);
    expect(full.some((cell) => /^\d{11}$/.test(cell.value))).toBe(true);
    expect(masked.every((cell) => cell.type === 'text' && cell.value.includes('****'))).toBe(true);
  });

  it('refuses another format with a 400 naming `format`, and keeps the CSV answer of the path as it was', async () => {
    const refused = await get(`${ORDERS}?utility=electric&format=pdf`, admin, 'en');
    expect(refused.status).toBe(400);
    // Named as helper messages name a query field (`format: …`, or its label once it has one).
    expect((await refused.json()).msg).toMatch(/format.*must be one of csv, xlsx$/i);

    for (const suffix of ['', '&format=csv']) {
      const response = await get(`${ORDERS}?utility=electric&orderStatus=0${suffix}`, admin, 'en');
      expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
      expect(response.headers.get('content-disposition')).toMatch(/\.csv$/);
      const bytes = new Uint8Array(await response.arrayBuffer());
      expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      expect(new TextDecoder().decode(bytes).startsWith('Order no.,Project,')).toBe(true);
    }
  });
});
