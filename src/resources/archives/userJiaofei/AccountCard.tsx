import { useNotify, useTranslate } from 'react-admin';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Box, Button, Card, CardContent, Chip, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography,
} from '@mui/material';
import BoltIcon from '@mui/icons-material/Bolt';
import WaterDropIcon from '@mui/icons-material/WaterDrop';
import AddCardIcon from '@mui/icons-material/AddCard';
import HowToRegIcon from '@mui/icons-material/HowToReg';
import { formatYuan } from '../../../../common/money';
import { moneyText } from '../../../../common/formats';
import { useFormatDateTime } from '../../../components/dateTime';
import { cutOff, inArrears, usePaymentCalls, type AccountSide, type LedgerEntry } from './model';
import { CopyOrderIdButton, ReprintButton } from './ReprintReceipt';
import { OnlinePaymentChip, RefundButton } from './OnlinePayment';

const T = 'resources.userJiaofei';

/** Why a side cannot take a payment (a message key), or undefined when it can. */
export function blockedReason(side: AccountSide): string | undefined {
  if (side.meterId === null) return `${T}.blocked.noMeter`;
  if (!side.accountOpened) return `${T}.blocked.notOpened`;
  return undefined;
}

/**
 * A water meter whose account is not opened yet takes no money: the card offers to open it here
 * (the water archive's batch opening, for this one meter), instead of sending the operator elsewhere.
 * The room binding's meters dialog offers the same button right after a water meter is attached.
 */
export function OpenWaterAccount({ meterId, onOpened }: { meterId: number; onOpened?: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const calls = usePaymentCalls();
  const queryClient = useQueryClient();
  const open = useMutation({
    mutationFn: () => calls.openWaterAccount(meterId),
    onSuccess: () => {
      notify(`${T}.openAccount.done`, { type: 'success' });
      onOpened?.();
      return queryClient.invalidateQueries({ queryKey: ['userJiaofei'] });
    },
    onError: (error: Error) => notify(error.message, { type: 'error' }),
  });
  return (
    <Button variant="outlined" startIcon={<HowToRegIcon />} disabled={open.isPending} onClick={() => open.mutate()}>
      {translate(`${T}.openAccount.button`)}
    </Button>
  );
}

/**
 * A ledger line's reference. An order number is shown whole (selectable, with a copy button) and a
 * recharge's receipt can be printed again from it; a payment made online (issue 41) says its
 * provider and online state (its transaction number on hover) and, to an operator who may write,
 * offers its refund. Other references (reading periods, long remarks) are cut to the card, whole on hover.
 */
function LedgerRef({ entry, canWrite }: { entry: LedgerEntry; canWrite: boolean }) {
  if (entry.refType === 'recharge_order' && entry.refId) {
    return (
      <Box component="span" sx={{ display: 'inline-flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 0.25 }}>
        <Box component="span" data-testid="ledger-order-id" sx={{ fontFamily: 'monospace', fontSize: '0.95em', whiteSpace: 'nowrap', userSelect: 'all', color: 'text.primary' }}>{entry.refId}</Box>
        <Box component="span" sx={{ display: 'inline-flex', whiteSpace: 'nowrap' }}>
          <CopyOrderIdButton orderId={entry.refId} />
          {entry.kind === 'recharge' && <ReprintButton orderId={entry.refId} />}
          {canWrite && <RefundButton entry={entry} />}
        </Box>
        <OnlinePaymentChip entry={entry} />
      </Box>
    );
  }
  const text = entry.refId ?? entry.remark ?? '';
  return <Box component="span" title={text} sx={{ display: 'block', maxWidth: 160, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{text}</Box>;
}

/** `YYYY-MM-DD HH:mm` that may break between the day and the hour, and nowhere else. */
function DayAndHour({ text }: { text: string }) {
  const [day, hour] = text.split(' ');
  return <><Box component="span" sx={{ whiteSpace: 'nowrap' }}>{day}</Box>{hour ? ' ' : ''}<Box component="span" sx={{ whiteSpace: 'nowrap' }}>{hour}</Box></>;
}

/** One account of the room: balance, allowances and limits, its meter's state and its last ledger entries. */
export function AccountCard({ side, canRecharge, onRecharge }: { side: AccountSide; canRecharge: boolean; onRecharge: () => void }) {
  const translate = useTranslate();
  const format = useFormatDateTime();
  const calls = usePaymentCalls();
  const { data: ledger } = useQuery({
    queryKey: ['userJiaofei', 'ledger', side.accountId],
    queryFn: () => calls.ledger(side.accountId!),
    enabled: side.accountId !== null,
  });
  const yuan = (fen: number | null) => (fen === null ? translate('app.none') : formatYuan(fen));
  const unit = side.utility === 'electric' ? 'kWh' : 'm³';
  const blocked = blockedReason(side);
  const arrears = inArrears(side);
  const state = side.utility === 'electric' ? side.relayState : side.valveState;
  const facts: [string, string][] = [
    [`${T}.fields.freeLeft`, side.freeLeft === null ? translate('app.none') : `${side.freeLeft} ${unit}`],
    [`${T}.fields.overdraftFen`, yuan(side.overdraftFen)],
    [`${T}.fields.alarm1Fen`, yuan(side.alarm1Fen)],
    [`${T}.fields.alarm2Fen`, yuan(side.alarm2Fen)],
    [`${T}.fields.hoardLimitFen`, yuan(side.hoardLimitFen)],
    [`${T}.fields.saleCount`, side.saleCount === null ? translate('app.none') : String(side.saleCount)],
    [`${T}.fields.meterAddress`, side.meterAddress ?? translate(`${T}.noMeter`)],
  ];
  const title = translate(`${T}.utility.${side.utility}`);
  return (
    <Card variant="outlined" sx={{ flex: 1, minWidth: 300, borderColor: arrears ? 'error.main' : undefined, borderWidth: arrears ? 2 : 1 }}
      component="section" aria-label={title}>
      <CardContent>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mb: 1 }}>
          {side.utility === 'electric' ? <BoltIcon color="warning" /> : <WaterDropIcon color="info" />}
          <Typography variant="h6" component="h2" sx={{ flex: 1 }}>{title}</Typography>
          {arrears && <Chip size="small" color="error" label={translate(cutOff(side) ? `${T}.cutOff` : `${T}.arrears`)} />}
          {state && <Chip size="small" variant="outlined" label={translate(`${T}.states.${state}`, { _: state })} />}
          {side.online !== null && (
            <Chip size="small" variant="outlined" color={side.online ? 'success' : 'default'} label={translate(side.online ? `${T}.online` : `${T}.offline`)} />
          )}
        </Stack>
        <Typography variant="caption" color="text.secondary">{translate(`${T}.fields.balanceFen`)}</Typography>
        <Typography
          data-testid={`balance-${side.utility}`}
          sx={{ fontSize: 32, fontWeight: 600, fontVariantNumeric: 'tabular-nums', color: arrears ? 'error.main' : 'text.primary', lineHeight: 1.2 }}
        >
          {side.balanceFen === null ? translate('app.none') : formatYuan(side.balanceFen)}
        </Typography>
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr auto 1fr', columnGap: 1.5, rowGap: 0.5, my: 1.5, '& dt': { color: 'text.secondary' }, '& dd': { m: 0, fontVariantNumeric: 'tabular-nums' } }}>
          {facts.map(([label, value]) => [<dt key={`${label}-t`}>{translate(label)}</dt>, <dd key={`${label}-d`}>{value}</dd>])}
        </Box>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mb: 1.5 }}>
          <Button variant="contained" startIcon={<AddCardIcon />} disabled={!!blocked || !canRecharge} onClick={onRecharge}>
            {translate(`${T}.rechargeUtility`, { utility: title })}
          </Button>
          {blocked && <Typography variant="body2" color="text.secondary">{translate(blocked)}</Typography>}
          {side.utility === 'water' && side.meterId !== null && !side.accountOpened && canRecharge && <OpenWaterAccount meterId={side.meterId} />}
        </Stack>
        <Typography variant="subtitle2">{translate(`${T}.ledger.title`)}</Typography>
        {side.tenancy && (
          // The tenant's view starts at the binding (issue 40): the lines before it were the vacancy's or another tenant's.
          <Typography variant="caption" color="text.secondary" component="p" data-testid={`tenancy-${side.utility}`}>
            {translate(`${T}.ledger.since`, { date: side.tenancy.startDate, amount: formatYuan(side.tenancy.openingFen) })}
          </Typography>
        )}
        {side.accountId === null || (ledger && ledger.records.length === 0) ? (
          <Typography variant="body2" color="text.secondary">{translate(`${T}.ledger.empty`)}</Typography>
        ) : (
          // Two ledgers side by side at 1280–1440 px: where a line is too wide, a time breaks between
          // day and hour, a heading between words and a reference's buttons go under the order
          // number, which is never cut.
          <Table size="small" aria-label={`${title} ${translate(`${T}.ledger.title`)}`} sx={{ '& th, & td': { px: 0.75 }, '& td': { whiteSpace: 'nowrap' }, '& td.ledger-wraps': { whiteSpace: 'normal' } }}>
            <TableHead>
              <TableRow>
                <TableCell>{translate(`${T}.ledger.time`)}</TableCell>
                <TableCell>{translate(`${T}.ledger.kind`)}</TableCell>
                <TableCell align="right">{translate(`${T}.ledger.amount`)}</TableCell>
                <TableCell align="right">{translate(`${T}.ledger.balanceAfter`)}</TableCell>
                <TableCell>{translate(`${T}.ledger.ref`)}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {(ledger?.records ?? []).map((entry) => (
                <TableRow key={entry.id}>
                  <TableCell className="ledger-wraps"><DayAndHour text={format(entry.createdAt)} /></TableCell>
                  <TableCell>{translate(`${T}.kinds.${entry.kind}`, { _: entry.kind })}</TableCell>
                  <TableCell align="right" sx={{ color: entry.amountFen < 0 ? 'error.main' : 'success.main', fontVariantNumeric: 'tabular-nums' }}>
                    {entry.amountFen > 0 ? '+' : ''}{moneyText(entry.amountFen)}
                  </TableCell>
                  <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>{moneyText(entry.balanceAfterFen)}</TableCell>
                  <TableCell className="ledger-wraps" sx={{ color: 'text.secondary', py: 0 }}><LedgerRef entry={entry} canWrite={canRecharge} /></TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
