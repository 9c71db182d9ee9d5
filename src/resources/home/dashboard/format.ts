import { useLocaleState } from 'react-admin';
import { yuanText } from '../../../../common/money';
import { LOCALE_TAGS } from '../../../components/dateTime';

/** Groups the integer part of a decimal text by thousands (`1234567.80` → `1,234,567.80`). */
export const grouped = (text: string) => text.replace(/^(-?)(\d+)/, (_, sign: string, digits: string) => sign + digits.replace(/\B(?=(\d{3})+(?!\d))/g, ','));

/** Money in fen as ¥ with thousands grouped, from the exact integer (no float arithmetic). */
export const yuanGrouped = (fen: number) => (fen < 0 ? `-¥${grouped(yuanText(-fen))}` : `¥${grouped(yuanText(fen))}`);

/** A whole-yuan axis value (charts): ¥12k from 1,234,500 fen. */
export const yuanShort = (fen: number) => {
  const yuan = fen / 100;
  return Math.abs(yuan) >= 10_000 ? `¥${Math.round(yuan / 1000)}k` : `¥${Math.round(yuan)}`;
};

/** Quantities (kWh, m³) in the console's language, two decimals at most. */
export function useQuantityFormat() {
  const [locale] = useLocaleState();
  const format = new Intl.NumberFormat(LOCALE_TAGS[locale] ?? 'zh-CN', { maximumFractionDigits: 2 });
  const whole = new Intl.NumberFormat(LOCALE_TAGS[locale] ?? 'zh-CN', { maximumFractionDigits: 0 });
  return { quantity: (value: number) => format.format(value), count: (value: number) => whole.format(value) };
}
