import type { ReactNode } from 'react';
import { useTheme } from '@mui/material/styles';
import { tooltipStyle } from './nivoTheme';

/** A chart's tooltip in the current theme's colours (paper, text, divider): readable in the six themes. */
export function ChartTooltip({ children }: { children: ReactNode }) {
  const theme = useTheme();
  return <div role="tooltip" style={tooltipStyle(theme)}>{children}</div>;
}
