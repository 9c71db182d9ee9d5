import { useState, type ReactElement } from 'react';
import { useDataProvider, useNotify, useRefresh, useTranslate } from 'react-admin';
import { Box, Dialog, DialogContent, DialogTitle, TextField, Typography } from '@mui/material';
import AddCardIcon from '@mui/icons-material/AddCard';
import UndoIcon from '@mui/icons-material/Undo';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import { formatYuan } from '../../../../common/money';
import { createRowDialog } from '../../../components/list/RowDialog';
import { RowIconButton } from '../../../components/list/RowButtons';
import { ConfirmButtons } from '../../../components/list/confirmParts';
import { useResourceAccess } from '../../../auth/useResourceAccess';
import type { MeteringDataProvider } from '../../../data/dataProvider';
import type { ResolveAction } from './model';

const T = 'payments.resolve';

/** A decision to take: on a reconciliation's difference (`itemId`), a conflict order (`orderNo`) or a payment no order claims (`unmatchedId`). */
export interface Decision {
  id: string;
  action: ResolveAction;
  orderNo: string;
  itemId?: number;
  /** A payment no order claims (a conflicts row of kind `unmatched`). */
  unmatchedId?: number;
  amountFen: number | null;
  room?: string | null;
}

function ResolveForm({ decision, close }: { decision: Decision; close: () => void }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider() as MeteringDataProvider;
  const notify = useNotify();
  const refresh = useRefresh();
  const [note, setNote] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const { action, orderNo, itemId, unmatchedId } = decision;
  const missing = action === 'accept' && !note.trim();
  const submit = async () => {
    setTouched(true);
    if (missing) return;
    setBusy(true);
    try {
      const target = itemId !== undefined ? { itemId } : unmatchedId !== undefined ? { unmatchedId } : { orderNo };
      await dataProvider.invoke('zhifuduizhang', 'resolve', { ...target, action, note: note.trim() || null });
      notify(translate(`${T}.done.${action}`, { orderNo }), { type: 'success' });
      close();
      refresh();
    } catch (error) {
      notify(error instanceof Error ? error.message : 'ra.notification.http_error', { type: 'error' });
      setBusy(false);
    }
  };
  const showError = touched && missing;
  return (
    <Dialog open onClose={busy ? undefined : close} maxWidth="xs" fullWidth aria-labelledby="resolve-title">
      <DialogTitle id="resolve-title">{translate(`${T}.title.${action}`, { orderNo })}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ mb: 1.5 }}>{translate(`${T}.explain.${action}`)}</Typography>
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.25, m: 0, '& dd': { m: 0, fontVariantNumeric: 'tabular-nums' }, '& dt': { color: 'text.secondary' } }}>
          {decision.amountFen !== null && <><dt>{translate(`${T}.amount`)}</dt><dd>{formatYuan(decision.amountFen)}</dd></>}
          {decision.room && <><dt>{translate(`${T}.room`)}</dt><dd>{decision.room}</dd></>}
        </Box>
        <TextField
          autoFocus fullWidth size="small" margin="normal" required={action === 'accept'} label={translate(`${T}.note`)} value={note}
          onChange={(event) => setNote(event.target.value)} onBlur={() => setTouched(true)} error={showError}
          helperText={translate(showError ? `${T}.noteRequired` : `${T}.noteHelp`)} slotProps={{ htmlInput: { maxLength: 200 } }}
        />
      </DialogContent>
      <ConfirmButtons busy={busy} onCancel={close} onConfirm={submit} confirmLabel={`${T}.confirm.${action}`} danger={action === 'refund'} />
    </Dialog>
  );
}

const { Provider, useOpen } = createRowDialog<Decision>((decision, close) => <ResolveForm decision={decision} close={close} />);

/** Wraps what offers decisions (the differences of a day, the conflicts): the one decision dialog. */
export const ResolveDialogs = Provider;

const ICONS: Record<ResolveAction, ReactElement> = {
  credit: <AddCardIcon fontSize="small" />,
  refund: <UndoIcon fontSize="small" />,
  accept: <TaskAltIcon fontSize="small" />,
};

/** The decisions open on one payment, each a button opening its confirmation; none for an operator who may only look. */
export function ResolveButtons({ actions, decision }: { actions: ResolveAction[]; decision: Omit<Decision, 'id' | 'action'> }) {
  const open = useOpen();
  const { canAccess } = useResourceAccess({ resource: 'zhifuduizhang', action: 'edit' });
  if (!canAccess || !actions.length) return null;
  return (
    <>
      {actions.map((action) => (
        <RowIconButton
          key={action} label={`${T}.${action}`} icon={ICONS[action]} color={action === 'refund' ? 'warning' : 'primary'}
          onClick={() => open({ ...decision, action, id: `${decision.orderNo}-${action}` })}
        />
      ))}
    </>
  );
}
