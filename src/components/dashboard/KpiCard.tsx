import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Box, Card, CardActionArea, Typography } from '@mui/material';
import ArrowDropUpIcon from '@mui/icons-material/ArrowDropUp';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';

/** A figure's change against the same stretch of the period before, in whole percent (undefined: nothing to compare with). */
export function changePercent(value: number, previous: number): number | undefined {
  if (!previous) return undefined;
  return Math.round(((value - previous) / Math.abs(previous)) * 100);
}

export interface KpiCardProps {
  /** What the figure is ("Meters offline"). */
  label: string;
  /** The figure, formatted. */
  value: ReactNode;
  /** A smaller line under the figure ("of 1,234 meters"). */
  detail?: ReactNode;
  /** The change line ("12 % more than yesterday at this time"), already worded; `trend` picks its arrow (more is not better or worse by itself: no colour). */
  change?: { text: string; trend: 'up' | 'down' | 'flat' };
  /** Tone of the figure: an alarm figure above zero is `warning` or `error`. */
  tone?: 'normal' | 'warning' | 'error' | 'success';
  /** The list behind the figure, with its filter (`/dianbiaoguanli?filter=…`). */
  to?: string;
  icon?: ReactNode;
  testId?: string;
}

const TONE = { normal: 'text.primary', warning: 'warning.main', error: 'error.main', success: 'success.main' } as const;

/**
 * One figure of a dashboard: label, value, an optional detail and change line; the whole card links
 * to the list behind the figure. Colours come from the theme (readable in the six themes).
 */
export function KpiCard({ label, value, detail, change, tone = 'normal', to, icon, testId }: KpiCardProps) {
  const body = (
    <Box sx={{ p: 1.5, minHeight: 96, display: 'flex', flexDirection: 'column', gap: 0.25 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, color: 'text.secondary' }}>
        {icon}
        <Typography variant="body2" component="h3" sx={{ fontWeight: 500 }}>{label}</Typography>
      </Box>
      <Typography variant="h5" component="p" data-testid={testId ? `${testId}-value` : undefined}
        sx={{ color: TONE[tone], fontWeight: 600, fontVariantNumeric: 'tabular-nums', lineHeight: 1.3 }}>
        {value}
      </Typography>
      {detail && <Typography variant="caption" color="text.secondary">{detail}</Typography>}
      {change && (
        <Typography variant="caption" sx={{ display: 'flex', alignItems: 'center', color: 'text.secondary' }}>
          {change.trend === 'up' && <ArrowDropUpIcon fontSize="small" aria-hidden />}
          {change.trend === 'down' && <ArrowDropDownIcon fontSize="small" aria-hidden />}
          {change.text}
        </Typography>
      )}
    </Box>
  );
  return (
    <Card variant="outlined" data-testid={testId} sx={{ height: '100%' }}>
      {to ? <CardActionArea component={RouterLink} to={to} sx={{ height: '100%' }}>{body}</CardActionArea> : body}
    </Card>
  );
}
