import { useTranslate } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { Alert, Button } from '@mui/material';
import { request } from '../http/client';
import { READ_FAILURE_REFRESH_MS } from '../config';

/** What payment/findAlarm counts (issue 41): reconciliation differences, payments a person must decide, unreadable bills. */
export interface PaymentAlarmCounts { differences: number; conflicts: number; failedDays: number }

/**
 * The payments' part of the header's alarm bell: for a role that has 支付对账, the open differences
 * of the days reconciled, the payments waiting for a decision and the bills that could not be read.
 * A role without the screen is answered 403, quietly: it sees nothing of it.
 */
export function usePaymentAlarm(): PaymentAlarmCounts | undefined {
  const { data } = useQuery({
    queryKey: ['paymentAlarm'],
    queryFn: () => request<PaymentAlarmCounts>({ method: 'get', url: 'payment/findAlarm', quiet: true }),
    refetchInterval: READ_FAILURE_REFRESH_MS,
    refetchIntervalInBackground: true,
    retry: false,
  });
  return data;
}

export const paymentAlarmTotal = (counts: PaymentAlarmCounts | undefined) => (counts ? counts.differences + counts.conflicts + counts.failedDays : 0);

export function PaymentAlarm({ counts, onOpen }: { counts: PaymentAlarmCounts | undefined; onOpen: () => void }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  if (!paymentAlarmTotal(counts)) return null;
  return (
    <Alert severity="warning" sx={{ mb: 1 }} action={(
      <Button color="inherit" size="small" onClick={() => { onOpen(); navigate('/zhifuduizhang'); }}>{translate('alarm.payments.open')}</Button>
    )}>
      {translate('alarm.payments.text', { differences: counts!.differences, conflicts: counts!.conflicts, failedDays: counts!.failedDays })}
    </Alert>
  );
}
