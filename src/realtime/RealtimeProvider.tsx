import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { useQueryClient, type Query } from '@tanstack/react-query';
import { API_BASE, WEBSOCKET_PATH } from '../config';
import { readCookie } from '../auth/cookies';
import { RealtimeConnection, type RealtimeMessage, type RealtimeStatus } from './connection';

const StatusContext = createContext<RealtimeStatus>('down');

/** Whether live updates arrive (pages poll more slowly while they do). */
export const useRealtimeStatus = () => useContext(StatusContext);

/** Screens that follow every event (the dashboards' figures), besides the queries refetched below. */
const messageListeners = new Set<(message: RealtimeMessage) => void>();

/** Calls `listener` with every message the socket hears; returns the unsubscribe (call it in an effect's cleanup). */
export function onRealtimeMessage(listener: (message: RealtimeMessage) => void): () => void {
  messageListeners.add(listener);
  return () => { messageListeners.delete(listener); };
}

/** ws(s)://host/api/v1/electricity/websocket/websocket-server?token=… for the current session. */
export function socketUrl(): string | undefined {
  const token = readCookie('token');
  if (!token || token === 'undefined') return undefined;
  const scheme = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${window.location.host}${API_BASE.replace(/\/$/, '')}/v1/${WEBSOCKET_PATH}?token=${encodeURIComponent(token)}`;
}

/** A commands query (`['commands', ids]`) that holds a command of the range. */
const holdsCommands = (from: number, to: number) => (query: Query) => {
  const [name, ids] = query.queryKey;
  return name === 'commands' && Array.isArray(ids) && ids.some((id) => typeof id === 'number' && id >= from && id <= to);
};

/**
 * Keeps the websocket open while the operator is signed in, and turns what it hears into refetches
 * of the queries concerned: the alarm bell's read-failure list, the progress of commands. Whenever
 * the socket is (again) subscribed, command progress is fetched again, and after a reconnection
 * the read-failure list too, as events may have been missed while it was down.
 */
export function RealtimeProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<RealtimeStatus>('down');
  useEffect(() => {
    const connection = new RealtimeConnection(socketUrl);
    let opened = false;
    const stopStatus = connection.onStatus((next) => {
      setStatus(next);
      if (next !== 'open') return;
      void queryClient.invalidateQueries({ queryKey: ['commands'] });
      if (opened) void queryClient.invalidateQueries({ queryKey: ['readFailures'] });
      opened = true;
    });
    const stopMessages = connection.onMessage((message: RealtimeMessage) => {
      for (const listener of messageListeners) listener(message);
      if (message.type === 'readFailures') void queryClient.invalidateQueries({ queryKey: ['readFailures'] });
      if (message.type === 'commands' && typeof message.from === 'number' && typeof message.to === 'number') {
        void queryClient.invalidateQueries({ predicate: holdsCommands(message.from, message.to) });
      }
    });
    connection.start();
    return () => {
      stopStatus();
      stopMessages();
      connection.stop();
    };
  }, [queryClient]);
  return <StatusContext.Provider value={status}>{children}</StatusContext.Provider>;
}
