import { useEffect, useState, type ReactNode } from 'react';
import { useListContext, useNotify, useResourceContext, useTranslate } from 'react-admin';
import { Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { FilterSummary, hasFilter, type FilterSpec } from '../list/filters';
import { useCountOf } from '../delete/DeleteWithImpact';
import { useTypedCount } from './TypedCount';

/**
 * The scope of a bulk action as the server takes it: the list's filters, or `scope: 'all'` when
 * there is none (an area-wide action is never implied by an empty filter).
 */
export interface BulkScope {
  filter?: Record<string, unknown>;
  scope?: 'all';
}

export const scopeOfFilters = (specs: FilterSpec[], values: Record<string, unknown>): BulkScope =>
  hasFilter(specs, values) ? { filter: values } : { scope: 'all' };

/**
 * Confirms an action over every record the list's filters match (DESIGN.md, "Kits"): before it
 * runs, it states the scope in words and the exact count the server will act on (asked with a dry
 * run), and the action is sent with that count, so that the server refuses it if the scope has
 * changed meanwhile. `children` holds the action's own inputs (e.g. an amount), `ready` says
 * whether they are valid. An action that `cutsSupply` (trip, valve close) on more devices than the
 * threshold is confirmed by typing the count (TypedCount.tsx).
 */
export function ScopedActionDialog({ open, title, question, filters, preview, run, onClose, children, ready = true, cutsSupply = false }: {
  open: boolean;
  /** Translated title. */
  title: string;
  /** Translated question, given the counted records ("175 块水表"). */
  question: (count: string) => ReactNode;
  filters: FilterSpec[];
  preview: (scope: BulkScope) => Promise<number>;
  run: (scope: BulkScope, expectedCount: number) => Promise<void>;
  onClose: () => void;
  children?: ReactNode;
  ready?: boolean;
  /** The action cuts supply: above the threshold, the count must be typed to confirm. */
  cutsSupply?: boolean;
}) {
  const resource = useResourceContext()!;
  const translate = useTranslate();
  const notify = useNotify();
  const countOf = useCountOf();
  const { filterValues } = useListContext();
  const [count, setCount] = useState<number | null>(null);
  const [running, setRunning] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const typedCount = useTypedCount(cutsSupply, count);
  const scope = scopeOfFilters(filters, filterValues);
  const scopeKey = JSON.stringify(scope);

  useEffect(() => {
    if (!open) return;
    let current = true;
    setCount(null);
    preview(JSON.parse(scopeKey) as BulkScope)
      .then((value) => { if (current) setCount(value); })
      .catch((error: Error) => { if (current) { notify(error.message, { type: 'error' }); onClose(); } });
    return () => { current = false; };
  }, [open, scopeKey, attempt]); // eslint-disable-line react-hooks/exhaustive-deps

  const confirm = async () => {
    if (count === null) return;
    setRunning(true);
    try {
      await run(scope, count);
      onClose();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
      // The scope may have changed: count again before another try.
      setAttempt((n) => n + 1);
    } finally {
      setRunning(false);
    }
  };

  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <Box sx={{ mb: 1.5 }}>
          <DialogContentText component="div" sx={{ mb: 0.5 }}>{translate('bulk.scope')}</DialogContentText>
          <FilterSummary resource={resource} specs={filters} values={filterValues} />
        </Box>
        {count === null
          ? <CircularProgress size={20} aria-label={translate('bulk.counting')} />
          : <DialogContentText role="status">{count === 0 ? translate('bulk.nothing') : question(countOf(count))}</DialogContentText>}
        {children && <Box sx={{ mt: 2 }}>{children}</Box>}
        {typedCount.field}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" disabled={!count || !ready || !typedCount.satisfied || running} onClick={confirm}>{translate('ra.action.confirm')}</Button>
      </DialogActions>
    </Dialog>
  );
}
