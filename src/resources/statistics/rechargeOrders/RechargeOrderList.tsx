import { TextInput, useResourceContext } from 'react-admin';
import { ListScreen } from '../../../components/list/ListScreen';
import type { Column } from '../../../components/list/columns';
import { filterInputs, type FilterSpec } from '../../../components/list/filters';
import { ListTotals, type TotalItem } from '../../../components/list/ListTotals';
import { ServerExportButton } from '../../../components/list/ServerExportButton';
import { CHANNEL, STATUS, choicesOf, type RechargeOrder } from './model';
import { PAY_STATUS } from '../zhifuduizhang/model';
import { RefundOrderButton, RefundOrderDialog } from './RefundOrderDialog';
import { ORDER_SORT } from './sort';
import { VoidOrderButton, VoidOrderDialog } from './VoidOrderDialog';
import { EnergyLegend, OrderEnergy } from './OrderEnergy';
import { ReprintRowButton, ReprintRowDialogs } from '../../archives/userJiaofei/ReprintReceipt';

/** The order columns, declared once (table, column chooser; the server's export writes the same fields). */
const COLUMNS: Column<RechargeOrder>[] = [
  { source: 'orderId', kind: 'code', priority: 1, minWidth: 150 },
  { source: 'projectName', priority: 2, sortable: false },
  { source: 'buildingName', priority: 2, sortable: false },
  { source: 'roomCode', kind: 'code', priority: 1, sortable: false },
  { source: 'tenantName', priority: 2, sortable: false },
  { source: 'tenantPhone', kind: 'code', hidden: true, sortable: false },
  { source: 'amountFen', kind: 'money', priority: 1 },
  { source: 'energy', kind: 'quantity', priority: 3, render: (order) => <OrderEnergy record={order} /> },
  { source: 'channel', kind: 'state', states: CHANNEL, priority: 2 },
  { source: 'operatorName', priority: 3, sortable: false },
  { source: 'orderStatus', kind: 'state', states: STATUS, priority: 1 },
  // Online payments (issue 41): the order's online state and the provider's transaction (long: last); blank for the counter's orders.
  { source: 'payStatus', kind: 'state', states: PAY_STATUS, priority: 2, sortable: false },
  { source: 'createdAt', kind: 'datetime', priority: 1 },
  { source: 'transactionId', kind: 'code', priority: 2, sortable: false },
  { source: 'voidedAt', kind: 'datetime', hidden: true, sortable: false },
  { source: 'balanceFen', kind: 'money', hidden: true, sortable: false },
  { source: 'remark', hidden: true, sortable: false },
];

const FILTERS: FilterSpec[] = [
  { source: 'projectId', kind: 'project', alwaysOn: true },
  { source: 'buildingId', kind: 'building', alwaysOn: true },
  { source: 'created', kind: 'dateRange', alwaysOn: true },
  { source: 'channel', kind: 'choice', choices: choicesOf(CHANNEL), alwaysOn: true },
  { source: 'orderStatus', kind: 'choice', choices: choicesOf(STATUS), alwaysOn: true },
];

const TOTALS: TotalItem[] = [
  { source: 'count', label: 'stats.totals.count', kind: 'count' },
  { source: 'amountFen', label: 'stats.totals.amount', kind: 'money' },
  { source: 'standingFen', label: 'stats.totals.standing', kind: 'money' },
  { source: 'voidCount', label: 'stats.totals.voidCount', kind: 'count' },
  { source: 'voidAmountFen', label: 'stats.totals.voidAmount', kind: 'money' },
];

/** Every order's receipt can be printed again from its row (the payment screen's receipt, marked as a reprint). */
const orderIdOf = (order: RechargeOrder) => order.orderId;

/**
 * 充值订单统计 / 水表充值订单: every recharge order of the area, filtered by place, day range,
 * channel and status, with the totals of the whole filtered set above the table, the server's
 * CSV of it, the void of a counter order (with its reason), the refund of an online one, and its
 * receipt printed again.
 */
export default function RechargeOrderList() {
  const resource = useResourceContext()!;
  const filters = [
    ...filterInputs(resource, FILTERS),
    <TextInput key="roomCode" source="roomCode" label={`resources.${resource}.fields.roomCode`} alwaysOn resettable={false} sx={{ width: 120 }} />,
    <TextInput key="orderId" source="orderId" label={`resources.${resource}.fields.orderId`} />,
  ];
  return (
    <VoidOrderDialog>
      <RefundOrderDialog>
        <ReprintRowDialogs>
          <ListScreen<RechargeOrder>
            columns={COLUMNS}
            filters={filters}
            sort={ORDER_SORT}
            deletable={false}
            exportButton={<ServerExportButton />}
            summary={<><ListTotals items={TOTALS} /><EnergyLegend /></>}
            rowActions={<><ReprintRowButton<RechargeOrder> orderIdOf={orderIdOf} /><VoidOrderButton /><RefundOrderButton /></>}
          />
        </ReprintRowDialogs>
      </RefundOrderDialog>
    </VoidOrderDialog>
  );
}
