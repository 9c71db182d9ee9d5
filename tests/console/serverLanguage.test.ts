import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import Cookies from 'js-cookie';
import { server } from '../msw/setup';
import { fetchBlob, request } from '../../src/http/client';
import { postLogin } from '../../src/auth/authProvider';
import { writeLangCookie } from '../../src/auth/cookies';

/**
 * Issue 46: the server words its messages (refusals, export headers) in the `lang` cookie's
 * language, else in Accept-Language's. A console never switched has no cookie: it showed the
 * browser's language (“… is used by 3 meter(s) …” in the Chinese console on an English system).
 * Every call says the console's language.
 */
describe('the console tells the server its language', () => {
  const seen: (string | null)[] = [];
  const echo = ({ request: req }: { request: Request }) => {
    seen.push(req.headers.get('Accept-Language'));
    return HttpResponse.json({ code: 200, data: null });
  };

  it('the default language without a lang cookie, the chosen one with it: in calls, files and the login', async () => {
    server.use(
      http.get('*/api/v1/electricity/echo/lang', echo),
      http.get('*/api/v1/electricity/echo/file', ({ request: req }) => {
        seen.push(req.headers.get('Accept-Language'));
        return new HttpResponse('a;b', { headers: { 'Content-Type': 'text/csv' } });
      }),
      http.post('*/api/v1/quan_xian/deng_lu/login', ({ request: req }) => {
        seen.push(req.headers.get('Accept-Language'));
        return HttpResponse.json({ code: 401, msg: 'no' });
      }),
    );
    Cookies.remove('lang', { path: '/' });
    await request({ method: 'get', url: 'echo/lang' });
    await fetchBlob({ url: 'echo/file' });
    await postLogin('someone', 'secret');
    expect(seen.splice(0)).toEqual(['zh-CN', 'zh-CN', 'zh-CN']);

    for (const [lang, tag] of [['en', 'en'], ['zh-cht', 'zh-TW'], ['ja', 'ja'], ['zh-chs', 'zh-CN']]) {
      writeLangCookie(lang);
      await request({ method: 'get', url: 'echo/lang' });
      await postLogin('someone', 'secret');
      expect(seen.splice(0), lang).toEqual([tag, tag]);
    }
  });
});
