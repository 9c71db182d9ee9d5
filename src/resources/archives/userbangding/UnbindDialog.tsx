import { useState } from 'react';
import { useDataProvider, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  Alert, Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, FormControlLabel, List, ListItem,
  Radio, RadioGroup, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography,
} from '@mui/material';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import type { MeteringDataProvider } from '../../../data/dataProvider';
import { RowIconButton } from '../../../components/list/RowButtons';
import { createRowDialog } from '../../../components/list/RowDialog';
import { formatYuan } from '../../../../common/money';
import { roomText } from '../../../../common/formats';
import { dayIn } from '../../../components/pickers/dateRanges';
import { DayField } from '../../../components/pickers/DayField';
import { SETTLEMENTS, type Binding, type PreviewAccount, type Settlement, type UnbindResult } from './model';
import { useResourceAccess } from '../../../auth/useResourceAccess';

/** What settling one account will do, in words (preview and confirmation). */
function useOutcome() {
  const translate = useTranslate();
  return (account: PreviewAccount, settlement: Settlement) => {
    const utility = translate(`bindings.utility.${account.utility}`);
    if (settlement === 'carryOver') return translate('bindings.settlement.carriedOver', { utility, amount: formatYuan(account.balanceFen) });
    if (account.refund.refundedFen) return translate('bindings.settlement.refunded', { utility, amount: formatYuan(account.refund.refundedFen) });
    if (account.refund.collectedFen) return translate('bindings.settlement.collected', { utility, amount: formatYuan(account.refund.collectedFen) });
    return translate('bindings.settlement.zero', { utility });
  };
}

/**
 * Unbinds the row's tenant: both balances of the room first, then the choice — refund (balances to
 * zero, arrears collected) or carry-over (balances stay with the room) — with end date and remark,
 * a confirmation that says what will happen to each account, and the result.
 */
function UnbindDialog({ binding, onClose }: { binding: Binding; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const outcome = useOutcome();
  const dataProvider = useDataProvider<MeteringDataProvider>();
  const [step, setStep] = useState<'choose' | 'confirm' | 'done'>('choose');
  const [settlement, setSettlement] = useState<Settlement>('refund');
  const [endDate, setEndDate] = useState(() => dayIn(new Date()));
  // Left as it is, the end date is the server's today (the platform's clock decides).
  const [endDateChosen, setEndDateChosen] = useState(false);
  const [remark, setRemark] = useState('');
  const preview = useQuery({
    queryKey: ['userbangding', 'preview', binding.id],
    queryFn: () => dataProvider.invoke<{ accounts: PreviewAccount[] }>('userbangding', 'preview', { bindingId: binding.id }),
    retry: false,
  });
  const unbind = useMutation({
    mutationFn: () => dataProvider.invoke<UnbindResult>('userbangding', 'unbind', { bindingId: binding.id, settlement, ...(endDateChosen ? { endDate } : {}), ...(remark.trim() ? { remark: remark.trim() } : {}) }),
    onSuccess: () => { setStep('done'); refresh(); },
    onError: (error: Error) => notify(error.message, { type: 'error' }),
  });
  const accounts = preview.data?.accounts ?? [];
  const today = dayIn(new Date());
  const dateProblem = !/^\d{4}-\d{2}-\d{2}$/.test(endDate) ? 'bindings.unbind.dateRequired'
    : endDate > today ? 'bindings.unbind.dateFuture' : endDate < binding.startDate ? 'bindings.unbind.dateBeforeStart' : undefined;
  const room = roomText(binding);
  const title = translate('bindings.unbind.title', { name: binding.tenantName ?? '', room });
  return (
    <Dialog open onClose={() => !unbind.isPending && onClose()} fullWidth maxWidth="sm" aria-label={title}>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        {step === 'choose' && (
          <>
            <Typography variant="subtitle2" sx={{ mb: 1 }}>{translate('bindings.unbind.balances')}</Typography>
            {preview.isPending && <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}><CircularProgress size={18} />{translate('app.loading')}</Box>}
            {preview.error && <Alert severity="error">{(preview.error as Error).message}</Alert>}
            {preview.data && !accounts.length && <Alert severity="info">{translate('bindings.unbind.noAccounts')}</Alert>}
            {accounts.length > 0 && (
              <Table size="small" aria-label={translate('bindings.unbind.balances')} sx={{ mb: 2 }}>
                <TableHead>
                  <TableRow>
                    <TableCell>{translate('bindings.unbind.utility')}</TableCell>
                    <TableCell>{translate('bindings.unbind.meter')}</TableCell>
                    <TableCell align="right">{translate('bindings.unbind.balance')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {accounts.map((account) => (
                    <TableRow key={account.accountId}>
                      <TableCell>{translate(`bindings.utility.${account.utility}`)}</TableCell>
                      <TableCell>{account.meterAddress ?? translate('app.none')}</TableCell>
                      <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums', color: account.balanceFen < 0 ? 'error.main' : undefined }}>
                        {formatYuan(account.balanceFen)}{account.balanceFen < 0 ? ` ${translate('bindings.unbind.arrears')}` : ''}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
            <Typography variant="subtitle2">{translate('bindings.unbind.choice')}</Typography>
            <RadioGroup value={settlement} onChange={(event) => setSettlement(event.target.value as Settlement)} aria-label={translate('bindings.unbind.choice')}>
              {SETTLEMENTS.map((choice) => (
                <FormControlLabel key={choice} value={choice} control={<Radio size="small" />} label={translate(`bindings.unbind.${choice}`)} />
              ))}
            </RadioGroup>
            <Box sx={{ display: 'flex', gap: 2, mt: 1, flexWrap: 'wrap' }}>
              <DayField
                label={translate('resources.userbangding.fields.endDate')} value={endDate} onChange={(day) => { setEndDate(day); setEndDateChosen(true); }}
                error={!!dateProblem} helperText={dateProblem ? translate(dateProblem, { date: binding.startDate }) : ' '}
                max={today} min={binding.startDate}
              />
              <TextField
                size="small" label={translate('fields.remark')} value={remark} onChange={(event) => setRemark(event.target.value)} sx={{ flex: 1, minWidth: 200 }}
                error={remark.length > 200} helperText={remark.length > 200 ? translate('bindings.unbind.remarkTooLong') : ' '}
              />
            </Box>
          </>
        )}
        {step === 'confirm' && (
          <>
            <DialogContentText>{translate('bindings.unbind.confirmQuestion', { name: binding.tenantName ?? '', room, date: endDate })}</DialogContentText>
            <List dense>
              {accounts.map((account) => <ListItem key={account.accountId}>{outcome(account, settlement)}</ListItem>)}
            </List>
            <Alert severity={settlement === 'refund' ? 'warning' : 'info'}>{translate(`bindings.unbind.${settlement}Note`)}</Alert>
          </>
        )}
        {step === 'done' && unbind.data && (
          <>
            <Alert severity="success" sx={{ mb: 1 }}>{unbind.data.message}</Alert>
            <List dense>
              {unbind.data.settlements.map((line) => (
                <ListItem key={line.utility}>
                  {line.text} · {translate('bindings.unbind.balanceNow', { amount: formatYuan(line.balanceFen) })}
                </ListItem>
              ))}
            </List>
          </>
        )}
      </DialogContent>
      <DialogActions>
        {step === 'choose' && (
          <>
            <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
            <Button variant="contained" disabled={!preview.data || !!dateProblem || remark.length > 200} onClick={() => setStep('confirm')}>{translate('bindings.unbind.next')}</Button>
          </>
        )}
        {step === 'confirm' && (
          <>
            <Button onClick={() => setStep('choose')} disabled={unbind.isPending}>{translate('bindings.unbind.back')}</Button>
            <Button variant="contained" color="warning" disabled={unbind.isPending} onClick={() => unbind.mutate()}>
              {unbind.isPending ? <CircularProgress size={18} /> : translate('bindings.unbind.confirm')}
            </Button>
          </>
        )}
        {step === 'done' && <Button variant="contained" onClick={onClose}>{translate('ra.action.close')}</Button>}
      </DialogActions>
    </Dialog>
  );
}

/** The unbind dialog, kept open after the row has left a list of current bindings. */
export const UnbindDialogs = createRowDialog<Binding>((binding, close) => <UnbindDialog binding={binding} onClose={close} />);

/** Row action: unbind the current tenant of this room (with settlement). */
export function UnbindButton() {
  const record = useRecordContext<Binding>();
  const { canAccess } = useResourceAccess({ resource: 'userbangding', action: 'edit' });
  const open = UnbindDialogs.useOpen();
  if (!record || !record.current || !canAccess) return null;
  return <RowIconButton label="bindings.unbind.action" color="warning" icon={<LinkOffIcon fontSize="small" />} onClick={() => open(record)} />;
}
