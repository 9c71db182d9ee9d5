import { useLocaleState } from 'react-admin';
import { PLATFORM_TIME_ZONE } from '../config';
import { dateText, dateTimeText } from '../../common/formats';

/** BCP 47 tags of the console's languages, for dates and numbers. */
export const LOCALE_TAGS: Record<string, string> = { 'zh-chs': 'zh-CN', 'zh-cht': 'zh-TW', en: 'en-GB', ja: 'ja-JP' };

/**
 * A timestamp as every screen and export writes it: `YYYY-MM-DD HH:mm` in the platform's time zone
 * (not the browser's), whatever the language (common/formats.ts). `locale` is kept for callers that
 * pass it; the form does not depend on it.
 */
export function formatDateTime(value: string | Date | null | undefined, _locale?: string): string {
  return dateTimeText(value, PLATFORM_TIME_ZONE);
}

/** A day as `YYYY-MM-DD` (a calendar date kept as it is, an instant read in the platform's time zone). */
export function formatDate(value: string | Date | null | undefined): string {
  return dateText(value, PLATFORM_TIME_ZONE);
}

/** `formatDateTime` in the console's current language. */
export function useFormatDateTime() {
  const [locale] = useLocaleState();
  return (value: string | Date | null | undefined) => formatDateTime(value, locale);
}
