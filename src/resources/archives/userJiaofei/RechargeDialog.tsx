import { useRef, useState, type FormEvent } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { useMutation } from '@tanstack/react-query';
import {
  Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, InputAdornment, Stack, TextField, ToggleButton, ToggleButtonGroup, Typography,
} from '@mui/material';
import { formatYuan, rmbCapital, yuanToFen } from '../../../../common/money';
import { CHANNELS, QUICK_YUAN, RECHARGE_MAX_FEN, newRequestId, usePaymentCalls, type AccountSide, type Channel, type FoundRoom, type RechargeAnswer } from './model';
import { roomLabel } from './RoomSearch';

const T = 'resources.userJiaofei';

/** The amount's problem (a message key with its arguments), or undefined when it can be sent. */
export function amountProblem(text: string, mostFen: number): { key: string; args?: Record<string, string> } | undefined {
  const fen = yuanToFen(text);
  if (fen === null) return { key: `${T}.dialog.amountRequired` };
  if (fen === undefined) return { key: 'validation.money' };
  if (fen <= 0) return { key: `${T}.dialog.amountPositive` };
  if (fen > mostFen) return { key: `${T}.dialog.amountMost`, args: { most: formatYuan(mostFen) } };
  return undefined;
}

/**
 * The recharge dialog: amount in yuan (two decimals at most, turned into fen exactly), quick
 * amounts, channel and remark. Its request id is made once per opening (the parent mounts a new
 * dialog each time), so a double click or a retry after an error is the same request; the submit
 * button is disabled while the request is under way.
 */
export function RechargeDialog({ room, side, onClose, onDone }: {
  room: FoundRoom;
  side: AccountSide;
  onClose: () => void;
  onDone: (answer: RechargeAnswer) => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const calls = usePaymentCalls();
  const [requestId] = useState(newRequestId);
  const [amount, setAmount] = useState('');
  const [channel, setChannel] = useState<Channel>('cash');
  const [remark, setRemark] = useState('');
  const [touched, setTouched] = useState(false);
  const sending = useRef(false);
  const mostFen = Math.max(0, Math.min(RECHARGE_MAX_FEN, side.hoardLimitFen === null ? RECHARGE_MAX_FEN : side.hoardLimitFen - (side.balanceFen ?? 0)));
  const problem = amountProblem(amount, mostFen);
  const fen = yuanToFen(amount);
  const utility = translate(`${T}.utility.${side.utility}`);
  // No current tenant (the room search and the room list name the tenant bound now): a landlord's
  // top-up is legitimate, an operator's slip is not — said, not refused.
  const vacant = !room.tenantId && !room.tenantName;
  const mutation = useMutation({
    mutationFn: () => calls.recharge({ roomId: room.roomId, utility: side.utility, amountFen: fen as number, channel, requestId, remark: remark.trim() || null }),
    onSuccess: (answer) => {
      notify(`${T}.dialog.done`, { type: 'success', messageArgs: { amount: formatYuan(answer.order.amountFen), orderId: answer.order.orderId } });
      onDone(answer);
    },
    // The dialog stays open with the same request id: sending again cannot credit twice.
    onError: (error: Error) => notify(error.message, { type: 'error' }),
    onSettled: () => { sending.current = false; },
  });
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    setTouched(true);
    if (problem || sending.current) return;
    sending.current = true;
    mutation.mutate();
  };
  return (
    <Dialog open onClose={mutation.isPending ? undefined : onClose} maxWidth="sm" fullWidth>
      <form onSubmit={submit} noValidate>
        <DialogTitle>{translate(`${T}.dialog.title`, { utility, room: roomLabel(room) })}</DialogTitle>
        <DialogContent>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {translate(`${T}.dialog.balance`, { balance: formatYuan(side.balanceFen ?? 0), most: formatYuan(mostFen) })}
          </Typography>
          {vacant && <Alert severity="warning" data-testid="vacant-room" sx={{ mb: 1 }}>{translate(`${T}.dialog.vacant`)}</Alert>}
          <TextField
            autoFocus fullWidth margin="dense" label={translate(`${T}.dialog.amount`)} value={amount}
            onChange={(event) => setAmount(event.target.value)} onBlur={() => setTouched(true)}
            error={touched && !!problem}
            helperText={touched && problem ? translate(problem.key, problem.args) : fen ? rmbCapital(fen) : ' '}
            slotProps={{ input: { startAdornment: <InputAdornment position="start">¥</InputAdornment> }, htmlInput: { inputMode: 'decimal', autoComplete: 'off' } }}
          />
          <Stack direction="row" sx={{ gap: 1, mb: 2, flexWrap: 'wrap' }}>
            {QUICK_YUAN.map((yuan) => (
              <Button key={yuan} variant={amount === String(yuan) ? 'contained' : 'outlined'} size="small" onClick={() => { setAmount(String(yuan)); setTouched(true); }}>
                ¥{yuan}
              </Button>
            ))}
          </Stack>
          <Typography variant="caption" color="text.secondary" component="div">{translate(`${T}.dialog.channel`)}</Typography>
          <ToggleButtonGroup exclusive size="small" value={channel} onChange={(_, value: Channel | null) => value && setChannel(value)} aria-label={translate(`${T}.dialog.channel`)} sx={{ mb: 2 }}>
            {CHANNELS.map((value) => <ToggleButton key={value} value={value}>{translate(`${T}.channels.${value}`)}</ToggleButton>)}
          </ToggleButtonGroup>
          <TextField fullWidth margin="dense" size="small" label={translate(`${T}.dialog.remark`)} value={remark} onChange={(event) => setRemark(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 200 } }} />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={mutation.isPending}>{translate('ra.action.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={mutation.isPending || (touched && !!problem)}>
            {translate(mutation.isPending ? `${T}.dialog.sending` : `${T}.dialog.submit`, { amount: fen && !problem ? formatYuan(fen) : '' })}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
