import { useState } from 'react';
import { useDataProvider, useNotify, useRefresh, useTranslate } from 'react-admin';
import { Dialog, DialogContent, DialogTitle, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { ConfirmButtons } from '../../../components/list/confirmParts';
import { addDays, dayIn } from '../../../components/pickers/dateRanges';
import { DayField } from '../../../components/pickers/DayField';
import type { MeteringDataProvider } from '../../../data/dataProvider';
import { PROVIDER, type ProviderName, type Reconciliation, type ReconciliationItem } from './model';

const T = 'payments.reconcile';
const PROVIDERS: ProviderName[] = ['wechat', 'alipay'];

/** The last day a provider's bill can exist for: yesterday in the platform's time zone. */
export const lastBillDay = (now = new Date()) => addDays(dayIn(now), -1);

/**
 * Reconciles one provider's day now (`payment/reconcile`): the provider and the day (yesterday
 * unless chosen), then the day's result handed on (`onDone`: the list shows its differences).
 */
export function ReconcileDialog({ onClose, onDone }: { onClose: () => void; onDone: (run: Reconciliation, items: ReconciliationItem[]) => void }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider() as MeteringDataProvider;
  const notify = useNotify();
  const refresh = useRefresh();
  const [latest] = useState(lastBillDay);
  const [provider, setProvider] = useState<ProviderName>('wechat');
  const [date, setDate] = useState(latest);
  const [busy, setBusy] = useState(false);
  const invalid = !/^\d{4}-\d{2}-\d{2}$/.test(date) || date > latest;
  const submit = async () => {
    if (invalid) return;
    setBusy(true);
    try {
      const { items, ...run } = await dataProvider.invoke<Reconciliation & { items: ReconciliationItem[] }>('zhifuduizhang', 'reconcile', { provider, date });
      notify(translate(`${T}.done`, { provider: translate(PROVIDER[provider].label), date, matched: run.matched, differences: items.length }), { type: items.length ? 'warning' : 'success' });
      refresh();
      onDone({ ...run, open: items.filter((item) => !item.resolution).length }, items);
    } catch (error) {
      // A bill that cannot be read is kept as a failed day: the list shows it.
      notify(error instanceof Error ? error.message : 'ra.notification.http_error', { type: 'error' });
      refresh();
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={busy ? undefined : onClose} maxWidth="xs" fullWidth aria-labelledby="reconcile-title">
      <DialogTitle id="reconcile-title">{translate(`${T}.title`)}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ mb: 2 }}>{translate(`${T}.explain`)}</Typography>
        <ToggleButtonGroup
          exclusive size="small" value={provider} onChange={(_, value: ProviderName | null) => value && setProvider(value)}
          aria-label={translate('resources.zhifuduizhang.fields.provider')} sx={{ mb: 1 }}
        >
          {PROVIDERS.map((value) => <ToggleButton key={value} value={value}>{translate(PROVIDER[value].label)}</ToggleButton>)}
        </ToggleButtonGroup>
        <DayField
          fullWidth margin="normal" required label={translate(`${T}.date`)} value={date} max={latest}
          onChange={setDate} error={invalid}
          helperText={translate(invalid ? `${T}.dateInvalid` : `${T}.dateHelp`)}
        />
      </DialogContent>
      <ConfirmButtons busy={busy} onCancel={onClose} onConfirm={submit} confirmLabel={`${T}.confirm`} />
    </Dialog>
  );
}
