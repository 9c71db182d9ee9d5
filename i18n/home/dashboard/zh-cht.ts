/** Messages of issue 32's home dashboards and graphic reports (zh-cht), merged into i18n/zh-cht.ts. */
const dashboard = {
  report: {
    utility: { label: '類型', electric: '電', water: '水' },
    range: { label: '時間範圍', thisMonth: '本月', lastMonth: '上月', last30: '近 30 天', last90: '近 90 天', custom: '自訂' },
    from: '開始日期', to: '結束日期（含）', invalidRange: '結束日期不能早於開始日期',
    charts: {
      byBuilding: '依專案和建築的用量（%{unit}）', byChannel: '依管道的儲值',
      daily: '每日用量（%{unit}）', topRooms: '用量最多的房間（%{unit}）',
      byRate: '按費率的用量（%{unit}）', arrears: '欠費走勢',
    },
    labels: {
      byBuilding: '%{count} 棟樓的用量長條圖：合計 %{total} %{unit}',
      byChannel: '依管道的儲值長條圖：%{orders} 筆共 %{total}',
      daily: '%{days} 天的每日用量折線圖：合計 %{total} %{unit}',
      topRooms: '用量最多的 %{count} 個房間長條圖（%{unit}）',
      byRate: '按費率的用量環形圖：合計 %{total} %{unit}，尖 %{sharp}、峰 %{peak}、平 %{flat}、谷 %{valley}',
      arrears: '%{days} 天的欠費走勢折線圖：最後一天 %{rooms} 個房間欠費，共 %{total}',
    },
    columns: { project: '專案', building: '建築', room: '房間號', usage: '用量（%{unit}）', channel: '管道', amount: '金額（元）', orders: '筆數', day: '日期' },
    columnsMore: { rate: '費率', share: '佔比', arrearsRooms: '欠費房間數', arrearsAmount: '欠費金額（元）' },
    // A chart series' name where its values are already shown as money (¥…): no unit (the CSV columns keep theirs).
    series: { amount: '金額', arrears: '欠費金額' },
    rates: { sharp: '尖', peak: '峰', flat: '平', valley: '谷' },
    waterNoRates: '用水不分尖峰平谷費率',
    noUsage: '此時間範圍內沒有用量',
    pngTitle: '下載圖表（PNG）', csvTitle: '下載資料（CSV）',
    empty: '此時間範圍內沒有用量和儲值',
  },
  dashboard: {
    title: { electric: '用電概覽', water: '用水概覽' },
    live: {
      on: '即時：抄表、儲值或故障到達時資料自動刷新',
      off: '即時更新未連線：資料每分鐘刷新',
      short: '即時', offShort: '非即時',
    },
    lastUpdated: '更新於 %{time}',
    actions: { recharge: '房間儲值', powerFailure: '登記停電' },
    kpiTitle: '關鍵指標',
    kpi: {
      rooms: '房間數', online: '線上表計', offline: '離線表計', ofMeters: '共 %{total} 具表',
      cut: { electric: '已拉閘', water: '已關閥' },
      lowBattery: '電池欠壓', arrears: '欠費房間',
      usageToday: '今日用量', usageMonth: '本月用量', rechargeToday: '今日儲值', rechargeMonth: '本月儲值',
      usageTodayBasis: '昨日同時段按昨日此時已抄到的讀數計',
    },
    change: {
      up: { yesterday: '比昨日同時段多 %{percent}%（%{previous}）', lastMonth: '比上月同期多 %{percent}%（%{previous}）' },
      down: { yesterday: '比昨日同時段少 %{percent}%（%{previous}）', lastMonth: '比上月同期少 %{percent}%（%{previous}）' },
      same: { yesterday: '與昨日同時段持平（%{previous}）', lastMonth: '與上月同期持平（%{previous}）' },
      none: { yesterday: '昨日同時段無資料可比', lastMonth: '上月同期無資料可比' },
    },
    unit: { electric: 'kWh', water: 'm³' },
    charts: {
      usage: '近 30 天用量（%{unit}）',
      usageLabel: '近 30 天每日用量長條圖：合計 %{total} %{unit}，今日 %{today} %{unit}',
      recharge: '近 30 天儲值',
      rechargeLabel: '近 30 天每日儲值折線圖：合計 %{total}，今日 %{today}',
      money: '儲值金額',
    },
    gauge: {
      title: '本月用水',
      label: '本月 %{month} %{unit}，上月 %{last} %{unit}（%{percent}%）',
      labelNone: '本月 %{month} %{unit}；上月無用量可比',
    },
    none: '暫無資料',
    top: { title: '本月用量排行' },
    arrears: {
      title: '欠費房間（%{count}）', empty: '沒有欠費房間',
      room: '房間', tenant: '租戶', balance: '餘額', supply: '供電/供水', recharge: '儲值',
    },
    supply: {
      electric: { on: '合閘', off: '拉閘', close_pending: '合閘中' },
      water: { open: '開閥', closed: '關閥', abnormal: '異常' },
    },
    alarms: {
      title: '告警', filter: '告警類型', all: '全部', empty: '沒有告警',
      kinds: { arrears: '欠費', lowBalance: '餘額不足', powerCut: '停電', fault: '故障', readFailure: '抄表失敗', noTariff: '未設單價' },
      reasons: { arrears: '餘額 %{balance}', lowBalance: '餘額 %{balance}，已低於警示金額', noTariff: '表計未設定單價表' },
    },
    causes: {
      arrears: '欠費', manual: '手動', overload: '過載', malignant_load: '惡性負載', night_limit: '夜間限電',
      timed: '定時', fault: '故障', other: '其他', keep_supply_released: '解除保電', maintenance: '檢修',
    },
    faults: {
      offline: '離線', read_failure: '抄表無回應', tamper: '竊電/拆蓋', low_battery: '電池欠壓',
      valve_fault: '閥門故障', reading_drop: '讀數倒走', no_price: '未設單價表',
    },
    recharge: {
      title: { electric: '電費儲值', water: '水費儲值' },
      pick: '依房間號、租戶姓名或電話查找房間',
      noAccount: '此房間沒有此類帳戶',
      balance: '餘額', take: '儲值',
      done: '訂單 %{orderId}：已儲值 %{amount}，餘額 %{balance}',
    },
    powerFailure: {
      title: '登記停電', pick: '依房間號、租戶姓名或電話查找房間',
      cause: '停電原因', offAt: '停電時間', remark: '備註', submit: '登記',
      done: '已登記 %{room} 的停電',
      roomRequired: '請選擇房間', causeRequired: '請選擇停電原因', offAtRequired: '請填寫停電時間',
      offAtFuture: '停電時間不能晚於現在', remarkRequired: '原因為「其他」時請填寫備註',
    },
  },
  server: {
    errors: {
      report: {
        rangeOrder: '結束日期必須晚於開始日期',
        rangeTooLong: '時間範圍最多 %{days} 天',
      },
      dashboard: {
        cause: '不是有效的停電原因',
        offAtFuture: '停電時間不能晚於現在',
        noElectricMeter: '此房間在您的區域內沒有電表',
        cutOpen: '此房間的電表已有自 %{since} 起未恢復的停電紀錄',
      },
    },
  },
};

export default dashboard;
