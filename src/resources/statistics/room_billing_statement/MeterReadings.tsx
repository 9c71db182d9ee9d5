import { useListContext, useTranslate } from 'react-admin';
import { Typography } from '@mui/material';
import { quantityText } from '../../../../common/formats';
import { NUMBER_CELL } from '../../../components/list/columns';
import type { MeterLine } from '../../../../common/meterLines';
import type { RoomStatement } from './model';

const replaced = (record: RoomStatement) => (record.meterLines?.length ?? 0) > 1;
/** A meter as a line names it: its address's last four digits. */
const tail = (line: MeterLine) => (line.address ? `…${line.address.slice(-4)}` : `#${line.meterId}`);

/**
 * A statement's opening or closing reading. In a month whose meter was replaced (two or more lines:
 * common/meterLines.ts) one per meter, each after its meter's address's last digits, saying on hover
 * (and to a screen reader) the meter's whole line: address, opening → closing, usage.
 */
export function MeterReadings({ record, field }: { record: RoomStatement; field: 'openingReading' | 'closingReading' }) {
  const translate = useTranslate();
  if (!replaced(record)) return <span className={NUMBER_CELL}>{quantityText(record[field])}</span>;
  return (
    <span className={NUMBER_CELL} data-testid="meter-lines" style={{ display: 'inline-flex', flexDirection: 'column', alignItems: 'flex-end' }}>
      {record.meterLines!.map((line, i) => {
        const title = translate('stats.statement.meterLine', {
          address: line.address ?? `#${line.meterId}`, opening: quantityText(line.openingReading), closing: quantityText(line.closingReading) || '—', usage: quantityText(line.usage),
        });
        return (
          <span key={i} title={title} aria-label={title} style={{ whiteSpace: 'nowrap', cursor: 'help' }}>
            <Typography component="span" variant="caption" color="text.secondary">{tail(line)}</Typography> {quantityText(line[field]) || '—'}
          </span>
        );
      })}
    </span>
  );
}

/** Under the totals: what two readings in one cell mean, when the page has a statement of a replaced meter. */
export function MeterLinesLegend() {
  const translate = useTranslate();
  const { data } = useListContext<RoomStatement>();
  if (!data?.some(replaced)) return null;
  return (
    <Typography variant="caption" color="text.secondary" component="p" data-testid="meter-lines-legend" sx={{ px: 2, mt: -0.5, mb: 1 }}>
      {translate('stats.statement.meterLinesLegend')}
    </Typography>
  );
}
