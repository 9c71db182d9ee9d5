import { useEffect, useRef, type ReactNode } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import {
  Box, Button, Chip, Dialog, DialogActions, DialogContent, DialogTitle, LinearProgress, Stack, Table, TableBody, TableCell,
  TableHead, TableRow, Typography,
} from '@mui/material';
import ReplayIcon from '@mui/icons-material/Replay';
import { COMMAND_POLL_LIVE_MS, COMMAND_POLL_MS } from '../../config';
import { useRealtimeStatus } from '../../realtime/RealtimeProvider';
import type { CommandState as CommandLifeState } from '../../../common/states';

export interface CommandState {
  id: number;
  deviceKind: 'electric' | 'water' | 'module';
  deviceId: number;
  type: string;
  state: CommandLifeState;
  attempts: number;
  resultCode: string | null;
  deviceAddress: string | null;
  roomCode: string | null;
  /** What the device answered (read values, the new state), once the command succeeded. */
  result?: Record<string, unknown> | null;
  /** Queued and held: its module is offline; sent when the module is back, or expires `module_offline`. */
  held?: boolean;
}

/**
 * Extra columns of the device table, e.g. the values a read brings (total, rates, V, A, kW): filled
 * in as each command's result arrives. `label` is a message key; `render` gets the command.
 */
export interface ResultColumn {
  label: string;
  render: (command: CommandState) => ReactNode;
  align?: 'left' | 'right';
}

/** One batch of commands: what the operator asked for (a message key) and the commands it queued. */
export interface CommandBatch {
  action: string;
  ids: number[];
}

const COLORS = { queued: 'default', sent: 'info', succeeded: 'success', failed: 'error', expired: 'warning' } as const;
type State = keyof typeof COLORS;
const STATES = Object.keys(COLORS) as State[];
/** Rows shown in the device table (failures first); the counters cover every command. */
const SHOWN_ROWS = 200;

/** Counts of commands per state, and whether all of them are finished. */
export function summarize(commands: Pick<CommandState, 'state'>[]) {
  const counts: Record<State, number> = { queued: 0, sent: 0, succeeded: 0, failed: 0, expired: 0 };
  for (const command of commands) counts[command.state] += 1;
  const done = counts.succeeded + counts.failed + counts.expired;
  return { counts, done, finished: commands.length > 0 && done === commands.length };
}

const failedState = (state: string) => state === 'failed' || state === 'expired';

/**
 * Live progress of one batch of device commands (SCREENS.md: queued / sent / succeeded / failed)
 * until every command is finished: refetched on the websocket's events, polled every second while
 * it is down. It names the action and each device (address and room) with its translated result;
 * `onFinished` runs once per batch, `onRetry` sends the failed ones again.
 */
export function CommandProgress({ batch, onClose, onFinished, onRetry, retrying, resultColumns = [] }: {
  batch: CommandBatch | null;
  /** Optional value columns (see ResultColumn); without them the table is address, room, state, reason. */
  resultColumns?: ResultColumn[];
  onClose: () => void;
  onFinished?: (batch: CommandBatch) => void;
  onRetry?: (ids: number[]) => void;
  retrying?: boolean;
}) {
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  const finished = useRef<CommandBatch | null>(null);
  const live = useRealtimeStatus() === 'open';
  const ids = batch?.ids ?? [];
  const { data = [] } = useQuery({
    queryKey: ['commands', ids],
    queryFn: async () => (await dataProvider.getMany<CommandState & { id: number }>('commands', { ids })).data,
    enabled: ids.length > 0,
    refetchInterval: (query) => (query.state.data && summarize(query.state.data).finished ? false : live ? COMMAND_POLL_LIVE_MS : COMMAND_POLL_MS),
  });
  const current = data;
  const { counts, done, finished: allDone } = summarize(current);
  useEffect(() => {
    // Once per batch: every finished batch refreshes what it changed.
    if (batch && allDone && finished.current !== batch) {
      finished.current = batch;
      onFinished?.(batch);
    }
  }, [batch, allDone, onFinished]);
  const failedIds = current.filter((command) => failedState(command.state)).map((command) => command.id);
  const heldCount = current.filter((command) => command.state === 'queued' && command.held).length;
  // Failures first, then the commands waiting for their module, then the others.
  const rank = (command: CommandState) => (failedState(command.state) ? 0 : command.state === 'queued' && command.held ? 1 : 2);
  const rows = [...current].sort((a, b) => rank(a) - rank(b) || a.id - b.id).slice(0, SHOWN_ROWS);
  const reason = (command: CommandState) =>
    failedState(command.state) && command.resultCode ? translate(`commands.reasons.${command.resultCode}`, { _: command.resultCode }) : '';

  return (
    <Dialog open={!!batch} onClose={onClose} maxWidth={resultColumns.length ? 'lg' : 'md'} fullWidth>
      <DialogTitle>
        {batch && translate('commands.batchTitle', { action: translate(batch.action), count: ids.length, smart_count: ids.length })}
      </DialogTitle>
      <DialogContent>
        <LinearProgress variant="determinate" value={ids.length ? (done / ids.length) * 100 : 0} sx={{ height: 8, borderRadius: 4, mb: 2 }} />
        <Typography variant="body2" sx={{ mb: 1 }} role="status">
          {translate('commands.progress', { done, total: ids.length, succeeded: counts.succeeded, failed: counts.failed + counts.expired })}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', mb: 2 }}>
          {STATES.map((state) => (
            // A zero count is plain, not alarming.
            <Chip key={state} size="small" variant={counts[state] ? 'filled' : 'outlined'} color={counts[state] ? COLORS[state] : 'default'}
              label={`${translate(`commands.states.${state}`)} ${counts[state]}`} />
          ))}
        </Stack>
        {heldCount > 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>{translate('commands.held', { smart_count: heldCount })}</Typography>
        )}
        <Box sx={{ maxHeight: 320, overflow: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}>
          <Table size="small" stickyHeader aria-label={translate('commands.devices')}>
            <TableHead>
              <TableRow>
                <TableCell>{translate('commands.deviceAddress')}</TableCell>
                <TableCell>{translate('commands.roomCode')}</TableCell>
                <TableCell>{translate('commands.state')}</TableCell>
                <TableCell>{translate('commands.reason')}</TableCell>
                {resultColumns.map((column) => <TableCell key={column.label} align={column.align}>{translate(column.label)}</TableCell>)}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((command) => (
                <TableRow key={command.id}>
                  <TableCell sx={{ fontVariantNumeric: 'tabular-nums' }}>{command.deviceAddress ?? `#${command.deviceId}`}</TableCell>
                  <TableCell>{command.roomCode ?? ''}</TableCell>
                  <TableCell>
                    {command.state === 'queued' && command.held
                      // Not failed: waiting for its module to come back online.
                      ? <Chip size="small" variant="outlined" color="warning" label={translate('commands.states.waiting')} />
                      : <Chip size="small" variant="outlined" color={COLORS[command.state]} label={translate(`commands.states.${command.state}`)} />}
                  </TableCell>
                  <TableCell sx={{ color: failedState(command.state) ? 'error.main' : undefined }}>{reason(command)}</TableCell>
                  {resultColumns.map((column) => (
                    <TableCell key={column.label} align={column.align} sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                      {command.state === 'succeeded' ? column.render(command) : ''}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
        {current.length > SHOWN_ROWS && (
          <Typography variant="caption" color="text.secondary">{translate('commands.moreRows', { smart_count: current.length - SHOWN_ROWS })}</Typography>
        )}
      </DialogContent>
      <DialogActions>
        {onRetry && failedIds.length > 0 && allDone && (
          <Button startIcon={<ReplayIcon />} disabled={retrying} onClick={() => onRetry(failedIds)}>
            {translate('commands.retryFailed', { smart_count: failedIds.length })}
          </Button>
        )}
        <Button onClick={onClose}>{translate('ra.action.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
