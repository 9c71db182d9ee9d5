import { useEffect, useState, type ReactNode } from 'react';
import { useDataProvider, useNotify, useRecordContext, useRefresh, useResourceContext, useTranslate } from 'react-admin';
import { Alert, Box, CircularProgress, Dialog, DialogContent, DialogTitle, FormControl, FormControlLabel, FormHelperText, Radio, RadioGroup, Typography } from '@mui/material';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import { createRowDialog } from '../../../components/list/RowDialog';
import { RowIconButton } from '../../../components/list/RowButtons';
import { useResourceAccess } from '../../../auth/useResourceAccess';
import { quantityText } from '../../../../common/formats';
import { formatYuan } from '../../../../common/money';
import { ConfirmButtons, ReasonField } from '../../../components/list/confirmParts';
import type { MeteringDataProvider } from '../../../data/dataProvider';
import { placeOf, readingTime, type Reading } from './model';
import { RecountLines } from './RecountLines';
import type { RecountRecord } from '../../../../common/readingRecount';

const T = 'stats.readings.delete';

/** One labelled figure of a dialog. */
export function DialogRow({ label, value, strong = false }: { label: string; value: ReactNode; strong?: boolean }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.25 }}>
      <Typography variant="body2" color="text.secondary">{label}</Typography>
      <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: strong ? 600 : undefined, textAlign: 'right' }}>{value}</Typography>
    </Box>
  );
}

function DeleteForm({ reading, close }: { reading: Reading; close: () => void }) {
  const translate = useTranslate();
  const resource = useResourceContext()!;
  const dataProvider = useDataProvider() as MeteringDataProvider;
  const notify = useNotify();
  const refresh = useRefresh();
  const [reason, setReason] = useState('');
  const [refund, setRefund] = useState<'' | 'refund' | 'keep'>('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  // What a refund would recount (the readings after this one), worked out by the server before confirming.
  const [preview, setPreview] = useState<RecountRecord | null>(null);
  const [previewError, setPreviewError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    dataProvider.invoke<{ refund: RecountRecord }>(resource, 'previewDelete', { id: reading.id })
      .then((result) => live && setPreview(result.refund), (error: unknown) => live && setPreviewError(error instanceof Error ? error.message : String(error)));
    return () => {
      live = false;
    };
  }, [dataProvider, resource, reading.id]);
  const charged = reading.costFen > 0;
  // A choice when money or other readings are at stake; otherwise the reading simply leaves the count.
  const choice = charged || !!preview?.changes.length || (preview?.freeReturned ?? 0) > 0;
  const missingReason = !reason.trim();
  const missingChoice = choice && !refund;
  const unit = reading.utility === 'water' ? 'm³' : 'kWh';
  const submit = async () => {
    setTouched(true);
    if (missingReason || missingChoice || (!preview && !previewError)) return;
    setBusy(true);
    try {
      const result = await dataProvider.invoke<{ refundedFen: number | null; balanceFen: number | null }>(resource, 'deleteReading', { id: reading.id, reason: reason.trim(), refund: choice ? refund === 'refund' : !previewError });
      notify(result.refundedFen && result.balanceFen !== null
        ? translate(`${T}.doneRefund`, { amount: formatYuan(result.refundedFen), balance: formatYuan(result.balanceFen) })
        : translate(`${T}.done`), { type: 'success' });
      close();
      refresh();
    } catch (error) {
      notify(error instanceof Error ? error.message : 'ra.notification.http_error', { type: 'error' });
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={busy ? undefined : close} maxWidth="sm" fullWidth aria-labelledby="delete-reading-title">
      <DialogTitle id="delete-reading-title">{translate(`${T}.title`, { time: readingTime(reading.readAt) })}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ mb: 1.5 }}>{translate(`${T}.explain`)}</Typography>
        <DialogRow label={translate(`${T}.room`)} value={placeOf(reading) || translate('app.none')} />
        <DialogRow label={translate(`${T}.meter`)} value={reading.meterAddress ?? ''} />
        <DialogRow label={translate(`${T}.reading`)} value={`${quantityText(reading.total)} ${unit} (+${quantityText(reading.consumption)} ${unit})`} />
        {charged && <DialogRow label={translate(`${T}.charged`)} value={formatYuan(reading.costFen)} strong />}
        {!preview && !previewError && (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 1 }}>
            <CircularProgress size={16} />
            <Typography variant="body2" color="text.secondary">{translate(`${T}.previewing`)}</Typography>
          </Box>
        )}
        {previewError && <Alert severity="warning" sx={{ mt: 1 }}>{translate(`${T}.previewFailed`, { message: previewError })}</Alert>}
        {choice && (preview || previewError) && (
          <FormControl error={touched && missingChoice} sx={{ mt: 1, width: '100%' }}>
            <RadioGroup value={refund} onChange={(event) => setRefund(event.target.value as 'refund' | 'keep')} aria-label={translate(`${T}.choose`)}>
              <FormControlLabel value="refund" control={<Radio size="small" />} label={<Typography variant="body2">{translate(`${T}.refund`, { amount: formatYuan(reading.costFen) })}</Typography>} />
              {preview && <RecountLines recount={preview} unit={unit} refundFen={reading.costFen} />}
              <FormControlLabel value="keep" control={<Radio size="small" />} label={<Typography variant="body2">{translate(`${T}.keep`)}</Typography>} />
            </RadioGroup>
            {touched && missingChoice && <FormHelperText>{translate(`${T}.choose`)}</FormHelperText>}
          </FormControl>
        )}
        {(previewError || (preview && !choice)) && !charged && <Alert severity="info" sx={{ mt: 1 }}>{translate(`${T}.notCharged`)}</Alert>}
        <ReasonField prefix={T} value={reason} onChange={setReason} touched={touched} onTouched={() => setTouched(true)} />
      </DialogContent>
      <ConfirmButtons busy={busy} onCancel={close} onConfirm={submit} confirmLabel={`${T}.confirm`} danger />
    </Dialog>
  );
}

const { Provider, useOpen } = createRowDialog<Reading>((reading, close) => <DeleteForm reading={reading} close={close} />);

/** Wraps a reading list: the one delete dialog of its rows. */
export const DeleteReadingDialog = Provider;

/** A row's delete action, to an operator who may edit. */
export function DeleteReadingButton() {
  const record = useRecordContext<Reading>();
  const resource = useResourceContext();
  const open = useOpen();
  const { canAccess } = useResourceAccess({ resource, action: 'edit' });
  if (!record || !canAccess) return null;
  return <RowIconButton label={`${T}.action`} icon={<DeleteOutlineIcon fontSize="small" />} color="error" onClick={() => open(record)} />;
}
