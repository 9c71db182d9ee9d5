import { useTranslate } from 'react-admin';
import { Button, DialogActions, TextField } from '@mui/material';

/**
 * The parts every row confirmation of the list kit shares (void an order, delete a reading, resend a
 * message, restore a deleted reading): the required reason and the two buttons.
 */

interface ReasonFieldProps {
  /** Message keys `<prefix>.reason`, `<prefix>.reasonHelp` and `<prefix>.reasonRequired`. */
  prefix: string;
  value: string;
  onChange: (value: string) => void;
  /** The operator has left the field or tried to confirm: an empty reason is then said to be missing. */
  touched: boolean;
  onTouched: () => void;
  autoFocus?: boolean;
}

/** The required reason of a confirmation (at most 200 characters), its help or its "required" message. */
export function ReasonField({ prefix, value, onChange, touched, onTouched, autoFocus }: ReasonFieldProps) {
  const translate = useTranslate();
  const missing = touched && !value.trim();
  return (
    <TextField
      autoFocus={autoFocus} fullWidth required size="small" margin="normal" label={translate(`${prefix}.reason`)} value={value}
      onChange={(event) => onChange(event.target.value)} onBlur={onTouched}
      error={missing} helperText={translate(missing ? `${prefix}.reasonRequired` : `${prefix}.reasonHelp`)}
      slotProps={{ htmlInput: { maxLength: 200 } }}
    />
  );
}

/** Cancel and the confirmation (a message key), both off while the call runs. */
export function ConfirmButtons({ busy, onCancel, onConfirm, confirmLabel, danger = false }: {
  busy: boolean; onCancel: () => void; onConfirm: () => void; confirmLabel: string; danger?: boolean;
}) {
  const translate = useTranslate();
  return (
    <DialogActions>
      <Button onClick={onCancel} disabled={busy}>{translate('ra.action.cancel')}</Button>
      <Button onClick={onConfirm} disabled={busy} color={danger ? 'error' : 'primary'} variant="contained">{translate(confirmLabel)}</Button>
    </DialogActions>
  );
}
