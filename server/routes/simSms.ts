import { Hono } from 'hono';
import { serverMessage, type Lang } from '../http/i18n';
import { pickLanguage } from '../paysim/payPage';
import type { SimulatedInbox } from '../domain/smsSender';

/**
 * The simulated SMS provider's phone (SMS_PROVIDER=simulated, the default): the messages it "delivered",
 * newest first — where a demo tenant reads their sign-in code, and the e2e flow reads it. JSON for a
 * tool (`Accept: application/json` or `?format=json`), else a page in the four languages (`?lang=`).
 * `?phone=` shows one phone's. Not mounted with a real provider.
 */
const escape = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

export function simSmsRoutes(inbox: SimulatedInbox) {
  const app = new Hono();
  app.get('/', (c) => {
    const phone = (c.req.query('phone') ?? '').replace(/[^0-9]/g, '');
    const messages = inbox().filter((message) => !phone || message.phone.replace(/[^0-9]/g, '').endsWith(phone)).slice(0, 50);
    if (c.req.query('format') === 'json' || (c.req.header('accept') ?? '').includes('application/json')) {
      return c.json({ messages: messages.map((message) => ({ phone: message.phone, content: message.content, at: message.at.toISOString() })) }, 200, { 'Cache-Control': 'no-store' });
    }
    const lang: Lang = pickLanguage(c.req.query('lang'), c.req.header('accept-language'));
    const t = (key: string) => escape(serverMessage(lang, `tenant.simSms.${key}`));
    const rows = messages.map((message) => `<li><div class="meta">${escape(message.phone)} · ${escape(message.at.toISOString().replace('T', ' ').slice(0, 19))} UTC</div><div>${escape(message.content)}</div></li>`).join('');
    const html = `<!doctype html><html lang="${lang === 'en' ? 'en' : lang === 'ja' ? 'ja' : lang === 'zh-cht' ? 'zh-Hant' : 'zh-Hans'}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>${t('title')}</title><style>body{font:15px/1.5 system-ui,sans-serif;margin:0;background:#f4f6f8;color:#1f2328}header{background:#1f6feb;color:#fff;padding:12px 16px}h1{font-size:18px;margin:0}
p{margin:12px 16px;color:#57606a}ul{list-style:none;margin:0;padding:0 12px 16px}li{background:#fff;border-radius:10px;padding:10px 12px;margin:8px 0;box-shadow:0 1px 2px rgba(0,0,0,.08)}.meta{font-size:12px;color:#57606a}</style></head>
<body><header><h1>${t('title')}</h1></header><p>${t('hint')}</p><ul>${rows || `<li>${t('empty')}</li>`}</ul></body></html>`;
    return c.html(html, 200, { 'Cache-Control': 'no-store' });
  });
  return app;
}
