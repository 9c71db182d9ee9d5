/**
 * The signed-in tenant page (src/pay/tenant, issue 42) against the REAL tenant API
 * (server/routes/tenantPortal.ts), forwarded by MSW to the file's backend on in-memory PGlite
 * (tests/msw/): no stand-in. tests/console/tenantPage.test.tsx covers the page's behaviours against
 * a stand-in of the calls; this file checks that what the page shows from the real answers is what
 * the database and the operators' side say. A current tenant of the seed is signed in once through
 * the form (the code read from the SMS outbox, `sms_records`), and the file's tests share that
 * session: the overview's balance (`accounts.balance_fen`) and days of credit (the forecast of
 * GET /rooms), the usage table against the operators' room usage report, the current statement's
 * closing balance and its PDF, a notice setting stored, a fault report landing in `faults`.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import en from '../../i18n/pay/en';
import { formatYuan } from '../../common/money';
import { quantityText } from '../../common/formats';
import { TenantApp } from '../../src/pay/tenant/TenantApp';
import { reasonText } from '../../src/pay/tenant/Overview';
import type { Forecast, TenantRoom } from '../../src/pay/tenant/api';
import { startedBackend, testBackend } from '../msw/setup';
import { loginAs, TEST_NOW } from '../support/testApp';

const query = async <T,>(text: string) => ((await testBackend().database.db.execute(text as never)) as unknown as { rows: T[] }).rows;

interface Tenant { phone: string; room_id: number; area_id: number; start_date: string; binding_id: number }

/** The page's calls go through MSW to the backend, as the page makes them (JSON envelope). */
async function callJson<T>(path: string, headers: Record<string, string>): Promise<T> {
  const response = await fetch(path, { headers: { Accept: 'application/json', 'Accept-Language': 'en', ...headers } });
  const body = (await response.json()) as { code: number; msg?: string; data: T };
  if (response.status !== 200 || body.code !== 200) throw new Error(`${path}: ${response.status} ${JSON.stringify(body)}`);
  return body.data;
}

/** "Credit lasts" as the page's English words for a forecast (i18n/pay/en.ts, tenant.overview). */
function creditWords(forecast: Forecast | null): string {
  const o = en.tenant.overview;
  if (!forecast || forecast.daysLeft === null) return '—';
  if (forecast.daysLeft === 0) return o.daysLeftNone;
  const template = forecast.daysLeft === 1 ? o.daysLeftOne : o.daysLeftValue;
  return template.replace('%{days}', String(forecast.daysLeft)).replace('%{date}', forecast.runOutDate ?? '');
}

/** The definition list's value of a term inside a region. */
const factOf = (region: HTMLElement, term: string) => within(region).getByText(term, { selector: 'dt' }).nextElementSibling as HTMLElement;

/** The calendar day of an instant on the platform's clock (+08:00). */
const dayOn = (instant: Date) => new Date(instant.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** A 1×1 PNG. */
const PNG = Uint8Array.from(Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64'));

describe('the tenant page against the real backend', () => {
  let tenant: Tenant;
  /** The session the first test signs in through the form; the others start with it. */
  let token: string | undefined;

  beforeAll(async () => {
    await startedBackend();
    // A current tenant whose phone is a mobile of one tenant record bound to one room now (the page
    // opens on it), the room with an electric meter and account and some electricity used in the
    // last 30 days (so that the usage figures say something).
    [tenant] = await query<Tenant>(`SELECT t.phone, b.room_id, r.area_id, b.start_date::text AS start_date, b.id AS binding_id
      FROM tenant_bindings b JOIN tenants t ON t.id = b.tenant_id JOIN rooms r ON r.id = b.room_id
      WHERE b.end_date IS NULL AND t.deleted_at IS NULL AND t.phone ~ '^1[3-9][0-9]{9}$'
        AND (SELECT count(*) FROM tenant_bindings b2 JOIN tenants t2 ON t2.id = b2.tenant_id
             WHERE b2.end_date IS NULL AND t2.deleted_at IS NULL AND right(regexp_replace(coalesce(t2.phone, ''), '[^0-9]', '', 'g'), 11) = t.phone) = 1
        AND EXISTS (SELECT 1 FROM electric_meters m WHERE m.room_id = b.room_id)
        AND EXISTS (SELECT 1 FROM accounts a WHERE a.room_id = b.room_id AND a.utility = 'electric')
        AND EXISTS (SELECT 1 FROM daily_usage d WHERE d.room_id = b.room_id AND d.utility = 'electric' AND d.usage_h <> 0
                    AND d.day > '${dayOn(TEST_NOW)}'::date - 30)
      ORDER BY b.room_id LIMIT 1`);
    expect(tenant).toBeDefined();
  });

  beforeEach(() => {
    localStorage.setItem('pay.lang', 'en');
    if (token) localStorage.setItem('tenant.token', token);
    window.history.replaceState({}, '', '/tenant');
  });
  afterEach(() => {
    vi.restoreAllMocks();
    window.history.replaceState({}, '', '/');
  });

  const session = () => {
    if (!token) throw new Error('the sign-in test did not sign in');
    return { 'X-Tenant-Token': token };
  };

  it('signs in with the code from the SMS outbox; the overview shows the balances of the accounts and the days of credit GET /rooms forecasts', async () => {
    const user = userEvent.setup({ delay: null });
    render(<TenantApp path="/tenant" />);
    await user.type(screen.getByRole('textbox', { name: en.tenant.signIn.phone }), tenant.phone);
    await user.click(screen.getByRole('button', { name: en.tenant.signIn.sendCode }));
    expect(await screen.findByRole('button', { name: /^Resend in \d+ s$/ })).toBeDisabled();

    const [sms] = await query<{ content: string }>(`SELECT content FROM sms_records WHERE phone = '${tenant.phone}' AND reason = 'loginCode' ORDER BY created_at DESC, id DESC LIMIT 1`);
    expect(sms, 'the code\'s SMS in the outbox').toBeDefined();
    const code = /(?<!\d)(\d{6})(?!\d)/.exec(sms.content)?.[1];
    expect(code, sms.content).toBeDefined();
    await user.type(screen.getByRole('textbox', { name: en.tenant.signIn.code }), code!);
    await user.click(screen.getByRole('button', { name: en.tenant.signIn.submit }));

    const electric = await screen.findByRole('region', { name: en.utility.electric });
    token = localStorage.getItem('tenant.token') ?? undefined;
    expect(token).toBeTruthy();

    const rooms = await callJson<TenantRoom[]>('/api/v1/tenant/rooms', session());
    expect(rooms.map((room) => room.roomId)).toEqual([tenant.room_id]);
    const accounts = await query<{ utility: 'electric' | 'water'; balance_fen: string | number }>(`SELECT utility, balance_fen FROM accounts WHERE room_id = ${tenant.room_id} ORDER BY utility`);
    const balanceOf = (utility: string) => Number(accounts.find((account) => account.utility === utility)!.balance_fen);

    // Electricity: the balance as the account holds it, the days of credit and the daily cost as forecast.
    expect(within(electric).getByText(en.tenant.overview.balance).nextElementSibling!.textContent).toBe(formatYuan(balanceOf('electric')));
    const side = rooms[0].utilities.find((candidate) => candidate.utility === 'electric')!;
    expect(side.balanceFen).toBe(balanceOf('electric'));
    expect(factOf(electric, en.tenant.overview.daysLeft).firstChild!.textContent).toBe(creditWords(side.forecast));
    if (side.forecast && side.forecast.dailyFen > 0) {
      expect(factOf(electric, en.tenant.overview.dailyCost).firstChild!.textContent).toBe(en.tenant.overview.dailyCostValue.replace('%{amount}', formatYuan(side.forecast.dailyFen)));
    }
    // Every utility the room has a meter of, the same way.
    for (const other of rooms[0].utilities) {
      const region = screen.getByRole('region', { name: en.utility[other.utility] });
      expect(within(region).getByText(en.tenant.overview.balance).nextElementSibling!.textContent, other.utility).toBe(formatYuan(balanceOf(other.utility)));
      expect(factOf(region, en.tenant.overview.daysLeft).firstChild!.textContent, other.utility).toBe(creditWords(other.forecast));
      const supply = factOf(region, en.tenant.overview.supply);
      if (other.reason) expect(supply, other.utility).toHaveTextContent(`Reason: ${reasonText(en, other.utility, other.reason)}`);
      else expect(supply.textContent, other.utility).not.toMatch(/Reason:/);
    }
  });

  it('shows the same electricity per day as the operators\' room usage report (roomUsage/findByCondition)', async () => {
    const today = dayOn(TEST_NOW);
    const first = addDays(today, -29);
    const operator = await loginAs(testBackend().app, 'admin');
    const search = new URLSearchParams({
      granularity: 'day', roomId: String(tenant.room_id), readFrom: `${first}T00:00:00+08:00`, readTo: `${addDays(today, 1)}T00:00:00+08:00`, pageSize: '100',
    });
    const report = await callJson<{ records: { period: string; usage: number }[]; total: number }>(`/api/v1/electricity/roomUsage/findByCondition?${search}`, { 'X-Token': operator });
    expect(report.total).toBeLessThanOrEqual(30);
    expect(report.records.some((row) => row.usage !== 0)).toBe(true);

    const user = userEvent.setup({ delay: null });
    render(<TenantApp path="/tenant/usage" />);
    const electric = await screen.findByRole('region', { name: en.utility.electric });
    await user.click(within(electric).getByRole('button', { name: en.tenant.usage.showTable }));
    const table = within(electric).getByRole('table');
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Day', 'Use (kWh)', 'Charge']);
    const shown = new Map(within(table).getAllByRole('row').slice(1).map((row) => [
      within(row).getByRole('rowheader').textContent!, within(row).getAllByRole('cell')[0].textContent!,
    ]));
    const days = Array.from({ length: 30 }, (_, i) => addDays(first, i));
    expect([...shown.keys()].sort()).toEqual(days);
    // The tenant sees the days of their tenancy only (from the binding's start): before it, nothing used.
    const expected = new Map(days.map((day) => [day, quantityText(day < tenant.start_date ? 0 : report.records.find((row) => row.period === day)?.usage ?? 0)]));
    expect(shown).toEqual(expected);
  });

  it('shows the current month\'s statement closing on the balance, and downloads its PDF', async () => {
    const [{ balance_fen: balance }] = await query<{ balance_fen: string | number }>(`SELECT balance_fen FROM accounts WHERE room_id = ${tenant.room_id} AND utility = 'electric'`);
    const user = userEvent.setup({ delay: null });
    render(<TenantApp path="/tenant/bills" />);
    const statements = await screen.findByRole('region', { name: en.tenant.bills.statements });
    const running = (await within(statements).findAllByRole('link')).filter((link) => within(link).queryByText(en.tenant.bills.toDate));
    expect(running).toHaveLength(1);
    expect(running[0]).toHaveTextContent(`${en.utility.electric} ${en.tenant.bills.closing.replace('%{amount}', formatYuan(Number(balance)))}`);
    await user.click(running[0]);

    const sheet = await screen.findByRole('article', { name: /^Statement for / });
    const summary = within(sheet).getAllByRole('table')[0];
    const column = within(summary).getAllByRole('columnheader').findIndex((cell) => cell.textContent === en.utility.electric);
    expect(column).toBeGreaterThan(0);
    const closing = within(summary).getByRole('rowheader', { name: en.tenant.statement.closingBalance }).closest('tr')!;
    expect(within(closing).getAllByRole('cell')[column - 1].textContent).toBe(formatYuan(Number(balance)));

    // The PDF: a file, not JSON, through the forwarding (the server answers it to the session's header only).
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => { blobs.push(blob as Blob); return 'blob:statement'; });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await user.click(within(screen.getByRole('main')).getByRole('button', { name: en.tenant.statement.pdf }));
    await waitFor(() => expect(blobs).toHaveLength(1));
    expect(blobs[0].type).toBe('application/pdf');
    expect(new TextDecoder().decode((await blobs[0].arrayBuffer()).slice(0, 5))).toBe('%PDF-');
  });

  it('stores a notice switched off in tenant_notice_settings for the phone', async () => {
    const before = await callJson<{ settings: Record<string, unknown> }>('/api/v1/tenant/me', session());
    expect(before.settings.credited).toBe(true);
    const user = userEvent.setup({ delay: null });
    render(<TenantApp path="/tenant/more" />);
    expect(await screen.findByText(`Signed in as ${tenant.phone.slice(0, 3)}****${tenant.phone.slice(-4)}`)).toBeInTheDocument();
    const credited = await screen.findByRole('switch', { name: en.tenant.settings.credited });
    expect(credited).toBeChecked();
    await user.click(credited);
    expect(await screen.findByText(en.tenant.settings.saved)).toBeInTheDocument();
    expect(credited).not.toBeChecked();
    expect(await query(`SELECT low_balance, days_left, days_left_threshold, credited, supply FROM tenant_notice_settings WHERE phone = '${tenant.phone}'`)).toEqual([{
      low_balance: before.settings.lowBalance, days_left: before.settings.daysLeft, days_left_threshold: before.settings.daysLeftThreshold, credited: false, supply: before.settings.supply,
    }]);
  });

  it('sends a fault report with a photo: it lands in faults for the room, and the tenant sees it and its photo', async () => {
    const text = `The meter's display has been blank since noon (${tenant.phone.slice(-4)}).`;
    const user = userEvent.setup({ delay: null });
    render(<TenantApp path="/tenant/more" />);
    const faults = await screen.findByRole('region', { name: en.tenant.faults.heading });
    await user.selectOptions(within(faults).getByRole('combobox', { name: en.tenant.faults.kind }), en.tenant.faults.kinds.meter);
    await user.type(within(faults).getByRole('textbox', { name: en.tenant.faults.text }), text);
    await user.upload(within(faults).getByLabelText(en.tenant.faults.photo), new File([PNG], 'meter.png', { type: 'image/png' }));
    await user.click(within(faults).getByRole('button', { name: en.tenant.faults.submit }));
    expect(await within(faults).findByText(en.tenant.faults.sent)).toBeInTheDocument();

    const stored = await query<{ id: number; area_id: number; device_kind: string; cleared_at: unknown; detail: string }>(`SELECT id, area_id, device_kind, cleared_at, detail FROM faults
      WHERE kind = 'tenant_report' AND room_id = ${tenant.room_id} AND detail LIKE '%${text.replace(/'/g, "''")}%'`);
    expect(stored).toEqual([{ id: expect.anything(), area_id: tenant.area_id, device_kind: 'room', cleared_at: null, detail: `[meter] ${text}` }]);

    const item = (await within(faults).findByText(text)).closest('li')!;
    expect(within(item).getByText(en.tenant.faults.kinds.meter)).toBeInTheDocument();
    expect(within(item).getByText(en.tenant.faults.state.open)).toBeInTheDocument();
    // The photo comes back as a file (not JSON) through the forwarding.
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => { blobs.push(blob as Blob); return 'blob:photo'; });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    await user.click(within(item).getByRole('button', { name: en.tenant.faults.viewPhoto }));
    expect(await within(item).findByRole('img', { name: en.tenant.faults.photoAlt })).toHaveAttribute('src', 'blob:photo');
    expect(blobs[0].type).toBe('image/png');
    expect(new Uint8Array(await blobs[0].arrayBuffer())).toEqual(PNG);
  });
});
