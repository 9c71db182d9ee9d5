import { useLocaleState, useRecordContext } from 'react-admin';

/** BCP 47 tags of the console's languages, for dates and numbers. */
export const LOCALE_TAGS: Record<string, string> = { 'zh-chs': 'zh-CN', 'zh-cht': 'zh-TW', en: 'en-GB', ja: 'ja-JP' };

/** Formats a timestamp in the console's language (not the browser's), to the minute. */
export function useFormatDateTime() {
  const [locale] = useLocaleState();
  const format = new Intl.DateTimeFormat(LOCALE_TAGS[locale] ?? 'zh-CN', { dateStyle: 'short', timeStyle: 'short' });
  return (value: string | Date | null | undefined) => (value ? format.format(new Date(value)) : '');
}

export function DateTimeField({ source }: { source: string; label?: string; sortable?: boolean }) {
  const record = useRecordContext();
  const formatDateTime = useFormatDateTime();
  return <span>{formatDateTime(record?.[source] as string | null | undefined)}</span>;
}
