import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { Alert, Box, Button, CircularProgress, Divider, Drawer, IconButton, Stack, Typography } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { RoomSearch, roomLabel } from '../../archives/userJiaofei/RoomSearch';
import { RechargeDialog } from '../../archives/userJiaofei/RechargeDialog';
import { ReceiptDialog } from '../../archives/userJiaofei/Receipt';
import { usePaymentCalls, type FoundRoom, type Order, type RechargeAnswer } from '../../archives/userJiaofei/model';
import { yuanGrouped } from './format';
import type { Utility } from './model';

const T = 'dashboard.recharge';

/**
 * The dashboard's recharge drawer: a room (from the arrears list, or found by code, tenant or
 * phone), its account of this dashboard's utility, and the payment screen's recharge dialog with
 * its rules (amount in fen, hoarding limit, one request id per opening: a double click or a retry
 * credits once). Opened from an arrears row, the dialog opens at once; afterwards the order and its
 * receipt are at hand.
 */
export function RechargeDrawer({ open, utility, room: given, onClose, onRecharged }: {
  open: boolean;
  utility: Utility;
  /** The room to recharge (an arrears row); null: the operator finds one. */
  room: FoundRoom | null;
  onClose: () => void;
  onRecharged: (answer: RechargeAnswer) => void;
}) {
  const translate = useTranslate();
  const calls = usePaymentCalls();
  const [room, setRoom] = useState<FoundRoom | null>(given);
  const [dialog, setDialog] = useState<number | null>(null);
  const [order, setOrder] = useState<Order | null>(null);
  const [receipt, setReceipt] = useState<Order | null>(null);
  useEffect(() => {
    setRoom(given);
    setOrder(null);
    setDialog(given ? Date.now() : null);
  }, [given, open]);
  const { data: sides, isPending, error } = useQuery({
    queryKey: ['dashboard', utility, 'account', room?.roomId],
    queryFn: () => calls.accounts(room!.roomId),
    enabled: open && !!room,
  });
  const side = sides?.find((s) => s.utility === utility);
  const done = (answer: RechargeAnswer) => {
    setDialog(null);
    setOrder(answer.order);
    onRecharged(answer);
  };
  return (
    <Drawer anchor="right" open={open} onClose={onClose} slotProps={{ paper: { sx: { width: { xs: '100%', sm: 420 } } } }}>
      <Box sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 2 }} role="region" aria-label={translate(`${T}.title.${utility}`)} data-testid="recharge-drawer">
        <Stack direction="row" sx={{ alignItems: 'center' }}>
          <Typography variant="h6" component="h2" sx={{ flex: 1 }}>{translate(`${T}.title.${utility}`)}</Typography>
          <IconButton onClick={onClose} aria-label={translate('ra.action.close')}><CloseIcon /></IconButton>
        </Stack>
        <RoomSearch onSelect={(found) => { setRoom(found); setOrder(null); }} />
        {!room && <Alert severity="info" variant="outlined">{translate(`${T}.pick`)}</Alert>}
        {room && (
          <Box>
            <Typography variant="subtitle1" data-testid="drawer-room">{roomLabel(room)}</Typography>
            <Typography variant="body2" color="text.secondary">
              {room.tenantName ? `${room.tenantName}${room.tenantPhone ? ` · ${room.tenantPhone}` : ''}` : translate('resources.userJiaofei.vacant')}
            </Typography>
          </Box>
        )}
        {room && isPending && <CircularProgress size={24} aria-label={translate('app.loading')} />}
        {room && error && <Alert severity="error">{(error as Error).message}</Alert>}
        {room && sides && !side?.accountId && <Alert severity="warning">{translate(`${T}.noAccount`)}</Alert>}
        {room && side?.accountId && (
          <Stack direction="row" sx={{ alignItems: 'center', gap: 2 }}>
            <Box sx={{ flex: 1 }}>
              <Typography variant="caption" color="text.secondary">{translate(`${T}.balance`)}</Typography>
              <Typography variant="h5" component="p" data-testid="drawer-balance"
                sx={{ color: (side.balanceFen ?? 0) < 0 ? 'error.main' : 'text.primary', fontVariantNumeric: 'tabular-nums' }}>
                {yuanGrouped(side.balanceFen ?? 0)}
              </Typography>
            </Box>
            <Button variant="contained" onClick={() => setDialog(Date.now())}>{translate(`${T}.take`)}</Button>
          </Stack>
        )}
        {order && (
          <>
            <Divider />
            <Alert severity="success" data-testid="drawer-order"
              action={<Button color="inherit" size="small" startIcon={<ReceiptLongIcon />} sx={{ whiteSpace: 'nowrap' }} onClick={() => setReceipt(order)}>{translate('resources.userJiaofei.order.receipt')}</Button>}>
              {translate(`${T}.done`, { orderId: order.orderId, amount: yuanGrouped(order.amountFen), balance: order.balanceAfterFen === null ? '' : yuanGrouped(order.balanceAfterFen) })}
            </Alert>
          </>
        )}
      </Box>
      {dialog !== null && room && side?.accountId && (
        <RechargeDialog key={dialog} room={room} side={side} onClose={() => setDialog(null)} onDone={done} />
      )}
      <ReceiptDialog order={receipt} onClose={() => setReceipt(null)} />
    </Drawer>
  );
}
