import { useState } from 'react';
import { useDataProvider, useNotify, useRecordContext, useRefresh, useResourceContext, useTranslate } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, InputAdornment, TextField, Typography } from '@mui/material';
import UndoIcon from '@mui/icons-material/Undo';
import { createRowDialog } from '../../../components/list/RowDialog';
import { RowIconButton } from '../../../components/list/RowButtons';
import { ConfirmButtons, ReasonField } from '../../../components/list/confirmParts';
import { StateChip } from '../../../components/list/columns';
import { useFormatDateTime } from '../../../components/dateTime';
import { useResourceAccess } from '../../../auth/useResourceAccess';
import { formatYuan, yuanText, yuanToFen } from '../../../../common/money';
import type { MeteringDataProvider } from '../../../data/dataProvider';
import { isOnline, type RechargeOrder } from './model';

const T = 'payments.refund';

/** A refund of an online order, as `payment/refund` and `payment/findRefunds` answer it. */
export interface Refund { refundNo: string; amountFen: number; status: 'processing' | 'success' | 'closed' | 'abnormal' | 'failed'; reason?: string | null; createdAt?: string }

const REFUND_STATE = {
  processing: { label: `${T}.state.processing`, color: 'warning' as const },
  success: { label: `${T}.state.success`, color: 'success' as const },
  closed: { label: `${T}.state.closed`, color: 'default' as const },
  abnormal: { label: `${T}.state.abnormal`, color: 'error' as const },
  failed: { label: `${T}.state.failed`, color: 'error' as const },
};

/** What an order can still give back: paid, less what was refunded and what is being refunded. */
export const refundableFen = (order: Pick<RechargeOrder, 'amountFen' | 'refundedFen'>, refunds: Refund[] = []) =>
  order.amountFen - (order.refundedFen ?? 0) - refunds.filter((refund) => refund.status === 'processing').reduce((sum, refund) => sum + refund.amountFen, 0);

/** The refund amount's problem (a message key and its arguments), or undefined when it may be sent. Yuan text → integer fen, exactly. */
export function refundAmountProblem(text: string, mostFen: number): { key: string; args?: Record<string, string> } | undefined {
  const fen = yuanToFen(text);
  if (fen === undefined) return { key: `${T}.amountInvalid` };
  if (fen === null || fen <= 0) return { key: `${T}.amountZero` };
  if (fen > mostFen) return { key: `${T}.amountTooMuch`, args: { most: formatYuan(Math.max(0, mostFen)) } };
  return undefined;
}

function RefundForm({ order, close }: { order: RechargeOrder; close: () => void }) {
  const translate = useTranslate();
  const resource = useResourceContext()!;
  const dataProvider = useDataProvider() as MeteringDataProvider;
  const notify = useNotify();
  const refresh = useRefresh();
  const format = useFormatDateTime();
  const { data, isError } = useQuery({
    queryKey: [resource, 'refunds', order.orderId],
    queryFn: () => dataProvider.invoke<Refund[]>(resource, 'refunds', { orderId: order.orderId }),
  });
  // The order's refunds so far (none known if they cannot be read: the server still checks the amount).
  const refunds = data ?? (isError ? [] : undefined);
  const most = refundableFen(order, refunds);
  // What the operator typed; until then, all that is left.
  const [typed, setTyped] = useState<string | null>(null);
  const amount = typed ?? (most > 0 ? yuanText(most) : '');
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Refund | null>(null);
  const problem = refundAmountProblem(amount, most);
  const submit = async () => {
    setTouched(true);
    if (!refunds || problem || !reason.trim()) return;
    setBusy(true);
    try {
      const refund = await dataProvider.invoke<Refund>(resource, 'refund', { orderId: order.orderId, amountFen: yuanToFen(amount), reason: reason.trim() });
      setResult(refund);
      refresh();
    } catch (error) {
      notify(error instanceof Error ? error.message : 'ra.notification.http_error', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const row = (label: string, fen: number) => (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.25 }}>
      <Typography variant="body2" color="text.secondary">{translate(label)}</Typography>
      <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }}>{formatYuan(fen)}</Typography>
    </Box>
  );
  const processing = order.amountFen - (order.refundedFen ?? 0) - most;
  return (
    <Dialog open onClose={busy ? undefined : close} maxWidth="xs" fullWidth aria-labelledby="refund-order-title">
      <DialogTitle id="refund-order-title">{translate(`${T}.title`, { orderId: order.orderId })}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ mb: 1.5 }}>{translate(`${T}.explain`)}</Typography>
        {row(`${T}.paid`, order.amountFen)}
        {row(`${T}.refunded`, order.refundedFen ?? 0)}
        {processing > 0 && row(`${T}.processing`, processing)}
        {row(`${T}.left`, Math.max(0, most))}
        {!!refunds?.length && (
          <Box sx={{ mt: 1 }} data-testid="earlier-refunds">
            <Typography variant="caption" color="text.secondary">{translate(`${T}.earlier`)}</Typography>
            {refunds.map((refund) => (
              <Box key={refund.refundNo} sx={{ display: 'flex', gap: 1, alignItems: 'center', fontSize: 13, fontVariantNumeric: 'tabular-nums' }}>
                <span>{refund.refundNo}</span><span>{formatYuan(refund.amountFen)}</span><StateChip style={REFUND_STATE[refund.status]} value={refund.status} />
                <Typography variant="caption" color="text.secondary">{format(refund.createdAt)}</Typography>
              </Box>
            ))}
          </Box>
        )}
        {result ? (
          <Alert severity={result.status === 'success' ? 'success' : result.status === 'processing' ? 'info' : 'error'} sx={{ mt: 2 }} data-testid="refund-result">
            <strong>{translate(`${T}.result`, { refundNo: result.refundNo, amount: formatYuan(result.amountFen) })}</strong>
            <div>{translate(`${T}.status.${result.status}`)}</div>
          </Alert>
        ) : (
          <>
            <TextField
              autoFocus fullWidth size="small" margin="normal" required label={translate(`${T}.amount`)} value={amount}
              onChange={(event) => setTyped(event.target.value)} onBlur={() => setTouched(true)}
              error={touched && !!problem}
              helperText={touched && problem ? translate(problem.key, problem.args) : translate(`${T}.amountHelp`, { most: formatYuan(Math.max(0, most)) })}
              slotProps={{ input: { startAdornment: <InputAdornment position="start">¥</InputAdornment> }, htmlInput: { inputMode: 'decimal', autoComplete: 'off' } }}
            />
            <ReasonField prefix={T} value={reason} onChange={setReason} touched={touched} onTouched={() => setTouched(true)} />
          </>
        )}
      </DialogContent>
      {result ? (
        <DialogActions><Button variant="contained" onClick={close}>{translate(`${T}.close`)}</Button></DialogActions>
      ) : (
        <ConfirmButtons busy={busy} onCancel={close} onConfirm={submit} confirmLabel={`${T}.confirm`} danger />
      )}
    </Dialog>
  );
}

const { Provider, useOpen } = createRowDialog<RechargeOrder>((order, close) => <RefundForm order={order} close={close} />);

/** Wraps the order list: the one refund dialog of its rows. */
export const RefundOrderDialog = Provider;

/** A row's refund action: for an online order with money left to give back, to an operator who may edit. */
export function RefundOrderButton() {
  const record = useRecordContext<RechargeOrder>();
  const resource = useResourceContext();
  const open = useOpen();
  const { canAccess } = useResourceAccess({ resource, action: 'edit' });
  if (!record || !canAccess || !isOnline(record)) return null;
  if (!['credited', 'refunding', 'conflict'].includes(record.payStatus!) || record.amountFen - (record.refundedFen ?? 0) <= 0) return null;
  return <RowIconButton label={`${T}.action`} icon={<UndoIcon fontSize="small" />} color="warning" onClick={() => open(record)} />;
}
