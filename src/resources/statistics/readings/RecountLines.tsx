import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { quantityText } from '../../../../common/formats';
import { formatYuan } from '../../../../common/money';
import type { RecountRecord } from '../../../../common/readingRecount';
import { readingTime } from './model';

const T = 'stats.readings.recount';

/** Signed yuan: +¥12.00 credits the account, -¥12.00 debits it (the sign before the currency, as formatYuan writes it). */
export const signedMoney = (fen: number) => `${fen > 0 ? '+' : ''}${formatYuan(fen)}`;

/**
 * What refunding a reading's charge recounts (server/domain/readingRecount.ts): each reading after it
 * whose usage changes, usage and charge before → after; the free allowance given back; and the net
 * of every posting to the account. In the delete dialog (before confirming) and the deleted readings.
 */
export function RecountLines({ recount, unit, refundFen }: { recount: RecountRecord; unit: string; refundFen: number }) {
  const translate = useTranslate();
  return (
    <Box data-testid="recount-lines" sx={{ pl: 4, pr: 1, pb: 1 }}>
      <Typography variant="body2" color="text.secondary">{translate(recount.changes.length ? `${T}.explain` : `${T}.none`)}</Typography>
      {recount.changes.map((change) => (
        <Box key={change.id} sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1.5, py: 0.25, fontVariantNumeric: 'tabular-nums' }}>
          <Typography variant="body2" color="text.secondary">{readingTime(change.readAt)}</Typography>
          <Typography variant="body2" sx={{ textAlign: 'right' }}>
            {translate(`${T}.line`, {
              usedBefore: quantityText(change.consumption[0]), usedAfter: quantityText(change.consumption[1]), unit,
              costBefore: formatYuan(change.costFen[0]), costAfter: formatYuan(change.costFen[1]),
            })}
          </Typography>
        </Box>
      ))}
      {recount.freeReturned > 0 && <Typography variant="body2">{translate(`${T}.free`, { amount: quantityText(recount.freeReturned), unit })}</Typography>}
      <Typography variant="body2" sx={{ fontWeight: 600, mt: 0.5 }}>
        {translate(`${T}.net`, { refund: formatYuan(refundFen), net: signedMoney(recount.postedFen) })}
      </Typography>
    </Box>
  );
}

/** One line for a list cell: how many readings the deletion recounted and the net to the account. */
export function RecountCell({ recount }: { recount: RecountRecord | null | undefined }) {
  const translate = useTranslate();
  if (!recount) return null;
  return <span>{translate(`${T}.cell`, { smart_count: recount.changes.length, net: signedMoney(recount.postedFen) })}</span>;
}
