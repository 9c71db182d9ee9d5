import { lazy } from 'react';
import { useDataProvider, useListContext, useResourceContext, useTranslate } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { Alert, Box, Typography } from '@mui/material';
import type { MeteringDataProvider } from '../../../data/dataProvider';
import { ChartFrame } from '../../../components/dashboard/ChartFrame';
import type { CategoryPoint } from '../../../components/charts/CategoryBar';

const CategoryBar = lazy(() => import('../../../components/charts/CategoryBar'));
const DailyBar = lazy(() => import('../../../components/charts/DailyBar'));

/**
 * The chart above a grouped statistics list: the resource's `series` call with the list's filters
 * (every group of the filtered set, not the page), drawn as bars in the theme's colours. nivo loads
 * in the chart's own chunk.
 */
export function SeriesChart<S>({ title, valueLabel, points, format, height = 220, horizontal = false, daily = false }: {
  title: string;
  valueLabel: string;
  points: (series: S[]) => CategoryPoint[];
  format: (value: number) => string;
  height?: number;
  horizontal?: boolean;
  /** Points labelled `YYYY-MM-DD`: a bar per day, every fifth day named on the axis. */
  daily?: boolean;
}) {
  const resource = useResourceContext()!;
  const translate = useTranslate();
  const dataProvider = useDataProvider() as MeteringDataProvider;
  const { filterValues } = useListContext();
  const { data, error } = useQuery({
    queryKey: [resource, 'series', filterValues],
    queryFn: () => dataProvider.invoke<S[]>(resource, 'series', { ...filterValues }),
  });
  const drawn = data ? points(data) : [];
  const label = `${title}: ${drawn.slice(0, 12).map((point) => `${point.label} ${format(point.value)}`).join(', ')}`;
  return (
    <Box sx={{ mb: 1 }} data-testid="series-chart">
      <ChartFrame title={title} height={height} label={label}>
        {({ width, height: h }) => {
          if (error) return <Alert severity="error">{translate('stats.readings.chart.failed', { message: error instanceof Error ? error.message : String(error) })}</Alert>;
          if (!data) return null;
          if (!drawn.length) return <Box sx={{ height: h, display: 'grid', placeItems: 'center' }}><Typography color="text.secondary">{translate('stats.readings.chart.empty')}</Typography></Box>;
          if (daily) return <DailyBar data={drawn.map((point) => ({ day: point.label, value: point.value }))} width={width} height={h} format={format} valueLabel={valueLabel} />;
          return <CategoryBar data={drawn} width={width} height={h} format={format} valueLabel={valueLabel} horizontal={horizontal} />;
        }}
      </ChartFrame>
    </Box>
  );
}
