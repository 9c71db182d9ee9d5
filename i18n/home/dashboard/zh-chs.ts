/** Messages of issue 32's home dashboards and graphic reports (zh-chs), merged into i18n/zh-chs.ts. */
const dashboard = {
  report: {
    utility: { label: '类型', electric: '电', water: '水' },
    range: { label: '时间范围', thisMonth: '本月', lastMonth: '上月', last30: '近 30 天', last90: '近 90 天', custom: '自定义' },
    from: '开始日期', to: '结束日期（含）', invalidRange: '结束日期不能早于开始日期',
    charts: {
      byBuilding: '按项目和建筑的用量（%{unit}）', byChannel: '按渠道的充值',
      daily: '每日用量（%{unit}）', topRooms: '用量最多的房间（%{unit}）',
      byRate: '按费率的用量（%{unit}）', arrears: '欠费走势',
    },
    labels: {
      byBuilding: '%{count} 栋楼的用量柱状图：合计 %{total} %{unit}',
      byChannel: '按渠道的充值柱状图：%{orders} 笔共 %{total}',
      daily: '%{days} 天的每日用量折线图：合计 %{total} %{unit}',
      topRooms: '用量最多的 %{count} 个房间柱状图（%{unit}）',
      byRate: '按费率的用量环形图：合计 %{total} %{unit}，尖 %{sharp}、峰 %{peak}、平 %{flat}、谷 %{valley}',
      arrears: '%{days} 天的欠费走势折线图：最后一天 %{rooms} 个房间欠费，共 %{total}',
    },
    columns: { project: '项目', building: '建筑', room: '房间号', usage: '用量（%{unit}）', channel: '渠道', amount: '金额（元）', orders: '笔数', day: '日期' },
    columnsMore: { rate: '费率', share: '占比', arrearsRooms: '欠费房间数', arrearsAmount: '欠费金额（元）' },
    // A chart series' name where its values are already shown as money (¥…): no unit (the CSV columns keep theirs).
    series: { amount: '金额', arrears: '欠费金额' },
    rates: { sharp: '尖', peak: '峰', flat: '平', valley: '谷' },
    waterNoRates: '用水不分尖峰平谷费率',
    noUsage: '此时间范围内没有用量',
    pngTitle: '下载图表（PNG）', csvTitle: '下载数据（CSV）',
    empty: '此时间范围内没有用量和充值',
  },
  dashboard: {
    title: { electric: '用电概览', water: '用水概览' },
    live: {
      on: '实时：抄表、充值或故障到达时数据自动刷新',
      off: '实时更新未连接：数据每分钟刷新',
      short: '实时', offShort: '非实时',
    },
    lastUpdated: '更新于 %{time}',
    actions: { recharge: '房间充值', powerFailure: '登记停电' },
    kpiTitle: '关键指标',
    kpi: {
      rooms: '房间数', online: '在线表计', offline: '离线表计', ofMeters: '共 %{total} 块表',
      cut: { electric: '已拉闸', water: '已关阀' },
      lowBattery: '电池欠压', arrears: '欠费房间',
      usageToday: '今日用量', usageMonth: '本月用量', rechargeToday: '今日充值', rechargeMonth: '本月充值',
      usageTodayBasis: '昨日同时段按昨日此时已抄到的读数计',
    },
    change: {
      up: { yesterday: '比昨日同时段多 %{percent}%（%{previous}）', lastMonth: '比上月同期多 %{percent}%（%{previous}）' },
      down: { yesterday: '比昨日同时段少 %{percent}%（%{previous}）', lastMonth: '比上月同期少 %{percent}%（%{previous}）' },
      same: { yesterday: '与昨日同时段持平（%{previous}）', lastMonth: '与上月同期持平（%{previous}）' },
      none: { yesterday: '昨日同时段无数据可比', lastMonth: '上月同期无数据可比' },
    },
    unit: { electric: 'kWh', water: 'm³' },
    charts: {
      usage: '近 30 天用量（%{unit}）',
      usageLabel: '近 30 天每日用量柱状图：合计 %{total} %{unit}，今日 %{today} %{unit}',
      recharge: '近 30 天充值',
      rechargeLabel: '近 30 天每日充值折线图：合计 %{total}，今日 %{today}',
      money: '充值金额',
    },
    gauge: {
      title: '本月用水',
      label: '本月 %{month} %{unit}，上月 %{last} %{unit}（%{percent}%）',
      labelNone: '本月 %{month} %{unit}；上月无用量可比',
    },
    none: '暂无数据',
    top: { title: '本月用量排行' },
    arrears: {
      title: '欠费房间（%{count}）', empty: '没有欠费房间',
      room: '房间', tenant: '租户', balance: '余额', supply: '供电/供水', recharge: '充值',
    },
    supply: {
      electric: { on: '合闸', off: '拉闸', close_pending: '合闸中' },
      water: { open: '开阀', closed: '关阀', abnormal: '异常' },
    },
    alarms: {
      title: '告警', filter: '告警类型', all: '全部', empty: '没有告警',
      kinds: { arrears: '欠费', lowBalance: '余额不足', powerCut: '停电', fault: '故障', readFailure: '抄表失败', noTariff: '未设单价' },
      reasons: { arrears: '余额 %{balance}', lowBalance: '余额 %{balance}，已低于报警金额', noTariff: '表计未设置单价表' },
    },
    causes: {
      arrears: '欠费', manual: '手动', overload: '过载', malignant_load: '恶性负载', night_limit: '夜间限电',
      timed: '定时', fault: '故障', other: '其他', keep_supply_released: '解除保电', maintenance: '检修',
    },
    faults: {
      offline: '离线', read_failure: '抄表无应答', tamper: '窃电/拆盖', low_battery: '电池欠压',
      valve_fault: '阀门故障', reading_drop: '读数倒走', no_price: '未设单价表',
    },
    recharge: {
      title: { electric: '电费充值', water: '水费充值' },
      pick: '按房间号、租户姓名或电话查找房间',
      noAccount: '该房间没有此类账户',
      balance: '余额', take: '充值',
      done: '订单 %{orderId}：已充值 %{amount}，余额 %{balance}',
    },
    powerFailure: {
      title: '登记停电', pick: '按房间号、租户姓名或电话查找房间',
      cause: '停电原因', offAt: '停电时间', remark: '备注', submit: '登记',
      done: '已登记 %{room} 的停电',
      roomRequired: '请选择房间', causeRequired: '请选择停电原因', offAtRequired: '请填写停电时间',
      offAtFuture: '停电时间不能晚于现在', remarkRequired: '原因为“其他”时请填写备注',
    },
  },
  server: {
    errors: {
      report: {
        rangeOrder: '结束日期必须晚于开始日期',
        rangeTooLong: '时间范围最多 %{days} 天',
      },
      dashboard: {
        cause: '不是有效的停电原因',
        offAtFuture: '停电时间不能晚于现在',
        noElectricMeter: '该房间在您的区域内没有电表',
        cutOpen: '该房间的电表已有自 %{since} 起未恢复的停电记录',
      },
    },
  },
};

export default dashboard;
