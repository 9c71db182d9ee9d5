/** English messages of the accounts screens (merged into i18n/en.ts). */
const accounts = {
  resources: {
    userJiaofei: {
      name: 'Payment |||| Payments',
      empty: 'Find a room by its number, the tenant’s name or phone: type, choose with ↑ ↓, take it with Enter.',
      tenant: 'Tenant',
      vacant: 'Vacant (no tenant)',
      noMeter: 'No meter',
      online: 'Online',
      offline: 'Offline',
      arrears: 'In arrears',
      cutOff: 'Cut off (arrears)',
      rechargeUtility: 'Recharge %{utility}',
      browse: { button: 'By project and building', title: 'Choose a room: project → building → room', room: 'Room', take: 'Take this room' },
      search: {
        label: 'Room, tenant or phone',
        placeholder: 'e.g. 1203, Zhang, 138…',
        hint: 'Type a room number, a tenant’s name or a phone number',
        none: 'No room matches'
      },
      utility: {
        electric: 'Electricity',
        water: 'Water'
      },
      fields: {
        balanceFen: 'Balance',
        freeLeft: 'Free allowance left',
        overdraftFen: 'Overdraft',
        alarm1Fen: 'Alarm level 1',
        alarm2Fen: 'Alarm level 2',
        hoardLimitFen: 'Hoarding limit',
        saleCount: 'Recharges',
        meterAddress: 'Meter'
      },
      states: {
        on: 'Supply on',
        off: 'Supply cut',
        close_pending: 'Close allowed',
        open: 'Valve open',
        closed: 'Valve closed',
        abnormal: 'Valve abnormal'
      },
      openAccount: { button: 'Open account', done: 'Water account opened: it can take a recharge now' },
      blocked: {
        noMeter: 'No meter of this kind in the room: bind one in room binding first',
        notOpened: 'The water account is not opened yet: open it to take a recharge'
      },
      ledger: {
        since: 'Since the move-in on %{date} (balance at move-in %{amount}); earlier lines are in the room billing details',
        title: 'Last ledger entries',
        empty: 'No entry yet',
        time: 'Time',
        kind: 'Kind',
        amount: 'Amount (¥)',
        balanceAfter: 'Balance (¥)',
        ref: 'Reference',
        copy: 'Copy the order no.',
        copied: 'Order no. %{orderId} copied'
      },
      kinds: {
        opening: 'Opening',
        recharge: 'Recharge',
        deduction: 'Charge',
        gift: 'Gift',
        calibration: 'Calibration',
        refund: 'Refund',
        settlement: 'Settlement'
      },
      channels: {
        cash: 'Cash',
        wechat: 'WeChat',
        alipay: 'Alipay',
        card: 'Bank card',
        gift: 'Gift',
        calibration: 'Calibration'
      },
      status: {
        0: 'Void',
        1: 'Paid',
        2: 'Written to meter',
        3: 'Meter write failed'
      },
      restore: {
        electric: 'Allow the relay to close',
        water: 'Open the valve'
      },
      dialog: {
        title: 'Recharge %{utility}: %{room}',
        balance: 'Balance %{balance}; at most %{most} can be taken now',
        amount: 'Amount (yuan)',
        channel: 'Channel',
        remark: 'Remark',
        submit: 'Take %{amount}',
        sending: 'Sending…',
        amountRequired: 'Enter the amount',
        amountPositive: 'The amount must be more than 0',
        amountMost: 'At most %{most} can be taken now',
        done: 'Recharge of %{amount} taken: order %{orderId}',
        /** A recharge of a room without a current tenant: said, not refused (a landlord's top-up is legitimate). */
        vacant: 'This room is vacant (no tenant): the recharge stays on the room\'s account'
      },
      order: {
        title: 'Last order',
        commands: 'Command progress',
        receipt: 'Print receipt'
      },
      receipt: {
        dialogTitle: 'Receipt',
        title: 'Payment receipt',
        paper: 'Paper',
        thermal80: '80 mm thermal',
        a5: 'A5',
        print: 'Print',
        meter: 'Meter no.',
        unitPrice: 'Unit price',
        remark: 'Remark',
        seal: 'Company seal',
        orderId: 'Order no.',
        room: 'Room',
        tenant: 'Tenant',
        utility: 'Utility',
        amount: 'Amount',
        capital: 'Amount in words',
        channel: 'Channel',
        balanceAfter: 'Balance after',
        operator: 'Operator',
        time: 'Time',
        thanks: 'Thank you. Keep this receipt.',
        reprint: 'Reprint',
        reprintTitle: 'Payment receipt (reprint)',
        reprintedAt: 'Reprinted',
        voided: 'This order is void',
        reprintAction: 'Reprint the receipt'
      }
    }
  },
  server: {
    errors: {
      rechargeAmount: 'the amount must be a whole number of fen greater than 0',
      rechargeMax: 'above the per-order maximum of %{max} (RECHARGE_MAX_FEN)',
      hoardLimit: 'Hoarding limit: the balance may not exceed %{limit}; it is %{balance}, so at most %{most} can be taken now',
      noElectricMeter: 'Room %{room} has no electric meter: bind one before taking an electricity payment',
      noWaterMeter: 'Room %{room} has no water meter: bind one before taking a water payment',
      waterAccountNotOpened: 'The water account of room %{room} is not opened: open it in the water meter archive first',
      requestReused: 'Request %{requestId} already made order %{orderId} with other details: a new payment needs a new request (open the dialog again)',
      orderAlreadyVoid: 'Order %{orderId} is already void',
    },
    validation: {
      amountFen: 'must be a whole number of fen greater than 0 (¥1 = 100 fen)',
      requestId: 'must be 8 to 64 letters, digits, _ . : or -',
    },
  },
};

export default accounts;
