import { useTranslate } from 'react-admin';
import { fenToYuan } from '../../../common/money';
import { RATE_REGISTERS, type Tier } from '../../../common/tariffs';

/** What a price table's summary needs (`priceTable/findByCondition`, `electricMeter/findFormOptions`). */
export interface PricedTable {
  kind: string;
  sharpFen: number;
  peakFen: number;
  flatFen: number;
  valleyFen: number;
  tiers?: Tier[] | null;
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * The prices of a table in one line, in yuan per kWh with two decimals, as its kind has them: a
 * single rate's one price ("0.60"); a time-of-use table's four rates ("尖 1.10 / 峰 0.95 / 平 0.65 /
 * 谷 0.35"); a tiered table's tiers by the month's kWh ("≤100: 0.56 / ≤200: 0.61 / >200: 0.86"). A
 * tiered table's register prices only follow its first tier: they are never its prices.
 */
export function priceSummary(table: PricedTable, translate: Translate): string {
  if (table.kind === 'tou') {
    return RATE_REGISTERS.map((rate) => translate('tariffs.summary.rate', { rate: translate(`tariffs.rate.${rate}`), price: fenToYuan(table[`${rate}Fen`]) })).join(' / ');
  }
  if (table.kind === 'tiered') {
    const tiers = table.tiers ?? [];
    if (tiers.length === 1) return fenToYuan(tiers[0].priceFen);
    return tiers.map((tier, i) => (tier.upTo === null
      ? translate('tariffs.summary.above', { from: tiers[i - 1]?.upTo ?? 0, price: fenToYuan(tier.priceFen) })
      : translate('tariffs.summary.upTo', { upTo: tier.upTo, price: fenToYuan(tier.priceFen) }))).join(' / ');
  }
  return fenToYuan(table.flatFen);
}

/** `priceSummary` in the operator's language. */
export function usePriceSummary() {
  const translate = useTranslate();
  return (table: PricedTable) => priceSummary(table, translate);
}
