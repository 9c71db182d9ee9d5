import { useState } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, InputAdornment, TextField, Typography } from '@mui/material';
import { ConfirmButtons, ReasonField } from '../list/confirmParts';
import { StateChip } from '../list/columns';
import { useFormatDateTime } from '../dateTime';
import { formatYuan, yuanText, yuanToFen } from '../../../common/money';
import type { MeteringDataProvider } from '../../data/dataProvider';

const T = 'payments.refund';

/** A refund of an online order, as `payment/refund` and `payment/findRefunds` answer it. */
export interface Refund { refundNo: string; amountFen: number; status: 'processing' | 'success' | 'closed' | 'abnormal' | 'failed'; reason?: string | null; createdAt?: string }

/**
 * The online order a refund gives money back from: its number (the recharge order's id), what was
 * paid, and what was refunded already when the caller knows it (the order lists do; the payment
 * screen's ledger does not: then the order's successful refunds say it).
 */
export interface RefundableOrder { orderId: string; amountFen: number; refundedFen?: number | null }

const REFUND_STATE = {
  processing: { label: `${T}.state.processing`, color: 'warning' as const },
  success: { label: `${T}.state.success`, color: 'success' as const },
  closed: { label: `${T}.state.closed`, color: 'default' as const },
  abnormal: { label: `${T}.state.abnormal`, color: 'error' as const },
  failed: { label: `${T}.state.failed`, color: 'error' as const },
};

const sumOf = (refunds: Refund[], status: Refund['status']) => refunds.filter((refund) => refund.status === status).reduce((sum, refund) => sum + refund.amountFen, 0);

/** What an order has given back: as the caller knows it, else the sum of its successful refunds. */
export const refundedOf = (order: Pick<RefundableOrder, 'refundedFen'>, refunds: Refund[] = []) => order.refundedFen ?? sumOf(refunds, 'success');

/** What an order can still give back: paid, less what was refunded and what is being refunded. */
export const refundableFen = (order: Pick<RefundableOrder, 'amountFen' | 'refundedFen'>, refunds: Refund[] = []) =>
  order.amountFen - refundedOf(order, refunds) - sumOf(refunds, 'processing');

/** The refund amount's problem (a message key and its arguments), or undefined when it may be sent. Yuan text → integer fen, exactly. */
export function refundAmountProblem(text: string, mostFen: number): { key: string; args?: Record<string, string> } | undefined {
  const fen = yuanToFen(text);
  if (fen === undefined) return { key: `${T}.amountInvalid` };
  if (fen === null || fen <= 0) return { key: `${T}.amountZero` };
  if (fen > mostFen) return { key: `${T}.amountTooMuch`, args: { most: formatYuan(Math.max(0, mostFen)) } };
  return undefined;
}

export interface RefundDialogProps {
  order: RefundableOrder;
  /** The resource whose endpoint map has the `refund` (payment/refund) and `refunds` (payment/findRefunds) actions. */
  resource: string;
  onClose: () => void;
  /** After the provider took the request (whatever it answered): the caller refreshes what it shows. */
  onRefunded: () => void;
}

/**
 * The refund of an online order (issue 41), full or in part, wherever the order is shown (the order
 * lists' rows, the payment screen's ledger): paid, refunded, being refunded and what is left; the
 * order's earlier refunds; the amount (all that is left by default, checked before any call) and the
 * required reason; then what the provider answered.
 */
export function RefundDialog({ order, resource, onClose, onRefunded }: RefundDialogProps) {
  const translate = useTranslate();
  const dataProvider = useDataProvider() as MeteringDataProvider;
  const notify = useNotify();
  const format = useFormatDateTime();
  const { data, isError } = useQuery({
    queryKey: [resource, 'refunds', order.orderId],
    queryFn: () => dataProvider.invoke<Refund[]>(resource, 'refunds', { orderId: order.orderId }),
  });
  // The order's refunds so far (none known if they cannot be read: the server still checks the amount).
  const refunds = data ?? (isError ? [] : undefined);
  const refunded = refundedOf(order, refunds);
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
      onRefunded();
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
  const processing = order.amountFen - refunded - most;
  return (
    <Dialog open onClose={busy ? undefined : onClose} maxWidth="xs" fullWidth aria-labelledby="refund-order-title">
      <DialogTitle id="refund-order-title">{translate(`${T}.title`, { orderId: order.orderId })}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ mb: 1.5 }}>{translate(`${T}.explain`)}</Typography>
        {row(`${T}.paid`, order.amountFen)}
        {row(`${T}.refunded`, refunded)}
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
        <DialogActions><Button variant="contained" onClick={onClose}>{translate(`${T}.close`)}</Button></DialogActions>
      ) : (
        <ConfirmButtons busy={busy} onCancel={onClose} onConfirm={submit} confirmLabel={`${T}.confirm`} danger />
      )}
    </Dialog>
  );
}
