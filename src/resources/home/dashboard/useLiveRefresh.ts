import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { onRealtimeMessage } from '../../../realtime/RealtimeProvider';
import { LIVE_REFRESH_MS, type Utility } from './model';

/**
 * Refreshes a dashboard's figures when the socket says something changed (a command finished: a
 * reading, a trip, a restore; a device failed or answered again; a recharge was taken), at most once every
 * LIVE_REFRESH_MS: a burst of events becomes one refresh at its start and one at its end.
 */
export function useLiveRefresh(utility: Utility) {
  const queryClient = useQueryClient();
  useEffect(() => {
    let last = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refresh = () => {
      timer = undefined;
      last = Date.now();
      void queryClient.invalidateQueries({ queryKey: ['dashboard', utility] });
    };
    const stop = onRealtimeMessage((message) => {
      if (message.type !== 'commands' && message.type !== 'readFailures' && message.type !== 'figures') return;
      if (timer) return;
      const wait = last + LIVE_REFRESH_MS - Date.now();
      if (wait <= 0) refresh();
      else timer = setTimeout(refresh, wait);
    });
    return () => {
      stop();
      if (timer) clearTimeout(timer);
    };
  }, [queryClient, utility]);
}
