import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { useDataProvider, useNotify, useRefresh, useResourceContext } from 'react-admin';
import type { MeteringDataProvider } from '../../data/dataProvider';
import { CommandProgress, type CommandBatch, type ResultColumn } from './CommandProgress';
import { useResourceAccess } from '../../auth/useResourceAccess';

interface DeviceActionsState {
  /** Shows the progress of commands just queued for an action (a message key naming it). */
  track(action: string, commandIds: number[]): void;
}

const DeviceActionsContext = createContext<DeviceActionsState | undefined>(undefined);

/** The device action flow of a screen: confirmed actions hand it their commands. */
export function useDeviceActions(): DeviceActionsState {
  const context = useContext(DeviceActionsContext);
  if (!context) throw new Error('useDeviceActions outside DeviceActionsProvider');
  return context;
}

/** Whether the operator may send device commands on this screen (a read-only role may not). */
export function useCanCommand() {
  const resource = useResourceContext();
  return useResourceAccess({ resource, action: 'command' }).canAccess === true;
}

/**
 * The device action flow (DESIGN.md, "Kits"): after an action is confirmed and its commands are
 * queued, live per-device progress; when the batch is finished, the screen is refreshed (every
 * batch, not only the first); "retry the failed" sends them again as a new batch of the same action.
 */
export function DeviceActionsProvider({ children, resultColumns }: {
  children: ReactNode;
  /** Value columns of the progress table (e.g. a read's values as they arrive). */
  resultColumns?: ResultColumn[];
}) {
  const [batch, setBatch] = useState<CommandBatch | null>(null);
  const [retrying, setRetrying] = useState(false);
  const refresh = useRefresh();
  const notify = useNotify();
  const dataProvider = useDataProvider<MeteringDataProvider>();
  const canCommand = useCanCommand();
  const track = useCallback((action: string, ids: number[]) => {
    if (ids.length) setBatch({ action, ids });
    else notify('commands.nothingToDo', { type: 'info' });
  }, [notify]);
  const retry = useCallback(async (failed: number[]) => {
    if (!batch) return;
    setRetrying(true);
    try {
      const { ids } = await dataProvider.invoke<{ ids: number[] }>('commands', 'retry', { ids: failed });
      setBatch({ action: batch.action, ids });
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setRetrying(false);
    }
  }, [batch, dataProvider, notify]);
  const value = useMemo(() => ({ track }), [track]);
  return (
    <DeviceActionsContext.Provider value={value}>
      {children}
      <CommandProgress
        batch={batch} onClose={() => setBatch(null)} onFinished={refresh}
        onRetry={canCommand ? retry : undefined} retrying={retrying} resultColumns={resultColumns}
      />
    </DeviceActionsContext.Provider>
  );
}
