import { useEffect, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import {
  Badge, Box, Button, Chip, IconButton, Popover, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Tooltip, Typography,
} from '@mui/material';
import NotificationsIcon from '@mui/icons-material/Notifications';
import DownloadIcon from '@mui/icons-material/Download';
import { request } from '../http/client';
import { exportCsv, exportXlsx } from '../components/list/exportCsv';
import { ExcelIcon } from '../components/list/ServerExportButton';
import { useRealtimeStatus } from '../realtime/RealtimeProvider';
import { READ_FAILURE_POPOVER_WIDTH, READ_FAILURE_REFRESH_MS, READ_FAILURE_TABLE_MAX_HEIGHT } from '../config';
import { PaymentAlarm, paymentAlarmTotal, usePaymentAlarm } from './PaymentAlarm';

/**
 * A device that does not communicate (SPEC.md section 3): a meter whose last reading failed, or a
 * module that is offline (no room). deviceType 1 is an electric meter, 2 a water meter, 3 a module.
 */
export interface ReadFailureDevice {
  roomCode: string | null;
  /** The room and its building (beyond SPEC.md's fields: nine buildings have a room 605). */
  roomId?: number | null;
  buildingName?: string | null;
  deviceAddress: string;
  deviceType: number;
}

export const ELECTRIC_METER = 1;
const MODULE = 3;

/**
 * The header's read-failure alarm bell (failed readings and offline modules): loads the list on
 * start, again whenever the websocket says it changed, and every 1,800,000 ms whatever happens (the
 * fallback); shows the count, and a 700-wide popover with the devices (a meter's room with its
 * building; a row opens the room), whether updates are live, and an export (SPEC.md's three
 * columns); a failed load shows 数据请求异常.
 */
export function AlarmBell() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const live = useRealtimeStatus() === 'open';
  const { data = [], error } = useQuery({
    queryKey: ['readFailures'],
    queryFn: () => request<ReadFailureDevice[]>({ method: 'get', url: 'roomBillingStatement/findReadTheListOfFailuresVo', quiet: true }),
    refetchInterval: READ_FAILURE_REFRESH_MS,
    refetchIntervalInBackground: true,
    retry: false,
  });
  // Online payments that need a person (issue 41), for the roles that have 支付对账.
  const payments = usePaymentAlarm();
  useEffect(() => {
    if (error) notify(`${translate('alarm.requestFailed')}: ${error.message}`, { type: 'error' });
  }, [error, notify, translate]);

  const typeLabel = (device: ReadFailureDevice) =>
    translate(device.deviceType === ELECTRIC_METER ? 'alarm.electricMeter' : device.deviceType === MODULE ? 'alarm.module' : 'alarm.waterMeter');
  const exportList = (write: typeof exportCsv) =>
    write(data, [
      { label: translate('alarm.roomCode'), value: (d) => d.roomCode, kind: 'code' },
      { label: translate('alarm.deviceAddress'), value: (d) => d.deviceAddress, kind: 'code' },
      { label: translate('alarm.deviceType'), value: typeLabel },
    ], translate('alarm.exportTitle'));

  return (
    <>
      <Tooltip title={translate('alarm.tooltip')}>
        <IconButton color="inherit" aria-label={translate('alarm.tooltip')} onClick={(event) => setAnchor(event.currentTarget)}>
          <Badge badgeContent={data.length + paymentAlarmTotal(payments)} color="error" max={99}>
            <NotificationsIcon />
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover
        open={!!anchor}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { width: READ_FAILURE_POPOVER_WIDTH, maxWidth: '96vw', p: 2 }, role: 'dialog', 'aria-label': translate('alarm.title') } as object }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
          <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>{translate('alarm.titleCount', { count: data.length })}</Typography>
          <Typography variant="caption" role="status" sx={{ flex: 1, display: 'inline-flex', alignItems: 'center', gap: 0.5, color: 'text.secondary' }}>
            <Box component="span" sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: live ? 'success.main' : 'warning.main' }} />
            {translate(live ? 'alarm.live' : 'alarm.polling')}
          </Typography>
          <Button size="small" startIcon={<DownloadIcon />} onClick={() => exportList(exportCsv)} disabled={!data.length}>{translate('alarm.export')}</Button>
          <Button size="small" startIcon={<ExcelIcon />} onClick={() => exportList(exportXlsx)} disabled={!data.length}>Excel</Button>
        </Box>
        <PaymentAlarm counts={payments} onOpen={() => setAnchor(null)} />
        <TableContainer sx={{ maxHeight: READ_FAILURE_TABLE_MAX_HEIGHT }}>
          <Table size="small" stickyHeader>
            <TableHead>
              <TableRow>
                <TableCell>{translate('alarm.roomCode')}</TableCell>
                <TableCell>{translate('alarm.deviceAddress')}</TableCell>
                <TableCell>{translate('alarm.deviceType')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.map((device) => (
                <TableRow key={`${device.deviceType}-${device.deviceAddress}`} hover={!!device.roomId}
                  onClick={device.roomId ? () => { setAnchor(null); navigate(`/fangjianguanli/${device.roomId}`); } : undefined}
                  sx={device.roomId ? { cursor: 'pointer' } : undefined} title={device.roomId ? translate('alarm.openRoom') : undefined}>
                  <TableCell>{device.roomCode ? [device.buildingName, device.roomCode].filter(Boolean).join(' · ') : '—'}</TableCell>
                  <TableCell sx={{ fontVariantNumeric: 'tabular-nums' }}>{device.deviceAddress}</TableCell>
                  <TableCell>
                    <Chip size="small" variant="outlined" color={device.deviceType === ELECTRIC_METER ? 'success' : 'error'} label={typeLabel(device)} />
                  </TableCell>
                </TableRow>
              ))}
              {!data.length && (
                <TableRow><TableCell colSpan={3} align="center">{translate('alarm.empty')}</TableCell></TableRow>
              )}
            </TableBody>
          </Table>
        </TableContainer>
      </Popover>
    </>
  );
}
