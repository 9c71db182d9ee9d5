import { useState } from 'react';
import { Confirm, useDataProvider, useNotify, useRecordContext, useResourceContext, useTranslate } from 'react-admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, GlobalStyles, IconButton, Tooltip, Typography } from '@mui/material';
import QrCode2Icon from '@mui/icons-material/QrCode2';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import PrintIcon from '@mui/icons-material/Print';
import AutorenewIcon from '@mui/icons-material/Autorenew';
import { roomText } from '../../../../common/formats';
import { createRowDialog } from '../../../components/list/RowDialog';
import { RowIconButton } from '../../../components/list/RowButtons';
import { useResourceAccess } from '../../../auth/useResourceAccess';
import type { MeteringDataProvider } from '../../../data/dataProvider';
import { copyText } from '../userJiaofei/ReprintReceipt';
import type { Room } from '../model';
import { PaySticker, printOnly } from './PaySticker';

const T = 'payments.payCode';
const PRINTED = 'pay-sticker-print';

/** A room's pay link as `payLink/findByRoom` (and, without `room`, `payLink/renew`) answer it. */
export interface PayLink { roomId: number; payCode: string; url: string; room?: string }

function PayCodeForm({ room, close }: { room: Room; close: () => void }) {
  const translate = useTranslate();
  const resource = useResourceContext()!;
  const dataProvider = useDataProvider() as MeteringDataProvider;
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { canAccess: canRenew } = useResourceAccess({ resource, action: 'edit' });
  const key = [resource, 'payLink', room.id];
  const { data: link, error } = useQuery({ queryKey: key, queryFn: () => dataProvider.invoke<PayLink>(resource, 'payLink', { roomId: room.id }), staleTime: 0 });
  const [confirming, setConfirming] = useState(false);
  const [renewing, setRenewing] = useState(false);
  const name = link?.room ?? roomText(room);
  const copy = async () => {
    if (link && await copyText(link.url)) notify(`${T}.copied`, { type: 'info' });
  };
  const renew = async () => {
    setRenewing(true);
    try {
      const renewed = await dataProvider.invoke<PayLink>(resource, 'renewPayLink', { roomId: room.id });
      queryClient.setQueryData<PayLink>(key, (old) => ({ ...old, ...renewed }));
      notify(`${T}.renewed`, { type: 'success' });
    } catch (failure) {
      notify(failure instanceof Error ? failure.message : 'ra.notification.http_error', { type: 'error' });
    } finally {
      setRenewing(false);
      setConfirming(false);
    }
  };
  return (
    <Dialog open onClose={close} maxWidth="xs" fullWidth aria-labelledby="pay-code-title">
      <GlobalStyles styles={printOnly(PRINTED, 'size: A6 portrait; margin: 10mm;')} />
      <DialogTitle id="pay-code-title">{translate(`${T}.title`, { room: name })}</DialogTitle>
      <DialogContent>
        {error && <Alert severity="error">{error.message}</Alert>}
        {link && (
          <>
            <Box id={PRINTED} sx={{ display: 'flex', justifyContent: 'center', mb: 2 }}><PaySticker room={name} url={link.url} /></Box>
            <Typography variant="caption" color="text.secondary">{translate(`${T}.link`)}</Typography>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
              <Typography variant="body2" data-testid="pay-link" sx={{ wordBreak: 'break-all', fontFamily: 'monospace', flex: 1 }}>{link.url}</Typography>
              <Tooltip title={translate(`${T}.copy`)}>
                <IconButton size="small" aria-label={translate(`${T}.copy`)} onClick={() => void copy()}><ContentCopyIcon fontSize="small" /></IconButton>
              </Tooltip>
            </Box>
          </>
        )}
        {!link && !error && <Typography variant="body2">{translate('app.loading')}</Typography>}
      </DialogContent>
      <DialogActions>
        {canRenew && <Button color="warning" startIcon={<AutorenewIcon />} disabled={!link || renewing} onClick={() => setConfirming(true)} sx={{ mr: 'auto' }}>{translate(`${T}.renew`)}</Button>}
        <Button onClick={close}>{translate('ra.action.close')}</Button>
        <Button variant="contained" startIcon={<PrintIcon />} disabled={!link} onClick={() => window.print()}>{translate(`${T}.print`)}</Button>
      </DialogActions>
      <Confirm
        isOpen={confirming} loading={renewing} title={`${T}.renewTitle`} translateOptions={{ room: name }} content={`${T}.renewContent`}
        confirm={`${T}.renew`} confirmColor="warning" onConfirm={() => void renew()} onClose={() => setConfirming(false)}
      />
    </Dialog>
  );
}

const { Provider, useOpen } = createRowDialog<Room>((room, close) => <PayCodeForm room={room} close={close} />);

/** Wraps the room list: the one pay code dialog of its rows. */
export const PayCodeDialogs = Provider;

/** A room's "pay code" action: its QR code, link, sticker and renewal. */
export function PayCodeButton() {
  const record = useRecordContext<Room>();
  const open = useOpen();
  if (!record) return null;
  return <RowIconButton label={`${T}.action`} icon={<QrCode2Icon fontSize="small" />} onClick={() => open(record)} />;
}
