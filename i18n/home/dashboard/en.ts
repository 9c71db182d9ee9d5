/** Messages of issue 32's home dashboards and graphic reports (en), merged into i18n/en.ts. */
const dashboard = {
  report: {
    utility: { label: 'Utility', electric: 'Electricity', water: 'Water' },
    range: { label: 'Range', thisMonth: 'This month', lastMonth: 'Last month', last30: 'Last 30 days', last90: 'Last 90 days', custom: 'Custom' },
    from: 'From', to: 'To (inclusive)', invalidRange: 'The end must not be before the start',
    charts: {
      byBuilding: 'Usage by project and building (%{unit})', byChannel: 'Recharges by channel',
      daily: 'Usage per day (%{unit})', topRooms: 'Top rooms by usage (%{unit})',
      byRate: 'Usage by rate (%{unit})', arrears: 'Arrears trend',
    },
    labels: {
      byBuilding: 'Bar chart of usage in %{count} buildings: %{total} %{unit} in all',
      byChannel: 'Bar chart of recharges by channel: %{total} in %{orders} orders',
      daily: 'Line chart of usage over %{days} days: %{total} %{unit} in all',
      topRooms: 'Bar chart of the %{count} rooms that used most (%{unit})',
      byRate: 'Ring chart of usage by rate: %{total} %{unit} in all; sharp %{sharp}, peak %{peak}, flat %{flat}, valley %{valley}',
      arrears: 'Line chart of arrears over %{days} days: %{rooms} rooms in arrears on the last day, %{total} in all',
    },
    columns: { project: 'Project', building: 'Building', room: 'Room no.', usage: 'Usage (%{unit})', channel: 'Channel', amount: 'Amount (yuan)', orders: 'Orders', day: 'Day' },
    columnsMore: { rate: 'Rate', share: 'Share', arrearsRooms: 'Rooms in arrears', arrearsAmount: 'Arrears (yuan)' },
    // A chart series' name where its values are already shown as money (¥…): no unit (the CSV columns keep theirs).
    series: { amount: 'Amount', arrears: 'Arrears' },
    rates: { sharp: 'Sharp', peak: 'Peak', flat: 'Flat', valley: 'Valley' },
    waterNoRates: 'Water has no sharp, peak, flat and valley rates',
    noUsage: 'Nothing was used in this range',
    pngTitle: 'Download the chart as PNG', csvTitle: 'Download its data as CSV',
    empty: 'Nothing was used or recharged in this range',
  },
  dashboard: {
    title: { electric: 'Electricity overview', water: 'Water overview' },
    live: {
      on: 'Live: figures refresh when readings, recharges or faults arrive',
      off: 'Live updates are off: figures refresh every minute',
      short: 'Live', offShort: 'Not live',
    },
    lastUpdated: 'Last updated %{time}',
    actions: { recharge: 'Recharge a room', powerFailure: 'Record a power failure' },
    kpiTitle: 'Key figures',
    kpi: {
      rooms: 'Rooms', online: 'Meters online', offline: 'Meters offline', ofMeters: 'of %{total} meters',
      cut: { electric: 'Relays off', water: 'Valves closed' },
      lowBattery: 'Low battery', arrears: 'Rooms in arrears',
      usageToday: 'Used today', usageMonth: 'Used this month', rechargeToday: 'Recharged today', rechargeMonth: 'Recharged this month',
      usageTodayBasis: 'Yesterday as read by this time yesterday',
    },
    change: {
      up: { yesterday: '%{percent}% more than yesterday by now (%{previous})', lastMonth: '%{percent}% more than last month by this day (%{previous})' },
      down: { yesterday: '%{percent}% less than yesterday by now (%{previous})', lastMonth: '%{percent}% less than last month by this day (%{previous})' },
      same: { yesterday: 'As yesterday by now (%{previous})', lastMonth: 'As last month by this day (%{previous})' },
      none: { yesterday: 'Nothing yesterday by now to compare with', lastMonth: 'Nothing last month by this day to compare with' },
    },
    unit: { electric: 'kWh', water: 'm³' },
    charts: {
      usage: 'Consumption, last 30 days (%{unit})',
      usageLabel: 'Bar chart of daily consumption over the last 30 days: %{total} %{unit} in all, %{today} %{unit} today',
      recharge: 'Recharges, last 30 days',
      rechargeLabel: 'Line chart of daily recharges over the last 30 days: %{total} in all, %{today} today',
      money: 'Recharged',
    },
    gauge: {
      title: 'Water this month',
      label: 'This month %{month} %{unit} of last month\'s %{last} %{unit} (%{percent}%)',
      labelNone: 'This month %{month} %{unit}; no use last month to compare with',
    },
    none: 'Nothing yet',
    top: { title: 'Top consumers this month' },
    arrears: {
      title: 'Rooms in arrears (%{count})', empty: 'No room is in arrears',
      room: 'Room', tenant: 'Tenant', balance: 'Balance', supply: 'Supply', recharge: 'Recharge',
    },
    supply: {
      electric: { on: 'On', off: 'Off', close_pending: 'Closing' },
      water: { open: 'Open', closed: 'Closed', abnormal: 'Abnormal' },
    },
    alarms: {
      title: 'Alarms', filter: 'Alarm kinds', all: 'All', empty: 'No alarm',
      kinds: { arrears: 'Arrears', lowBalance: 'Low balance', powerCut: 'Power cut', fault: 'Fault', readFailure: 'Read failure', noTariff: 'No tariff' },
      reasons: { arrears: 'balance %{balance}', lowBalance: 'balance %{balance} at or below the alarm level', noTariff: 'the meter has no price table' },
    },
    causes: {
      arrears: 'Arrears', manual: 'Manual', overload: 'Overload', malignant_load: 'Malignant load', night_limit: 'Night limit',
      timed: 'Timed', fault: 'Fault', other: 'Other', keep_supply_released: 'Keep-supply released', maintenance: 'Maintenance',
    },
    faults: {
      offline: 'Offline', read_failure: 'No answer to a reading', tamper: 'Tampering', low_battery: 'Low battery',
      valve_fault: 'Valve fault', reading_drop: 'Reading went down', no_price: 'No price table',
    },
    recharge: {
      title: { electric: 'Recharge electricity', water: 'Recharge water' },
      pick: 'Find the room by its code, the tenant\'s name or phone',
      noAccount: 'This room has no account for this utility',
      balance: 'Balance', take: 'Recharge',
      done: 'Order %{orderId}: %{amount} recharged, balance %{balance}',
    },
    powerFailure: {
      title: 'Record a power failure', pick: 'Find the room by its code, the tenant\'s name or phone',
      cause: 'Cause', offAt: 'Off since', remark: 'Remark', submit: 'Record',
      done: 'Power failure of %{room} recorded',
      roomRequired: 'Choose the room', causeRequired: 'Choose the cause', offAtRequired: 'Give the time the power went off',
      offAtFuture: 'The time cannot be in the future', remarkRequired: 'Say what happened (cause "other")',
    },
  },
  server: {
    errors: {
      report: {
        rangeOrder: 'the end must be after the start',
        rangeTooLong: 'a range is at most %{days} days',
      },
      dashboard: {
        cause: 'not a power-failure cause',
        offAtFuture: 'the time cannot be in the future',
        noElectricMeter: 'The room has no electric meter in your area',
        cutOpen: 'The room\'s meter already has a power cut open since %{since}',
      },
    },
  },
};

export default dashboard;
