import { useState, type ReactNode } from 'react';
import { Button, useDataProvider, useListContext, useNotify, useTranslate } from 'react-admin';
import {
  Alert, Box, Button as MuiButton, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, FormControlLabel, Radio, RadioGroup,
} from '@mui/material';
import AccessTimeIcon from '@mui/icons-material/AccessTime';
import UpdateIcon from '@mui/icons-material/Update';
import type { MeteringDataProvider } from '../../../data/dataProvider';
import { ListScreen } from '../../../components/list/ListScreen';
import { filterInputs } from '../../../components/list/filters';
import { DeviceActionsProvider, useCanCommand, useDeviceActions } from '../../../components/devices/DeviceActions';
import type { CommandState, ResultColumn } from '../../../components/devices/CommandProgress';
import { ScopedActionDialog, type BulkScope } from '../../../components/bulk/ScopedActionDialog';
import { useCountOf } from '../../../components/delete/DeleteWithImpact';
import { SelectedMeters } from '../../../components/bulk/SelectedMeters';
import { PLATFORM_TIME_ZONE } from '../../../config';
import { electricColumns } from '../../devices/electric/columns';
import { ELECTRIC_FILTERS, ROOM_SORT, type ElectricMeter } from '../../devices/electric/model';

const COLUMNS = electricColumns();
export type SyncMode = 'meter' | 'broadcast';

/** A difference in seconds, signed (+ the meter is ahead). */
export const secondsText = (value: unknown, translate: (key: string, options?: object) => string) =>
  typeof value === 'number' ? translate('calibration.time.seconds', { value: value > 0 ? `+${value}` : String(value) }) : '';

/** A meter's clock to the second, `YYYY-MM-DD HH:mm:ss` in the platform's time zone (differences are seconds). */
const CLOCK = new Intl.DateTimeFormat('sv-SE', {
  timeZone: PLATFORM_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23',
});
export const clockText = (value: unknown) => (typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? CLOCK.format(new Date(value)) : '');

/** The per-meter result of a time sync: the meter's clock and its difference, before and after. */
function useResultColumns(): ResultColumn[] {
  const translate = useTranslate();
  const clock = (command: CommandState, key: string) => clockText(command.result?.[key]);
  return [
    { label: 'calibration.time.clockBefore', render: (command) => clock(command, 'meterClockBefore') },
    { label: 'calibration.time.diffBefore', align: 'right', render: (command) => secondsText(command.result?.diffBeforeS, translate) },
    { label: 'calibration.time.clockAfter', render: (command) => clock(command, 'meterClockAfter') },
    { label: 'calibration.time.diffAfter', align: 'right', render: (command) => secondsText(command.result?.diffAfterS, translate) },
  ];
}

/** The mode: per meter (the clock read back) or broadcast (one 08 frame per module, no reply). */
function ModeInput({ mode, setMode, broadcast = true }: { mode: SyncMode; setMode: (mode: SyncMode) => void; broadcast?: boolean }) {
  const translate = useTranslate();
  return (
    <Box sx={{ pt: 1 }}>
      <RadioGroup value={mode} onChange={(event) => setMode(event.target.value as SyncMode)} aria-label={translate('calibration.time.mode')}>
        <FormControlLabel value="meter" control={<Radio size="small" />} label={translate('calibration.time.modes.meter')} />
        {broadcast && <FormControlLabel value="broadcast" control={<Radio size="small" />} label={translate('calibration.time.modes.broadcast')} />}
      </RadioGroup>
      <Alert severity="info" sx={{ mt: 1 }}>{translate(mode === 'broadcast' ? 'calibration.time.broadcastHint' : 'calibration.time.meterHint')}</Alert>
    </Box>
  );
}

const actionOf = (mode: SyncMode) => (mode === 'broadcast' ? 'calibration.time.actionBroadcast' : 'calibration.time.action');

/** Selected meters: per meter or broadcast to their modules (command/create time_sync). */
function SelectedSyncButton({ icon }: { icon: ReactNode }) {
  const translate = useTranslate();
  const notify = useNotify();
  const countOf = useCountOf();
  const dataProvider = useDataProvider<MeteringDataProvider>();
  const { selectedIds, onUnselectItems, resource } = useListContext();
  const { track } = useDeviceActions();
  const canCommand = useCanCommand();
  const [open, setOpen] = useState(false);
  const [mode, setMode] = useState<SyncMode>('meter');
  const [running, setRunning] = useState(false);
  if (!canCommand) return null;
  const confirm = async () => {
    setRunning(true);
    try {
      const { ids } = await dataProvider.invoke<{ ids: number[] }>(resource, 'createCommands', {
        deviceKind: 'electric', deviceIds: selectedIds, type: 'time_sync', payload: { broadcast: mode === 'broadcast' },
      });
      onUnselectItems();
      setOpen(false);
      track(actionOf(mode), ids);
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setRunning(false);
    }
  };
  return (
    <>
      <Button label="calibration.time.selected" onClick={() => setOpen(true)}>{icon}</Button>
      <Dialog open={open} onClose={() => setOpen(false)} maxWidth="sm" fullWidth>
        <DialogTitle>{translate('calibration.time.selected')}</DialogTitle>
        <DialogContent>
          <Box sx={{ mb: 2 }}>
            <DialogContentText component="div" sx={{ mb: 0.5 }}>{translate('bulk.selectedScope')}</DialogContentText>
            {open && <SelectedMeters ids={selectedIds} label="bulk.selected" />}
          </Box>
          <ModeInput mode={mode} setMode={setMode} />
          <DialogContentText role="status" sx={{ mt: 2 }}>
            {translate(mode === 'broadcast' ? 'calibration.time.questionBroadcast' : 'calibration.time.question', { count: countOf(selectedIds.length) })}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={() => setOpen(false)}>{translate('ra.action.cancel')}</MuiButton>
          <MuiButton variant="contained" disabled={running} onClick={confirm}>{translate('ra.action.confirm')}</MuiButton>
        </DialogActions>
      </Dialog>
    </>
  );
}

/**
 * Every meter the filters match (electricMeter/commandAll time_sync), scope and count stated first:
 * per meter, or by broadcast — one frame per module of those meters rather than a command each.
 */
function FilteredSyncButton() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<MeteringDataProvider>();
  const { resource } = useListContext();
  const { track } = useDeviceActions();
  const canCommand = useCanCommand();
  const [open, setOpen] = useState(false);
  const [mode, setMode] = useState<SyncMode>('meter');
  if (!canCommand) return null;
  const call = (scope: BulkScope, extra: Record<string, unknown>) =>
    dataProvider.invoke<{ ids: number[]; count: number }>(resource, 'commandAll', { ...scope, type: 'time_sync', ...(mode === 'broadcast' ? { broadcast: true } : {}), ...extra });
  return (
    <>
      <Button label="calibration.time.filtered" onClick={() => setOpen(true)}><UpdateIcon /></Button>
      <ScopedActionDialog
        open={open}
        title={translate('calibration.time.filtered')}
        question={(count) => translate(mode === 'broadcast' ? 'calibration.time.questionBroadcast' : 'calibration.time.question', { count })}
        filters={ELECTRIC_FILTERS}
        preview={async (scope) => (await call(scope, { dryRun: true })).count}
        run={async (scope, expectedCount) => track(actionOf(mode), (await call(scope, { expectedCount })).ids)}
        onClose={() => setOpen(false)}
      >
        <ModeInput mode={mode} setMode={setMode} />
      </ScopedActionDialog>
    </>
  );
}

function Screen() {
  return (
    <ListScreen<ElectricMeter>
      columns={COLUMNS}
      filters={filterInputs('jiaozhunshijian', ELECTRIC_FILTERS)}
      sort={ROOM_SORT}
      deletable={false}
      toolbar={<FilteredSyncButton />}
      bulkActions={<SelectedSyncButton icon={<AccessTimeIcon />} />}
    />
  );
}

/**
 * 校准时间 (time calibration): sync meter clocks, per meter (each clock read back before and after
 * the setting, the difference shown per meter as the commands finish) or by broadcast (DL/T 645
 * control 08 to 99…99: one frame per module, no reply, done when sent).
 */
export default function TimeSyncList() {
  const resultColumns = useResultColumns();
  return (
    <DeviceActionsProvider resultColumns={resultColumns}>
      <Screen />
    </DeviceActionsProvider>
  );
}
