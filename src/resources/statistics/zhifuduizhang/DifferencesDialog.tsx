import { useDataProvider, useTranslate } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import {
  Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Table, TableBody, TableCell, TableHead, TableRow, Typography,
} from '@mui/material';
import { formatYuan } from '../../../../common/money';
import { moneyText } from '../../../../common/formats';
import { StateChip } from '../../../components/list/columns';
import { useFormatDateTime } from '../../../components/dateTime';
import type { MeteringDataProvider } from '../../../data/dataProvider';
import { DIFFERENCE_KIND, LINE, PROVIDER, RECON_STATUS, RESOLUTION, causeText, itemActions, itemAmount, type Reconciliation, type ReconciliationItem } from './model';
import { ResolveButtons } from './ResolveDialog';

const T = 'payments.differences';

/** The differences of a reconciled day, read afresh after each decision (react-admin's refresh). */
export function useDifferences(reconciliationId: number) {
  const dataProvider = useDataProvider() as MeteringDataProvider;
  return useQuery({
    queryKey: ['zhifuduizhang', 'items', reconciliationId],
    queryFn: () => dataProvider.invoke<ReconciliationItem[]>('zhifuduizhang', 'items', { reconciliationId }),
  });
}

function DecisionCell({ item }: { item: ReconciliationItem }) {
  const translate = useTranslate();
  const format = useFormatDateTime();
  return (
    <>
      <StateChip style={RESOLUTION[item.resolution ?? 'open']} value={item.resolution ?? 'open'} />
      {item.resolution && (
        <Typography variant="caption" component="div" color="text.secondary" sx={{ whiteSpace: 'normal', maxWidth: 220 }}>
          {[format(item.resolvedAt), item.resolutionNote].filter(Boolean).join(' · ') || translate('app.none')}
        </Typography>
      )}
    </>
  );
}

/**
 * A reconciled day's differences: what differs (kind, payment or refund line), the order, the
 * provider's transaction, the three amounts (provider, platform, ledger), the cause in words and
 * what was decided; an open difference offers its decisions (credit, refund, accept with a note).
 */
export function DifferencesDialog({ reconciliation, close }: { reconciliation: Reconciliation; close: () => void }) {
  const translate = useTranslate();
  const { data: items, isPending, error } = useDifferences(Number(reconciliation.id));
  const provider = translate(PROVIDER[reconciliation.provider]?.label ?? reconciliation.provider);
  const head = (key: string, numeric = false) => <TableCell align={numeric ? 'right' : undefined}>{translate(`${T}.${key}`)}</TableCell>;
  const money = (fen: number | null) => <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>{moneyText(fen)}</TableCell>;
  return (
    <Dialog open onClose={close} maxWidth="xl" fullWidth aria-labelledby="differences-title">
      <DialogTitle id="differences-title" sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        {translate(`${T}.title`, { provider, date: reconciliation.billDate })}
        <StateChip style={RECON_STATUS[reconciliation.status]} value={reconciliation.status} />
      </DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1, fontVariantNumeric: 'tabular-nums' }} data-testid="differences-totals">
          {translate(`${T}.totals`, { provider: formatYuan(reconciliation.providerFen), platform: formatYuan(reconciliation.platformFen), ledger: formatYuan(reconciliation.ledgerFen) })}
        </Typography>
        {reconciliation.status === 'failed' && <Alert severity="error">{translate(`${T}.failed`, { error: reconciliation.error ?? '' })}</Alert>}
        {error && <Alert severity="error">{error.message}</Alert>}
        {isPending && <Typography variant="body2">{translate('app.loading')}</Typography>}
        {items && !items.length && reconciliation.status !== 'failed' && <Alert severity="success">{translate(`${T}.none`)}</Alert>}
        {!!items?.length && (
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label={translate(`${T}.table`)} sx={{ '& th, & td': { px: 0.75, whiteSpace: 'nowrap' } }}>
              <TableHead>
                <TableRow>
                  {head('kind')}{head('line')}{head('orderNo')}{head('transactionId')}
                  {head('providerFen', true)}{head('platformFen', true)}{head('ledgerFen', true)}
                  {head('cause')}{head('resolution')}<TableCell>{translate('app.actions')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {items.map((item) => (
                  <TableRow key={item.id} data-item={item.id}>
                    <TableCell><StateChip style={DIFFERENCE_KIND[item.kind]} value={item.kind} /></TableCell>
                    <TableCell><StateChip style={LINE[item.line]} value={item.line} /></TableCell>
                    <TableCell>{item.orderNo}{item.refundNo && <Typography variant="caption" component="div" color="text.secondary">{item.refundNo}</Typography>}</TableCell>
                    <TableCell>{item.transactionId ?? ''}</TableCell>
                    {money(item.providerFen)}{money(item.platformFen)}{money(item.ledgerFen)}
                    <TableCell sx={{ whiteSpace: 'normal !important', minWidth: 200 }}>{causeText(item.cause, translate)}</TableCell>
                    <TableCell><DecisionCell item={item} /></TableCell>
                    <TableCell>
                      <Box sx={{ display: 'flex', gap: 0.25 }}>
                        <ResolveButtons actions={itemActions(item)} decision={{ itemId: item.id, orderNo: item.orderNo, amountFen: itemAmount(item) }} />
                      </Box>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{translate('ra.action.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
