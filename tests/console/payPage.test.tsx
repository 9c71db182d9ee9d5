/**
 * The tenants' pay page (src/pay, issue 41) on its own: its four catalogs, the amount read into fen,
 * the language chosen from the browser, and the page against a stand-in of the public pay API (the
 * console's test backend has no payment providers; tests/e2e/payments.e2e.ts runs the real one):
 * a bad amount told before any call, the order's request (fen, request id, language), the QR code,
 * following the order to its credit, the same request id on a retry, resuming after a reload, and
 * an unknown code's message alone.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import QRCode from 'qrcode';
import { server } from '../msw/setup';
import en from '../../i18n/pay/en';
import zhChs from '../../i18n/pay/zh-chs';
import zhCht from '../../i18n/pay/zh-cht';
import ja from '../../i18n/pay/ja';
import { parseAmount } from '../../src/pay/amount';
import { langOfBrowser, langOfTag } from '../../src/pay/i18n';
import { PayApp, payCodeOfPath } from '../../src/pay/PayApp';
import { pollDelay } from '../../src/pay/OrderPanel';
import { timeText } from '../../src/pay/words';

type Tree = { [key: string]: string | Tree };
const flatten = (tree: Tree, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([key, value]) => (typeof value === 'string' ? [[`${prefix}${key}`, value] as [string, string]] : flatten(value, `${prefix}${key}.`)));
const placeholders = (text: string) => [...text.matchAll(/%\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('the pay page\'s messages', () => {
  const english = new Map(flatten(en as unknown as Tree));
  it.each([['zh-chs', zhChs], ['zh-cht', zhCht], ['ja', ja]])('%s has every key of English, no other, the same placeholders and no empty text', (_, messages) => {
    const flat = new Map(flatten(messages as unknown as Tree));
    expect([...english.keys()].filter((key) => !flat.has(key))).toEqual([]);
    expect([...flat.keys()].filter((key) => !english.has(key))).toEqual([]);
    for (const [key, text] of flat) {
      expect(text.trim(), key).not.toBe('');
      expect(placeholders(text), key).toEqual(placeholders(english.get(key)!));
    }
  });
  it('English has no empty text either', () => {
    for (const [key, text] of english) expect(text.trim(), key).not.toBe('');
  });
});

describe('the amount typed, in fen', () => {
  it.each([
    ['50', 5000], ['35.5', 3550], ['35.50', 3550], ['0.01', 1], ['19.99', 1999], ['1.10', 110], ['0.29', 29], ['200.', 20000],
    [' ¥ 20 ', 2000], ['￥8.8', 880], ['１２．３４', 1234], ['9999999.99', 999999999],
  ])('%j → %i fen, exactly', (text, fen) => {
    expect(parseAmount(text)).toEqual({ fen });
  });
  it.each([
    ['', 'amountMissing'], ['  ', 'amountMissing'], ['1.234', 'amountFormat'], ['abc', 'amountFormat'], ['-5', 'amountFormat'], ['1e3', 'amountFormat'],
    ['.5', 'amountFormat'], ['1,000', 'amountFormat'], ['12345678', 'amountFormat'], ['0x10', 'amountFormat'], ['0', 'amountZero'], ['0.00', 'amountZero'],
  ])('%j is refused (%s)', (text, error) => {
    expect(parseAmount(text)).toEqual({ error });
  });
});

describe('the language, the path and the clock', () => {
  it('follows the browser\'s first language of the four, zh-chs otherwise', () => {
    expect(langOfBrowser(['zh-TW', 'en'])).toBe('zh-cht');
    expect(langOfBrowser(['zh-Hant-HK'])).toBe('zh-cht');
    expect(langOfBrowser(['zh-Hans-CN'])).toBe('zh-chs');
    expect(langOfBrowser(['fr-FR', 'ja-JP'])).toBe('ja');
    expect(langOfBrowser(['en-GB'])).toBe('en');
    expect(langOfBrowser(['fr', 'de'])).toBe('zh-chs');
    expect(langOfBrowser([])).toBe('zh-chs');
    expect(langOfTag('zh-cht')).toBe('zh-cht');
  });
  it('reads the pay code from /pay/<code> only', () => {
    const code = 'AbCdEfGhIjKlMnOpQrStUvWxYz01-_45';
    expect(payCodeOfPath(`/pay/${code}`)).toBe(code);
    expect(payCodeOfPath(`/pay/${code}/`)).toBe(code);
    expect(payCodeOfPath('/pay/short')).toBeUndefined();
    expect(payCodeOfPath(`/pay/${code}x`)).toBeUndefined();
    expect(payCodeOfPath(`/other/${code}`)).toBeUndefined();
  });
  it('asks every 2 s for a minute, then slower; counts down in m:ss', () => {
    expect([pollDelay(0), pollDelay(59_000), pollDelay(61_000), pollDelay(400_000)]).toEqual([2000, 2000, 5000, 15_000]);
    expect([timeText(0), timeText(-5), timeText(59_001), timeText(900_000), timeText(3_726_000)]).toEqual(['0:00', '0:00', '1:00', '15:00', '1:02:06']);
  });
});

const CODE = 'Tq3vXw9zAbCdEfGhIjKlMnOpQrStUv01';
const OTHER_CODE = 'Zz3vXw9zAbCdEfGhIjKlMnOpQrStUv01';

interface Stand {
  orders: { body: Record<string, unknown>; lang: string | null; cookie: string | null }[];
  polls: number;
  failNextOrder: number;
  balanceFen: number;
}

/** A stand-in of the public pay API: one room with both utilities; an order is credited at its second query. */
function standInApi(): Stand {
  const stand: Stand = { orders: [], polls: 0, failNextOrder: 0, balanceFen: 1234 };
  const expiresAt = new Date(Date.now() + 15 * 60_000).toISOString();
  server.use(
    http.get('*/api/v1/pay/room', ({ request }) => {
      const payCode = new URL(request.url).searchParams.get('payCode');
      if (payCode !== CODE) {
        const msg = request.headers.get('accept-language') === 'en' ? 'Unknown payment code.' : '缴费码无效。';
        return HttpResponse.json({ code: 404, msg, data: null }, { status: 404 });
      }
      return HttpResponse.json({ code: 200, msg: 'ok', data: {
        room: '项目 1号楼 1***',
        utilities: [{ utility: 'electric', balanceFen: stand.balanceFen, state: 'off' }, { utility: 'water', balanceFen: 500, state: 'open' }],
        providers: ['wechat', 'alipay'],
      } });
    }),
    http.post('*/api/v1/pay/orders', async ({ request }) => {
      const body = await request.json() as Record<string, unknown>;
      stand.orders.push({ body, lang: request.headers.get('accept-language'), cookie: request.headers.get('cookie') });
      if (stand.failNextOrder > 0) {
        stand.failNextOrder--;
        return HttpResponse.json({ code: 503, msg: '', data: null }, { status: 503 });
      }
      return HttpResponse.json({ code: 200, msg: 'ok', data: {
        orderNo: 'E20261129000042', provider: body.provider, qrCode: 'weixin://wxpay/bizpayurl?pr=sim42', expiresAt, payUrl: 'http://localhost/sim/wechatpay/pay?code=sim42',
      } });
    }),
    http.get('*/api/v1/pay/orders/:orderNo', ({ params, request }) => {
      expect(new URL(request.url).searchParams.get('payCode')).toBe(CODE);
      stand.polls++;
      const credited = stand.polls >= 2;
      if (credited) stand.balanceFen = 1234 + 5000;
      return HttpResponse.json({ code: 200, msg: 'ok', data: {
        orderNo: params.orderNo, status: credited ? 'credited' : 'pending', amountFen: 5000, paidAt: null, creditedAt: null, expiresAt,
        utility: 'electric', provider: 'wechat', ...(credited ? { balanceFen: 6234, supplyState: 'close_pending' } : {}),
      } });
    }),
  );
  return stand;
}

describe('the page', () => {
  beforeEach(() => {
    sessionStorage.clear();
    localStorage.setItem('pay.lang', 'en');
    vi.spyOn(QRCode, 'toDataURL').mockImplementation((async () => 'data:image/png;base64,iVBORw0KGgo=') as never);
  });
  afterEach(() => {
    sessionStorage.clear();
    vi.mocked(QRCode.toDataURL).mockRestore();
  });

  it('shows the room, refuses a bad amount before any call, pays, shows the QR code and follows the order to its credit', async () => {
    const stand = standInApi();
    const { unmount } = render(<PayApp path={`/pay/${CODE}`} />);
    expect(await screen.findByText('项目 1号楼 1***')).toBeInTheDocument();
    const room = screen.getByRole('region', { name: 'Room' });
    expect(within(room).getByText('¥12.34')).toBeInTheDocument();
    expect(within(room).getByText('Power off')).toBeInTheDocument();
    expect(within(room).getByText('Water on')).toBeInTheDocument();
    expect(document.title).toBe(en.title);

    // No amount, then a bad one: told, and no order asked for.
    fireEvent.click(screen.getByRole('button', { name: 'Pay' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(en.amountMissing);
    fireEvent.change(screen.getByRole('textbox', { name: 'Other amount' }), { target: { value: '12.345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pay' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(en.amountFormat);
    expect(stand.orders).toEqual([]);

    fireEvent.click(screen.getByRole('radio', { name: '¥50' }));
    expect(screen.getByRole('textbox', { name: 'Other amount' })).toHaveValue('');
    fireEvent.click(screen.getByRole('radio', { name: 'Electricity' }));
    fireEvent.click(screen.getByRole('radio', { name: 'WeChat Pay' }));
    fireEvent.click(screen.getByRole('button', { name: 'Pay ¥50.00' }));

    expect(await screen.findByRole('img', { name: 'QR code to pay' })).toHaveAttribute('src', 'data:image/png;base64,iVBORw0KGgo=');
    expect(QRCode.toDataURL).toHaveBeenCalledWith('weixin://wxpay/bizpayurl?pr=sim42', expect.anything());
    expect(stand.orders).toHaveLength(1);
    const [{ body, lang, cookie }] = stand.orders;
    expect(body).toEqual({ payCode: CODE, utility: 'electric', amountFen: 5000, provider: 'wechat', requestId: expect.stringMatching(/^[A-Za-z0-9_.:-]{8,64}$/) });
    expect(lang).toBe('en');
    expect(cookie).toBeNull();
    expect(screen.getByRole('heading', { name: 'Pay ¥50.00' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the simulated wallet' })).toHaveAttribute('href', 'http://localhost/sim/wechatpay/pay?code=sim42');
    expect(screen.getByText(/^Time left to pay: 1[45]:\d\d$/)).toBeInTheDocument();
    expect(JSON.parse(sessionStorage.getItem(`pay.order.${CODE}`)!)).toMatchObject({ orderNo: 'E20261129000042', amountFen: 5000, utility: 'electric' });

    // Followed: pending, then credited at the next query (2 s later), with the new balance and the supply state.
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('¥50.00 credited to electricity; balance now ¥62.34.'), { timeout: 10_000 });
    expect(screen.getByText('Supply: Power being restored')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'QR code to pay' })).toBeNull();
    // The room's balances are read again.
    await waitFor(() => expect(within(screen.getByRole('region', { name: 'Room' })).getByText('¥62.34')).toBeInTheDocument());
    const polls = stand.polls;
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(stand.polls).toBe(polls);

    // A reload follows the same order again (sessionStorage); New payment leaves it.
    unmount();
    render(<PayApp path={`/pay/${CODE}`} />);
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('¥50.00 credited to electricity'));
    fireEvent.click(screen.getByRole('button', { name: 'New payment' }));
    expect(await screen.findByRole('button', { name: 'Pay' })).toBeInTheDocument();
    expect(sessionStorage.getItem(`pay.order.${CODE}`)).toBeNull();
  }, 60_000);

  it('asks again with the same request id after a failed call, and a new one for another amount', async () => {
    const stand = standInApi();
    stand.failNextOrder = 2;
    render(<PayApp path={`/pay/${CODE}`} />);
    fireEvent.change(await screen.findByRole('textbox', { name: 'Other amount' }), { target: { value: '35.5' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Alipay' }));
    fireEvent.click(screen.getByRole('button', { name: 'Pay ¥35.50' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(en.offline);
    fireEvent.change(screen.getByRole('textbox', { name: 'Other amount' }), { target: { value: '35.50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pay ¥35.50' }));
    await waitFor(() => expect(stand.orders).toHaveLength(2));
    await screen.findByRole('alert');
    fireEvent.change(screen.getByRole('textbox', { name: 'Other amount' }), { target: { value: '36' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pay ¥36.00' }));
    expect(await screen.findByRole('img', { name: 'QR code to pay' })).toBeInTheDocument();
    const [first, again, other] = stand.orders.map((order) => order.body);
    expect(first).toMatchObject({ amountFen: 3550, provider: 'alipay' });
    expect(again.requestId).toBe(first.requestId);
    expect(other).toMatchObject({ amountFen: 3600 });
    expect(other.requestId).not.toBe(first.requestId);
  }, 60_000);

  it('an unknown code shows the server\'s message and nothing else; a bad link says so without a call', async () => {
    standInApi();
    const { unmount } = render(<PayApp path={`/pay/${OTHER_CODE}`} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Unknown payment code.');
    expect(screen.queryByRole('button', { name: 'Pay' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Room' })).toBeNull();
    unmount();
    render(<PayApp path="/pay/not-a-code" />);
    expect(screen.getByRole('alert')).toHaveTextContent(en.badLink);
  });

  it('switches language, remembers it, and reads zh-chs by default', async () => {
    localStorage.removeItem('pay.lang');
    standInApi();
    render(<PayApp path={`/pay/${CODE}`} />);
    await screen.findByText('项目 1号楼 1***');
    // jsdom's navigator.language is en-US: English; with none of the four it would be zh-chs.
    fireEvent.change(screen.getByRole('combobox', { name: 'Language' }), { target: { value: 'zh-chs' } });
    expect(await screen.findByRole('button', { name: '支付' })).toBeInTheDocument();
    expect(screen.getByText('已断电')).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('zh-Hans');
    expect(document.title).toBe('电费水费充值');
    expect(localStorage.getItem('pay.lang')).toBe('zh-chs');
  });
});
