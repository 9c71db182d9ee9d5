import { useEffect, useRef, useState, type ReactNode } from 'react';
import { FieldTitle, InputHelperText, useInput, useTranslate, type Validator } from 'react-admin';
import { Box, IconButton, InputAdornment, TextField, type SxProps, type Theme } from '@mui/material';
import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';

/**
 * What a date field holds: a day (`YYYY-MM-DD`), a month (`YYYY-MM`) or a minute (`YYYY-MM-DDTHH:mm`,
 * a `datetime-local` value) — the values of the browser's native inputs, which the callers keep.
 */
export type DayKind = 'day' | 'month' | 'minute';

const pad = (n: number | string) => String(n).padStart(2, '0');

/** A real calendar day (2026-02-30 is not). */
function isDay(year: number, month: number, day: number) {
  if (month < 1 || month > 12 || day < 1) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const DAY = /^(\d{4})\s*[-/.年]\s*(\d{1,2})\s*[-/.月]\s*(\d{1,2})\s*日?$/u;
const DAY_COMPACT = /^(\d{4})(\d{2})(\d{2})$/u;
const MONTH = /^(\d{4})\s*[-/.年]\s*(\d{1,2})\s*月?$/u;
const MONTH_COMPACT = /^(\d{4})(\d{2})$/u;
const TIME = /^(\d{1,2})\s*[:：]\s*(\d{2})$/u;

function parseDay(text: string): string | undefined {
  const match = DAY.exec(text) ?? DAY_COMPACT.exec(text);
  if (!match) return undefined;
  const [year, month, day] = match.slice(1).map(Number);
  return isDay(year, month, day) ? `${year}-${pad(month)}-${pad(day)}` : undefined;
}

/**
 * The value of what an operator typed, or undefined when it is not one: the year first whatever the
 * language ("2026-11-01"; also 2026/11/1, 2026.11.1, 20261101, 2026年11月1日), a month "2026-11", a
 * minute "2026-11-01 08:30".
 */
export function parseDayText(kind: DayKind, typed: string): string | undefined {
  const text = typed.trim();
  if (kind === 'day') return parseDay(text);
  if (kind === 'month') {
    const match = MONTH.exec(text) ?? MONTH_COMPACT.exec(text);
    if (!match) return undefined;
    const [year, month] = match.slice(1).map(Number);
    return month >= 1 && month <= 12 ? `${year}-${pad(month)}` : undefined;
  }
  const split = /^(.+?)(?:\s+|T)(\d{1,2}\s*[:：]\s*\d{2})$/u.exec(text);
  if (!split) return undefined;
  const day = parseDay(split[1].trim());
  const time = TIME.exec(split[2]);
  if (!day || !time) return undefined;
  const [hour, minute] = time.slice(1).map(Number);
  return hour < 24 && minute < 60 ? `${day}T${pad(hour)}:${pad(minute)}` : undefined;
}

/** A value as the field shows it: the same form in every language ("2026-11-01", "2026-11", "2026-11-01 08:30"). */
export const dayText = (value: string | null | undefined) => (value ? value.replace('T', ' ') : '');

/** The native input a kind opens its calendar with. */
const NATIVE: Record<DayKind, string> = { day: 'date', month: 'month', minute: 'datetime-local' };

export interface DayFieldProps {
  kind?: DayKind;
  /** The value (see DayKind), '' for none. */
  value: string;
  /** Called with a new value: a valid one, or '' when the field is emptied (nothing while it is half typed). */
  onChange: (value: string) => void;
  /** Translated label. */
  label: ReactNode;
  min?: string;
  max?: string;
  size?: 'small' | 'medium';
  fullWidth?: boolean;
  required?: boolean;
  margin?: 'none' | 'dense' | 'normal';
  error?: boolean;
  helperText?: ReactNode;
  sx?: SxProps<Theme>;
  onBlur?: () => void;
  name?: string;
  id?: string;
}

/**
 * A day, month or minute field that reads the same in every language of the console: the year first,
 * "2026-11-01", as every list and export writes dates (src/components/dateTime.ts), with the form as
 * its placeholder when empty ("年-月-日", "yyyy-mm"). The browser's own date input wrote the day in the
 * browser's locale whatever the console's ("11/01/2026" in the Chinese console), and an empty month
 * as "---------- ----". The operator types the day (2026-11-01, 2026/11/1, 20261101…) or picks it in
 * the browser's calendar from the button beside it.
 */
export function DayField({
  kind = 'day', value, onChange, label, min, max, size = 'small', fullWidth, required, margin, error, helperText, sx, onBlur, name, id,
}: DayFieldProps) {
  const translate = useTranslate();
  const [text, setText] = useState(() => dayText(value));
  const [focused, setFocused] = useState(false);
  const native = useRef<HTMLInputElement>(null);
  // A value set from outside (a quick range, a reset, the address) shows; a half-typed day stays while the value is the same.
  useEffect(() => {
    setText((current) => (parseDayText(kind, current) === (value || undefined) && current.trim() ? current : dayText(value)));
  }, [value, kind]);
  const typed = (next: string) => {
    setText(next);
    if (!next.trim()) { if (value) onChange(''); return; }
    const parsed = parseDayText(kind, next);
    if (parsed !== undefined && parsed !== value) onChange(parsed);
  };
  const complete = text.trim().length >= (kind === 'month' ? 6 : 8);
  // Said once the operator leaves the field (not while the last digit is still to come).
  const wrong = !focused && text.trim() !== '' && complete && parseDayText(kind, text) === undefined;
  const openCalendar = () => {
    const input = native.current;
    if (!input) return;
    try {
      input.showPicker();
    } catch {
      // No calendar of the browser's for this kind (a month in Firefox): typing stays.
      input.focus();
    }
  };
  return (
    <TextField
      size={size} fullWidth={fullWidth} required={required} margin={margin} sx={sx} name={name} id={id}
      label={label} value={text} onChange={(event) => typed(event.target.value)}
      onFocus={() => setFocused(true)}
      onBlur={() => {
        setFocused(false);
        // A day typed in another form shows as the value it made ("2026/11/1" → "2026-11-01"); a half-typed one goes.
        if (parseDayText(kind, text) !== undefined || !text.trim() || text.trim().length < (kind === 'month' ? 6 : 8)) setText(dayText(value));
        onBlur?.();
      }}
      placeholder={translate(`pickers.placeholder.${kind}`)}
      error={error || wrong} helperText={wrong ? translate(`pickers.invalid.${kind}`) : helperText}
      slotProps={{
        inputLabel: { shrink: true },
        // The message also as the field's tooltip: a list's filter bar shows no helper texts.
        htmlInput: { inputMode: 'numeric', autoComplete: 'off', 'data-day-kind': kind, size: kind === 'minute' ? 16 : kind === 'month' ? 8 : 10, title: wrong ? translate(`pickers.invalid.${kind}`) : undefined },
        input: {
          endAdornment: (
            <InputAdornment position="end" sx={{ ml: 0 }}>
              <Box component="span" sx={{ position: 'relative', display: 'inline-flex' }}>
                <IconButton size="small" edge="end" aria-label={translate('pickers.openCalendar')} onClick={openCalendar} tabIndex={-1}>
                  <CalendarMonthIcon fontSize="small" />
                </IconButton>
                {/* The browser's calendar, opened by the button; not a field of its own. */}
                <input
                  ref={native} type={NATIVE[kind]} tabIndex={-1} aria-hidden min={min} max={max} value={value || ''}
                  onChange={(event) => onChange(event.target.value)}
                  style={{ position: 'absolute', left: 0, bottom: 0, width: 1, height: 1, opacity: 0, border: 0, padding: 0, pointerEvents: 'none' }}
                />
              </Box>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

/**
 * DayField as a react-admin input (a form's or a list filter's `source`): a day or month value, null
 * when emptied (a filter left empty is no filter).
 */
export function DayInput({ source, label, kind = 'day', validate, fullWidth, sx, helperText }: {
  source: string;
  /** Message key. */
  label: string;
  kind?: DayKind;
  validate?: Validator | Validator[];
  fullWidth?: boolean;
  sx?: SxProps<Theme>;
  helperText?: ReactNode;
  /** Taken by a list's filter form (shown without the "add filter" menu). */
  alwaysOn?: boolean;
}) {
  const { field, fieldState, isRequired, id } = useInput({ source, validate });
  const invalid = !!fieldState.error && (fieldState.isTouched || fieldState.isDirty);
  return (
    <DayField
      kind={kind} id={id} name={field.name} value={typeof field.value === 'string' ? field.value : ''}
      onChange={(next) => field.onChange(next === '' ? null : next)} onBlur={field.onBlur}
      label={<FieldTitle label={label} source={source} isRequired={isRequired} />}
      fullWidth={fullWidth} sx={sx} error={invalid}
      helperText={invalid ? <InputHelperText error={fieldState.error?.message} /> : helperText}
    />
  );
}
