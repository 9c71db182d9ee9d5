import { useLocaleState } from 'react-admin';
import { PLATFORM_TIME_ZONE } from '../config';

/** BCP 47 tags of the console's languages, for dates and numbers. */
export const LOCALE_TAGS: Record<string, string> = { 'zh-chs': 'zh-CN', 'zh-cht': 'zh-TW', en: 'en-GB', ja: 'ja-JP' };

const formats = new Map<string, Intl.DateTimeFormat>();

/** A timestamp in the console's language and the platform's time zone (not the browser's), to the minute. */
export function formatDateTime(value: string | Date | null | undefined, locale: string): string {
  if (!value) return '';
  let format = formats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(LOCALE_TAGS[locale] ?? 'zh-CN', { dateStyle: 'short', timeStyle: 'short', timeZone: PLATFORM_TIME_ZONE });
    formats.set(locale, format);
  }
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : format.format(date);
}

/** `formatDateTime` in the console's current language. */
export function useFormatDateTime() {
  const [locale] = useLocaleState();
  return (value: string | Date | null | undefined) => formatDateTime(value, locale);
}
