/**
 * The signed-in tenant page (src/pay/tenant, issue 42) against a stand-in of the tenant API (the
 * calls of server/routes/tenantPortal.ts, base /api/v1/tenant) put in place of `fetch`: sign-in by
 * SMS code (the code sent, the countdown, a wrong code's message, the token kept), the rooms'
 * figures (money, days of credit, supply and its reason in the utility's words, the room switcher),
 * usage as chart and table, bills and the statement's PDF (the path and the session's header),
 * paying through the tenant's calls, the SMS notices' PUT, the fault report (a 3 MB photo refused
 * before any call, a small one sent), an answer the service worker kept (offline banner), and a 401
 * back to sign-in. The same page against the real backend (MSW forwarding to it, no stand-in: its
 * figures against the database and the operators' report) is tests/console/tenantPageBackend.test.tsx;
 * the server's own tests are tests/server/tenant*.test.ts.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import QRCode from 'qrcode';
import en from '../../i18n/pay/en';
import zhChs from '../../i18n/pay/zh-chs';
import { TenantApp, routeOf } from '../../src/pay/tenant/TenantApp';
import { reasonText } from '../../src/pay/tenant/Overview';
import { normalPhone } from '../../src/pay/tenant/api';
import { niceMax } from '../../src/pay/tenant/BarChart';
import { lastDayOf } from '../../src/pay/tenant/StatementView';
import type { TenantRoom } from '../../src/pay/tenant/api';

interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Record<string, string>;
  body: unknown;
}

type Answer = { status?: number; data?: unknown; msg?: string; headers?: Record<string, string>; file?: string };
type Handler = (call: Call) => Answer | undefined;

const TOKEN = 'tok-5f0e7a';

const ROOMS: TenantRoom[] = [
  {
    roomId: 7, room: '3号楼 101', project: '滨江花园', since: '2025-03-01', providers: ['wechat', 'alipay'],
    utilities: [
      {
        utility: 'electric', unit: 'kWh', canPay: true, balanceFen: 1_234_567, freeLeft: 12.5, overdraftFen: 0, alarm1Fen: 2000, alarm2Fen: 500,
        state: 'on', reason: null, online: true, forecast: { dailyFen: 1030, daysLeft: 12, runOutDate: '2026-12-11', basisDays: 30 },
      },
      {
        utility: 'water', unit: 'm³', canPay: true, balanceFen: -250, freeLeft: 3.5, overdraftFen: 1000, alarm1Fen: 1000, alarm2Fen: 0,
        state: 'closed', reason: 'arrears', online: false, forecast: { dailyFen: 120, daysLeft: 0, runOutDate: '2026-11-29', basisDays: 30 },
      },
    ],
  },
  {
    roomId: 8, room: '5号楼 202', project: '滨江花园', since: '2026-01-15', providers: [],
    utilities: [
      {
        utility: 'electric', unit: 'kWh', canPay: true, balanceFen: 5000, freeLeft: 0, overdraftFen: 0, alarm1Fen: 0, alarm2Fen: 0,
        state: 'off', reason: 'night_limit', online: null, forecast: { dailyFen: 0, daysLeft: null, runOutDate: null, basisDays: 30 },
      },
    ],
  },
];

/** The last 30 days to 2026-11-29: electricity 0.25 kWh more each day, water on even days. */
const DAY_POINTS = Array.from({ length: 30 }, (_, i) => {
  const day = new Date(Date.UTC(2026, 10, 29 - 29 + i)).toISOString().slice(0, 10);
  return { period: day, electric: (i + 1) * 0.25 - 2.25 > 0 ? Math.round(((i + 1) * 0.25 - 2.25) * 100) / 100 : 0, water: i % 2 ? 0 : 0.5, electricFen: i === 29 ? 315 : (i + 1) * 10, waterFen: i % 2 ? 0 : 250 };
});
const MONTH_POINTS = Array.from({ length: 12 }, (_, i) => {
  const month = `${i < 1 ? 2025 : 2026}-${String(i < 1 ? 12 : i).padStart(2, '0')}`;
  return { period: month, electric: 100 + i, water: 3, electricFen: 6000 + i * 100, waterFen: 1500 };
});

const line = (id: number, overrides: Record<string, unknown> = {}) => ({
  id: `p${id}`, at: '2026-11-20T02:30:00.000Z', utility: 'electric', kind: 'charge', amountFen: -320, balanceAfterFen: 1_234_567, orderId: null, channel: null, ...overrides,
});

interface Stand {
  calls: Call[];
  handlers: Handler[];
  codes: Record<string, string>;
  settings: { lowBalance: boolean; daysLeft: boolean; daysLeftThreshold: number; credited: boolean; supply: boolean };
  faults: Record<string, unknown>[];
  orderPolls: number;
}

/** The tenant API as the contract answers it, for the signed-in token TOKEN. */
function standIn(): Stand {
  const stand: Stand = {
    calls: [], handlers: [], codes: { '13800138000': '123456' },
    settings: { lowBalance: true, daysLeft: true, daysLeftThreshold: 3, credited: true, supply: true },
    faults: [{ id: 3, kind: 'meter', text: 'The display is blank.', createdAt: '2026-11-02T01:00:00.000Z', state: 'resolved', resolvedAt: '2026-11-03T06:00:00.000Z', resolution: 'Meter replaced.', hasPhoto: false }],
    orderPolls: 0,
  };
  const expiresAt = new Date(Date.now() + 15 * 60_000).toISOString();
  const base: Handler = ({ method, path, query, headers, body }) => {
    const route = `${method} ${path.replace(/^\/api\/v1\/tenant/, '')}`;
    if (route === 'POST /login/code') {
      const { phone } = body as { phone: string };
      if (!/^1[3-9]\d{9}$/.test(phone)) return { status: 400, msg: 'Bad phone number.' };
      return { data: { expiresInSeconds: 300, resendAfterSeconds: 60 } };
    }
    if (route === 'POST /login') {
      const { phone, code } = body as { phone: string; code: string };
      if (stand.codes[phone] !== code) return { status: 401, msg: 'This code is wrong or has expired.' };
      return { data: { token: TOKEN, expiresAt: '2026-12-29T00:00:00.000Z' } };
    }
    if (headers['x-tenant-token'] !== TOKEN) return { status: 401, msg: 'Please sign in.' };
    if (route === 'POST /logout') return { data: {} };
    if (route === 'GET /me') return { data: { phone: '138****8000', settings: stand.settings } };
    if (route === 'PUT /settings') {
      stand.settings = body as Stand['settings'];
      return { data: stand.settings };
    }
    if (route === 'GET /rooms') return { data: ROOMS };
    const roomMatch = /^\/rooms\/(\d+)(\/.*)$/.exec(path.replace(/^\/api\/v1\/tenant/, ''));
    if (!roomMatch || !ROOMS.some((room) => room.roomId === Number(roomMatch[1]))) return { status: 404, msg: 'No such room.' };
    const rest = `${method} ${roomMatch[2]}`;
    if (rest === 'GET /usage') {
      const period = query.get('period');
      return { data: { period, points: period === 'month' ? MONTH_POINTS : DAY_POINTS } };
    }
    if (rest === 'GET /payments') {
      const page = Number(query.get('pageNum'));
      const size = Number(query.get('pageSize'));
      const all = Array.from({ length: 25 }, (_, i) => line(i + 1, i === 0 ? { kind: 'recharge', amountFen: 5000, channel: 'wechat', orderId: 'E1' } : {}));
      return { data: { total: all.length, list: all.slice((page - 1) * size, page * size) } };
    }
    if (rest === 'GET /statements') {
      return { data: [
        { month: '2026-11', running: true, utilities: [{ utility: 'electric', unit: 'kWh', openingFen: 1000, rechargeFen: 5000, voidFen: 0, chargeFen: 320, refundFen: 0, giftFen: 0, adjustFen: 0, closingFen: 5680, usage: 5.2 }] },
        { month: '2026-10', running: false, utilities: [{ utility: 'electric', unit: 'kWh', openingFen: 0, rechargeFen: 1000, voidFen: 0, chargeFen: 0, refundFen: 0, giftFen: 0, adjustFen: 0, closingFen: 1000, usage: 0 }] },
      ] };
    }
    if (rest === 'GET /statements/2026-11') {
      return { data: {
        month: '2026-11', running: true, from: '2026-10-31T16:00:00.000Z', to: '2026-11-29T03:00:00.000Z', room: '3号楼 101', project: '滨江花园', tenantName: '张三',
        issuer: { company: '滨江物业服务有限公司', address: '杭州市滨江区江南大道 1 号', phone: '0571-88888888' },
        utilities: [{ utility: 'electric', unit: 'kWh', openingFen: 1000, rechargeFen: 5000, voidFen: 0, chargeFen: 320, refundFen: 0, giftFen: 0, adjustFen: 0, closingFen: 5680, usage: 5.2 }],
        lines: [line(1, { kind: 'recharge', amountFen: 5000, channel: 'wechat', balanceAfterFen: 6000 }), line(2, { balanceAfterFen: 5680 })],
      } };
    }
    if (rest === 'GET /statements/2026-11/pdf') return { file: '%PDF-1.4 fake' };
    if (rest === 'GET /faults') return { data: stand.faults };
    if (rest === 'POST /faults') {
      const report = body as { kind: string; text: string };
      const id = 10 + stand.faults.length;
      stand.faults = [{ id, kind: report.kind, text: report.text, createdAt: '2026-11-29T04:00:00.000Z', state: 'open', resolvedAt: null, resolution: null, hasPhoto: 'photo' in (body as object) }, ...stand.faults];
      return { data: { id } };
    }
    if (rest === 'POST /orders') {
      const order = body as { provider: string };
      return { data: { orderNo: 'E20261129000777', provider: order.provider, qrCode: 'weixin://wxpay/bizpayurl?pr=t777', expiresAt, payUrl: null } };
    }
    if (rest === 'GET /orders/E20261129000777') {
      stand.orderPolls++;
      const credited = stand.orderPolls >= 2;
      return { data: {
        orderNo: 'E20261129000777', status: credited ? 'credited' : 'pending', amountFen: 5000, paidAt: credited ? '2026-11-29T04:05:00.000Z' : null,
        creditedAt: credited ? '2026-11-29T04:05:02.000Z' : null, expiresAt, utility: 'electric', provider: 'wechat',
        ...(credited ? { balanceFen: 1_239_567, supplyState: stand.orderPolls >= 3 ? 'on' : 'close_pending' } : {}),
      } };
    }
    return { status: 404, msg: `not in the stand-in: ${method} ${path}` };
  };
  stand.handlers.push(base);

  vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    const headers = Object.fromEntries(Object.entries((init.headers ?? {}) as Record<string, string>).map(([k, v]) => [k.toLowerCase(), v]));
    const call: Call = { method: init.method ?? 'GET', path: url.pathname, query: url.searchParams, headers, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined };
    stand.calls.push(call);
    let answer: Answer | undefined;
    for (const handler of [...stand.handlers].reverse()) {
      answer = handler(call);
      if (answer) break;
    }
    const { status = 200, data, msg, headers: extra = {}, file } = answer!;
    if (file) return new Response(new TextEncoder().encode(file), { status, headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'attachment; filename="statement-2026-11.pdf"', ...extra } });
    const envelope = status === 200 ? { code: 200, msg: 'ok', data } : { code: status, msg };
    return new Response(JSON.stringify(envelope), { status, headers: { 'Content-Type': 'application/json', ...extra } });
  }));
  return stand;
}

const callsTo = (stand: Stand, method: string, path: string) => stand.calls.filter((call) => call.method === method && call.path === path);

describe('the tenant page\'s small rules', () => {
  it('reads its route from the path', () => {
    expect(routeOf('/tenant')).toEqual({ tab: 'overview' });
    expect(routeOf('/tenant/')).toMatchObject({ tab: 'overview' });
    expect(routeOf('/tenant/usage')).toMatchObject({ tab: 'usage' });
    expect(routeOf('/tenant/bills/2026-11')).toMatchObject({ tab: 'bills', month: '2026-11' });
    expect(routeOf('/tenant/bills/nonsense')).toMatchObject({ tab: 'bills', month: undefined });
    expect(routeOf('/tenant/pay?utility=water')).toMatchObject({ tab: 'pay', utility: 'water' });
    expect(routeOf('/tenant/whatever')).toMatchObject({ tab: 'overview' });
  });
  it('reads a phone number as typed, and scales a chart to 1, 2, 2.5 or 5 times a power of ten', () => {
    expect(normalPhone('138 0013-8000')).toBe('13800138000');
    expect(normalPhone('+86 13800138000')).toBe('13800138000');
    expect(normalPhone('１３８００１３８０００')).toBe('13800138000');
    expect([niceMax(0), niceMax(7.3), niceMax(10), niceMax(11), niceMax(0.42), niceMax(230)]).toEqual([1, 10, 10, 20, 0.5, 250]);
  });
  it('words why a supply is off by its utility where the words differ: a power cut or a valve closed by hand', () => {
    expect(reasonText(en, 'electric', 'manual')).toBe('switched off by the property office');
    expect(reasonText(en, 'water', 'manual')).toBe('valve closed by the property office');
    expect(reasonText(zhChs, 'electric', 'manual')).toBe('物业手动断电');
    expect(reasonText(zhChs, 'water', 'manual')).toBe('物业手动关阀');
    expect([reasonText(zhChs, 'electric', 'arrears'), reasonText(zhChs, 'water', 'arrears')]).toEqual(['余额不足', '余额不足']);
    expect(reasonText(en, 'electric', 'night_limit')).toBe('night-time power limit');
    expect(reasonText(en, 'water', 'something_new')).toBe('something_new');
    expect(reasonText(en, 'water', 'toString')).toBe('toString');
  });
  it('ends a closed month\'s statement on its last day (its `to` is the next month\'s start), a running one today', () => {
    expect(lastDayOf({ running: false, to: '2026-10-31T16:00:00.000Z' })).toBe('2026-10-31');
    expect(lastDayOf({ running: true, to: '2026-11-29T03:00:00.000Z' })).toBe('2026-11-29');
  });
});

describe('the tenant page', () => {
  beforeEach(() => {
    sessionStorage.clear();
    localStorage.setItem('pay.lang', 'en');
    window.history.replaceState({}, '', '/tenant');
    vi.spyOn(QRCode, 'toDataURL').mockImplementation((async () => 'data:image/png;base64,iVBORw0KGgo=') as never);
  });
  afterEach(() => {
    sessionStorage.clear();
    vi.mocked(QRCode.toDataURL).mockRestore();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    window.history.replaceState({}, '', '/');
  });

  it('signs in: a bad number told before any call, the code sent with its countdown, a wrong code\'s message, the token kept', async () => {
    const stand = standIn();
    render(<TenantApp path="/tenant" />);
    expect(document.title).toBe(en.tenant.title);
    const phone = screen.getByRole('textbox', { name: en.tenant.signIn.phone });
    const code = screen.getByRole('textbox', { name: en.tenant.signIn.code });
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');

    fireEvent.change(phone, { target: { value: '1200013800' } });
    fireEvent.click(screen.getByRole('button', { name: en.tenant.signIn.sendCode }));
    expect(await screen.findByText(en.tenant.signIn.phoneInvalid)).toBeInTheDocument();
    expect(stand.calls).toEqual([]);

    fireEvent.change(phone, { target: { value: '138 0013 8000' } });
    fireEvent.click(screen.getByRole('button', { name: en.tenant.signIn.sendCode }));
    const resend = await screen.findByRole('button', { name: 'Resend in 60 s' });
    expect(resend).toBeDisabled();
    expect(callsTo(stand, 'POST', '/api/v1/tenant/login/code').map((call) => call.body)).toEqual([{ phone: '13800138000' }]);
    expect(screen.getByText(/a code is on its way by SMS\. It is valid for 5 minutes\./)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: /^Resend in 5[89] s$/ }, { timeout: 3000 })).toBeDisabled();

    // A code of the wrong length is told without a call; a wrong one gets the server's words.
    fireEvent.change(code, { target: { value: '12a3' } });
    expect(code).toHaveValue('123');
    fireEvent.click(screen.getByRole('button', { name: en.tenant.signIn.submit }));
    expect(await screen.findByText(en.tenant.signIn.codeInvalid)).toBeInTheDocument();
    fireEvent.change(code, { target: { value: '111111' } });
    fireEvent.click(screen.getByRole('button', { name: en.tenant.signIn.submit }));
    expect(await screen.findByText('This code is wrong or has expired.')).toBeInTheDocument();
    expect(localStorage.getItem('tenant.token')).toBeNull();

    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: en.tenant.signIn.submit }));
    expect(await screen.findByRole('heading', { name: 'Electricity' })).toBeInTheDocument();
    expect(localStorage.getItem('tenant.token')).toBe(TOKEN);
    expect(callsTo(stand, 'POST', '/api/v1/tenant/login').at(-1)!.body).toEqual({ phone: '13800138000', code: '123456' });
    expect(callsTo(stand, 'GET', '/api/v1/tenant/rooms')[0].headers['x-tenant-token']).toBe(TOKEN);
    expect(callsTo(stand, 'GET', '/api/v1/tenant/rooms')[0].headers['accept-language']).toBe('en');
  });

  it('shows each utility\'s balance, days of credit, daily cost, free allowance and supply; switches rooms', async () => {
    localStorage.setItem('tenant.token', TOKEN);
    standIn();
    render(<TenantApp path="/tenant" />);
    const electric = await screen.findByRole('region', { name: 'Electricity' });
    expect(within(electric).getByText('¥12,345.67')).toBeInTheDocument();
    expect(within(electric).getByText('about 12 days, until 2026-12-11')).toBeInTheDocument();
    expect(within(electric).getByText('about ¥10.30 a day')).toBeInTheDocument();
    expect(within(electric).getByText('12.50 kWh')).toBeInTheDocument();
    expect(within(electric).getByText('Power on')).toBeInTheDocument();
    expect(within(electric).getByText('Meter online')).toBeInTheDocument();

    const water = screen.getByRole('region', { name: 'Water' });
    expect(within(water).getByText('-¥2.50')).toHaveClass('negative');
    expect(within(water).getByText(en.tenant.overview.arrears)).toBeInTheDocument();
    expect(within(water).getByText(en.tenant.overview.daysLeftNone)).toHaveClass('bad');
    expect(within(water).getByText('Water off')).toBeInTheDocument();
    expect(within(water).getByText('Reason: not enough credit')).toBeInTheDocument();
    expect(within(water).getByText('Meter offline')).toBeInTheDocument();
    expect(within(water).getByText('3.50 m³')).toBeInTheDocument();
    expect(screen.getByText('Tenant since 2025-03-01')).toBeInTheDocument();

    // The second room: no use to forecast from, a night limit, no online payments.
    fireEvent.change(screen.getByRole('combobox', { name: en.tenant.room }), { target: { value: '8' } });
    const other = await screen.findByRole('region', { name: 'Electricity' });
    await waitFor(() => expect(within(other).getByText('¥50.00')).toBeInTheDocument());
    expect(within(other).getByText('No use in the last 30 days to forecast from.')).toBeInTheDocument();
    expect(within(other).getByText('Reason: night-time power limit')).toBeInTheDocument();
    expect(within(other).queryByRole('link', { name: en.tenant.overview.topUp })).toBeNull();
    expect(localStorage.getItem('tenant.room')).toBe('8');
  });

  it('shows the usage as a chart with the same figures in a table, by day and by month', async () => {
    localStorage.setItem('tenant.token', TOKEN);
    const stand = standIn();
    render(<TenantApp path="/tenant" />);
    fireEvent.click(await screen.findByRole('link', { name: 'Usage' }));
    expect(window.location.pathname).toBe('/tenant/usage');
    const electric = await screen.findByRole('region', { name: 'Electricity' });
    const chart = within(electric).getByRole('img');
    expect(chart.tagName.toLowerCase()).toBe('svg');
    expect(chart.querySelectorAll('rect.bar')).toHaveLength(30);
    expect(chart).toHaveAccessibleName(/^Electricity use per day over the last 30 days: Total 57\.75 kWh · ¥46\.65$/);

    const toggle = within(electric).getByRole('button', { name: en.tenant.usage.showTable });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const table = within(electric).getByRole('table');
    expect(table).toBeVisible();
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Day', 'Use (kWh)', 'Charge']);
    const today = within(table).getByRole('rowheader', { name: '2026-11-29' }).closest('tr')!;
    expect(within(today).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['5.25', '¥3.15']);
    const water = screen.getByRole('region', { name: 'Water' });
    expect(within(water).getByText('Total 7.50 m³ · ¥37.50')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('radio', { name: en.tenant.usage.month }));
    await waitFor(() => expect(within(screen.getByRole('region', { name: 'Electricity' })).getByRole('img').querySelectorAll('rect.bar')).toHaveLength(12));
    expect(stand.calls.filter((call) => call.path === '/api/v1/tenant/rooms/7/usage').map((call) => call.query.get('period'))).toEqual(['day', 'month']);
    fireEvent.click(within(screen.getByRole('region', { name: 'Electricity' })).getByRole('button', { name: en.tenant.usage.showTable }));
    const november = within(screen.getByRole('region', { name: 'Electricity' })).getByRole('rowheader', { name: 'November 2026' }).closest('tr')!;
    expect(within(november).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['111.00', '¥71.00']);
  });

  it('lists payments (load more) and statements; a statement prints and downloads its PDF with the session\'s header', async () => {
    localStorage.setItem('tenant.token', TOKEN);
    const stand = standIn();
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => { blobs.push(blob as Blob); return 'blob:statement'; });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const clicks: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) { clicks.push(this); });
    render(<TenantApp path="/tenant/bills" />);

    const payments = await screen.findByRole('region', { name: en.tenant.bills.payments });
    await within(payments).findByText('20 of 25');
    expect(within(payments).getByText('+¥50.00')).toBeInTheDocument();
    expect(within(payments).getByText('Electricity · Top-up · WeChat Pay')).toBeInTheDocument();
    expect(within(payments).getAllByText('-¥3.20')).toHaveLength(19);
    expect(within(payments).getAllByText('Electricity · Charges')[0]).toBeInTheDocument();
    expect(within(payments).getAllByText('2026-11-20 10:30')[0]).toBeInTheDocument();
    fireEvent.click(within(payments).getByRole('button', { name: en.tenant.bills.loadMore }));
    await within(payments).findByText('25 of 25');
    expect(within(payments).queryByRole('button', { name: en.tenant.bills.loadMore })).toBeNull();
    expect(callsTo(stand, 'GET', '/api/v1/tenant/rooms/7/payments').map((call) => call.query.get('pageNum'))).toEqual(['1', '2']);

    const statements = screen.getByRole('region', { name: en.tenant.bills.statements });
    const november = within(statements).getByRole('link', { name: /November 2026/ });
    expect(november).toHaveTextContent('to date');
    expect(november).toHaveAttribute('href', '/tenant/bills/2026-11');
    fireEvent.click(november);
    expect(window.location.pathname).toBe('/tenant/bills/2026-11');
    const sheet = await screen.findByRole('article', { name: 'Statement for November 2026' });
    expect(within(sheet).getByText('滨江物业服务有限公司')).toBeInTheDocument();
    expect(within(sheet).getByText('Tel. 0571-88888888')).toBeInTheDocument();
    expect(within(sheet).getByText('2026-11-01 to 2026-11-29')).toBeInTheDocument();
    expect(within(sheet).getByText('张三')).toBeInTheDocument();
    const closing = within(sheet).getByRole('rowheader', { name: 'Closing balance' }).closest('tr')!;
    expect(within(closing).getByRole('cell')).toHaveTextContent('¥56.80');

    fireEvent.click(screen.getByRole('button', { name: en.tenant.statement.print }));
    expect(print).toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: en.tenant.statement.pdf }));
    await waitFor(() => expect(clicks).toHaveLength(1));
    const [pdf] = callsTo(stand, 'GET', '/api/v1/tenant/rooms/7/statements/2026-11/pdf');
    expect(pdf.headers['x-tenant-token']).toBe(TOKEN);
    expect(blobs[0].type).toBe('application/pdf');
    expect(clicks[0].download).toBe('statement-2026-11.pdf');
    expect(clicks[0].getAttribute('href')).toBe('blob:statement');
  });

  it('pays through the tenant\'s calls, follows the order until credited and the meter is back on, with a receipt', async () => {
    localStorage.setItem('tenant.token', TOKEN);
    const stand = standIn();
    render(<TenantApp path="/tenant" />);
    const water = await screen.findByRole('region', { name: 'Water' });
    fireEvent.click(within(water).getByRole('link', { name: en.tenant.overview.topUp }));
    expect(window.location.pathname + window.location.search).toBe('/tenant/pay?utility=water');
    // The card's utility comes first.
    expect(await screen.findByRole('radio', { name: 'Water' })).toBeChecked();
    fireEvent.click(screen.getByRole('radio', { name: 'Electricity' }));
    fireEvent.click(screen.getByRole('radio', { name: '¥50' }));
    fireEvent.click(screen.getByRole('radio', { name: 'WeChat Pay' }));
    fireEvent.click(screen.getByRole('button', { name: 'Pay ¥50.00' }));
    expect(await screen.findByRole('img', { name: 'QR code to pay' })).toBeInTheDocument();
    const [order] = callsTo(stand, 'POST', '/api/v1/tenant/rooms/7/orders');
    expect(order.body).toEqual({ utility: 'electric', amountFen: 5000, provider: 'wechat', requestId: expect.stringMatching(/^[A-Za-z0-9_.:-]{8,64}$/) });
    expect(order.headers['x-tenant-token']).toBe(TOKEN);
    expect(JSON.parse(sessionStorage.getItem('pay.order.tenant-7')!)).toMatchObject({ orderNo: 'E20261129000777' });

    const receipt = await screen.findByRole('region', { name: en.receipt.title }, { timeout: 10_000 });
    expect(within(receipt).getByText('E20261129000777')).toBeInTheDocument();
    expect(within(receipt).getByText('2026-11-29 12:05')).toBeInTheDocument();
    expect(within(receipt).getByText('¥12,395.67')).toBeInTheDocument();
    // Followed on after the credit until the meter is on, then the rooms are read again.
    await waitFor(() => expect(screen.getByText('Supply: Power on')).toBeInTheDocument(), { timeout: 10_000 });
    const roomReads = callsTo(stand, 'GET', '/api/v1/tenant/rooms').length;
    expect(roomReads).toBeGreaterThanOrEqual(3);
    expect(callsTo(stand, 'GET', '/api/v1/tenant/rooms/7/orders/E20261129000777').every((call) => call.headers['x-tenant-token'] === TOKEN)).toBe(true);
    expect(callsTo(stand, 'GET', '/api/v1/pay/orders/E20261129000777')).toEqual([]);
  }, 60_000);

  it('saves the SMS notices as they are switched (PUT /settings) and shows the masked phone', async () => {
    localStorage.setItem('tenant.token', TOKEN);
    const stand = standIn();
    render(<TenantApp path="/tenant/more" />);
    expect(await screen.findByText('Signed in as 138****8000')).toBeInTheDocument();
    const credited = await screen.findByRole('switch', { name: en.tenant.settings.credited });
    expect(credited).toBeChecked();
    fireEvent.click(credited);
    expect(await screen.findByText(en.tenant.settings.saved)).toBeInTheDocument();
    expect(credited).not.toBeChecked();
    fireEvent.change(screen.getByRole('combobox', { name: en.tenant.settings.threshold }), { target: { value: '7' } });
    await waitFor(() => expect(callsTo(stand, 'PUT', '/api/v1/tenant/settings')).toHaveLength(2));
    expect(callsTo(stand, 'PUT', '/api/v1/tenant/settings').map((call) => call.body)).toEqual([
      { lowBalance: true, daysLeft: true, daysLeftThreshold: 3, credited: false, supply: true },
      { lowBalance: true, daysLeft: true, daysLeftThreshold: 7, credited: false, supply: true },
    ]);
  });

  it('refuses a 3 MB photo before any call, sends a report with a small one, and lists the room\'s reports', async () => {
    localStorage.setItem('tenant.token', TOKEN);
    const stand = standIn();
    render(<TenantApp path="/tenant/more" />);
    const faults = await screen.findByRole('region', { name: en.tenant.faults.heading });
    expect(await within(faults).findByText('Answer: Meter replaced.')).toBeInTheDocument();
    expect(within(faults).getByText(en.tenant.faults.state.resolved)).toBeInTheDocument();

    const photo = within(faults).getByLabelText(en.tenant.faults.photo) as HTMLInputElement;
    const big = new File([new Uint8Array(3 * 1024 * 1024)], 'big.jpg', { type: 'image/jpeg' });
    fireEvent.change(photo, { target: { files: [big] } });
    expect(await within(faults).findByRole('alert')).toHaveTextContent('This photo is 3.0 MB, over the 2 MB limit.');
    const gif = new File([new Uint8Array(10)], 'x.gif', { type: 'image/gif' });
    fireEvent.change(photo, { target: { files: [gif] } });
    expect(await within(faults).findByRole('alert')).toHaveTextContent(en.tenant.faults.photoType);

    fireEvent.change(within(faults).getByRole('combobox', { name: en.tenant.faults.kind }), { target: { value: 'no_power' } });
    fireEvent.click(within(faults).getByRole('button', { name: en.tenant.faults.submit }));
    expect(await within(faults).findByText(en.tenant.faults.textMissing)).toBeInTheDocument();
    expect(callsTo(stand, 'POST', '/api/v1/tenant/rooms/7/faults')).toEqual([]);

    fireEvent.change(within(faults).getByRole('textbox', { name: en.tenant.faults.text }), { target: { value: 'No power since noon.' } });
    expect(within(faults).getByText('20/500')).toBeInTheDocument();
    const small = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3])], 'small.png', { type: 'image/png' });
    fireEvent.change(photo, { target: { files: [small] } });
    expect(await within(faults).findByText('small.png')).toBeInTheDocument();
    fireEvent.click(within(faults).getByRole('button', { name: en.tenant.faults.submit }));
    expect(await within(faults).findByText(en.tenant.faults.sent)).toBeInTheDocument();
    const [post] = callsTo(stand, 'POST', '/api/v1/tenant/rooms/7/faults');
    expect(post.body).toEqual({ kind: 'no_power', text: 'No power since noon.', photo: { type: 'image/png', data: 'iVBORwECAw==' } });
    expect(await within(faults).findByText('No power since noon.')).toBeInTheDocument();
    expect(within(faults).getByText(en.tenant.faults.state.open)).toBeInTheDocument();
  });

  it('shows the offline banner when the figures come from the service worker\'s cache', async () => {
    localStorage.setItem('tenant.token', TOKEN);
    const stand = standIn();
    stand.handlers.push((call) => (call.path === '/api/v1/tenant/rooms' ? { data: ROOMS, headers: { 'X-From-Cache': '2026-11-29T02:00:00.000Z' } } : undefined));
    render(<TenantApp path="/tenant" />);
    expect(await screen.findByText('Offline: figures from 2026-11-29 10:00')).toBeInTheDocument();
  });

  it('goes back to sign-in with a message on a 401, and signs out on request', async () => {
    localStorage.setItem('tenant.token', 'an-ended-token');
    standIn();
    const { unmount } = render(<TenantApp path="/tenant/usage" />);
    expect(await screen.findByText(en.tenant.signIn.ended)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: en.tenant.signIn.phone })).toBeInTheDocument();
    expect(localStorage.getItem('tenant.token')).toBeNull();
    unmount();

    localStorage.setItem('tenant.token', TOKEN);
    const stand = standIn();
    render(<TenantApp path="/tenant/more" />);
    fireEvent.click(await screen.findByRole('button', { name: en.tenant.signOut }));
    expect(await screen.findByRole('button', { name: en.tenant.signIn.sendCode })).toBeInTheDocument();
    expect(screen.queryByText(en.tenant.signIn.ended)).toBeNull();
    expect(localStorage.getItem('tenant.token')).toBeNull();
    await waitFor(() => expect(callsTo(stand, 'POST', '/api/v1/tenant/logout')).toHaveLength(1));
  });
});
