import type { Context, Hono } from 'hono';
import { formatYuan } from '../../common/money';
import { LANGUAGE_NAMES } from '../../i18n/languages';
import en from '../../i18n/payments/paysim/en';
import ja from '../../i18n/payments/paysim/ja';
import zhChs from '../../i18n/payments/paysim/zh-chs';
import zhCht from '../../i18n/payments/paysim/zh-cht';
import type { ProviderName } from '../payments/provider';

/**
 * The simulated providers' pay page (issue 41): `GET <sim>/pay?code=<QR code text>` is the payer
 * scanning the code; it shows the merchant, the item and the amount, a Pay button (a form POST: the
 * order is paid and the notification goes out) and a Cancel link. Plain server-rendered HTML, styles
 * in one <style> element, no script (the app's Content-Security-Policy forbids inline scripts).
 */

const CATALOGS = { 'zh-chs': zhChs, 'zh-cht': zhCht, en, ja } as const;
export type PayLang = keyof typeof CATALOGS;
type Texts = (typeof en)['server']['paysim'];
const HTML_LANG: Record<PayLang, string> = { 'zh-chs': 'zh-Hans', 'zh-cht': 'zh-Hant', en: 'en', ja: 'ja' };

/** `?lang=` when it names one of the four languages, else the first of Accept-Language's (by q) that does, else English. */
export function pickLanguage(lang: string | undefined, acceptLanguage: string | undefined): PayLang {
  const read = (tag: string): PayLang | undefined => {
    const t = tag.trim().toLowerCase();
    if (t in CATALOGS) return t as PayLang;
    if (/^zh-(tw|hk|mo)\b|^zh-hant\b/.test(t)) return 'zh-cht';
    if (/^zh\b/.test(t)) return 'zh-chs';
    if (/^ja\b/.test(t)) return 'ja';
    if (/^en\b/.test(t)) return 'en';
    return undefined;
  };
  const asked = lang ? read(lang) : undefined;
  if (asked) return asked;
  const tags = (acceptLanguage ?? '').split(',').map((part, index) => {
    const [tag, ...params] = part.split(';');
    const q = Number(/q=([\d.]+)/.exec(params.join(';'))?.[1] ?? 1);
    return { tag, q: Number.isFinite(q) ? q : 0, index };
  }).filter((entry) => entry.q > 0).sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of tags) {
    const found = read(tag);
    if (found) return found;
  }
  return 'en';
}

export type PayState = 'pending' | 'paid' | 'closed';

/** An order as the page shows it. */
export interface PayView { merchantId: string; orderNo: string; description: string; amountFen: number; state: PayState }

export interface PayPageOptions {
  provider: ProviderName;
  /** The order a code names (opening the page is scanning the code); undefined when there is none. */
  view(code: string): PayView | undefined;
  /** Pays the order a code names (nothing when it is not pending) and answers it as it then is. */
  pay(code: string): Promise<PayView | undefined>;
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const fill = (text: string, params: Record<string, string>) => text.replace(/%\{(\w+)\}/g, (_, name: string) => params[name] ?? '');

const STYLE = `
body{margin:0;font:16px/1.5 system-ui,-apple-system,"PingFang SC","Microsoft YaHei",sans-serif;background:#f2f3f5;color:#1f2329}
main{max-width:420px;margin:32px auto;background:#fff;border-radius:12px;box-shadow:0 2px 12px rgba(0,0,0,.08);overflow:hidden}
header{padding:16px 20px;color:#fff;font-weight:600;font-size:18px}
header small{font-weight:400;opacity:.85;margin-left:8px;font-size:13px;border:1px solid rgba(255,255,255,.6);border-radius:4px;padding:0 6px}
.wechat header{background:#07c160}.alipay header{background:#1677ff}
section{padding:20px}
.notice{font-size:13px;color:#646a73;background:#fff7e6;border:1px solid #ffd591;border-radius:6px;padding:8px 10px;margin:0 0 16px}
dl{display:grid;grid-template-columns:auto 1fr;gap:6px 16px;margin:0 0 16px}
dt{color:#646a73}dd{margin:0;word-break:break-all}
.amount{font-size:32px;font-weight:600;text-align:center;margin:8px 0 20px}
button{width:100%;padding:12px;font-size:17px;border:0;border-radius:8px;color:#fff;cursor:pointer}
.wechat button{background:#07c160}.alipay button{background:#1677ff}
.cancel{display:block;text-align:center;margin-top:12px;color:#646a73}
.state{font-size:17px;text-align:center;padding:12px;border-radius:8px;margin:0}
.paid{background:#e8f8ee;color:#0b7a3e}.closed,.cancelled,.unknown{background:#f2f3f5;color:#646a73}
footer{padding:12px 20px;border-top:1px solid #eee;font-size:13px;color:#646a73}
footer a{margin-right:10px;color:#646a73}`;

interface PageInput { provider: ProviderName; lang: PayLang; path: string; code: string; view?: PayView; cancelled?: boolean }

/** The page's HTML. */
export function payPageHtml({ provider, lang, path, code, view, cancelled }: PageInput): string {
  const t: Texts = CATALOGS[lang].server.paysim;
  const link = (params: Record<string, string>) => escape(`${path}?${new URLSearchParams({ code, ...params }).toString()}`);
  const amount = view ? formatYuan(view.amountFen) : '';
  let body: string;
  if (!view) body = `<p class="state unknown">${escape(t.unknown)}</p>`;
  else {
    const details = `<dl><dt>${escape(t.merchant)}</dt><dd>${escape(fill(t.merchantName, { id: view.merchantId }))}</dd>`
      + `<dt>${escape(t.description)}</dt><dd>${escape(view.description)}</dd>`
      + `<dt>${escape(t.orderNo)}</dt><dd>${escape(view.orderNo)}</dd></dl>`
      + `<p class="amount" aria-label="${escape(t.amount)}">${amount}</p>`;
    let action: string;
    if (view.state === 'paid') action = `<p class="state paid">${escape(t.paid)}</p>`;
    else if (view.state === 'closed') action = `<p class="state closed">${escape(t.closed)}</p>`;
    else if (cancelled) action = `<p class="state cancelled">${escape(t.cancelled)}</p><a class="cancel" href="${link({ lang })}">${escape(t.back)}</a>`;
    else {
      action = `<form method="post" action="${escape(path)}"><input type="hidden" name="code" value="${escape(code)}">`
        + `<input type="hidden" name="lang" value="${lang}"><button type="submit">${escape(fill(t.pay, { amount }))}</button></form>`
        + `<a class="cancel" href="${link({ lang, cancelled: '1' })}">${escape(t.cancel)}</a>`;
    }
    body = details + action;
  }
  const languages = (Object.keys(CATALOGS) as PayLang[]).map((other) => `<a href="${link({ lang: other })}" hreflang="${HTML_LANG[other]}">${escape(LANGUAGE_NAMES[other])}</a>`).join('');
  return `<!doctype html>
<html lang="${HTML_LANG[lang]}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escape(t.provider[provider])} · ${escape(t.simulated)}</title><style>${STYLE}</style></head>
<body><main class="${provider}"><header>${escape(t.provider[provider])}<small>${escape(t.simulated)}</small></header>
<section><p class="notice">${escape(t.notice)}</p>${body}</section>
<footer aria-label="${escape(t.language)}">${languages}</footer></main></body></html>`;
}

/** Mounts `GET /pay` (scan: the page) and `POST /pay` (pay) on a simulator's app. */
export function mountPayPage(app: Hono, options: PayPageOptions): void {
  const page = (c: Context, input: Omit<PageInput, 'provider' | 'path'>) =>
    c.html(payPageHtml({ ...input, provider: options.provider, path: c.req.path }), input.view ? 200 : 404, { 'Cache-Control': 'no-store' });
  app.get('/pay', (c) => {
    const code = c.req.query('code') ?? '';
    const lang = pickLanguage(c.req.query('lang'), c.req.header('accept-language'));
    return page(c, { lang, code, view: code ? options.view(code) : undefined, cancelled: c.req.query('cancelled') === '1' });
  });
  app.post('/pay', async (c) => {
    const form = await c.req.parseBody();
    const code = typeof form.code === 'string' ? form.code : '';
    const lang = pickLanguage(typeof form.lang === 'string' ? form.lang : c.req.query('lang'), c.req.header('accept-language'));
    return page(c, { lang, code, view: code ? await options.pay(code) : undefined });
  });
}
