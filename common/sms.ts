/**
 * SMS texts (issue 31, smsmanage): what console and server agree on — the placeholders a template
 * may hold, the longest text, and how a template becomes one tenant's message.
 *
 * Placeholders: {tenant} the tenant's name, {room} building and room code, {balance} the account's
 * balance in yuan, {amount} what the account owes in yuan (0.00 when nothing), {date} today in the
 * platform's time zone. The seeded notices' older names are understood too: {name} (= tenant),
 * {arrears} (= amount), {utility} (电费 / 水费) and {action} (断电 / 关阀).
 */

export const SMS_PLACEHOLDERS = ['tenant', 'room', 'balance', 'amount', 'date'] as const;
export const SMS_PLACEHOLDER_ALIASES = ['name', 'arrears', 'utility', 'action'] as const;
/**
 * A tenant notice's own figures (common/tenantNotices.ts; issue 42): {credit} the amount credited, {level}
 * the alarm level crossed (both yuan), {days} the days of credit left and {until} the day it runs out.
 * A message without the figure (a manual one) shows them empty.
 */
export const SMS_NOTICE_PLACEHOLDERS = ['credit', 'level', 'days', 'until'] as const;
export type SmsPlaceholder = (typeof SMS_PLACEHOLDERS)[number] | (typeof SMS_PLACEHOLDER_ALIASES)[number] | (typeof SMS_NOTICE_PLACEHOLDERS)[number];

/** The longest message text (a template and each message made from it), in characters. */
export const SMS_CONTENT_MAX = 300;
/** The longest template name. */
export const SMS_TEMPLATE_NAME_MAX = 40;
/** The most recipients one send may have (a larger set is narrowed by its filters first). */
export const SMS_RECIPIENTS_MAX = 5000;

const KNOWN = new Set<string>([...SMS_PLACEHOLDERS, ...SMS_PLACEHOLDER_ALIASES, ...SMS_NOTICE_PLACEHOLDERS]);
const PLACEHOLDER = /\{([^{}\s]{1,20})\}/g;

/** The placeholders of a text that are not known (`{foo}`), each once, in order. */
export function unknownPlaceholders(text: string): string[] {
  const out: string[] = [];
  for (const match of text.matchAll(PLACEHOLDER)) if (!KNOWN.has(match[1]) && !out.includes(match[1])) out.push(match[1]);
  return out;
}

export interface SmsValues {
  tenant: string;
  room: string;
  /** The account's balance in integer fen. */
  balanceFen: number;
  utility: 'electric' | 'water';
  /** Today as YYYY-MM-DD in the platform's time zone. */
  date: string;
  /** A notice's figures: the amount credited and the level crossed (fen), the days left and the day credit runs out. */
  creditFen?: number;
  levelFen?: number;
  days?: number;
  until?: string;
}

const yuan = (fen: number) => (fen / 100).toFixed(2);

/** One tenant's message: every known placeholder replaced, anything else left as written. */
export function renderSms(template: string, values: SmsValues): string {
  const owed = Math.max(0, -values.balanceFen);
  const map: Record<SmsPlaceholder, string> = {
    tenant: values.tenant, name: values.tenant, room: values.room, balance: yuan(values.balanceFen),
    amount: yuan(owed), arrears: yuan(owed), date: values.date,
    utility: values.utility === 'water' ? '水费' : '电费', action: values.utility === 'water' ? '关阀' : '断电',
    credit: values.creditFen === undefined ? '' : yuan(values.creditFen), level: values.levelFen === undefined ? '' : yuan(values.levelFen),
    days: values.days === undefined ? '' : String(values.days), until: values.until ?? '',
  };
  return template.replace(PLACEHOLDER, (whole, name: string) => (KNOWN.has(name) ? map[name as SmsPlaceholder] : whole));
}
