import { useState } from 'react';
import {
  Button, Confirm, useDataProvider, useListContext, useNotify, useRecordContext, useRefresh, useTranslate, useUnselectAll,
} from 'react-admin';
import { useMutation } from '@tanstack/react-query';
import { Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, ListItemText, Menu, MenuItem, TextField as MuiTextField, Button as MuiButton } from '@mui/material';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import LockIcon from '@mui/icons-material/Lock';
import HowToRegIcon from '@mui/icons-material/HowToReg';
import WaterIcon from '@mui/icons-material/Water';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import type { MeteringDataProvider } from '../../../data/dataProvider';
import type { WaterMeter } from './WaterArchiveList';

const RESOURCE = 'waterarchive';

function useInvoke<T>(action: string) {
  const dataProvider = useDataProvider<MeteringDataProvider>();
  const notify = useNotify();
  return useMutation({
    mutationFn: (payload: Record<string, unknown>) => dataProvider.invoke<T>(RESOURCE, action, payload),
    onError: (error: Error) => notify(error.message, { type: 'error' }),
  });
}

/** Bulk action: open water accounts for the selected meters (updateOpenAnAccountInBatches). */
export function OpenAccountsButton() {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const unselectAll = useUnselectAll(RESOURCE);
  const { selectedIds } = useListContext();
  const [open, setOpen] = useState(false);
  const openAccounts = useInvoke<{ opened: number; alreadyOpen: number; withoutRoom: number }>('openAccounts');
  return (
    <>
      <Button label="water.actions.openAccounts" onClick={() => setOpen(true)}><HowToRegIcon /></Button>
      <Confirm
        isOpen={open}
        loading={openAccounts.isPending}
        title="water.actions.openAccounts"
        content={translate('water.actions.openAccountsConfirm', { smart_count: selectedIds.length })}
        onConfirm={() => openAccounts.mutate({ ids: selectedIds }, {
          onSuccess: (result) => {
            notify('water.actions.openAccountsDone', { type: 'success', messageArgs: result });
            unselectAll();
            refresh();
          },
          onSettled: () => setOpen(false),
        })}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

/** Row action: open or close this meter's valve (one command), after confirmation. */
export function ValveButton({ onCommands }: { onCommands: (ids: number[]) => void }) {
  const record = useRecordContext<WaterMeter>();
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const setValve = useInvoke<{ commandIds: number[] }>('setValve');
  if (!record) return null;
  const target = record.valveState === 'open' ? 'closed' : 'open';
  const label = target === 'open' ? 'water.actions.openValve' : 'water.actions.closeValve';
  return (
    <>
      <Button label={label} onClick={(event) => { event.stopPropagation(); setOpen(true); }} color={target === 'open' ? 'primary' : 'warning'}>
        {target === 'open' ? <LockOpenIcon /> : <LockIcon />}
      </Button>
      <Confirm
        isOpen={open}
        loading={setValve.isPending}
        title={label}
        content={translate('water.actions.valveConfirm', { address: record.address, action: translate(label) })}
        onConfirm={() => setValve.mutate({ id: record.id, valveState: target }, {
          onSuccess: ({ commandIds }) => onCommands(commandIds),
          onSettled: () => setOpen(false),
        })}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

/** Open or close the valves of every meter in scope (optionally the filtered project/building). */
export function ValveAllButton({ onCommands }: { onCommands: (ids: number[]) => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const { filterValues } = useListContext();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [target, setTarget] = useState<'open' | 'closed' | null>(null);
  const setValveAll = useInvoke<{ commandIds: number[]; count: number }>('setValveAll');
  const label = target === 'open' ? 'water.actions.valveAllOpen' : 'water.actions.valveAllClose';
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
      <Confirm
        isOpen={!!target}
        loading={setValveAll.isPending}
        title={label}
        content={translate('water.actions.valveAllConfirm', { action: translate(target === 'open' ? 'water.actions.openValve' : 'water.actions.closeValve') })}
        onConfirm={() => setValveAll.mutate({ valveState: target, projectId: filterValues.projectId, buildingId: filterValues.buildingId }, {
          onSuccess: ({ commandIds }) => {
            if (commandIds.length) onCommands(commandIds);
            else notify('commands.nothingToDo', { type: 'info' });
          },
          onSettled: () => setTarget(null),
        })}
        onClose={() => setTarget(null)}
      />
    </>
  );
}

/** Reset the free water allowance of every meter in scope (updateFreeAll). */
export function FreeResetButton() {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState('0');
  const resetFree = useInvoke<{ count: number }>('resetFree');
  const value = Number(amount);
  const valid = amount.trim() !== '' && Number.isFinite(value) && value >= 0 && value <= 10_000;
  return (
    <>
      <Button label="water.actions.freeReset" onClick={() => setOpen(true)}><RestartAltIcon /></Button>
      <Dialog open={open} onClose={() => setOpen(false)}>
        <DialogTitle>{translate('water.actions.freeResetTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{translate('water.actions.freeResetHint')}</DialogContentText>
          <MuiTextField
            autoFocus fullWidth type="number" value={amount} onChange={(event) => setAmount(event.target.value)}
            label={translate('resources.waterarchive.fields.freeAllowance')} error={!valid}
            slotProps={{ htmlInput: { min: 0, max: 10000, step: 0.5, 'aria-label': translate('resources.waterarchive.fields.freeAllowance') } }}
          />
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={() => setOpen(false)}>{translate('ra.action.cancel')}</MuiButton>
          <MuiButton
            variant="contained" disabled={!valid || resetFree.isPending}
            onClick={() => resetFree.mutate({ freeAllowance: value }, {
              onSuccess: ({ count }) => { notify('water.actions.freeResetDone', { type: 'success', messageArgs: { count } }); refresh(); setOpen(false); },
            })}
          >
            {translate('ra.action.confirm')}
          </MuiButton>
        </DialogActions>
      </Dialog>
    </>
  );
}
