import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import {
  Alert, Box, Button, Card, CardContent, Chip, LinearProgress, List, ListItemButton, ListItemText, Stack, Table, TableBody, TableCell,
  TableHead, TableRow, Typography,
} from '@mui/material';
import { useFormatDateTime } from '../../../components/dateTime';
import { yuanGrouped, useQuantityFormat } from './format';
import { ALARM_KINDS, dashboardKey, useDashboardCalls, type AlarmKind, type AlarmRow, type ArrearsRow, type Summary, type Utility } from './model';

const T = 'dashboard';
const place = (row: { projectName: string | null; buildingName: string | null; roomCode: string | null }) =>
  [row.projectName, row.buildingName, row.roomCode].filter(Boolean).join(' · ');
/** A room's edit page: where an operator acts on it. */
export const roomPath = (roomId: number) => `/fangjianguanli/${roomId}`;

function Panel({ title, children, testId }: { title: string; children: React.ReactNode; testId?: string }) {
  return (
    <Card variant="outlined" component="section" aria-label={title} data-testid={testId} sx={{ height: '100%' }}>
      <CardContent sx={{ pb: '12px !important' }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>{title}</Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/** The rooms that used most this month (month to date), with a bar against the first. */
export function TopConsumers({ summary, unit }: { summary: Summary; unit: string }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { quantity } = useQuantityFormat();
  const most = summary.top[0]?.usage || 1;
  return (
    <Panel title={translate(`${T}.top.title`)} testId="top-consumers">
      {!summary.top.length && <Typography color="text.secondary">{translate(`${T}.none`)}</Typography>}
      <List dense disablePadding>
        {summary.top.map((row, i) => (
          <ListItemButton key={row.roomId} onClick={() => navigate(roomPath(row.roomId))} sx={{ px: 0.5, display: 'block' }}>
            <Stack direction="row" sx={{ gap: 1, alignItems: 'baseline' }}>
              <Typography variant="body2" color="text.secondary" sx={{ width: 20, textAlign: 'right' }}>{i + 1}</Typography>
              <Typography variant="body2" sx={{ flex: 1, minWidth: 0 }} noWrap>{place(row)}</Typography>
              <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }}>{quantity(row.usage)} {unit}</Typography>
            </Stack>
            <LinearProgress variant="determinate" value={(row.usage / most) * 100} sx={{ ml: 3.5, height: 4, borderRadius: 2 }} aria-hidden />
          </ListItemButton>
        ))}
      </List>
    </Panel>
  );
}

/**
 * The arrears table's rows have one fixed height (room on one line, a small button and chip fit in
 * it) and its scroll box holds the header and whole rows, scrolling row by row below the sticky
 * header: no row is ever cut in half (a 360 px box cut the 8th row in two).
 */
export const ARREARS_ROW_PX = 44;
export const ARREARS_HEAD_PX = 40;
export const ARREARS_ROWS_SHOWN = 8;

/**
 * The room takes the width the other columns leave (width 100 % with max-width 0: a table cell that
 * fills the rest and is cut with an ellipsis, its whole name in the tooltip), so that the tenant,
 * balance, supply and Recharge button always show whole: with English's wider words at 1440 px the
 * room's full "滨江学生宿舍 · 1号楼 · 413" pushed the Recharge buttons out of the panel.
 */
export const ROOM_CELL = { cursor: 'pointer', whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', width: '100%', maxWidth: 0 } as const;

/** A room in a narrow cell: the project is what gives way ("阳光… · 1号楼 · 110"), never the building and the room's code. */
function PlaceText({ row }: { row: ArrearsRow }) {
  const rest = [row.buildingName, row.roomCode].filter(Boolean).join(' · ');
  if (!row.projectName || !rest) return <>{place(row)}</>;
  return (
    <Box component="span" sx={{ display: 'flex', minWidth: 0 }}>
      <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', minWidth: '2em' }}>{row.projectName}</Box>
      <Box component="span" sx={{ flexShrink: 0, whiteSpace: 'pre' }}>{` · ${rest}`}</Box>
    </Box>
  );
}

/** The rooms in arrears, most owed first, each with a one-click recharge. */
export function ArrearsList({ summary, utility, onRecharge, canRecharge }: {
  summary: Summary; utility: Utility; onRecharge: (row: ArrearsRow) => void; canRecharge: boolean;
}) {
  const translate = useTranslate();
  const navigate = useNavigate();
  return (
    <Panel title={translate(`${T}.arrears.title`, { count: summary.kpi.arrearsRooms })} testId="arrears-list">
      {!summary.arrears.length && <Typography color="text.secondary">{translate(`${T}.arrears.empty`)}</Typography>}
      {summary.arrears.length > 0 && (
        <Box data-testid="arrears-scroll" sx={{
          maxHeight: ARREARS_HEAD_PX + ARREARS_ROWS_SHOWN * ARREARS_ROW_PX, overflow: 'auto',
          scrollSnapType: 'y mandatory', scrollPaddingTop: `${ARREARS_HEAD_PX}px`,
        }}>
          <Table size="small" stickyHeader>
            <TableHead>
              <TableRow sx={{ height: ARREARS_HEAD_PX, '& th': { py: 0, boxSizing: 'border-box' } }}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{translate(`${T}.arrears.room`)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{translate(`${T}.arrears.tenant`)}</TableCell>
                <TableCell align="right">{translate(`${T}.arrears.balance`)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{translate(`${T}.arrears.supply`)}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {summary.arrears.map((row) => (
                <TableRow key={row.roomId} hover data-testid={`arrears-${row.roomId}`}
                  sx={{ height: ARREARS_ROW_PX, scrollSnapAlign: 'start', '& td': { py: 0, boxSizing: 'border-box' } }}>
                  <TableCell sx={ROOM_CELL} title={place(row)} onClick={() => navigate(roomPath(row.roomId))}><PlaceText row={row} /></TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{row.tenantName ?? translate('resources.userJiaofei.vacant')}</TableCell>
                  <TableCell align="right" sx={{ color: 'error.main', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>{yuanGrouped(row.balanceFen)}</TableCell>
                  <TableCell>
                    {row.supply && (
                      <Chip size="small" variant="outlined" color={row.supply === 'off' || row.supply === 'closed' ? 'error' : 'default'}
                        label={translate(`${T}.supply.${utility}.${row.supply}`, { _: row.supply })} />
                    )}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {canRecharge && <Button size="small" variant="outlined" onClick={() => onRecharge(row)}>{translate(`${T}.arrears.recharge`)}</Button>}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </Panel>
  );
}

const KIND_COLOR: Record<AlarmKind, 'error' | 'warning' | 'info' | 'default'> = {
  arrears: 'error', lowBalance: 'warning', powerCut: 'error', fault: 'warning', readFailure: 'info', noTariff: 'default',
};

/** The reason of an alarm row in words. */
function useReason() {
  const translate = useTranslate();
  return (row: AlarmRow) => {
    const balance = row.balanceFen === null ? '' : yuanGrouped(row.balanceFen);
    switch (row.kind) {
      case 'arrears': return translate(`${T}.alarms.reasons.arrears`, { balance });
      case 'lowBalance': return translate(`${T}.alarms.reasons.lowBalance`, { balance });
      case 'powerCut': return translate(`${T}.causes.${row.reason}`, { _: row.reason });
      case 'fault':
      case 'readFailure': return translate(`${T}.faults.${row.reason}`, { _: row.reason });
      default: return translate(`${T}.alarms.reasons.noTariff`);
    }
  };
}

/**
 * The alarms an operator acts on: a chip per kind with its count (a chip shows that kind's rows),
 * rows newest first naming project, building and room with the time and the reason; a row opens
 * its room.
 */
export function AlarmPanel({ resource, utility }: { resource: string; utility: Utility }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const format = useFormatDateTime();
  const reason = useReason();
  const calls = useDashboardCalls(resource);
  const [kind, setKind] = useState<AlarmKind | undefined>();
  const { data, error } = useQuery({ queryKey: dashboardKey(utility, 'alarms', kind ?? 'all'), queryFn: () => calls.alarms(utility, kind) });
  const kinds = ALARM_KINDS.filter((k) => utility === 'electric' || k !== 'powerCut');
  return (
    <Panel title={translate(`${T}.alarms.title`)} testId="alarm-panel">
      <Stack direction="row" sx={{ gap: 0.75, flexWrap: 'wrap', mb: 1 }} role="group" aria-label={translate(`${T}.alarms.filter`)}>
        <Chip size="small" label={translate(`${T}.alarms.all`)} color={kind ? 'default' : 'primary'} variant={kind ? 'outlined' : 'filled'} onClick={() => setKind(undefined)} />
        {kinds.map((k) => (
          <Chip key={k} size="small" data-testid={`alarm-chip-${k}`}
            label={`${translate(`${T}.alarms.kinds.${k}`)} ${data ? data.counts[k] : ''}`}
            color={kind === k ? 'primary' : data && data.counts[k] > 0 ? KIND_COLOR[k] : 'default'}
            variant={kind === k ? 'filled' : 'outlined'} onClick={() => setKind(kind === k ? undefined : k)} />
        ))}
      </Stack>
      {error && <Alert severity="error">{(error as Error).message}</Alert>}
      {data && !data.rows.length && <Typography color="text.secondary">{translate(`${T}.alarms.empty`)}</Typography>}
      {/* The rows share one column for their chips (a subgrid), as wide as the widest kind, so that
          every row's text starts at the same place in every language. */}
      <List dense disablePadding sx={{ maxHeight: 360, overflow: 'auto', display: 'grid', gridTemplateColumns: 'max-content minmax(0, 1fr)', alignContent: 'start' }}>
        {data?.rows.map((row, i) => (
          <ListItemButton key={`${row.kind}-${row.roomId}-${row.at}-${i}`} disabled={row.roomId === null}
            onClick={() => row.roomId !== null && navigate(roomPath(row.roomId))}
            sx={{ px: 0.5, alignItems: 'flex-start', columnGap: 1, display: 'grid', gridColumn: '1 / -1', gridTemplateColumns: 'subgrid' }}
            data-testid="alarm-row">
            <Chip size="small" color={KIND_COLOR[row.kind]} label={translate(`${T}.alarms.kinds.${row.kind}`)} sx={{ mt: 0.25 }} />
            <ListItemText
              primary={`${place(row) || row.meterAddress || ''} — ${reason(row)}`}
              secondary={[format(row.at), row.meterAddress].filter(Boolean).join(' · ')}
              slotProps={{ primary: { variant: 'body2' }, secondary: { variant: 'caption' } }} />
          </ListItemButton>
        ))}
      </List>
    </Panel>
  );
}
