import { afterEach, describe, expect, it, vi } from 'vitest';
import { http, HttpResponse, delay } from 'msw';
import Cookies from 'js-cookie';
import { server } from '../msw/setup';
import { request } from '../../src/http/client';
import { onHttpEvent, type HttpEvent } from '../../src/http/events';
import { HttpError } from '../../src/http/errors';
import { writeSessionCookies } from '../../src/auth/cookies';

const url = (path: string) => `*/api/v1/electricity/${path}`;

function captureEvents() {
  const events: HttpEvent[] = [];
  const stop = onHttpEvent((event) => events.push(event));
  return { events, stop };
}

afterEach(() => vi.useRealTimers());

describe('http client (SPEC.md sections 6–8)', () => {
  it('uses base /api/ and prefix /v1/electricity, sends X-Token and the area params from the cookies', async () => {
    writeSessionCookies({ sessinId: 'tok123', areaId: 7, userId: 1, roleId: 2, username: 'admin' });
    let seen: { url: URL; token: string | null } | undefined;
    server.use(http.get(url('echo/params'), ({ request: req }) => {
      seen = { url: new URL(req.url), token: req.headers.get('X-Token') };
      return HttpResponse.json({ code: 200, data: 'ok' });
    }));
    await request({ method: 'get', url: 'echo/params', params: { pageNum: 1, q: '' } });
    expect(seen!.url.pathname).toBe('/api/v1/electricity/echo/params');
    expect(seen!.token).toBe('tok123');
    expect(Object.fromEntries(seen!.url.searchParams)).toEqual({ pageNum: '1', areaid: '7', areaId: '7', subareaId: '7' });
  });

  it('sends no X-Token without a token cookie, and form-encodes where asked', async () => {
    let seen: { token: string | null; type: string | null; body: string } | undefined;
    server.use(http.put(url('echo/form'), async ({ request: req }) => {
      seen = { token: req.headers.get('X-Token'), type: req.headers.get('Content-Type'), body: await req.text() };
      return HttpResponse.json({ code: 200, data: null });
    }));
    await request({ method: 'put', url: 'echo/form', data: { userName: 'admin', passWord: 'a b' }, form: true });
    expect(seen!.token).toBeNull();
    expect(seen!.type).toContain('application/x-www-form-urlencoded');
    expect(seen!.body).toBe('userName=admin&passWord=a+b');
  });

  it('code 0 returns the whole body, code 200 its data, other codes the body', async () => {
    server.use(
      http.get(url('code/0'), () => HttpResponse.json({ code: 0, rows: [1] })),
      http.get(url('code/200'), () => HttpResponse.json({ code: 200, data: { a: 1 } })),
      http.get(url('code/401'), () => HttpResponse.json({ code: 401, msg: 'nope' })),
    );
    expect(await request({ method: 'get', url: 'code/0' })).toEqual({ code: 0, rows: [1] });
    expect(await request({ method: 'get', url: 'code/200' })).toEqual({ a: 1 });
    expect(await request({ method: 'get', url: 'code/401' })).toEqual({ code: 401, msg: 'nope' });
  });

  it.each([500, 502])('body code %i clears the session and sends the user to login', async (code) => {
    writeSessionCookies({ sessinId: 'tok', areaId: 1, userId: 1, roleId: 1, username: 'admin' });
    server.use(http.get(url('code/bad'), () => HttpResponse.json({ code, msg: 'session gone' })));
    const { events, stop } = captureEvents();
    await expect(request({ method: 'get', url: 'code/bad' })).rejects.toBeInstanceOf(HttpError);
    stop();
    expect(events).toContainEqual({ type: 'relogin' });
    expect(Cookies.get('token')).toBeUndefined();
  });

  it('a late answer to a session that was replaced meanwhile (logout, new login) leaves the new session alone', async () => {
    writeSessionCookies({ sessinId: 'old', areaId: 1, userId: 1, roleId: 1, username: 'admin' });
    let answer: (() => void) | undefined;
    server.use(http.get(url('code/late'), async () => {
      await new Promise<void>((resolve) => { answer = resolve; });
      return HttpResponse.json({ code: 500, msg: 'session gone' });
    }));
    const { events, stop } = captureEvents();
    const late = request({ method: 'get', url: 'code/late' });
    await vi.waitFor(() => expect(answer).toBeDefined());
    writeSessionCookies({ sessinId: 'new', areaId: 1, userId: 1, roleId: 1, username: 'admin' });
    answer!();
    await expect(late).rejects.toMatchObject({ status: 500, sentToken: 'old' });
    stop();
    expect(events).not.toContainEqual({ type: 'relogin' });
    expect(Cookies.get('token')).toBe('new');
    // The auth provider likewise lets a 401 sent with the old token pass.
    const { authProvider } = await import('../../src/auth/authProvider');
    await expect(authProvider.checkError!({ status: 401, sentToken: 'old' } as never)).resolves.toBeUndefined();
    expect(Cookies.get('token')).toBe('new');
    await expect(authProvider.checkError!({ status: 401, sentToken: 'new' } as never)).rejects.toBeTruthy();
    expect(Cookies.get('token')).toBeUndefined();
  });

  it('no response at all sends the user to login', async () => {
    writeSessionCookies({ sessinId: 'tok', areaId: 1, userId: 1, roleId: 1, username: 'admin' });
    server.use(http.get(url('net/down'), () => HttpResponse.error()));
    const { events, stop } = captureEvents();
    await expect(request({ method: 'get', url: 'net/down' })).rejects.toMatchObject({ status: 0 });
    stop();
    expect(events).toEqual([{ type: 'message', key: 'http.network' }, { type: 'relogin' }]);
    expect(Cookies.get('token')).toBeUndefined();
  });

  it.each([400, 401, 403, 404, 408, 500, 501, 502, 503, 504, 505])('HTTP %i shows its catalogue message', async (status) => {
    server.use(http.get(url(`status/${status}`), () => new HttpResponse('oops', { status })));
    const { events, stop } = captureEvents();
    await expect(request({ method: 'get', url: `status/${status}` })).rejects.toMatchObject({ status });
    stop();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: 'message', key: `http.${status}` });
    if (status === 404) expect((events[0] as unknown as { params: { url: string } }).params.url).toContain('/api/v1/electricity/status/404');
  });

  it('shows the server\'s own message for a refused input', async () => {
    server.use(http.post(url('bad/input'), () => HttpResponse.json({ code: 400, msg: '表地址：必须是 14 位数字' }, { status: 400 })));
    const { events, stop } = captureEvents();
    await expect(request({ method: 'post', url: 'bad/input', data: {} })).rejects.toMatchObject({ status: 400 });
    stop();
    expect(events[0]).toMatchObject({ key: 'http.400', text: '表地址：必须是 14 位数字' });
  });

  it('gives up after 5000 ms with the request timeout message', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    server.use(http.get(url('slow'), async () => {
      await delay('infinite');
      return HttpResponse.json({ code: 200 });
    }));
    const { events, stop } = captureEvents();
    const pending = request({ method: 'get', url: 'slow' });
    const outcome = expect(pending).rejects.toMatchObject({ status: 408 });
    await vi.advanceTimersByTimeAsync(4999);
    expect(events).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    await outcome;
    stop();
    expect(events[0]).toMatchObject({ key: 'http.408' });
  });
});
