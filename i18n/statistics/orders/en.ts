/** Messages of issue 31's recharge order screens (en), merged into i18n/en.ts. */
const orderFields = {
  orderId: 'Order no.',
  projectName: 'Project',
  buildingName: 'Building',
  roomCode: 'Room no.',
  tenantName: 'Tenant',
  tenantPhone: 'Phone',
  amountFen: 'Amount (yuan)',
  channel: 'Channel',
  operatorName: 'Operator',
  orderStatus: 'Status',
  createdAt: 'Paid at',
  created: 'Paid',
  voidedAt: 'Voided at',
  remark: 'Remark',
  balanceFen: 'Balance now (yuan)',
};

const orders = {
  resources: {
    chongzhidingdan: { fields: { ...orderFields, energy: 'Energy (kWh)' } },
    chongzhiwater: { fields: { ...orderFields, energy: 'Volume (m³)' } },
  },
  stats: {
    channels: { cash: 'Cash', wechat: 'WeChat', alipay: 'Alipay', card: 'Card', gift: 'Gift', calibration: 'Calibration' },
    orderStatus: { 0: 'Void', 1: 'Paid', 2: 'Written to meter', 3: 'Meter write failed' },
    totals: {
      title: 'All matching orders:',
      count: 'Orders',
      amount: 'Amount',
      standing: 'Standing (void excluded)',
      voidCount: 'Void orders',
      voidAmount: 'Voided amount',
    },
    voidOrder: {
      action: 'Void order',
      title: 'Void order %{orderId}',
      room: 'Room',
      amount: 'Amount to reverse',
      balanceNow: 'Balance now',
      balanceAfter: 'Balance after voiding',
      explain: 'Voiding reverses the order\'s amount with a refund entry on the account and sets its status to void. It cannot be undone.',
      spent: 'Part of this credit has already been used: voiding leaves the balance at %{balance} yuan.',
      reason: 'Reason',
      reasonHelp: 'Kept in the operation log and on the refund entry',
      reasonRequired: 'Give a reason for voiding',
      confirm: 'Void',
      done: 'Order %{orderId} is void; the balance is now %{balance} yuan',
    },
  },
  server: {
    validation: {
      stats: {
        rangeOrder: 'must be after the start of the range',
        voidOnly: 'must be 0 (void): no other status is set by hand',
      },
    },
  },
};

export default orders;
