/**
 * Times and days as the pay and tenant pages show them: the shared written forms of the console
 * (common/formats.ts: `YYYY-MM-DD HH:mm`, `YYYY-MM-DD`) in the platform's time zone, never the
 * phone's; months and days of charts named in the page's language.
 */
import { dateText, dateTimeText } from '../../common/formats';
import { HTML_LANG, type PayLang } from './i18n';

/** The platform's time zone (as the console's src/config.ts reads it). */
export const PAY_TIME_ZONE: string = import.meta.env.VITE_TIME_ZONE || 'Asia/Shanghai';

/** An instant as `YYYY-MM-DD HH:mm` in the platform's zone ('' for none). */
export const dateTimeOf = (value: string | null | undefined) => dateTimeText(value, PAY_TIME_ZONE);
/** A day (`YYYY-MM-DD` kept as it is; an instant read in the platform's zone). */
export const dayOf = (value: string | null | undefined) => dateText(value, PAY_TIME_ZONE);

const monthFormats = new Map<string, Intl.DateTimeFormat>();
const format = (lang: PayLang, options: Intl.DateTimeFormatOptions) => {
  const key = `${lang}:${JSON.stringify(options)}`;
  let found = monthFormats.get(key);
  if (!found) {
    // The calendar day or month itself, read at noon UTC: no zone can move it to the next one.
    found = new Intl.DateTimeFormat(HTML_LANG[lang], { ...options, timeZone: 'UTC' });
    monthFormats.set(key, found);
  }
  return found;
};
const noonOf = (period: string) => new Date(`${period.length === 7 ? `${period}-01` : period}T12:00:00Z`);

/** `YYYY-MM` as the month's name in the language: "November 2026", "2026年11月". */
export const monthName = (month: string, lang: PayLang) => format(lang, { year: 'numeric', month: 'long' }).format(noonOf(month));
/** `YYYY-MM` as a chart's short label: "Nov", "11月". */
export const monthShort = (month: string, lang: PayLang) => format(lang, { month: 'short' }).format(noonOf(month));
/** `YYYY-MM-DD` as a chart's short label: "11/26", "11/26". */
export const dayShort = (day: string) => `${Number(day.slice(5, 7))}/${Number(day.slice(8, 10))}`;
