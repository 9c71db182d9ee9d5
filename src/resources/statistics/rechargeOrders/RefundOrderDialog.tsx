import { useRecordContext, useRefresh, useResourceContext } from 'react-admin';
import UndoIcon from '@mui/icons-material/Undo';
import { createRowDialog } from '../../../components/list/RowDialog';
import { RowIconButton } from '../../../components/list/RowButtons';
import { RefundDialog } from '../../../components/payments/RefundDialog';
import { useResourceAccess } from '../../../auth/useResourceAccess';
import { isOnline, type RechargeOrder } from './model';

// The dialog itself is the payment kit's (the payment screen's ledger refunds with it too).
export { refundAmountProblem, refundableFen, type Refund } from '../../../components/payments/RefundDialog';

/** The list's refund dialog: the order list's resource (its refund calls), and the list refreshed after a refund. */
function ListRefund({ order, close }: { order: RechargeOrder; close: () => void }) {
  const resource = useResourceContext()!;
  const refresh = useRefresh();
  return <RefundDialog order={order} resource={resource} onClose={close} onRefunded={refresh} />;
}

const { Provider, useOpen } = createRowDialog<RechargeOrder>((order, close) => <ListRefund order={order} close={close} />);

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
  return <RowIconButton label="payments.refund.action" icon={<UndoIcon fontSize="small" />} color="warning" onClick={() => open(record)} />;
}
