import { useState, type ReactNode } from 'react';
import { useListContext, useNotify, useResourceContext, useTranslate } from 'react-admin';
import { Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { FilterSummary, hasFilter, type FilterSpec } from '../list/filters';
import { useCountOf } from '../delete/DeleteWithImpact';
import { useTypedCount } from './TypedCount';
import { ArrearsOptInField, LeftOutNote, nothingKey, useArrearsOptIn, useSupplyPreview, type PreviewAnswer } from './SupplyPreview';

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
 * whether they are valid. A device action names its command (`supplyAction`: trip, valve_open…):
 * the dry run's devices left out and why are stated (SupplyPreview.tsx), a restore offers to include
 * the devices in arrears (with a reason), and a supply action on more devices than the server's
 * threshold is confirmed by typing the count (TypedCount.tsx).
 */
export function ScopedActionDialog({ open, title, question, filters, preview, run, onClose, children, ready = true, supplyAction }: {
  open: boolean;
  /** Translated title. */
  title: string;
  /** Translated question, given the counted records ("175 块水表"). */
  question: (count: string) => ReactNode;
  filters: FilterSpec[];
  /** The dry run: a count, or a device action's preview (`count`, `leftOut`, `inArrears`); `options` carries `includeArrears`. */
  preview: (scope: BulkScope, options: Record<string, unknown>) => Promise<PreviewAnswer>;
  /** The action, with the count confirmed and `extra` (`includeArrears`, `overrideReason` when chosen). */
  run: (scope: BulkScope, expectedCount: number, extra: Record<string, unknown>) => Promise<void>;
  onClose: () => void;
  children?: ReactNode;
  ready?: boolean;
  /** The command a device action sends (common/supply.ts decides what it leaves out and confirms). */
  supplyAction?: string;
}) {
  const resource = useResourceContext()!;
  const translate = useTranslate();
  const notify = useNotify();
  const countOf = useCountOf();
  const { filterValues } = useListContext();
  const [running, setRunning] = useState(false);
  const scope = scopeOfFilters(filters, filterValues);
  const optIn = useArrearsOptIn(supplyAction);
  const key = JSON.stringify([scope, supplyAction, optIn.previewOptions]);
  const { preview: counted, recount } = useSupplyPreview(open, key, () => preview(scope, optIn.previewOptions), onClose);
  const count = counted?.count ?? null;
  const typedCount = useTypedCount(supplyAction, count);

  const confirm = async () => {
    if (count === null) return;
    setRunning(true);
    try {
      await run(scope, count, optIn.extra);
      onClose();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
      // The scope may have changed: count again before another try.
      recount();
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
        {counted === null
          ? <CircularProgress size={20} aria-label={translate('bulk.counting')} />
          : (
            <>
              <DialogContentText role="status">{counted.count === 0 ? translate(nothingKey(counted)) : question(countOf(counted.count))}</DialogContentText>
              {supplyAction && <LeftOutNote type={supplyAction} preview={counted} />}
              {supplyAction && <ArrearsOptInField type={supplyAction} preview={counted} optIn={optIn} />}
            </>
          )}
        {children && <Box sx={{ mt: 2 }}>{children}</Box>}
        {typedCount.field}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" disabled={!count || !ready || !typedCount.satisfied || !optIn.satisfied || running} onClick={confirm}>{translate('ra.action.confirm')}</Button>
      </DialogActions>
    </Dialog>
  );
}
