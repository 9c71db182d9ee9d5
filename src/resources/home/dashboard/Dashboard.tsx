import { lazy, useCallback, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Box, Button, Chip, CircularProgress, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import RefreshIcon from '@mui/icons-material/Refresh';
import PaymentsIcon from '@mui/icons-material/Payments';
import PowerOffIcon from '@mui/icons-material/PowerOff';
import MeetingRoomIcon from '@mui/icons-material/MeetingRoom';
import WifiIcon from '@mui/icons-material/Wifi';
import WifiOffIcon from '@mui/icons-material/WifiOff';
import BoltIcon from '@mui/icons-material/Bolt';
import WaterDropIcon from '@mui/icons-material/WaterDrop';
import BatteryAlertIcon from '@mui/icons-material/BatteryAlert';
import MoneyOffIcon from '@mui/icons-material/MoneyOff';
import { KpiCard, changePercent } from '../../../components/dashboard/KpiCard';
import { ChartFrame } from '../../../components/dashboard/ChartFrame';
import { LiquidGauge } from '../../../components/dashboard/LiquidGauge';
import { useFormatDateTime } from '../../../components/dateTime';
import { useResourceAccess } from '../../../auth/useResourceAccess';
import { useRealtimeStatus } from '../../../realtime/RealtimeProvider';
import type { FoundRoom } from '../../archives/userJiaofei/model';
import { ArrearsList, AlarmPanel, TopConsumers } from './Panels';
import { RechargeDrawer } from './RechargeDrawer';
import { PowerFailureDrawer } from './PowerFailureDrawer';
import { useLiveRefresh } from './useLiveRefresh';
import { yuanGrouped, useQuantityFormat } from './format';
import { maxOf, yuanAxis } from '../../../components/charts/moneyAxis';
import { POLL_MS, dashboardKey, useDashboardCalls, type ArrearsRow, type Change, type Utility } from './model';

// The charts (nivo) load in chunks of their own, after the figures: never on the login path.
const DailyBar = lazy(() => import('../../../components/charts/DailyBar'));
const DailyLine = lazy(() => import('../../../components/charts/DailyLine'));

const T = 'dashboard';
/**
 * A row of KPI cards that fills the width whatever its count and the screen: the cards wrap, and
 * each row's cards grow to share its whole width (no empty slot at the end of a short row).
 */
const kpiRow = (basis: number) => ({ display: 'flex', flexWrap: 'wrap', gap: 1.5, '& > .MuiCard-root': { flex: `1 1 ${basis}px`, minWidth: 0, height: 'auto' } }) as const;
/** The state's five or six cards wrap three and two (three) beside the open menu at 1024 px; the flows' four stay on one row there. */
const KPI_STATE = kpiRow(180);
const KPI_FLOWS = kpiRow(160);

/** A list's address with a filter, as react-admin reads it. */
const listWith = (route: string, filter?: Record<string, unknown>) => (filter ? `/${route}?filter=${encodeURIComponent(JSON.stringify(filter))}` : `/${route}`);

/** The lists behind the figures, per utility. */
const LINKS = {
  electric: {
    meters: 'dianbiaoguanli', cut: listWith('dianbiaoguanli', { relayState: 'off' }), usage: 'MeterReadingRecordDetails', recharge: 'chongzhidingdan',
  },
  water: {
    meters: 'waterstate', cut: listWith('waterstate', { valveState: 'closed' }), usage: 'chaobiao_water', recharge: 'chongzhiwater',
  },
} as const;

/** An arrears row as the payment screen's room. */
const asFoundRoom = (row: ArrearsRow, utility: Utility): FoundRoom => ({
  roomId: row.roomId, roomCode: row.roomCode, floor: 0, buildingId: 0, buildingName: row.buildingName, projectId: 0, projectName: row.projectName,
  tenantId: null, tenantName: row.tenantName, tenantPhone: row.tenantPhone,
  electricBalanceFen: utility === 'electric' ? row.balanceFen : null, waterBalanceFen: utility === 'water' ? row.balanceFen : null,
});

/**
 * A home dashboard (index_water: electricity; index: water): the figures an operator sees first,
 * each linking to the list behind it; the 30-day trends; the top consumers, the arrears list with
 * a one-click recharge, the alarm panel; water adds the month's use against last month's as a
 * liquid gauge, electricity a drawer to record a power failure. Figures refresh live (socket
 * events, at most every 5 s) and every minute.
 */
export function Dashboard({ utility, resource }: { utility: Utility; resource: string }) {
  const translate = useTranslate();
  const format = useFormatDateTime();
  const { quantity, count } = useQuantityFormat();
  const calls = useDashboardCalls(resource);
  const queryClient = useQueryClient();
  const live = useRealtimeStatus() === 'open';
  const { canAccess: canRecharge = false } = useResourceAccess({ resource: 'userJiaofei', action: 'edit' });
  const { canAccess: canWrite = false } = useResourceAccess({ resource, action: 'edit' });
  useLiveRefresh(utility);
  const { data: summary, error, isFetching, dataUpdatedAt } = useQuery({
    queryKey: dashboardKey(utility, 'summary'),
    queryFn: () => calls.summary(utility),
    refetchInterval: POLL_MS,
  });
  const [recharge, setRecharge] = useState<{ room: FoundRoom | null } | null>(null);
  const [powerFailure, setPowerFailure] = useState(false);
  const refresh = useCallback(() => queryClient.invalidateQueries({ queryKey: ['dashboard', utility] }), [queryClient, utility]);
  const unit = translate(`${T}.unit.${utility}`);
  const links = LINKS[utility];

  const changeLine = (change: Change, period: 'yesterday' | 'lastMonth', money: boolean) => {
    const percent = changePercent(change.value, change.previous);
    const previous = money ? yuanGrouped(change.previous) : `${quantity(change.previous)} ${unit}`;
    if (percent === undefined) return { text: translate(`${T}.change.none.${period}`), trend: 'flat' as const };
    const key = percent > 0 ? 'up' : percent < 0 ? 'down' : 'same';
    return { text: translate(`${T}.change.${key}.${period}`, { percent: Math.abs(percent), previous }), trend: percent > 0 ? 'up' as const : percent < 0 ? 'down' as const : 'flat' as const };
  };

  return (
    <Box sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 2 }} data-testid={`dashboard-${utility}`}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1" sx={{ flex: 1, minWidth: 200 }}>{translate(`${T}.title.${utility}`)}</Typography>
        <Tooltip title={translate(live ? `${T}.live.on` : `${T}.live.off`)}>
          <Chip size="small" variant="outlined" color={live ? 'success' : 'default'} icon={live ? <WifiIcon /> : <WifiOffIcon />}
            label={translate(live ? `${T}.live.short` : `${T}.live.offShort`)} />
        </Tooltip>
        <Typography variant="body2" color="text.secondary" data-testid="last-updated" aria-live="polite">
          {dataUpdatedAt ? translate(`${T}.lastUpdated`, { time: format(new Date(dataUpdatedAt)) }) : ''}
        </Typography>
        <IconButton onClick={() => void refresh()} aria-label={translate('ra.action.refresh')} disabled={isFetching}>
          {isFetching ? <CircularProgress size={20} /> : <RefreshIcon />}
        </IconButton>
        {canRecharge && <Button variant="contained" startIcon={<PaymentsIcon />} onClick={() => setRecharge({ room: null })}>{translate(`${T}.actions.recharge`)}</Button>}
        {utility === 'electric' && canWrite && (
          <Button variant="outlined" color="warning" startIcon={<PowerOffIcon />} onClick={() => setPowerFailure(true)}>{translate(`${T}.actions.powerFailure`)}</Button>
        )}
      </Stack>
      {error && <Alert severity="error">{(error as Error).message}</Alert>}
      {!summary && !error && <CircularProgress aria-label={translate('app.loading')} />}
      {summary && (
        <>
          {/* Two rows of cards, each filling the width on its own: the estate's state (rooms, meters,
              cuts, arrears), then its flows (usage and recharge money, today and this month). */}
          <Box component="section" aria-label={translate(`${T}.kpiTitle`)} sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
            <Box sx={KPI_STATE}>
              <KpiCard testId="kpi-rooms" label={translate(`${T}.kpi.rooms`)} value={count(summary.kpi.rooms)} to="/fangjianguanli" icon={<MeetingRoomIcon fontSize="small" />} />
              <KpiCard testId="kpi-online" label={translate(`${T}.kpi.online`)} value={count(summary.kpi.online)} tone="success"
                detail={translate(`${T}.kpi.ofMeters`, { total: count(summary.kpi.meters) })} to={listWith(links.meters, { online: 'true' })} icon={<WifiIcon fontSize="small" />} />
              <KpiCard testId="kpi-offline" label={translate(`${T}.kpi.offline`)} value={count(summary.kpi.offline)} tone={summary.kpi.offline ? 'warning' : 'normal'}
                detail={translate(`${T}.kpi.ofMeters`, { total: count(summary.kpi.meters) })} to={listWith(links.meters, { online: 'false' })} icon={<WifiOffIcon fontSize="small" />} />
              <KpiCard testId="kpi-cut" label={translate(`${T}.kpi.cut.${utility}`)} value={count(summary.kpi.cut)} tone={summary.kpi.cut ? 'error' : 'normal'}
                to={links.cut} icon={<PowerOffIcon fontSize="small" />} />
              {utility === 'water' && (
                <KpiCard testId="kpi-battery" label={translate(`${T}.kpi.lowBattery`)} value={count(summary.kpi.lowBattery)} tone={summary.kpi.lowBattery ? 'warning' : 'normal'}
                  to={listWith('waterstate', { batteryLow: 'true' })} icon={<BatteryAlertIcon fontSize="small" />} />
              )}
              <KpiCard testId="kpi-arrears" label={translate(`${T}.kpi.arrears`)} value={count(summary.kpi.arrearsRooms)} tone={summary.kpi.arrearsRooms ? 'error' : 'normal'}
                to={listWith('fangjianguanli', { arrears: 'true' })} icon={<MoneyOffIcon fontSize="small" />} />
            </Box>
            <Box sx={KPI_FLOWS}>
              <KpiCard testId="kpi-usage-today" label={translate(`${T}.kpi.usageToday`)} value={`${quantity(summary.kpi.usageToday.value)} ${unit}`}
                detail={translate(`${T}.kpi.usageTodayBasis`)} change={changeLine(summary.kpi.usageToday, 'yesterday', false)} to={`/${links.usage}`} icon={utility === 'electric' ? <BoltIcon fontSize="small" /> : <WaterDropIcon fontSize="small" />} />
              <KpiCard testId="kpi-usage-month" label={translate(`${T}.kpi.usageMonth`)} value={`${quantity(summary.kpi.usageMonth.value)} ${unit}`}
                change={changeLine(summary.kpi.usageMonth, 'lastMonth', false)} to={`/${links.usage}`} icon={utility === 'electric' ? <BoltIcon fontSize="small" /> : <WaterDropIcon fontSize="small" />} />
              <KpiCard testId="kpi-recharge-today" label={translate(`${T}.kpi.rechargeToday`)} value={yuanGrouped(summary.kpi.rechargeTodayFen.value)}
                change={changeLine(summary.kpi.rechargeTodayFen, 'yesterday', true)} to={`/${links.recharge}`} icon={<PaymentsIcon fontSize="small" />} />
              <KpiCard testId="kpi-recharge-month" label={translate(`${T}.kpi.rechargeMonth`)} value={yuanGrouped(summary.kpi.rechargeMonthFen.value)}
                change={changeLine(summary.kpi.rechargeMonthFen, 'lastMonth', true)} to={`/${links.recharge}`} icon={<PaymentsIcon fontSize="small" />} />
            </Box>
          </Box>
          <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', lg: utility === 'water' ? '2fr 2fr 1fr' : '1fr 1fr' } }}>
            <ChartFrame testId="usage-chart" title={translate(`${T}.charts.usage`, { unit })} height={240}
              label={translate(`${T}.charts.usageLabel`, { unit, total: quantity(summary.daily.reduce((s, d) => s + d.usage, 0)), today: quantity(summary.daily.at(-1)?.usage ?? 0) })}>
              {(size) => <DailyBar {...size} data={summary.daily.map((d) => ({ day: d.day, value: d.usage }))} format={(v) => quantity(v)} valueLabel={unit} />}
            </ChartFrame>
            <ChartFrame testId="recharge-chart" title={translate(`${T}.charts.recharge`)} height={240}
              label={translate(`${T}.charts.rechargeLabel`, { total: yuanGrouped(summary.daily.reduce((s, d) => s + d.rechargeFen, 0)), today: yuanGrouped(summary.daily.at(-1)?.rechargeFen ?? 0) })}>
              {(size) => <DailyLine {...size} data={summary.daily.map((d) => ({ day: d.day, value: d.rechargeFen }))} 
                format={yuanAxis(maxOf(summary.daily.map((d) => d.rechargeFen)))} tooltipFormat={yuanGrouped} valueLabel={translate(`${T}.charts.money`)} />}
            </ChartFrame>
            {utility === 'water' && <WaterGauge month={summary.kpi.usageMonth.value} last={summary.kpi.usagePrevMonthTotal} unit={unit} />}
          </Box>
          {/* Full width below lg: at 1024 px a half-width arrears table wrapped its room one character a line and cut off Recharge. */}
          <Box data-testid="dashboard-panels" sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) minmax(0, 1fr)', xl: 'minmax(0, 1fr) minmax(0, 1.4fr) minmax(0, 1.4fr)' } }}>
            <TopConsumers summary={summary} unit={unit} />
            <ArrearsList summary={summary} utility={utility} canRecharge={canRecharge} onRecharge={(row) => setRecharge({ room: asFoundRoom(row, utility) })} />
            <Box sx={{ gridColumn: { lg: '1 / -1', xl: 'auto' }, minWidth: 0 }}><AlarmPanel resource={resource} utility={utility} /></Box>
          </Box>
        </>
      )}
      <RechargeDrawer open={!!recharge} utility={utility} room={recharge?.room ?? null} onClose={() => setRecharge(null)} onRecharged={() => void refresh()} />
      {utility === 'electric' && (
        <PowerFailureDrawer open={powerFailure} resource={resource} room={null} onClose={() => setPowerFailure(false)} onRecorded={() => void refresh()} />
      )}
    </Box>
  );
}

/** This month's water use against last month's whole use. */
function WaterGauge({ month, last, unit }: { month: number; last: number; unit: string }) {
  const translate = useTranslate();
  const { quantity } = useQuantityFormat();
  const percent = last > 0 ? Math.round((month / last) * 100) : null;
  const label = percent === null
    ? translate(`${T}.gauge.labelNone`, { month: quantity(month), unit })
    : translate(`${T}.gauge.label`, { month: quantity(month), last: quantity(last), unit, percent });
  return (
    <Box component="section" aria-label={translate(`${T}.gauge.title`)} data-testid="water-gauge"
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'background.paper', p: 2, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1 }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, alignSelf: 'flex-start' }}>{translate(`${T}.gauge.title`)}</Typography>
      <LiquidGauge value={month} full={last} size={170} label={label} caption={`${quantity(month)} / ${quantity(last)} ${unit}`} />
      <Typography variant="caption" color="text.secondary" sx={{ textAlign: 'center' }}>{label}</Typography>
    </Box>
  );
}
