import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { TextField } from '@mui/material';
import { useServerSettings } from '../../auth/serverSettings';
import { needsConfirmedCount, supplyEffectOf } from '../../../common/supply';

/**
 * A supply action (common/supply.ts: a cut, a restore, a keep-supply change) on more devices than the
 * server's mass threshold (MASS_CONFIRM_ABOVE, read from sysUser/currentUser) is confirmed by typing
 * the count the dialog states, as a deletion is confirmed by typing the record's name: one click must
 * not switch a whole estate. The server asks for the same count (`expectedCount`).
 */
export const needsTypedCount = (type: string | undefined, count: number | null, above: number) =>
  type !== undefined && count !== null && needsConfirmedCount(type, count, above);

/** The typed count's label per supply effect (bulk.typeCount: a cut). */
const LABEL = { cut: 'bulk.typeCount', restore: 'bulk.typeCountRestore', lock: 'bulk.typeCountLock' } as const;

/**
 * The typed confirmation of a mass supply action of command `type` (undefined: an action that
 * leaves supply alone): the field to render (null when none is needed) and whether the action may
 * go. What was typed is forgotten when the count or the action changes.
 */
export function useTypedCount(type: string | undefined, count: number | null) {
  const translate = useTranslate();
  const { massConfirmAbove } = useServerSettings();
  const [typed, setTyped] = useState('');
  const needed = needsTypedCount(type, count, massConfirmAbove);
  const effect = type === undefined ? undefined : supplyEffectOf(type);
  useEffect(() => setTyped(''), [needed, count, type]);
  const satisfied = !needed || typed.trim() === String(count);
  const field = needed && effect ? (
    <TextField
      autoFocus fullWidth size="small" value={typed} onChange={(event) => setTyped(event.target.value)}
      label={translate(LABEL[effect], { count: count! })}
      helperText={translate('bulk.typeCountHint', { above: massConfirmAbove })}
      error={typed.trim() !== '' && !satisfied}
      slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off', 'data-testid': 'typed-count' } }}
      sx={{ mt: 2 }}
    />
  ) : null;
  return { field, satisfied };
}
