import { Suspense, useCallback, useState, type ReactNode } from 'react';
import { Box, Card, CardContent, CircularProgress, Typography } from '@mui/material';

/** The width a chart gets when its box cannot be measured (jsdom, a hidden tab): tests see a fixed size. */
export const FALLBACK_CHART_WIDTH = 640;

/**
 * A titled card holding one chart: it measures its box (ResizeObserver) and hands the chart a fixed
 * width and height, so that a chart is responsive in the browser and has a size in jsdom, where
 * nothing has one. The chart's code may load lazily: a spinner stands in while it does.
 */
export function ChartFrame({ title, height, actions, label, children, testId }: {
  title: string;
  height: number;
  /** Buttons in the title row (download, range). */
  actions?: ReactNode;
  /** The chart's words for screen readers (what it shows, with its figures in brief). */
  label: string;
  children: (size: { width: number; height: number }) => ReactNode;
  testId?: string;
}) {
  const [width, setWidth] = useState(0);
  const measure = useCallback((node: HTMLDivElement | null) => {
    if (!node) return undefined;
    const read = () => setWidth(Math.floor(node.getBoundingClientRect().width));
    read();
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(read);
    observer.observe(node);
    return () => observer.disconnect();
  }, []);
  return (
    <Card variant="outlined" component="section" aria-label={title} data-testid={testId} sx={{ height: '100%' }}>
      <CardContent sx={{ pb: '12px !important' }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
          <Typography variant="subtitle1" component="h2" sx={{ flex: 1, fontWeight: 600 }}>{title}</Typography>
          {actions}
        </Box>
        <Box ref={measure} role="img" aria-label={label} sx={{ height, position: 'relative' }}>
          <Suspense fallback={<Box sx={{ height, display: 'grid', placeItems: 'center' }}><CircularProgress size={24} /></Box>}>
            {children({ width: width || FALLBACK_CHART_WIDTH, height })}
          </Suspense>
        </Box>
      </CardContent>
    </Card>
  );
}
