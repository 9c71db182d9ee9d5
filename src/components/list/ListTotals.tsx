import { useListContext, useTranslate } from 'react-admin';
import { Box, Typography } from '@mui/material';
import { countText, moneyText, quantityText } from '../../../common/formats';

/** One figure of a totals row: its field in `meta.totals`, its label (message key) and how it reads. */
export interface TotalItem {
  source: string;
  label: string;
  /** `money`: integer fen shown in yuan; `count`: a whole number; `quantity`: kWh or m³ (two decimals). */
  kind: 'money' | 'count' | 'quantity';
}

const shown = (value: number, kind: TotalItem['kind']) =>
  kind === 'money' ? moneyText(value) : kind === 'quantity' ? quantityText(value) : countText(value);

/**
 * The totals of a list's whole filtered set (not the page), as the server answers them beside the
 * page (`totals`, read by the data provider into `meta.totals`): a row of labelled figures above the
 * table, said to cover every page. Nothing while the list loads or when the answer has no totals;
 * a figure the answer leaves out (a usage total across kWh and m³) is not shown.
 */
export function ListTotals({ items }: { items: TotalItem[] }) {
  const { meta, isPending } = useListContext();
  const translate = useTranslate();
  const totals = (meta as { totals?: Record<string, number> } | undefined)?.totals;
  if (isPending || !totals) return null;
  return (
    <Box
      role="status" aria-label={translate('stats.totals.title')} data-testid="list-totals"
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 3, px: 2, py: 1, mb: 1, borderRadius: 1, bgcolor: 'action.hover', alignItems: 'baseline' }}
    >
      <Typography variant="body2" color="text.secondary">{translate('stats.totals.title')}</Typography>
      {items.filter((item) => typeof totals[item.source] === 'number').map((item) => (
        <Box key={item.source} sx={{ display: 'flex', gap: 0.75, alignItems: 'baseline' }}>
          <Typography variant="body2" color="text.secondary">{translate(item.label)}</Typography>
          <Typography variant="subtitle1" component="span" sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 600 }} data-total={item.source}>
            {shown(totals[item.source], item.kind)}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
