import { lazy, useState, type ReactNode } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { Alert, Box, Button, CircularProgress, MenuItem, Stack, TextField, ToggleButton, ToggleButtonGroup, Tooltip, Typography } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import ImageIcon from '@mui/icons-material/Image';
import TableChartIcon from '@mui/icons-material/TableChart';
import type { MeteringDataProvider } from '../../../data/dataProvider';
import { ChartFrame } from '../../../components/dashboard/ChartFrame';
import { exportCsv, exportXlsx } from '../../../components/list/exportCsv';
import { ExcelIcon } from '../../../components/list/ServerExportButton';
import { downloadSvgAsPng } from '../../../components/charts/downloadPng';
import { addDays, dayIn, quickRange } from '../../../components/pickers/dateRanges';
import { DayField } from '../../../components/pickers/DayField';
import { yuanGrouped, useQuantityFormat } from '../../home/dashboard/format';
import { maxOf, yuanAxis } from '../../../components/charts/moneyAxis';
import { yuanText } from '../../../../common/money';

const CategoryBar = lazy(() => import('../../../components/charts/CategoryBar'));
const DailyLine = lazy(() => import('../../../components/charts/DailyLine'));
const SharePie = lazy(() => import('../../../components/charts/SharePie'));

const T = 'report';
type Utility = 'electric' | 'water';
const RANGES = ['thisMonth', 'lastMonth', 'last30', 'last90', 'custom'] as const;
type Range = (typeof RANGES)[number];

interface Report {
  byBuilding: { projectName: string; buildingName: string; usage: number }[];
  byChannel: { channel: string; amountFen: number; orders: number }[];
  daily: { day: string; usage: number }[];
  topRooms: { roomId: number; roomCode: string; buildingName: string; projectName: string; usage: number }[];
  byRate: { rate: 'sharp' | 'peak' | 'flat' | 'valley'; usage: number }[];
  arrears: { day: string; rooms: number; arrearsFen: number }[];
}

/** Days [from, to) of a quick range in the platform's zone. */
function daysOf(range: Exclude<Range, 'custom'>): { from: string; to: string } {
  const today = dayIn(new Date());
  if (range === 'last30') return { from: addDays(today, -29), to: addDays(today, 1) };
  if (range === 'last90') return { from: addDays(today, -89), to: addDays(today, 1) };
  const days = quickRange(range)!;
  // This month ends today: the days to come would only draw zeros.
  const tomorrow = addDays(today, 1);
  return { from: days.from, to: days.to > tomorrow ? tomorrow : days.to };
}

/**
 * 图形报表: usage by project and building, recharges by channel, usage per day, the top rooms,
 * usage by rate register (a ring) and the arrears at each day's end, for electricity or water over a
 * date range; each chart downloads as PNG and its data as CSV.
 * Charts load in their own chunks and take the current theme's colours.
 */
export default function GraphicReports() {
  const translate = useTranslate();
  const theme = useTheme();
  const dataProvider = useDataProvider<MeteringDataProvider>();
  const { quantity } = useQuantityFormat();
  const [utility, setUtility] = useState<Utility>('electric');
  const [range, setRange] = useState<Range>('thisMonth');
  const [days, setDays] = useState(() => daysOf('thisMonth'));
  // The custom range's last day is inclusive on screen; the call's `to` is the day after.
  const lastDay = addDays(days.to, -1);
  const invalid = !days.from || !lastDay || days.from > lastDay;
  const { data, error, isFetching } = useQuery({
    queryKey: ['tuxingbaobiao', utility, days.from, days.to],
    queryFn: () => dataProvider.invoke<Report>('tuxingbaobiao', 'report', { utility, from: days.from, to: days.to }),
    enabled: !invalid,
  });
  const unit = translate(`dashboard.unit.${utility}`);
  const name = (chart: string) => `${translate(`${T}.charts.${chart}`, { unit })} ${days.from}~${lastDay}`;
  const channelName = (channel: string) => translate(`resources.userJiaofei.channels.${channel}`, { _: channel });
  // A chart's data as CSV or as an Excel workbook: `rows` writes it with the writer it is given.
  const actions = (chart: string, rows: (write: typeof exportCsv) => void) => (
    <Stack direction="row" sx={{ gap: 0.5 }}>
      <Tooltip title={translate(`${T}.pngTitle`)}>
        <Button size="small" startIcon={<ImageIcon />} aria-label={`${translate(`${T}.pngTitle`)}: ${translate(`${T}.charts.${chart}`, { unit })}`}
          onClick={(event) => { const box = event.currentTarget.closest('section')?.querySelector('[role="img"]'); if (box) void downloadSvgAsPng(box, name(chart), theme.palette.background.paper); }}>
          PNG
        </Button>
      </Tooltip>
      <Tooltip title={translate(`${T}.csvTitle`)}>
        <Button size="small" startIcon={<TableChartIcon />} aria-label={`${translate(`${T}.csvTitle`)}: ${translate(`${T}.charts.${chart}`, { unit })}`} onClick={() => rows(exportCsv)}>CSV</Button>
      </Tooltip>
      <Tooltip title={translate('exports.xlsx')}>
        <Button size="small" startIcon={<ExcelIcon />} aria-label={`${translate('exports.xlsx')}: ${translate(`${T}.charts.${chart}`, { unit })}`} onClick={() => rows(exportXlsx)}>Excel</Button>
      </Tooltip>
    </Stack>
  );
  const col = (key: string) => translate(`${T}.columns.${key}`, { unit });
  const more = (key: string) => translate(`${T}.columnsMore.${key}`);
  const rateName = (rate: string) => translate(`${T}.rates.${rate}`);
  const rateTotal = (data?.byRate ?? []).reduce((s, r) => s + r.usage, 0);
  const shareOf = (usage: number) => (rateTotal > 0 ? `${Math.round((usage / rateTotal) * 1000) / 10}%` : '0%');
  const lastArrears = data?.arrears[data.arrears.length - 1];
  const note = (text: string) => <Box sx={{ height: '100%', display: 'grid', placeItems: 'center' }}><Typography color="text.secondary">{text}</Typography></Box>;
  const chart = (body: () => ReactNode) => (invalid || !data ? <Box sx={{ height: '100%', display: 'grid', placeItems: 'center' }}>{isFetching ? <CircularProgress size={24} /> : null}</Box> : body());

  return (
    <Box sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 2 }} data-testid="graphic-reports">
      <Stack direction="row" sx={{ alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1" sx={{ flex: 1, minWidth: 180 }}>{translate('routes.tuxingbaobiao')}</Typography>
        <ToggleButtonGroup exclusive size="small" value={utility} onChange={(_, value: Utility | null) => value && setUtility(value)} aria-label={translate(`${T}.utility.label`)}>
          <ToggleButton value="electric">{translate(`${T}.utility.electric`)}</ToggleButton>
          <ToggleButton value="water">{translate(`${T}.utility.water`)}</ToggleButton>
        </ToggleButtonGroup>
        <TextField select size="small" label={translate(`${T}.range.label`)} value={range} sx={{ minWidth: 140 }}
          onChange={(event) => { const next = event.target.value as Range; setRange(next); if (next !== 'custom') setDays(daysOf(next)); }}>
          {RANGES.map((value) => <MenuItem key={value} value={value}>{translate(`${T}.range.${value}`)}</MenuItem>)}
        </TextField>
        <DayField label={translate(`${T}.from`)} value={days.from}
          onChange={(day) => { setRange('custom'); setDays((d) => ({ ...d, from: day })); }} />
        <DayField label={translate(`${T}.to`)} value={lastDay}
          error={invalid} helperText={invalid ? translate(`${T}.invalidRange`) : undefined}
          onChange={(day) => { setRange('custom'); setDays((d) => ({ ...d, to: day ? addDays(day, 1) : '' })); }} />
      </Stack>
      {error && <Alert severity="error">{(error as Error).message}</Alert>}
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
        <ChartFrame testId="chart-byBuilding" title={translate(`${T}.charts.byBuilding`, { unit })} height={340}
          label={translate(`${T}.labels.byBuilding`, { count: data?.byBuilding.length ?? 0, total: quantity((data?.byBuilding ?? []).reduce((s, r) => s + r.usage, 0)), unit })}
          actions={actions('byBuilding', (write) => void write(data?.byBuilding ?? [], [
            { label: col('project'), value: (r) => r.projectName }, { label: col('building'), value: (r) => r.buildingName }, { label: col('usage'), value: (r) => r.usage, kind: 'quantity' },
          ], name('byBuilding')))}>
          {(size) => chart(() => <CategoryBar {...size} horizontal data={data!.byBuilding.map((r) => ({ label: `${r.projectName} · ${r.buildingName}`, value: r.usage }))} format={(v) => quantity(v)} valueLabel={unit} />)}
        </ChartFrame>
        <ChartFrame testId="chart-byChannel" title={translate(`${T}.charts.byChannel`)} height={340}
          label={translate(`${T}.labels.byChannel`, { total: yuanGrouped((data?.byChannel ?? []).reduce((s, r) => s + r.amountFen, 0)), orders: (data?.byChannel ?? []).reduce((s, r) => s + r.orders, 0) })}
          actions={actions('byChannel', (write) => void write(data?.byChannel ?? [], [
            { label: col('channel'), value: (r) => channelName(r.channel) }, { label: col('amount'), value: (r) => yuanText(r.amountFen), kind: 'money' }, { label: col('orders'), value: (r) => r.orders, kind: 'number' },
          ], name('byChannel')))}>
          {(size) => chart(() => <CategoryBar {...size} data={data!.byChannel.map((r) => ({ label: channelName(r.channel), value: r.amountFen }))}
            format={yuanAxis(maxOf(data!.byChannel.map((r) => r.amountFen)))} tooltipFormat={yuanGrouped} valueLabel={translate(`${T}.series.amount`)} />)}
        </ChartFrame>
        <ChartFrame testId="chart-daily" title={translate(`${T}.charts.daily`, { unit })} height={300}
          label={translate(`${T}.labels.daily`, { days: data?.daily.length ?? 0, total: quantity((data?.daily ?? []).reduce((s, r) => s + r.usage, 0)), unit })}
          actions={actions('daily', (write) => void write(data?.daily ?? [], [{ label: col('day'), value: (r) => r.day, kind: 'date' }, { label: col('usage'), value: (r) => r.usage, kind: 'quantity' }], name('daily')))}>
          {(size) => chart(() => <DailyLine {...size} data={data!.daily.map((r) => ({ day: r.day, value: r.usage }))} format={(v) => quantity(v)} valueLabel={unit} />)}
        </ChartFrame>
        <ChartFrame testId="chart-topRooms" title={translate(`${T}.charts.topRooms`, { unit })} height={300}
          label={translate(`${T}.labels.topRooms`, { count: data?.topRooms.length ?? 0, unit })}
          actions={actions('topRooms', (write) => void write(data?.topRooms ?? [], [
            { label: col('project'), value: (r) => r.projectName }, { label: col('building'), value: (r) => r.buildingName }, { label: col('room'), value: (r) => r.roomCode, kind: 'code' },
            { label: col('usage'), value: (r) => r.usage, kind: 'quantity' },
          ], name('topRooms')))}>
          {(size) => chart(() => <CategoryBar {...size} horizontal data={data!.topRooms.map((r) => ({ id: String(r.roomId), label: [r.projectName, r.buildingName, r.roomCode].filter(Boolean).join(' · '), value: r.usage }))} format={(v) => quantity(v)} valueLabel={unit} />)}
        </ChartFrame>
        <ChartFrame testId="chart-byRate" title={translate(`${T}.charts.byRate`, { unit })} height={300}
          label={translate(`${T}.labels.byRate`, {
            total: quantity(rateTotal), unit, ...Object.fromEntries((data?.byRate ?? []).map((r) => [r.rate, `${quantity(r.usage)} (${shareOf(r.usage)})`])),
          })}
          actions={actions('byRate', (write) => void write(data?.byRate ?? [], [
            { label: more('rate'), value: (r) => rateName(r.rate) }, { label: col('usage'), value: (r) => r.usage, kind: 'quantity' }, { label: more('share'), value: (r) => shareOf(r.usage) },
          ], name('byRate')))}>
          {(size) => chart(() => (utility === 'water' ? note(translate(`${T}.waterNoRates`)) : rateTotal <= 0 ? note(translate(`${T}.noUsage`))
            : <SharePie {...size} data={data!.byRate.map((r) => ({ id: r.rate, label: rateName(r.rate), value: r.usage }))} format={(v) => quantity(v)} valueLabel={unit} />))}
        </ChartFrame>
        <ChartFrame testId="chart-arrears" title={translate(`${T}.charts.arrears`)} height={300}
          label={translate(`${T}.labels.arrears`, { days: data?.arrears.length ?? 0, rooms: lastArrears?.rooms ?? 0, total: yuanGrouped(-(lastArrears?.arrearsFen ?? 0)) })}
          actions={actions('arrears', (write) => void write(data?.arrears ?? [], [
            { label: col('day'), value: (r) => r.day, kind: 'date' }, { label: more('arrearsRooms'), value: (r) => r.rooms, kind: 'number' }, { label: more('arrearsAmount'), value: (r) => yuanText(-r.arrearsFen), kind: 'money' },
          ], name('arrears')))}>
          {(size) => chart(() => <DailyLine {...size} color={theme.palette.error.main} data={data!.arrears.map((r) => ({ day: r.day, value: -r.arrearsFen }))}
            format={yuanAxis(maxOf(data!.arrears.map((r) => r.arrearsFen)))} tooltipFormat={yuanGrouped} valueLabel={translate(`${T}.series.arrears`)} />)}
        </ChartFrame>
      </Box>
      {data && !data.byBuilding.length && !data.byChannel.length && <Alert severity="info" variant="outlined">{translate(`${T}.empty`)}</Alert>}
    </Box>
  );
}
