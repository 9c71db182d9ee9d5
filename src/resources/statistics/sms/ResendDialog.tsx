import { useState } from 'react';
import { useDataProvider, useNotify, useRecordContext, useRefresh, useResourceContext, useTranslate } from 'react-admin';
import { Dialog, DialogContent, DialogContentText, DialogTitle, Typography } from '@mui/material';
import ReplayIcon from '@mui/icons-material/Replay';
import { createRowDialog } from '../../../components/list/RowDialog';
import { ConfirmButtons } from '../../../components/list/confirmParts';
import { RowIconButton } from '../../../components/list/RowButtons';
import { useResourceAccess } from '../../../auth/useResourceAccess';
import type { MeteringDataProvider } from '../../../data/dataProvider';
import type { SmsRecord } from './model';

function ResendConfirm({ record, close }: { record: SmsRecord; close: () => void }) {
  const translate = useTranslate();
  const resource = useResourceContext()!;
  const dataProvider = useDataProvider() as MeteringDataProvider;
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  const resend = async () => {
    setBusy(true);
    try {
      await dataProvider.invoke(resource, 'resend', { id: record.id });
      notify('sms.resend.done', { type: 'success' });
      close();
      refresh();
    } catch (error) {
      notify(error instanceof Error ? error.message : 'ra.notification.http_error', { type: 'error' });
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={busy ? undefined : close} maxWidth="xs" fullWidth aria-labelledby="sms-resend-title">
      <DialogTitle id="sms-resend-title">{translate('sms.resend.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {translate('sms.resend.question', { tenant: record.tenantName ?? '', phone: record.tenantPhone })}
          {record.attempts > 0 && ` ${translate('sms.resend.failedAfter', { attempts: record.attempts })}`}
        </DialogContentText>
        <Typography variant="body2" sx={{ mt: 1.5, p: 1, borderRadius: 1, bgcolor: 'action.hover', whiteSpace: 'pre-wrap' }}>{record.content}</Typography>
      </DialogContent>
      <ConfirmButtons busy={busy} onCancel={close} onConfirm={resend} confirmLabel="sms.resend.action" />
    </Dialog>
  );
}

const { Provider, useOpen } = createRowDialog<SmsRecord>((record, close) => <ResendConfirm record={record} close={close} />);

/** Wraps an SMS list: the one resend dialog of its rows. */
export const ResendDialog = Provider;

/** A row's resend action: for a failed message, to an operator who may edit. */
export function ResendButton() {
  const record = useRecordContext<SmsRecord>();
  const resource = useResourceContext();
  const open = useOpen();
  const { canAccess } = useResourceAccess({ resource, action: 'edit' });
  if (!record || !canAccess || record.state !== 'failed') return null;
  return <RowIconButton label="sms.resend.action" icon={<ReplayIcon fontSize="small" />} onClick={() => open(record)} />;
}
