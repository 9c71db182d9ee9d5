import { useState } from 'react';
import { Button, Confirm, useDataProvider, useListContext, useNotify, useRecordContext, useRefresh, useTranslate, type Identifier } from 'react-admin';
import { useMutation } from '@tanstack/react-query';
import {
  Button as MuiButton, CircularProgress, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, ListItemText, Menu, MenuItem, TextField,
} from '@mui/material';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import LockIcon from '@mui/icons-material/Lock';
import HowToRegIcon from '@mui/icons-material/HowToReg';
import WaterIcon from '@mui/icons-material/Water';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import type { MeteringDataProvider } from '../../../data/dataProvider';
import { useCanCommand, useDeviceActions } from '../../../components/devices/DeviceActions';
import { RowConfirm, RowIconButton } from '../../../components/list/RowButtons';
import { ScopedActionDialog, type BulkScope } from '../../../components/bulk/ScopedActionDialog';
import { ArrearsOptInField, useArrearsOptIn, useSupplyPreview, type PreviewAnswer } from '../../../components/bulk/SupplyPreview';
import { WATER_FILTERS, type WaterMeter } from './model';
import { useResourceAccess } from '../../../auth/useResourceAccess';
import { countText, roomText } from '../../../../common/formats';

const RESOURCE = 'waterarchive';
type Target = 'open' | 'closed';
/** The action (a verb) that brings a valve to a state. */
const VALVE_ACTION: Record<Target, string> = { open: 'water.actions.openValve', closed: 'water.actions.closeValve' };
/** The command that brings a valve to a state (common/supply.ts: what a mass valve action leaves out). */
const VALVE_COMMAND: Record<Target, 'valve_open' | 'valve_close'> = { open: 'valve_open', closed: 'valve_close' };

const useInvoke = () => {
  const dataProvider = useDataProvider<MeteringDataProvider>();
  return <T,>(action: string, payload: Record<string, unknown>) => dataProvider.invoke<T>(RESOURCE, action, payload);
};

/** Bulk action: open water accounts for the selected meters (updateOpenAnAccountInBatches). */
export function OpenAccountsButton() {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const invoke = useInvoke();
  // The list's own unselect (its selection lives under the list's store key).
  const { selectedIds, onUnselectItems } = useListContext();
  const { canAccess } = useResourceAccess({ resource: RESOURCE, action: 'edit' });
  const [open, setOpen] = useState(false);
  const openAccounts = useMutation({
    mutationFn: () => invoke<{ opened: number; alreadyOpen: number; withoutRoom: number }>('openAccounts', { ids: selectedIds }),
    onSuccess: (result) => {
      notify('water.actions.openAccountsDone', { type: 'success', messageArgs: result });
      onUnselectItems();
      refresh();
    },
    onError: (error: Error) => notify(error.message, { type: 'error' }),
    onSettled: () => setOpen(false),
  });
  if (!canAccess) return null;
  return (
    <>
      <Button label="water.actions.openAccounts" onClick={() => setOpen(true)}><HowToRegIcon /></Button>
      <Confirm
        isOpen={open}
        loading={openAccounts.isPending}
        title="water.actions.openAccounts"
        content={translate('water.actions.openAccountsConfirm', { smart_count: selectedIds.length })}
        onConfirm={() => openAccounts.mutate()}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

/** Row action: open or close this meter's valve (one command), after confirmation; then its progress. */
export function ValveButton() {
  const record = useRecordContext<WaterMeter>();
  const translate = useTranslate();
  const notify = useNotify();
  const invoke = useInvoke();
  const { track } = useDeviceActions();
  const canCommand = useCanCommand();
  const [open, setOpen] = useState(false);
  const setValve = useMutation({
    mutationFn: ({ target, extra }: { target: Target; extra: Record<string, unknown> }) => invoke<{ commandIds: number[] }>('setValve', { id: record!.id, valveState: target, ...extra }),
    onSuccess: ({ commandIds }, { target }) => track(VALVE_ACTION[target], commandIds),
    onError: (error: Error) => notify(error.message, { type: 'error' }),
    onSettled: () => setOpen(false),
  });
  if (!record || !canCommand) return null;
  const target: Target = record.valveState === 'open' ? 'closed' : 'open';
  const content = translate(`water.actions.${target === 'open' ? 'open' : 'close'}ValveConfirm${record.roomCode ? '' : 'NoRoom'}`, { address: record.address, room: roomText(record) });
  return (
    <>
      <RowIconButton
        label={VALVE_ACTION[target]} color={target === 'open' ? 'primary' : 'warning'} onClick={() => setOpen(true)}
        icon={target === 'open' ? <LockOpenIcon fontSize="small" /> : <LockIcon fontSize="small" />}
      />
      {target === 'open'
        ? open && <ValveOpenConfirm id={record.id} content={content} loading={setValve.isPending} onConfirm={(extra) => setValve.mutate({ target, extra })} onClose={() => setOpen(false)} />
        : (
          <RowConfirm
            isOpen={open}
            loading={setValve.isPending}
            title={VALVE_ACTION[target]}
            content={content}
            onConfirm={() => setValve.mutate({ target, extra: {} })}
            onClose={() => setOpen(false)}
          />
        )}
    </>
  );
}

/**
 * Opening one valve: a restore, so the meter's water account is looked at first (the dry run of
 * updateWaterStatusAll over this meter): in arrears, the valve opens only when the operator says so
 * and gives a reason (the server refuses it otherwise, and logs the reason).
 */
function ValveOpenConfirm({ id, content, loading, onConfirm, onClose }: {
  id: Identifier; content: string; loading: boolean; onConfirm: (extra: Record<string, unknown>) => void; onClose: () => void;
}) {
  const translate = useTranslate();
  const invoke = useInvoke();
  const optIn = useArrearsOptIn('valve_open');
  const { preview } = useSupplyPreview(true, String(id), () => invoke<PreviewAnswer>('setValveAll', { filter: { id }, valveState: 'open', dryRun: true, includeArrears: true }), onClose);
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>{translate(VALVE_ACTION.open)}</DialogTitle>
      <DialogContent>
        <DialogContentText>{content}</DialogContentText>
        {preview === null
          ? <CircularProgress size={20} sx={{ mt: 1 }} aria-label={translate('bulk.counting')} />
          : <ArrearsOptInField type="valve_open" preview={preview} optIn={optIn} />}
      </DialogContent>
      <DialogActions>
        <MuiButton onClick={onClose}>{translate('ra.action.cancel')}</MuiButton>
        <MuiButton variant="contained" disabled={loading || preview === null || (preview.inArrears > 0 && !optIn.include) || !optIn.satisfied} onClick={() => onConfirm(optIn.extra)}>
          {translate('ra.action.confirm')}
        </MuiButton>
      </DialogActions>
    </Dialog>
  );
}

/** Open or close the valves of every meter the list's filters match, stating scope and count first. */
export function ValveAllButton() {
  const translate = useTranslate();
  const invoke = useInvoke();
  const { track } = useDeviceActions();
  const canCommand = useCanCommand();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [target, setTarget] = useState<Target | null>(null);
  if (!canCommand) return null;
  const call = (scope: BulkScope, extra: Record<string, unknown>) =>
    invoke<PreviewAnswer & { commandIds: number[]; count: number }>('setValveAll', { ...scope, valveState: target, ...extra });
  return (
    <>
      <Button label="water.actions.valveAll" onClick={(event) => setAnchor(event.currentTarget)}><WaterIcon /></Button>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {(['open', 'closed'] as const).map((state) => (
          <MenuItem key={state} onClick={() => { setTarget(state); setAnchor(null); }}>
            <ListItemText>{translate(state === 'open' ? 'water.actions.valveAllOpen' : 'water.actions.valveAllClose')}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
      {target && (
        <ScopedActionDialog
          open
          title={translate(target === 'open' ? 'water.actions.valveAllOpen' : 'water.actions.valveAllClose')}
          question={(count) => translate(target === 'open' ? 'water.actions.valveAllOpenConfirm' : 'water.actions.valveAllCloseConfirm', { count })}
          filters={WATER_FILTERS}
          preview={(scope, options) => call(scope, { dryRun: true, ...options })}
          run={async (scope, expectedCount, extra) => track(VALVE_ACTION[target], (await call(scope, { expectedCount, ...extra })).commandIds)}
          onClose={() => setTarget(null)}
          supplyAction={VALVE_COMMAND[target]}
        />
      )}
    </>
  );
}

const FREE_MAX = 10_000;
const FREE_TEXT = /^\d+(\.\d{1,2})?$/;

/** Reset the free water allowance of every meter the list's filters match (updateFreeAll), stating scope and count first. */
export function FreeResetButton() {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const invoke = useInvoke();
  const { canAccess } = useResourceAccess({ resource: RESOURCE, action: 'edit' });
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState('');
  if (!canAccess) return null;
  const value = Number(amount);
  const valid = FREE_TEXT.test(amount.trim()) && value <= FREE_MAX;
  return (
    <>
      <Button label="water.actions.freeReset" onClick={() => { setAmount(''); setOpen(true); }}><RestartAltIcon /></Button>
      <ScopedActionDialog
        open={open}
        title={translate('water.actions.freeResetTitle')}
        question={(count) => translate('water.actions.freeResetConfirm', { count })}
        filters={WATER_FILTERS}
        preview={async (scope) => (await invoke<{ count: number }>('resetFree', { ...scope, freeAllowance: 0, dryRun: true })).count}
        run={async (scope, expectedCount) => {
          const { count } = await invoke<{ count: number }>('resetFree', { ...scope, freeAllowance: value, expectedCount });
          notify('water.actions.freeResetDone', { type: 'success', messageArgs: { count: countText(count), amount: value } });
          refresh();
        }}
        onClose={() => setOpen(false)}
        ready={valid}
      >
        <TextField
          autoFocus fullWidth size="small" value={amount} onChange={(event) => setAmount(event.target.value)}
          label={translate('water.actions.freeAmount')}
          error={amount !== '' && !valid}
          helperText={amount !== '' && !valid ? translate('water.actions.freeAmountInvalid', { max: FREE_MAX }) : translate('water.actions.freeResetHint')}
          slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off' } }}
        />
      </ScopedActionDialog>
    </>
  );
}
