import { BooleanInput, useRecordContext } from 'react-admin';
import { ListScreen } from '../../../components/list/ListScreen';
import { StateCell, type Column } from '../../../components/list/columns';
import { CONFLICT_KIND, CONFLICT_REASON, CONFLICT_SORT, PAY_STATUS, PROVIDER, RESOLUTION, UTILITY, conflictActions, type PaymentConflict } from './model';
import { ResolveButtons, ResolveDialogs } from './ResolveDialog';

const RESOURCE = 'paymentConflicts';

/** A conflict's decision, "open" while there is none. */
const decisionOf = (row: PaymentConflict) => row.resolution ?? 'open';

/** What a person decides on first (the reason, the decision, the money) ahead of the long numbers. */
const COLUMNS: Column<PaymentConflict>[] = [
  { source: 'paidAt', kind: 'datetime', priority: 1, sortable: false },
  { source: 'provider', kind: 'state', states: PROVIDER, priority: 1, sortable: false },
  // The reason says it already (unknownOrder: no order); shown with the column chooser.
  { source: 'kind', kind: 'state', states: CONFLICT_KIND, hidden: true, sortable: false },
  { source: 'reason', kind: 'state', states: CONFLICT_REASON, priority: 1, sortable: false },
  {
    source: 'resolution', priority: 1, sortable: false,
    render: (row) => <StateCell style={RESOLUTION[decisionOf(row)]} value={decisionOf(row)} />,
    csv: (row, translate) => translate(RESOLUTION[decisionOf(row)]?.label ?? decisionOf(row)),
  },
  { source: 'paidFen', kind: 'money', priority: 1, sortable: false },
  { source: 'amountFen', kind: 'money', priority: 2, sortable: false },
  { source: 'room', priority: 1, sortable: false },
  { source: 'utility', kind: 'state', states: UTILITY, priority: 2, sortable: false },
  { source: 'orderNo', kind: 'code', priority: 1, sortable: false, minWidth: 150 },
  { source: 'transactionId', kind: 'code', priority: 2, sortable: false },
  { source: 'resolutionNote', priority: 2, sortable: false },
  // Every open conflict is in the state "conflict"; the decided ones' state, with the column chooser.
  { source: 'status', kind: 'state', states: PAY_STATUS, hidden: true, sortable: false },
  { source: 'resolvedAt', kind: 'datetime', hidden: true, sortable: false },
];

/** A conflict's decisions: a conflict order's by its order number, a payment no order claims by its own id (it cannot be credited). */
function ConflictActions() {
  const record = useRecordContext<PaymentConflict>();
  if (!record) return null;
  return <ResolveButtons actions={conflictActions(record)} decision={{ orderNo: record.orderNo, unmatchedId: record.kind === 'unmatched' ? record.conflictId : undefined, amountFen: record.paidFen, room: record.room }} />;
}

const FILTERS = [<BooleanInput key="all" source="all" label={`resources.${RESOURCE}.fields.all`} alwaysOn />];

/**
 * The payments that did not settle by themselves: conflict orders (paid a different amount, to
 * another merchant, after closing, or not creditable) and payments no order claims; the open ones
 * unless the operator shows the decided ones too, each open one with its decisions.
 */
export function ConflictList() {
  return (
    <ResolveDialogs>
      <ListScreen<PaymentConflict>
        title="routes.zhifuduizhang" columns={COLUMNS} filters={FILTERS} sort={CONFLICT_SORT} deletable={false}
        rowActions={<ConflictActions />}
      />
    </ResolveDialogs>
  );
}
