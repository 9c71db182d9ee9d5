import { useEffect, useRef, useState } from 'react';
import { InputHelperText, useInput, useResourceContext, useTranslate, type Validator } from 'react-admin';
import { TextField } from '@mui/material';

/** Integer fen → yuan text with two decimals (money is never floating point on the way in). */
export const fenToYuan = (fen: number | null | undefined) =>
  fen === null || fen === undefined ? '' : `${fen < 0 ? '-' : ''}${Math.floor(Math.abs(fen) / 100)}.${String(Math.abs(fen) % 100).padStart(2, '0')}`;

/**
 * Yuan typed by an operator → integer fen, exactly (no floating point): null for an empty entry,
 * undefined for text that is not an amount of at most two decimals.
 */
export const yuanToFen = (yuan: string | number | null | undefined): number | null | undefined => {
  if (yuan === null || yuan === undefined) return null;
  const text = String(yuan).trim();
  if (text === '') return null;
  const match = /^(-?)(\d{1,9})(?:\.(\d{0,2}))?$/.exec(text);
  if (!match) return undefined;
  const fen = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  return match[1] ? -fen : fen;
};

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
  typeof value === 'number' && value > maxFen ? { message: 'validation.moneyMax', args: { max: fenToYuan(maxFen) } } : undefined;

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

const CAPITAL_DIGITS = '零壹贰叁肆伍陆柒捌玖';
const CAPITAL_UNITS = ['', '拾', '佰', '仟'];
const CAPITAL_GROUPS = ['', '万', '亿', '万亿'];

/** 1…9999 in capital digits, zeros inside read once (壹仟零壹). */
function capitalGroup(value: number): string {
  let text = '';
  let zero = false;
  for (let place = 3; place >= 0; place--) {
    const digit = Math.floor(value / 10 ** place) % 10;
    if (digit === 0) {
      if (text) zero = true;
      continue;
    }
    if (zero) text += '零';
    zero = false;
    text += CAPITAL_DIGITS[digit] + CAPITAL_UNITS[place];
  }
  return text;
}

/**
 * Integer fen → the Chinese capital amount of receipts and vouchers (大写金额):
 * 1234560 → 壹万贰仟叁佰肆拾伍元陆角整, 105 → 壹元零伍分, 0 → 零元整. Integer arithmetic only.
 */
export function rmbCapital(fen: number): string {
  if (!Number.isSafeInteger(fen)) return '';
  const sign = fen < 0 ? '负' : '';
  const abs = Math.abs(fen);
  const yuan = Math.floor(abs / 100);
  const jiao = Math.floor(abs / 10) % 10;
  const cent = abs % 10;
  if (abs === 0) return '零元整';
  let text = '';
  if (yuan > 0) {
    const groups: number[] = [];
    for (let rest = yuan; rest > 0; rest = Math.floor(rest / 10_000)) groups.push(rest % 10_000);
    let gap = false;
    for (let g = groups.length - 1; g >= 0; g--) {
      if (groups[g] === 0) {
        gap = text !== '';
        continue;
      }
      if (text && (gap || groups[g] < 1000)) text += '零';
      gap = false;
      text += capitalGroup(groups[g]) + CAPITAL_GROUPS[g];
    }
    text += '元';
  }
  if (jiao === 0 && cent === 0) return `${sign}${text}整`;
  if (jiao > 0) text += `${CAPITAL_DIGITS[jiao]}角`;
  else if (yuan > 0) text += '零';
  return `${sign}${text}${cent > 0 ? `${CAPITAL_DIGITS[cent]}分` : '整'}`;
}

/** Integer fen as a price on screen and on receipts: ¥12.30, −¥7.00 (the sign before the currency). */
export const formatYuan = (fen: number) => (fen < 0 ? `-¥${fenToYuan(-fen)}` : `¥${fenToYuan(fen)}`);
