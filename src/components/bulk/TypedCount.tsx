import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { TextField } from '@mui/material';
import { MASS_CUT_CONFIRM_ABOVE } from '../../config';

/**
 * A supply cut (trip, valve close) on more than MASS_CUT_CONFIRM_ABOVE devices is confirmed by typing
 * the count the dialog states, as a deletion is confirmed by typing the record's name: one click must
 * not cut a whole estate.
 */
export const needsTypedCount = (cutsSupply: boolean, count: number | null) => cutsSupply && count !== null && count > MASS_CUT_CONFIRM_ABOVE;

/**
 * The typed confirmation of a mass cut: the field to render (null when none is needed) and whether
 * the action may go. What was typed is forgotten when the count or the action changes.
 */
export function useTypedCount(cutsSupply: boolean, count: number | null) {
  const translate = useTranslate();
  const [typed, setTyped] = useState('');
  const needed = needsTypedCount(cutsSupply, count);
  useEffect(() => setTyped(''), [needed, count]);
  const satisfied = !needed || typed.trim() === String(count);
  const field = needed ? (
    <TextField
      autoFocus fullWidth size="small" value={typed} onChange={(event) => setTyped(event.target.value)}
      label={translate('bulk.typeCount', { count: count! })}
      helperText={translate('bulk.typeCountHint', { above: MASS_CUT_CONFIRM_ABOVE })}
      error={typed.trim() !== '' && !satisfied}
      slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off', 'data-testid': 'typed-count' } }}
      sx={{ mt: 2 }}
    />
  ) : null;
  return { field, satisfied };
}
