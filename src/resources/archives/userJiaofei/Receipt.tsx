import { useState } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import {
  Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, GlobalStyles, ToggleButton, ToggleButtonGroup, Typography,
} from '@mui/material';
import PrintIcon from '@mui/icons-material/Print';
import { amountInWords, formatYuan } from '../../../../common/money';
import { useFormatDateTime } from '../../../components/dateTime';
import { usePaymentCalls, type Order } from './model';
import { ORDER_STATUS } from '../../../../common/states';

const T = 'resources.userJiaofei';
export type PaperSize = 'a5' | 'thermal80';

/** The page of each paper: A5 sheet, or 80 mm thermal roll (72 mm printable, any length). */
const PAGE: Record<PaperSize, { page: string; width: string; font: string }> = {
  a5: { page: 'size: A5 portrait; margin: 12mm;', width: '124mm', font: '12pt' },
  thermal80: { page: 'size: 80mm auto; margin: 3mm 4mm;', width: '72mm', font: '9pt' },
};

/**
 * Print CSS: only the receipt prints (the console and the dialog around it are hidden), on the
 * chosen paper. `visibility` rather than `display`, because the receipt sits inside the dialog.
 */
const printStyles = (size: PaperSize) => `
@media print {
  @page { ${PAGE[size].page} }
  body > *:not(.MuiDialog-root) { display: none !important; }
  body * { visibility: hidden !important; }
  #payment-receipt, #payment-receipt * { visibility: visible !important; }
  #payment-receipt { position: fixed; left: 0; top: 0; width: ${PAGE[size].width}; font-size: ${PAGE[size].font}; color: #000; background: #fff; box-shadow: none; border: 0; padding: 0; }
}`;

/**
 * The receipt itself: what the tenant takes away — headed by the operating company (RECEIPT_*
 * settings of the server) with its seal, the room, the meter and its unit price, the amount in
 * figures and in words of the receipt's language, and the operator as that language writes them.
 * Printed again (`reprintedAt`), the same receipt says so in its title and with the time of the
 * reprint; a void order's receipt says the order is void.
 */
export function Receipt({ order, size, reprintedAt }: { order: Order; size: PaperSize; reprintedAt?: Date | null }) {
  const translate = useTranslate();
  const format = useFormatDateTime();
  const [locale] = useLocaleState();
  const calls = usePaymentCalls();
  const { data: issuer } = useQuery({ queryKey: ['userJiaofei', 'receiptIssuer'], queryFn: calls.receiptIssuer, staleTime: Infinity });
  const chinese = locale === 'zh-chs' || locale === 'zh-cht';
  const room = [order.projectName, order.buildingName, order.roomCode].filter(Boolean).join(' ');
  const unit = order.utility === 'water' ? 'm³' : 'kWh';
  const price = order.unitPriceFen !== null && order.unitPriceFen !== undefined
    ? `${formatYuan(order.unitPriceFen)}/${unit}`
    : order.priceTableName ?? null;
  const lines: [string, string][] = [
    [`${T}.receipt.orderId`, order.orderId],
    [`${T}.receipt.room`, room],
    [`${T}.receipt.tenant`, order.tenantName ? `${order.tenantName}${order.tenantPhone ? ` ${order.tenantPhone}` : ''}` : translate('app.none')],
    [`${T}.receipt.utility`, translate(`${T}.utility.${order.utility}`)],
    ...(order.meterAddress ? [[`${T}.receipt.meter`, order.meterAddress] as [string, string]] : []),
    ...(price ? [[`${T}.receipt.unitPrice`, price] as [string, string]] : []),
    [`${T}.receipt.amount`, formatYuan(order.amountFen)],
    [`${T}.receipt.capital`, amountInWords(order.amountFen, locale)],
    [`${T}.receipt.channel`, translate(`${T}.channels.${order.channel}`, { _: order.channel })],
    [`${T}.receipt.balanceAfter`, order.balanceAfterFen === null ? translate('app.none') : formatYuan(order.balanceAfterFen)],
    [`${T}.receipt.operator`, (chinese ? order.operatorName : order.operatorAccount ?? order.operatorName) ?? translate('app.none')],
    [`${T}.receipt.time`, format(order.createdAt)],
    ...(order.remark ? [[`${T}.receipt.remark`, order.remark] as [string, string]] : []),
    ...(reprintedAt ? [[`${T}.receipt.reprintedAt`, format(reprintedAt)] as [string, string]] : []),
  ];
  return (
    <Box id="payment-receipt" data-size={size} data-reprint={reprintedAt ? 'true' : undefined}
      sx={{ width: size === 'a5' ? 420 : 280, mx: 'auto', p: 2, border: 1, borderColor: 'divider', bgcolor: 'background.paper', fontSize: size === 'a5' ? 14 : 12 }}>
      <Typography sx={{ textAlign: 'center', fontWeight: 700, fontSize: '1.2em' }}>{issuer?.company ?? translate('app.name')}</Typography>
      {(issuer?.address || issuer?.phone) && (
        <Typography sx={{ textAlign: 'center', fontSize: '0.85em' }}>{[issuer.address, issuer.phone].filter(Boolean).join('  ')}</Typography>
      )}
      <Typography sx={{ textAlign: 'center', mb: 1, fontSize: '1em', fontWeight: reprintedAt ? 700 : undefined }}>{translate(reprintedAt ? `${T}.receipt.reprintTitle` : `${T}.receipt.title`)}</Typography>
      {order.orderStatus === ORDER_STATUS.void && (
        <Typography data-testid="receipt-void" sx={{ textAlign: 'center', mb: 1, fontWeight: 700, border: '2px solid', py: 0.25 }}>{translate(`${T}.receipt.voided`)}</Typography>
      )}
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1, rowGap: 0.25, m: 0, borderTop: '1px dashed', borderBottom: '1px dashed', py: 1, '& dt': { whiteSpace: 'nowrap' }, '& dd': { m: 0, wordBreak: 'break-all', fontVariantNumeric: 'tabular-nums' } }}>
        {lines.map(([label, value]) => [<dt key={`${label}-t`}>{translate(label)}</dt>, <dd key={`${label}-d`}>{value}</dd>])}
      </Box>
      {issuer?.sealUrl && (
        <Box component="img" src={issuer.sealUrl} alt={translate(`${T}.receipt.seal`)} sx={{ display: 'block', ml: 'auto', mt: 1, width: '30%', maxWidth: 120, opacity: 0.85 }} />
      )}
      <Typography sx={{ textAlign: 'center', mt: 1, fontSize: '0.9em' }}>{translate(`${T}.receipt.thanks`)}</Typography>
    </Box>
  );
}

/** The receipt on screen, the paper choice (A5 / 80 mm thermal) and the print button. */
export function ReceiptDialog({ order, onClose, reprintedAt }: { order: Order | null; onClose: () => void; reprintedAt?: Date | null }) {
  const translate = useTranslate();
  const [size, setSize] = useState<PaperSize>(() => (localStorage.getItem('userJiaofei.paper') as PaperSize | null) ?? 'thermal80');
  const choose = (value: PaperSize | null) => {
    if (!value) return;
    setSize(value);
    localStorage.setItem('userJiaofei.paper', value);
  };
  if (!order) return null;
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth>
      <GlobalStyles styles={printStyles(size)} />
      <DialogTitle>{translate(`${T}.receipt.dialogTitle`)}{reprintedAt ? ` · ${translate(`${T}.receipt.reprint`)}` : ''}</DialogTitle>
      <DialogContent>
        <ToggleButtonGroup exclusive size="small" value={size} onChange={(_, value: PaperSize | null) => choose(value)} aria-label={translate(`${T}.receipt.paper`)} sx={{ mb: 2 }}>
          <ToggleButton value="thermal80">{translate(`${T}.receipt.thermal80`)}</ToggleButton>
          <ToggleButton value="a5">{translate(`${T}.receipt.a5`)}</ToggleButton>
        </ToggleButtonGroup>
        <Receipt order={order} size={size} reprintedAt={reprintedAt} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.close')}</Button>
        <Button variant="contained" startIcon={<PrintIcon />} onClick={() => window.print()} autoFocus>{translate(`${T}.receipt.print`)}</Button>
      </DialogActions>
    </Dialog>
  );
}
