import { useListContext, useTranslate } from 'react-admin';
import { Typography } from '@mui/material';
import { quantityText } from '../../../../common/formats';
import { isEstimatedBasis } from '../../../../common/rechargeEnergy';
import { NUMBER_CELL } from '../../../components/list/columns';
import type { RechargeOrder } from './model';

/**
 * An order's energy (kWh or m³) as the server reckons it (common/rechargeEnergy.ts): at the one
 * price as it is; at a time-of-use table's flat rate or a tiered table's first tier as an estimate,
 * "≈ 153.85", saying on hover (and to a screen reader) what it was reckoned at.
 */
export function OrderEnergy({ record }: { record: RechargeOrder }) {
  const translate = useTranslate();
  if (record.energy === null || record.energy === undefined) return null;
  const text = quantityText(record.energy);
  if (!isEstimatedBasis(record.energyBasis)) return <span className={NUMBER_CELL}>{text}</span>;
  const basis = translate(`stats.energyBasis.${record.energyBasis}`);
  return (
    <span className={NUMBER_CELL} title={basis} aria-label={`≈ ${text} ${basis}`} data-energy-basis={record.energyBasis} style={{ cursor: 'help' }}>
      ≈ {text}
    </span>
  );
}

/** Under the totals: what "≈" means, when the page has an estimated figure. */
export function EnergyLegend() {
  const translate = useTranslate();
  const { data } = useListContext<RechargeOrder>();
  if (!data?.some((order) => isEstimatedBasis(order.energyBasis) && order.energy !== null)) return null;
  return (
    <Typography variant="caption" color="text.secondary" component="p" data-testid="energy-legend" sx={{ px: 2, mt: -0.5, mb: 1 }}>
      {translate('stats.energyBasis.legend')}
    </Typography>
  );
}
