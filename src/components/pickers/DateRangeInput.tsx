import { useEffect, useRef, useState } from 'react';
import { useListContext, useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { Box, MenuItem, TextField } from '@mui/material';
import { DayField } from './DayField';
import { QUICK_RANGES, addDays, dayIn, quickRange, startOfDay, type QuickRange } from './dateRanges';

/** The two filter values of a range `source`: `${source}From` (inclusive) and `${source}To` (exclusive), ISO timestamps. */
export const rangeKeys = (source: string) => ({ from: `${source}From`, to: `${source}To` });

/** The calendar day of an ISO timestamp in the platform's time zone ('' when absent). */
const dayOf = (value: unknown) => (typeof value === 'string' && value ? dayIn(new Date(value)) : '');

/** The quick range two filter values make, `custom` for any other days, '' for none. */
function rangeOf(from: string | undefined, to: string | undefined): QuickRange | '' {
  if (!from && !to) return '';
  const match = QUICK_RANGES.find((quick) => {
    const days = quickRange(quick);
    return days && startOfDay(days.from) === from && startOfDay(days.to) === to;
  });
  return match ?? 'custom';
}

/**
 * Date range filter with quick ranges (today, this week, this month, last month, custom), in the
 * platform's time zone whatever the browser's. It sets two filter values (`${source}From`,
 * `${source}To`, ISO timestamps, the end exclusive); removing the filter removes both.
 */
export function DateRangeInput({ source, label }: { source: string; label: string; alwaysOn?: boolean }) {
  const translate = useTranslate();
  const keys = rangeKeys(source);
  const { setValue } = useFormContext();
  const { filterValues, setFilters } = useListContext();
  // The filter form holds the two values once the operator has set them here; before that (a list
  // opened from an address or its stored filters) they are only the list's.
  const formFrom = useWatch({ name: keys.from }) as string | undefined;
  const formTo = useWatch({ name: keys.to }) as string | undefined;
  const from = formFrom !== undefined ? formFrom : (filterValues[keys.from] as string | undefined);
  const to = formTo !== undefined ? formTo : (filterValues[keys.to] as string | undefined);
  const [range, setRange] = useState<QuickRange | ''>(() => rangeOf(from, to));
  // Values that arrive after the first render (a list's filters from the address or the store reach the
  // form a render later) or go (the filter removed): the picker shows them. Days typed under "custom"
  // stay custom even when they happen to make a quick range.
  useEffect(() => {
    setRange((current) => (current === 'custom' && (from || to) ? current : rangeOf(from, to)));
  }, [from, to]);
  const set = (name: string, value: string | undefined) => setValue(name, value, { shouldDirty: true });
  const choose = (quick: QuickRange) => {
    setRange(quick);
    const days = quickRange(quick);
    if (days) {
      set(keys.from, startOfDay(days.from));
      set(keys.to, startOfDay(days.to));
    }
  };
  // The filter's own removal (its "remove" button) takes its second value too.
  const latest = useRef({ filterValues, setFilters });
  latest.current = { filterValues, setFilters };
  useEffect(() => () => {
    const { filterValues: values, setFilters: apply } = latest.current;
    if (values[keys.to] !== undefined) {
      const { [keys.to]: _, [keys.from]: __, ...rest } = values;
      apply(rest);
    }
  }, [keys.from, keys.to]);
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
      <TextField
        select size="small" label={translate(label)} value={range} sx={{ minWidth: 140 }}
        onChange={(event) => choose(event.target.value as QuickRange)}
      >
        {QUICK_RANGES.map((quick) => <MenuItem key={quick} value={quick}>{translate(`pickers.ranges.${quick}`)}</MenuItem>)}
      </TextField>
      {range === 'custom' && (
        <>
          <DayField label={translate('pickers.from')} value={dayOf(from)} onChange={(day) => set(keys.from, day ? startOfDay(day) : '')} />
          <DayField label={translate('pickers.to')} value={to ? addDays(dayOf(to), -1) : ''} onChange={(day) => set(keys.to, day ? startOfDay(addDays(day, 1)) : '')} />
        </>
      )}
    </Box>
  );
}
