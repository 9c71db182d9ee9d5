import { useState, type ReactNode } from 'react';
import { useDataProvider, useNotify, useRecordContext, useRefresh, useResourceContext, useTranslate } from 'react-admin';
import { Alert, Box, Dialog, DialogContent, DialogTitle, Typography } from '@mui/material';
import BlockIcon from '@mui/icons-material/Block';
import { createRowDialog } from '../../../components/list/RowDialog';
import { RowIconButton } from '../../../components/list/RowButtons';
import { useResourceAccess } from '../../../auth/useResourceAccess';
import { formatYuan } from '../../../../common/money';
import { ConfirmButtons, ReasonField } from '../../../components/list/confirmParts';
import { ORDER_STATUS } from '../../../../common/states';
import type { MeteringDataProvider } from '../../../data/dataProvider';
import { isOnline, type RechargeOrder } from './model';

const T = 'stats.voidOrder';

/** What voiding an order does to its account: the balance after is the balance now less the order's amount. */
export const voidImpact = (order: Pick<RechargeOrder, 'amountFen' | 'balanceFen'>) => {
  const before = order.balanceFen ?? 0;
  const after = before - order.amountFen;
  // The credit is (partly) spent when the account no longer holds the whole amount.
  return { before, after, spent: before < order.amountFen };
};

function VoidForm({ order, close }: { order: RechargeOrder; close: () => void }) {
  const translate = useTranslate();
  const resource = useResourceContext()!;
  const dataProvider = useDataProvider() as MeteringDataProvider;
  const notify = useNotify();
  const refresh = useRefresh();
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const impact = voidImpact(order);
  const missing = !reason.trim();
  const submit = async () => {
    setTouched(true);
    if (missing) return;
    setBusy(true);
    try {
      await dataProvider.invoke(resource, 'void', { orderId: order.orderId, orderStatus: ORDER_STATUS.void, reason: reason.trim() });
      notify(translate(`${T}.done`, { orderId: order.orderId, balance: formatYuan(impact.after) }), { type: 'success' });
      close();
      refresh();
    } catch (error) {
      notify(error instanceof Error ? error.message : 'ra.notification.http_error', { type: 'error' });
      setBusy(false);
    }
  };
  const row = (label: string, value: ReactNode, strong = false) => (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.25 }}>
      <Typography variant="body2" color="text.secondary">{translate(label)}</Typography>
      <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: strong ? 600 : undefined, color: strong && impact.after < 0 ? 'error.main' : undefined }}>{value}</Typography>
    </Box>
  );
  return (
    <Dialog open onClose={busy ? undefined : close} maxWidth="xs" fullWidth aria-labelledby="void-order-title">
      <DialogTitle id="void-order-title">{translate(`${T}.title`, { orderId: order.orderId })}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ mb: 1.5 }}>{translate(`${T}.explain`)}</Typography>
        {row(`${T}.room`, [order.projectName, order.buildingName, order.roomCode].filter(Boolean).join(' / ') + (order.tenantName ? ` (${order.tenantName})` : ''))}
        {row(`${T}.amount`, formatYuan(-order.amountFen))}
        {row(`${T}.balanceNow`, formatYuan(impact.before))}
        {row(`${T}.balanceAfter`, formatYuan(impact.after), true)}
        {impact.spent && <Alert severity="warning" sx={{ mt: 1.5 }} data-testid="void-spent">{translate(`${T}.spent`, { balance: formatYuan(impact.after) })}</Alert>}
        <ReasonField prefix={T} value={reason} onChange={setReason} touched={touched} onTouched={() => setTouched(true)} autoFocus />
      </DialogContent>
      <ConfirmButtons busy={busy} onCancel={close} onConfirm={submit} confirmLabel={`${T}.confirm`} danger />
    </Dialog>
  );
}

const { Provider, useOpen } = createRowDialog<RechargeOrder>((order, close) => <VoidForm order={order} close={close} />);

/** Wraps the order list: the one void dialog of its rows. */
export const VoidOrderDialog = Provider;

/** A row's void action: for a counter order not yet void, to an operator who may edit (an online order is refunded instead: the server refuses its void). */
export function VoidOrderButton() {
  const record = useRecordContext<RechargeOrder>();
  const resource = useResourceContext();
  const open = useOpen();
  const { canAccess } = useResourceAccess({ resource, action: 'edit' });
  if (!record || !canAccess || record.orderStatus === ORDER_STATUS.void || isOnline(record)) return null;
  return <RowIconButton label={`${T}.action`} icon={<BlockIcon fontSize="small" />} color="error" onClick={() => open(record)} />;
}
