import { useEffect, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { Box, Checkbox, DialogContentText, FormControlLabel, TextField } from '@mui/material';
import { useCountOf } from '../delete/DeleteWithImpact';
import { LEFT_OUT_REASONS, noneLeftOut, supplyEffectOf, type SupplyPreview } from '../../../common/supply';

/**
 * What a device action's dry run says before it is confirmed (issue 40, common/supply.ts): how many
 * devices get a command, how many are left out and why (already in the target state, the keep-supply
 * lock, in arrears), and for a restore how many are in arrears, left out unless the operator opts in
 * with a reason (the server writes it to the operation log). Used by every device action's
 * confirmation: ScopedActionDialog (the list's filters) and the dialogs of chosen rows.
 */

/** A dry run's answer: a bare count (an action without the supply rule), or the supply preview. */
export type PreviewAnswer = number | (Partial<SupplyPreview> & { count: number });

export const previewOf = (answer: PreviewAnswer): SupplyPreview => (typeof answer === 'number'
  ? { count: answer, leftOut: noneLeftOut(), inArrears: 0 }
  : { count: answer.count, leftOut: { ...noneLeftOut(), ...answer.leftOut }, inArrears: answer.inArrears ?? 0 });

/** The shortest reason the server takes (`overrideReason`). */
const REASON_MIN = 2;

/**
 * The opt-in of a restore to devices in arrears: whether it is chosen, the reason, whether the
 * action may go (a reason when chosen), and what the call carries (`includeArrears`, `overrideReason`).
 * Forgotten when the action changes.
 */
export function useArrearsOptIn(type: string | undefined) {
  const [include, setInclude] = useState(false);
  const [reason, setReason] = useState('');
  const restore = type !== undefined && supplyEffectOf(type) === 'restore';
  useEffect(() => {
    setInclude(false);
    setReason('');
  }, [type]);
  const chosen = restore && include;
  return {
    include: chosen, setInclude, reason, setReason,
    satisfied: !chosen || reason.trim().length >= REASON_MIN,
    /** The dry run's options (the count with or without the devices in arrears). */
    previewOptions: chosen ? { includeArrears: true } : {},
    /** The command's fields. */
    extra: chosen ? { includeArrears: true, overrideReason: reason.trim() } : {},
  };
}
export type ArrearsOptIn = ReturnType<typeof useArrearsOptIn>;

/**
 * A dry run, asked again when `key` changes (the scope, the action, the opt-in) or `recount` is
 * called (after a refused confirmation: the scope may have changed). A failed dry run is shown and
 * closes the dialog (`onFail`).
 */
export function useSupplyPreview(open: boolean, key: string, fetch: () => Promise<PreviewAnswer>, onFail: () => void) {
  const notify = useNotify();
  const [preview, setPreview] = useState<SupplyPreview | null>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!open) return;
    let current = true;
    setPreview(null);
    fetch()
      .then((answer) => { if (current) setPreview(previewOf(answer)); })
      .catch((error: Error) => { if (current) { notify(error.message, { type: 'error' }); onFail(); } });
    return () => { current = false; };
  }, [open, key, attempt]); // eslint-disable-line react-hooks/exhaustive-deps
  return { preview, recount: () => setAttempt((n) => n + 1) };
}

/** What a dialog says when no device gets the command: none matched, or every one is left out (LeftOutNote says why). */
export const nothingKey = (preview: SupplyPreview) => (LEFT_OUT_REASONS.some((reason) => preview.leftOut[reason] > 0) ? 'bulk.allLeftOut' : 'bulk.nothing');

/** "Left out: 36 already off; 2 with the keep-supply lock on." (nothing when none is left out). */
export function LeftOutNote({ type, preview }: { type: string; preview: SupplyPreview }) {
  const translate = useTranslate();
  const countOf = useCountOf();
  const reasons = LEFT_OUT_REASONS.filter((reason) => preview.leftOut[reason] > 0).map((reason) => translate(`bulk.leftOutReasons.${reason}`, {
    count: countOf(preview.leftOut[reason]), state: translate(`bulk.states.${type}`, { _: type }),
  }));
  if (!reasons.length) return null;
  return <DialogContentText data-testid="left-out" sx={{ mt: 1 }}>{translate('bulk.leftOut', { reasons: reasons.join(translate('bulk.leftOutJoin')) })}</DialogContentText>;
}

/**
 * A restore's devices in arrears: how many, the choice to restore them too, and the reason then
 * asked for (nothing for another action, or when none is in arrears).
 */
export function ArrearsOptInField({ type, preview, optIn }: { type: string; preview: SupplyPreview; optIn: ArrearsOptIn }) {
  const translate = useTranslate();
  const countOf = useCountOf();
  if (supplyEffectOf(type) !== 'restore' || preview.inArrears === 0) return null;
  const count = countOf(preview.inArrears);
  const missing = optIn.include && !optIn.satisfied;
  return (
    <Box sx={{ mt: 1.5 }} data-testid="arrears">
      <DialogContentText color="warning.main">{translate('bulk.arrears.note', { count })}</DialogContentText>
      <FormControlLabel
        control={<Checkbox checked={optIn.include} onChange={(event) => optIn.setInclude(event.target.checked)} />}
        label={translate('bulk.arrears.include', { count })}
      />
      {optIn.include && (
        <TextField
          fullWidth size="small" required value={optIn.reason} onChange={(event) => optIn.setReason(event.target.value)}
          label={translate('bulk.arrears.reason')} error={missing && optIn.reason !== ''}
          helperText={missing && optIn.reason !== '' ? translate('bulk.arrears.reasonMissing') : translate('bulk.arrears.reasonHelp')}
          slotProps={{ htmlInput: { maxLength: 200 } }}
        />
      )}
    </Box>
  );
}
