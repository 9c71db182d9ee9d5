import { useTranslate } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import { Chip, IconButton, Tooltip } from '@mui/material';
import UndoIcon from '@mui/icons-material/Undo';
import { createRowDialog } from '../../../components/list/RowDialog';
import { RefundDialog } from '../../../components/payments/RefundDialog';
import { PAY_STATUS } from '../../statistics/zhifuduizhang/model';
import { RESOURCE, type LedgerEntry } from './model';

/**
 * Online payments on the payment screen (issue 41): a tenant's payment from the phone is a recharge
 * with no operator; its ledger line says so (provider and online state, the transaction number on
 * hover) and, while it has money to give back, offers the refund the order lists offer.
 */

/** A ledger line of a payment made online (WeChat Pay, Alipay): its order is refunded, never voided. */
export const isOnlineRecharge = (entry: LedgerEntry) => entry.kind === 'recharge' && !!entry.payProvider && !!entry.refId;

/** Online states in which the payment still has money to give back (a refund may be on the way for part of it). */
const REFUNDABLE = ['credited', 'refunding'];
export const refundable = (entry: LedgerEntry) => isOnlineRecharge(entry) && REFUNDABLE.includes(entry.payStatus ?? '');

/** The provider and the online state, in words; the provider's transaction number on hover. */
export function OnlinePaymentChip({ entry }: { entry: LedgerEntry }) {
  const translate = useTranslate();
  if (!isOnlineRecharge(entry)) return null;
  const status = entry.payStatus ?? '';
  const label = translate('payments.counter.online', {
    provider: translate(`payments.provider.${entry.payProvider}`, { _: entry.payProvider! }),
    status: translate(`payments.payStatus.${status}`, { _: status }),
  });
  return (
    <Chip
      size="small" variant="outlined" color={PAY_STATUS[status]?.color ?? 'default'} label={label} data-testid="ledger-online"
      title={entry.transactionId ? translate('payments.counter.transaction', { transactionId: entry.transactionId }) : undefined}
      sx={{ height: 20, fontSize: '0.75rem', '& .MuiChip-label': { px: 0.75 } }}
    />
  );
}

/**
 * The refund of a ledger line's online payment, in a dialog that outlives the line: once the
 * request is in, the screen's data is read again, and the line may change (refunded) or leave the
 * last lines the card shows (the refund's own line comes on top) while the dialog shows the answer.
 */
const refundDialog = createRowDialog<LedgerEntry>((entry, close) => <LedgerRefund entry={entry} close={close} />);

function LedgerRefund({ entry, close }: { entry: LedgerEntry; close: () => void }) {
  const queryClient = useQueryClient();
  return (
    <RefundDialog
      order={{ orderId: entry.refId!, amountFen: entry.amountFen }} resource={RESOURCE} onClose={close}
      onRefunded={() => void queryClient.invalidateQueries({ queryKey: ['userJiaofei'] })}
    />
  );
}

/** Wraps the screen's account cards: the one refund dialog of their ledger lines. */
export const LedgerRefundDialog = refundDialog.Provider;

/** A ledger line's refund action, beside its reprint: an online payment with money to give back. */
export function RefundButton({ entry }: { entry: LedgerEntry }) {
  const translate = useTranslate();
  const open = refundDialog.useOpen();
  if (!refundable(entry)) return null;
  const label = translate('payments.refund.action');
  return (
    <Tooltip title={label}>
      <IconButton size="small" color="warning" aria-label={`${label} ${entry.refId}`} onClick={() => open(entry)}><UndoIcon fontSize="inherit" /></IconButton>
    </Tooltip>
  );
}
