import { useLocaleState } from 'react-admin';
import { formatYuan } from '../../../../common/money';
import { LOCALE_TAGS } from '../../../components/dateTime';

/** Money in fen as ¥ with thousands grouped: the platform's one money text (common/money.ts formatYuan). */
export const yuanGrouped = formatYuan;

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
