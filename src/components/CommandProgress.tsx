import { useEffect, useRef } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { Box, Button, Chip, Dialog, DialogActions, DialogContent, DialogTitle, LinearProgress, Stack, Typography } from '@mui/material';
import { COMMAND_POLL_LIVE_MS, COMMAND_POLL_MS } from '../config';
import { useRealtimeStatus } from '../realtime/RealtimeProvider';

export interface CommandState {
  id: number;
  deviceId: number;
  type: string;
  state: 'queued' | 'sent' | 'succeeded' | 'failed' | 'expired';
  attempts: number;
  resultCode: string | null;
}

const COLORS = { queued: 'default', sent: 'info', succeeded: 'success', failed: 'error', expired: 'warning' } as const;

/** Counts of commands per state, and whether all of them are finished. */
export function summarize(commands: CommandState[]) {
  const counts = { queued: 0, sent: 0, succeeded: 0, failed: 0, expired: 0 };
  for (const command of commands) counts[command.state] += 1;
  const done = counts.succeeded + counts.failed + counts.expired;
  return { counts, done, finished: commands.length > 0 && done === commands.length };
}

/**
 * Live progress of device commands (queued / sent / succeeded / failed) until every command is
 * finished: refetched on the websocket's events, polled every second while it is down; `onFinished` runs once then (e.g. to refresh the list).
 */
export function CommandProgress({ ids, onClose, onFinished, describe }: {
  ids: number[];
  onClose: () => void;
  onFinished?: () => void;
  describe?: (command: CommandState) => string;
}) {
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  const finishedOnce = useRef(false);
  const live = useRealtimeStatus() === 'open';
  const { data = [] } = useQuery({
    queryKey: ['commands', ids],
    queryFn: async () => (await dataProvider.getMany<CommandState & { id: number }>('commands', { ids })).data,
    enabled: ids.length > 0,
    refetchInterval: (query) => (query.state.data && summarize(query.state.data).finished ? false : live ? COMMAND_POLL_LIVE_MS : COMMAND_POLL_MS),
  });
  const { counts, done, finished } = summarize(data);
  useEffect(() => {
    if (finished && !finishedOnce.current) {
      finishedOnce.current = true;
      onFinished?.();
    }
  }, [finished, onFinished]);
  const problems = data.filter((command) => command.state === 'failed' || command.state === 'expired');
  return (
    <Dialog open={ids.length > 0} onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>{translate('commands.title')}</DialogTitle>
      <DialogContent>
        <LinearProgress variant="determinate" value={ids.length ? (done / ids.length) * 100 : 0} sx={{ height: 8, borderRadius: 4, mb: 2 }} />
        <Typography variant="body2" sx={{ mb: 1 }} role="status">
          {translate('commands.progress', { done, total: ids.length, succeeded: counts.succeeded, failed: counts.failed + counts.expired })}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
          {(Object.keys(counts) as (keyof typeof counts)[]).map((state) => (
            <Chip key={state} size="small" color={COLORS[state]} label={`${translate(`commands.states.${state}`)} ${counts[state]}`} />
          ))}
        </Stack>
        {problems.length > 0 && (
          <Box component="ul" sx={{ mt: 2, pl: 2, maxHeight: 160, overflow: 'auto' }}>
            {problems.slice(0, 50).map((command) => (
              <li key={command.id}>
                <Typography variant="body2" color="error">
                  {describe ? describe(command) : `#${command.deviceId}`} — {translate(`commands.states.${command.state}`)} ({command.resultCode ?? ''})
                </Typography>
              </li>
            ))}
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
