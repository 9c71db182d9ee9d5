import { useState, type ReactNode } from 'react';
import { Button, useDataProvider, useListContext, useNotify, useRecordContext, useTranslate } from 'react-admin';
import {
  Box, Button as MuiButton, CircularProgress, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, ListItemText, Menu, MenuItem, TextField,
} from '@mui/material';
import BoltIcon from '@mui/icons-material/Bolt';
import PowerSettingsNewIcon from '@mui/icons-material/PowerSettingsNew';
import SpeedIcon from '@mui/icons-material/Speed';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import type { MeteringDataProvider } from '../../../data/dataProvider';
import { useCanCommand, useDeviceActions } from '../../../components/devices/DeviceActions';
import type { ResultColumn } from '../../../components/devices/CommandProgress';
import { ScopedActionDialog, type BulkScope } from '../../../components/bulk/ScopedActionDialog';
import { useCountOf } from '../../../components/delete/DeleteWithImpact';
import { useTypedCount } from '../../../components/bulk/TypedCount';
import { ArrearsOptInField, LeftOutNote, nothingKey, useArrearsOptIn, useSupplyPreview, type PreviewAnswer } from '../../../components/bulk/SupplyPreview';
import { RowIconButton } from '../../../components/list/RowButtons';
import { roomText } from '../../../../common/formats';
import { READ_VALUE_COLUMNS, num } from './columns';
import { ELECTRIC_FILTERS, TRIP_CAUSES, type ElectricMeter, type MeterAction, type TripCause } from './model';

/** The action's name (a verb) as the confirmation and the progress title say it. */
export const actionLabel = (action: MeterAction) => `electric.actions.${action}`;

/** A read's values, filled in per meter as its command succeeds (command/findByIds `result`). */
export const READ_RESULT_COLUMNS: ResultColumn[] = READ_VALUE_COLUMNS.map(({ key, label, digits }) => ({
  label, align: 'right',
  render: (command) => num(command.result?.[key] as number | undefined, digits),
}));

/** What a command carries: a trip its cause. */
const payloadOf = (action: MeterAction, cause: TripCause) => (action === 'trip' ? { cause } : undefined);

/** The action (when there is a choice) and, for a trip, its cause. */
function ActionInputs({ actions, action, setAction, cause, setCause }: {
  actions: readonly MeterAction[]; action: MeterAction; setAction: (action: MeterAction) => void; cause: TripCause; setCause: (cause: TripCause) => void;
}) {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', pt: 1 }}>
      {actions.length > 1 && (
        <TextField
          select size="small" label={translate('electric.confirm.action')} value={action} onChange={(event) => setAction(event.target.value as MeterAction)}
          sx={{ minWidth: 200 }} slotProps={{ select: { native: false } }}
        >
          {actions.map((value) => <MenuItem key={value} value={value}>{translate(actionLabel(value))}</MenuItem>)}
        </TextField>
      )}
      {action === 'trip' && (
        <TextField
          select size="small" label={translate('electric.confirm.cause')} value={cause} onChange={(event) => setCause(event.target.value as TripCause)}
          sx={{ minWidth: 200 }}
        >
          {TRIP_CAUSES.map((value) => <MenuItem key={value} value={value}>{translate(`electric.causes.${value}`)}</MenuItem>)}
        </TextField>
      )}
    </Box>
  );
}

/** The question of a confirmation: the action (and cause) on how many meters. */
const useQuestion = () => {
  const translate = useTranslate();
  return (action: MeterAction, cause: TripCause, count: string) => translate(action === 'trip' ? 'electric.confirm.questionTrip' : 'electric.confirm.question', {
    action: translate(actionLabel(action)), count, cause: translate(`electric.causes.${cause}`),
  });
};

const useInvoke = (resource: string) => {
  const dataProvider = useDataProvider<MeteringDataProvider>();
  return <T,>(action: string, payload: Record<string, unknown>) => dataProvider.invoke<T>(resource, action, payload);
};

/** The command of chosen meters as command/create takes it. */
const createBody = (deviceIds: unknown[], action: MeterAction, payload?: Record<string, unknown>) => ({ deviceKind: 'electric', deviceIds, type: action, payload });

/**
 * Confirms an action on chosen meters (rows, or one row), then queues their commands: the dry run of
 * command/create says how many get the command and which are left out and why (already in that
 * state, kept, in arrears: SupplyPreview.tsx), a restore offers to include the meters in arrears with
 * a reason, and a supply action on more meters than the server's threshold asks for the count typed.
 */
function ConfirmCommand({ title, deviceIds, actions, run, onClose }: {
  title: string; deviceIds: unknown[]; actions: readonly MeterAction[];
  run: (action: MeterAction, payload: Record<string, unknown> | undefined, extra: Record<string, unknown>) => Promise<void>; onClose: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const countOf = useCountOf();
  const question = useQuestion();
  const { resource } = useListContext();
  const invoke = useInvoke(resource);
  const [action, setAction] = useState<MeterAction>(actions[0]);
  const [cause, setCause] = useState<TripCause>('manual');
  const [running, setRunning] = useState(false);
  const optIn = useArrearsOptIn(action);
  const { preview, recount } = useSupplyPreview(true, JSON.stringify([deviceIds, action, optIn.previewOptions]),
    () => invoke<PreviewAnswer>('createCommands', { ...createBody(deviceIds, action, payloadOf(action, cause)), dryRun: true, ...optIn.previewOptions }), onClose);
  const count = preview?.count ?? null;
  const typedCount = useTypedCount(action, count);
  const confirm = async () => {
    setRunning(true);
    try {
      await run(action, payloadOf(action, cause), optIn.extra);
      onClose();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
      recount();
    } finally {
      setRunning(false);
    }
  };
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <ActionInputs actions={actions} action={action} setAction={setAction} cause={cause} setCause={setCause} />
        {preview === null
          ? <CircularProgress size={20} sx={{ mt: 2 }} aria-label={translate('bulk.counting')} />
          : (
            <>
              <DialogContentText role="status" sx={{ mt: 2 }}>{preview.count === 0 ? translate(nothingKey(preview)) : question(action, cause, countOf(preview.count))}</DialogContentText>
              <LeftOutNote type={action} preview={preview} />
              <ArrearsOptInField type={action} preview={preview} optIn={optIn} />
            </>
          )}
        {typedCount.field}
      </DialogContent>
      <DialogActions>
        <MuiButton onClick={onClose}>{translate('ra.action.cancel')}</MuiButton>
        <MuiButton variant="contained" color={action === 'trip' ? 'warning' : 'primary'} disabled={running || !count || !typedCount.satisfied || !optIn.satisfied} onClick={confirm}>{translate('ra.action.confirm')}</MuiButton>
      </DialogActions>
    </Dialog>
  );
}

/** Bulk action: the selected meters (row selection), confirmed, one command each (command/create). */
export function SelectedCommandButton({ actions, label, icon }: { actions: readonly MeterAction[]; label: string; icon?: ReactNode }) {
  const translate = useTranslate();
  const { selectedIds, onUnselectItems, resource } = useListContext();
  const invoke = useInvoke(resource);
  const { track } = useDeviceActions();
  const canCommand = useCanCommand();
  const [open, setOpen] = useState(false);
  if (!canCommand) return null;
  const run = async (action: MeterAction, payload: Record<string, unknown> | undefined, extra: Record<string, unknown>) => {
    const { ids } = await invoke<{ ids: number[] }>('createCommands', { ...createBody(selectedIds, action, payload), ...extra });
    onUnselectItems();
    track(actionLabel(action), ids);
  };
  return (
    <>
      <Button label={label} onClick={() => setOpen(true)}>{icon ?? <SpeedIcon />}</Button>
      {open && <ConfirmCommand title={translate(label)} deviceIds={selectedIds} actions={actions} run={run} onClose={() => setOpen(false)} />}
    </>
  );
}

/**
 * Screen action: every meter the list's filters match ("all in this building": pick the building
 * filter), stating scope and count first (electricMeter/commandAll with a dry run, then the count).
 */
export function FilteredCommandButton({ actions, label, icon }: { actions: readonly MeterAction[]; label: string; icon?: ReactNode }) {
  const translate = useTranslate();
  const { resource } = useListContext();
  const invoke = useInvoke(resource);
  const { track } = useDeviceActions();
  const canCommand = useCanCommand();
  const question = useQuestion();
  const [open, setOpen] = useState(false);
  const [action, setAction] = useState<MeterAction>(actions[0]);
  const [cause, setCause] = useState<TripCause>('manual');
  if (!canCommand) return null;
  const call = (scope: BulkScope, extra: Record<string, unknown>) =>
    invoke<{ ids: number[]; count: number }>('commandAll', { ...scope, type: action, ...payloadOf(action, cause), ...extra });
  return (
    <>
      <Button label={label} onClick={() => { setAction(actions[0]); setOpen(true); }}>{icon ?? <BoltIcon />}</Button>
      <ScopedActionDialog
        open={open}
        title={translate(label)}
        question={(count) => question(action, cause, count)}
        filters={ELECTRIC_FILTERS}
        preview={(scope, options) => call(scope, { dryRun: true, ...options })}
        run={async (scope, expectedCount, extra) => track(actionLabel(action), (await call(scope, { expectedCount, ...extra })).ids)}
        onClose={() => setOpen(false)}
        supplyAction={action}
      >
        <ActionInputs actions={actions} action={action} setAction={setAction} cause={cause} setCause={setCause} />
      </ScopedActionDialog>
    </>
  );
}

const ROW_ACTIONS: MeterAction[] = ['read', 'trip', 'close_allowed', 'direct_close'];

/** Row action: the meter's device actions (read now, trip, close), each confirmed, then its progress. */
export function RowCommandMenu() {
  const record = useRecordContext<ElectricMeter>();
  const translate = useTranslate();
  const { resource } = useListContext();
  const invoke = useInvoke(resource);
  const { track } = useDeviceActions();
  const canCommand = useCanCommand();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [action, setAction] = useState<MeterAction | null>(null);
  if (!record || !canCommand) return null;
  const run = async (chosen: MeterAction, payload: Record<string, unknown> | undefined, extra: Record<string, unknown>) => {
    const { ids } = await invoke<{ ids: number[] }>('createCommands', { ...createBody([record.id], chosen, payload), ...extra });
    track(actionLabel(chosen), ids);
  };
  return (
    <>
      <RowIconButton label="electric.actions.device" icon={<MoreVertIcon fontSize="small" />} onClick={(event) => setAnchor(event.currentTarget as HTMLElement)} />
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {ROW_ACTIONS.map((value) => (
          <MenuItem key={value} onClick={() => { setAction(value); setAnchor(null); }}>
            {value === 'trip' ? <PowerSettingsNewIcon fontSize="small" color="warning" sx={{ mr: 1 }} /> : value === 'read' ? <SpeedIcon fontSize="small" sx={{ mr: 1 }} /> : <BoltIcon fontSize="small" sx={{ mr: 1 }} />}
            <ListItemText>{translate(actionLabel(value))}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
      {action && (
        <ConfirmCommand
          title={`${translate(actionLabel(action))} · ${record.address}${record.roomCode ? ` (${roomText(record)})` : ''}`}
          deviceIds={[record.id]} actions={[action]} run={run} onClose={() => setAction(null)}
        />
      )}
    </>
  );
}
