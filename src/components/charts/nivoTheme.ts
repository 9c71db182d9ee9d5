import type { Theme } from '@mui/material/styles';

/** Whether the operator asked for less motion (charts and gauges then stand still). */
export const prefersReducedMotion = () =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** nivo's theme from the console's current MUI theme: text, axes, grid and tooltip in its colours. */
export function nivoTheme(theme: Theme) {
  const text = { fill: theme.palette.text.secondary, fontSize: 11, fontFamily: theme.typography.fontFamily };
  return {
    text,
    axis: {
      domain: { line: { stroke: theme.palette.divider, strokeWidth: 1 } },
      ticks: { line: { stroke: theme.palette.divider, strokeWidth: 1 }, text },
      legend: { text: { ...text, fill: theme.palette.text.primary } },
    },
    grid: { line: { stroke: theme.palette.divider, strokeWidth: 1 } },
    crosshair: { line: { stroke: theme.palette.text.secondary, strokeWidth: 1, strokeOpacity: 0.6 } },
    tooltip: { container: tooltipStyle(theme) },
  };
}

/**
 * A tooltip's box in the theme's colours. nivo applies `theme.tooltip.container` only to its own
 * tooltips: a chart's custom tooltip (every chart here has one) draws in this box itself, through
 * ChartTooltip, or its text would float without a background over the bars.
 */
export function tooltipStyle(theme: Theme) {
  return {
    background: theme.palette.background.paper, color: theme.palette.text.primary, fontSize: 12,
    border: `1px solid ${theme.palette.divider}`, borderRadius: 4, boxShadow: theme.shadows[2],
    padding: '4px 8px', whiteSpace: 'nowrap' as const,
  };
}

/** A day key `2026-11-21` as the axis shows it: `11-21`. */
export const shortDay = (day: string) => day.slice(5);
