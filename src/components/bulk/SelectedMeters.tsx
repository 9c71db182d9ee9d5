import type { Identifier, RaRecord } from 'react-admin';
import { useListContext, useTranslate } from 'react-admin';
import { Box, Chip, Typography } from '@mui/material';
import { useCountOf } from '../delete/DeleteWithImpact';
import { roomText } from '../../../common/formats';

/** A selected meter as the list shows it (electricMeter/findByCondition's fields the words need). */
interface SelectedMeter extends RaRecord {
  address?: string | null;
  projectName?: string | null;
  buildingName?: string | null;
  roomCode?: string | null;
}

/** How many selected meters are named one by one (the others are counted). */
export const SELECTED_SHOWN = 10;

/**
 * The scope of a remote write on the selected meters, in words: the count ("所选 1 块电表", the
 * `label` message with `count`) and each meter by its address and room, the first ten; the rest (and
 * selected meters of another page of the list, whose rows are not at hand) counted. A remote write
 * names what it acts on: these meters, not the list's filters.
 */
export function SelectedMeters({ ids, label }: { ids: Identifier[]; label: string }) {
  const translate = useTranslate();
  const countOf = useCountOf();
  const { data = [] } = useListContext<SelectedMeter>();
  const meters = ids.map((id) => data.find((record) => record.id === id)).filter((record): record is SelectedMeter => !!record);
  const shown = meters.slice(0, SELECTED_SHOWN);
  const rest = ids.length - shown.length;
  return (
    <Box data-testid="selected-meters">
      <Chip size="small" color="primary" label={translate(label, { count: countOf(ids.length) })} />
      {shown.length > 0 && (
        <Box component="ul" sx={{ m: 0, mt: 0.75, pl: 2.5, maxHeight: 180, overflow: 'auto' }}>
          {shown.map((meter) => (
            <Typography component="li" variant="body2" key={meter.id}>
              <Box component="span" sx={{ fontFamily: 'monospace' }}>{meter.address ?? `#${String(meter.id)}`}</Box>
              {roomText(meter) && <Box component="span" sx={{ color: 'text.secondary' }}>{` · ${roomText(meter)}`}</Box>}
            </Typography>
          ))}
        </Box>
      )}
      {rest > 0 && shown.length > 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>{translate('bulk.notListed', { count: countOf(rest) })}</Typography>
      )}
    </Box>
  );
}
