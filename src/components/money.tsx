import { useEffect, useRef, useState } from 'react';
import { InputHelperText, useInput, useResourceContext, useTranslate, type Validator } from 'react-admin';
import { TextField } from '@mui/material';
import { fenToYuan, formatYuan, yuanToFen } from '../../common/money';

/** A decimal typed by an operator: its text while it is being typed, checked by `decimalText`. */
const DECIMAL = (decimals: number) => new RegExp(`^-?\\d+(\\.\\d{0,${decimals}})?$`);

/**
 * Validates the text of a decimal input in the operator's language: a number with at most
 * `decimals` decimals (the browser's own validation bubble never shows: inputs are plain text).
 */
export const decimalText = (decimals: number, message = 'validation.decimals'): Validator => (value: unknown) => {
  if (value === null || value === undefined || value === '') return undefined;
  if (typeof value === 'number') return undefined;
  return DECIMAL(decimals).test(String(value).trim()) ? undefined : { message, args: { decimals } };
};

/** At most `maxFen`, said in yuan (the operator types yuan, the form holds fen). */
export const moneyMax = (maxFen: number): Validator => (value: unknown) =>
  typeof value === 'number' && value > maxFen ? { message: 'validation.moneyMax', args: { max: formatYuan(maxFen) } } : undefined;

interface DecimalInputProps {
  source: string;
  label?: string;
  helperText?: string;
  validate?: Validator | Validator[];
  defaultValue?: number;
  fullWidth?: boolean;
}

/**
 * A number typed as text (decimal keyboard, no browser validation bubble): the operator's text is
 * kept while typing; the form holds `fromText(text)` when it is valid, else the text itself, which
 * the validators refuse with a message in the operator's language.
 */
function TextNumberInput({ source, label, helperText, validate, defaultValue, fullWidth, toText, fromText, check }: DecimalInputProps & {
  toText: (value: number) => string;
  fromText: (text: string) => number | undefined;
  check: Validator;
}) {
  const translate = useTranslate();
  const resource = useResourceContext();
  const rules = [check, ...(Array.isArray(validate) ? validate : validate ? [validate] : [])];
  const { field, fieldState, isRequired } = useInput({ source, validate: rules, defaultValue });
  const shown = (value: unknown) => (typeof value === 'number' ? toText(value) : value === null || value === undefined ? '' : String(value));
  const [text, setText] = useState(() => shown(field.value));
  const focused = useRef(false);
  useEffect(() => {
    // A value set from outside (record loaded, form reset) shows unless the operator is typing.
    if (!focused.current) setText(shown(field.value));
  }, [field.value]); // eslint-disable-line react-hooks/exhaustive-deps
  const error = fieldState.error?.message;
  return (
    <TextField
      name={field.name} inputRef={field.ref} value={text} fullWidth={fullWidth} size="small" margin="dense"
      label={translate(label ?? `resources.${resource}.fields.${source}`, { _: label ?? source })}
      required={isRequired}
      onFocus={() => { focused.current = true; }}
      onBlur={() => { focused.current = false; field.onBlur(); if (typeof field.value === 'number') setText(toText(field.value)); }}
      onChange={(event) => {
        const next = event.target.value;
        setText(next);
        const value = next.trim() === '' ? null : fromText(next.trim());
        field.onChange(value === undefined ? next : value);
      }}
      error={!!error && fieldState.isTouched}
      helperText={<InputHelperText error={fieldState.isTouched ? error : undefined} helperText={helperText ?? ' '} />}
      slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off' } }}
    />
  );
}

/** A decimal quantity (m³, kWh) with at most `decimals` decimals, stored as a number. */
export function DecimalInput({ decimals = 2, ...props }: DecimalInputProps & { decimals?: number }) {
  return (
    <TextNumberInput
      {...props} check={decimalText(decimals)} toText={String}
      fromText={(text) => (DECIMAL(decimals).test(text) && !text.endsWith('.') ? Number(text) : undefined)}
    />
  );
}

/**
 * An amount in yuan on screen, stored in integer fen. More than two decimals, or text that is not
 * an amount, is refused with a message (never rounded silently).
 */
export function MoneyInput(props: DecimalInputProps) {
  return <TextNumberInput {...props} check={decimalText(2, 'validation.money')} toText={fenToYuan} fromText={(text) => yuanToFen(text) ?? undefined} />;
}
