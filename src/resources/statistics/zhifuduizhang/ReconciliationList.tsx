import { useState } from 'react';
import { useRecordContext, useTranslate } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Link } from '@mui/material';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import ListAltIcon from '@mui/icons-material/ListAlt';
import { ListScreen } from '../../../components/list/ListScreen';
import { CellTag, NUMBER_CELL, type Column } from '../../../components/list/columns';
import { filterInputs, type FilterSpec } from '../../../components/list/filters';
import { RowIconButton } from '../../../components/list/RowButtons';
import { createRowDialog } from '../../../components/list/RowDialog';
import { choicesOf } from '../rechargeOrders/model';
import { useResourceAccess } from '../../../auth/useResourceAccess';
import { countText } from '../../../../common/formats';
import { PROVIDER, RECON_STATUS, RECONCILIATION_SORT, type Reconciliation, type ReconciliationItem } from './model';
import { DifferencesDialog } from './DifferencesDialog';
import { ReconcileDialog } from './ReconcileDialog';
import { ResolveDialogs } from './ResolveDialog';

const differences = createRowDialog<Reconciliation>((run, close) => <DifferencesDialog reconciliation={run} close={close} />);

/** The day, a link to its differences. */
function DayCell({ record }: { record: Reconciliation }) {
  const open = differences.useOpen();
  return <Link component="button" type="button" variant="body2" onClick={() => open(record)} sx={{ fontVariantNumeric: 'tabular-nums' }}>{record.billDate}</Link>;
}

/** The differences nobody has decided on: a warning tag while there are any. */
const OPEN_TAG = { label: '', color: 'warning' as const };
const OpenCell = ({ record }: { record: Reconciliation }) => (
  record.open ? <CellTag style={OPEN_TAG} label={countText(record.open)} /> : <span className={NUMBER_CELL}>0</span>
);

const COLUMNS: Column<Reconciliation>[] = [
  { source: 'billDate', priority: 1, sortable: false, minWidth: 100, render: (run) => <DayCell record={run} />, csv: (run) => run.billDate },
  { source: 'provider', kind: 'state', states: PROVIDER, priority: 1, sortable: false },
  { source: 'status', kind: 'state', states: RECON_STATUS, priority: 1, sortable: false },
  { source: 'matched', kind: 'number', priority: 1, sortable: false },
  { source: 'missingOnPlatform', kind: 'number', priority: 1, sortable: false },
  { source: 'missingAtProvider', kind: 'number', priority: 1, sortable: false },
  { source: 'amountMismatch', kind: 'number', priority: 1, sortable: false },
  { source: 'providerFen', kind: 'money', priority: 2, sortable: false },
  { source: 'platformFen', kind: 'money', priority: 2, sortable: false },
  { source: 'ledgerFen', kind: 'money', priority: 2, sortable: false },
  { source: 'open', kind: 'number', priority: 1, sortable: false, render: (run) => <OpenCell record={run} />, csv: (run) => run.open ?? 0 },
  { source: 'ranAt', kind: 'datetime', priority: 3, sortable: false },
  { source: 'error', hidden: true, sortable: false },
];

const FILTERS: FilterSpec[] = [
  { source: 'provider', kind: 'choice', choices: choicesOf(PROVIDER), alwaysOn: true },
  { source: 'status', kind: 'choice', choices: choicesOf(RECON_STATUS), alwaysOn: true },
  { source: 'billDate', kind: 'dateRange', alwaysOn: true },
];

/** A row's way to its differences. */
function DifferencesButton() {
  const record = useRecordContext<Reconciliation>();
  const open = differences.useOpen();
  if (!record) return null;
  return <RowIconButton label="payments.differences.action" icon={<ListAltIcon fontSize="small" />} onClick={() => open(record)} />;
}

/** "Reconcile a day", to an operator who may edit; the day's result opens as its differences. */
function ReconcileButton() {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const show = differences.useOpen();
  const queryClient = useQueryClient();
  const { canAccess } = useResourceAccess({ resource: 'zhifuduizhang', action: 'edit' });
  if (!canAccess) return null;
  const done = (run: Reconciliation, items: ReconciliationItem[]) => {
    queryClient.setQueryData(['zhifuduizhang', 'items', run.id], items);
    setOpen(false);
    show(run);
  };
  return (
    <>
      <Button size="small" variant="contained" startIcon={<FactCheckIcon />} onClick={() => setOpen(true)}>{translate('payments.reconcile.action')}</Button>
      {open && <ReconcileDialog onClose={() => setOpen(false)} onDone={done} />}
    </>
  );
}

/**
 * The daily reconciliation: the reconciled days of both providers, newest first (provider, status
 * and day range filters), their counts and the three totals; a day opens its differences, and a
 * day is reconciled (again) on demand.
 */
export function ReconciliationList() {
  return (
    <ResolveDialogs>
      <differences.Provider>
        <ListScreen<Reconciliation>
          columns={COLUMNS} filters={filterInputs('zhifuduizhang', FILTERS)} sort={RECONCILIATION_SORT} deletable={false}
          toolbar={<ReconcileButton />} rowActions={<DifferencesButton />} empty={false}
        />
      </differences.Provider>
    </ResolveDialogs>
  );
}
