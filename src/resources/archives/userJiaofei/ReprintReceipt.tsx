import { useEffect, useState } from 'react';
import { useNotify, useRecordContext, useTranslate, type Identifier, type RaRecord } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { IconButton, Tooltip } from '@mui/material';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { RowIconButton } from '../../../components/list/RowButtons';
import { createRowDialog } from '../../../components/list/RowDialog';
import { ReceiptDialog } from './Receipt';
import { usePaymentCalls } from './model';

const T = 'resources.userJiaofei';

/**
 * The receipt of an order printed again, from wherever the order is listed (the payment screen's
 * ledger, the order lists, the room billing details): the order as account/findReceipt answers it —
 * the very answer the recharge gave, so the same receipt — marked as a reprint with the time of it.
 */
export function ReprintDialog({ orderId, onClose }: { orderId: string; onClose: () => void }) {
  const calls = usePaymentCalls();
  const notify = useNotify();
  const [reprintedAt] = useState(() => new Date());
  const { data: order, error } = useQuery({ queryKey: ['userJiaofei', 'receipt', orderId], queryFn: () => calls.receipt(orderId), staleTime: 0, retry: false });
  useEffect(() => {
    if (!error) return;
    notify(error.message, { type: 'error' });
    onClose();
  }, [error, notify, onClose]);
  return order ? <ReceiptDialog order={order} reprintedAt={reprintedAt} onClose={onClose} /> : null;
}

/** A button that prints an order's receipt again (the payment screen's ledger lines). */
export function ReprintButton({ orderId }: { orderId: string }) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const label = translate(`${T}.receipt.reprintAction`);
  return (
    <>
      <Tooltip title={label}>
        <IconButton size="small" aria-label={`${label} ${orderId}`} onClick={() => setOpen(true)}><ReceiptLongIcon fontSize="inherit" /></IconButton>
      </Tooltip>
      {open && <ReprintDialog orderId={orderId} onClose={() => setOpen(false)} />}
    </>
  );
}

/**
 * Copies a text (an order number) to the clipboard: the Clipboard API where the page may use it
 * (a secure context), else the selection and `copy` (a console served over plain HTTP on the LAN).
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch { /* fall back to the selection */ }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    return document.execCommand?.('copy') ?? false;
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

/** A button that copies an order number (the number itself stays selectable text beside it). */
export function CopyOrderIdButton({ orderId }: { orderId: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const label = translate(`${T}.ledger.copy`);
  const copy = async () => {
    if (await copyText(orderId)) notify(`${T}.ledger.copied`, { type: 'info', messageArgs: { orderId } });
  };
  return (
    <Tooltip title={label}>
      <IconButton size="small" aria-label={`${label} ${orderId}`} onClick={() => void copy()}><ContentCopyIcon fontSize="inherit" /></IconButton>
    </Tooltip>
  );
}

const rowDialog = createRowDialog<{ id: Identifier; orderId: string }>((row, close) => <ReprintDialog orderId={row.orderId} onClose={close} />);

/** Wraps a list whose rows print their order's receipt again: the one reprint dialog of its rows. */
export const ReprintRowDialogs = rowDialog.Provider;

/** A list row's reprint action, for a row with an order (`orderIdOf` the row: none, no button). */
export function ReprintRowButton<R extends RaRecord>({ orderIdOf }: { orderIdOf: (record: R) => string | null | undefined }) {
  const record = useRecordContext<R>();
  const open = rowDialog.useOpen();
  const orderId = record ? orderIdOf(record) : null;
  if (!record || !orderId) return null;
  return <RowIconButton label={`${T}.receipt.reprintAction`} icon={<ReceiptLongIcon fontSize="small" />} onClick={() => open({ id: record.id, orderId })} />;
}
