import { useCallback, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Box, Button, Card, CardContent, Chip, CircularProgress, Stack, Typography } from '@mui/material';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import SettingsRemoteIcon from '@mui/icons-material/SettingsRemote';
import { CommandProgress, summarize, type CommandBatch, type CommandState } from '../../../components/devices/CommandProgress';
import { formatYuan } from '../../../../common/money';
import { useFormatDateTime } from '../../../components/dateTime';
import { AccountCard } from './AccountCard';
import { LedgerRefundDialog } from './OnlinePayment';
import { RechargeDialog } from './RechargeDialog';
import { ReceiptDialog } from './Receipt';
import { RoomSearch, roomLabel } from './RoomSearch';
import { RoomBrowse } from './RoomBrowse';
import { RESOURCE, usePaymentCalls, type AccountSide, type FoundRoom, type Order, type RechargeAnswer } from './model';
import { useResourceAccess } from '../../../auth/useResourceAccess';
import { ORDER_STATUS } from '../../../../common/states';

const T = 'resources.userJiaofei';
/** Order status colours: void, paid, written to meter, failed. */
const STATUS_COLOR: Record<number, 'default' | 'info' | 'success' | 'error'> = {
  [ORDER_STATUS.void]: 'default', [ORDER_STATUS.paid]: 'info', [ORDER_STATUS.written]: 'success', [ORDER_STATUS.failed]: 'error',
};

/**
 * 用户缴费, the screen an operator uses a hundred times a day: search a room (code, tenant, phone),
 * both accounts side by side, a recharge dialog that cannot double-submit, the resulting order and
 * its commands' progress, the last ledger entries (an online payment's refunded from its line), and
 * the receipt to print.
 */
export default function UserPayment() {
  const translate = useTranslate();
  const format = useFormatDateTime();
  const calls = usePaymentCalls();
  const queryClient = useQueryClient();
  const { canAccess: canRecharge = false } = useResourceAccess({ resource: RESOURCE, action: 'edit' });
  const [room, setRoom] = useState<FoundRoom | null>(null);
  // `opening` keys the dialog: each opening is a new dialog with a new request id.
  const [dialog, setDialog] = useState<{ side: AccountSide; opening: number } | null>(null);
  const [order, setOrder] = useState<Order | null>(null);
  const [batch, setBatch] = useState<CommandBatch | null>(null);
  const [commandIds, setCommandIds] = useState<number[]>([]);
  const [receipt, setReceipt] = useState<Order | null>(null);
  const { data: sides, isPending, error } = useQuery({
    queryKey: ['userJiaofei', 'accounts', room?.roomId],
    queryFn: () => calls.accounts(room!.roomId),
    enabled: !!room,
  });
  const refresh = useCallback(() => queryClient.invalidateQueries({ queryKey: ['userJiaofei'] }), [queryClient]);

  const done = (answer: RechargeAnswer) => {
    setDialog(null);
    setOrder(answer.order);
    setCommandIds(answer.commandIds);
    if (answer.commandIds.length) setBatch({ action: `${T}.restore.${answer.order.utility}`, ids: answer.commandIds });
    void refresh();
  };
  // The order follows its restore command (as the server records it): succeeded → written to meter, else failed.
  const commandsFinished = useCallback((finished: CommandBatch) => {
    const states = queryClient.getQueryData<CommandState[]>(['commands', finished.ids]) ?? [];
    const { counts } = summarize(states);
    setOrder((current) => (current && current.orderStatus !== ORDER_STATUS.void ? { ...current, orderStatus: counts.succeeded === finished.ids.length ? ORDER_STATUS.written : ORDER_STATUS.failed } : current));
    void refresh();
  }, [queryClient, refresh]);

  return (
    <Box sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1">{translate('routes.userJiaofei')}</Typography>
        <RoomSearch onSelect={(found) => { setRoom(found); setOrder(null); setCommandIds([]); }} />
        <RoomBrowse onSelect={(found) => { setRoom(found); setOrder(null); setCommandIds([]); }} />
      </Stack>
      {!room && (
        <Alert severity="info" variant="outlined">{translate(`${T}.empty`)}</Alert>
      )}
      {room && (
        <Stack direction="row" sx={{ alignItems: 'baseline', gap: 2, flexWrap: 'wrap' }}>
          <Typography variant="h6" component="p" data-testid="selected-room">{roomLabel(room)}</Typography>
          <Typography color="text.secondary">
            {room.tenantName ? `${translate(`${T}.tenant`)}: ${room.tenantName}${room.tenantPhone ? ` · ${room.tenantPhone}` : ''}` : translate(`${T}.vacant`)}
          </Typography>
        </Stack>
      )}
      {room && isPending && <CircularProgress size={24} aria-label={translate('app.loading')} />}
      {room && error && <Alert severity="error">{(error as Error).message}</Alert>}
      {room && sides && (
        // The ledgers' refund dialog (issue 41) outlives the line it was opened from.
        <LedgerRefundDialog>
          <Stack direction={{ xs: 'column', md: 'row' }} sx={{ gap: 2, alignItems: 'stretch' }}>
            {sides.map((side) => (
              <AccountCard key={side.utility} side={side} canRecharge={canRecharge}
                onRecharge={() => setDialog({ side, opening: Date.now() })} />
            ))}
          </Stack>
        </LedgerRefundDialog>
      )}
      {order && (
        <Card variant="outlined" component="section" aria-label={translate(`${T}.order.title`)}>
          <CardContent>
            <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mb: 1, flexWrap: 'wrap' }}>
              <Typography variant="h6" component="h2" sx={{ flex: 1 }}>{translate(`${T}.order.title`)}</Typography>
              <Chip size="small" color={STATUS_COLOR[order.orderStatus] ?? 'default'} label={translate(`${T}.status.${order.orderStatus}`, { _: String(order.orderStatus) })} />
              {commandIds.length > 0 && (
                <Button size="small" startIcon={<SettingsRemoteIcon />} onClick={() => setBatch({ action: `${T}.restore.${order.utility}`, ids: commandIds })}>
                  {translate(`${T}.order.commands`)}
                </Button>
              )}
              <Button size="small" variant="contained" startIcon={<ReceiptLongIcon />} onClick={() => setReceipt(order)}>{translate(`${T}.order.receipt`)}</Button>
            </Stack>
            <Box component="dl" data-testid="last-order" sx={{ display: 'grid', gridTemplateColumns: { xs: 'auto 1fr', md: 'auto 1fr auto 1fr auto 1fr' }, columnGap: 1.5, rowGap: 0.5, m: 0, '& dt': { color: 'text.secondary' }, '& dd': { m: 0, fontVariantNumeric: 'tabular-nums' } }}>
              <dt>{translate(`${T}.receipt.orderId`)}</dt><dd>{order.orderId}</dd>
              <dt>{translate(`${T}.receipt.utility`)}</dt><dd>{translate(`${T}.utility.${order.utility}`)}</dd>
              <dt>{translate(`${T}.receipt.amount`)}</dt><dd>{formatYuan(order.amountFen)}</dd>
              <dt>{translate(`${T}.receipt.channel`)}</dt><dd>{translate(`${T}.channels.${order.channel}`, { _: order.channel })}</dd>
              <dt>{translate(`${T}.receipt.balanceAfter`)}</dt><dd>{order.balanceAfterFen === null ? '' : formatYuan(order.balanceAfterFen)}</dd>
              <dt>{translate(`${T}.receipt.time`)}</dt><dd>{format(order.createdAt)}</dd>
            </Box>
          </CardContent>
        </Card>
      )}
      {dialog && room && (
        <RechargeDialog key={dialog.opening} room={room} side={dialog.side} onClose={() => setDialog(null)} onDone={done} />
      )}
      <CommandProgress batch={batch} onClose={() => setBatch(null)} onFinished={commandsFinished} />
      <ReceiptDialog order={receipt} onClose={() => setReceipt(null)} />
    </Box>
  );
}
