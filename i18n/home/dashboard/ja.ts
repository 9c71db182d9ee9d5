/** Messages of issue 32's home dashboards and graphic reports (ja), merged into i18n/ja.ts. */
const dashboard = {
  report: {
    utility: { label: '種別', electric: '電気', water: '水道' },
    range: { label: '期間', thisMonth: '今月', lastMonth: '先月', last30: '過去 30 日', last90: '過去 90 日', custom: 'カスタム' },
    from: '開始日', to: '終了日（含む）', invalidRange: '終了日は開始日より前にできません',
    charts: {
      byBuilding: 'プロジェクト・棟別の使用量（%{unit}）', byChannel: 'チャネル別のチャージ',
      daily: '日別の使用量（%{unit}）', topRooms: '使用量の多い部屋（%{unit}）',
      byRate: '料金時間帯別の使用量（%{unit}）', arrears: '滞納の推移',
    },
    labels: {
      byBuilding: '%{count} 棟の使用量の棒グラフ：合計 %{total} %{unit}',
      byChannel: 'チャネル別チャージの棒グラフ：%{orders} 件で合計 %{total}',
      daily: '%{days} 日間の日別使用量の折れ線グラフ：合計 %{total} %{unit}',
      topRooms: '使用量の多い %{count} 部屋の棒グラフ（%{unit}）',
      byRate: '料金時間帯別の使用量のドーナツグラフ：合計 %{total} %{unit}、尖頭 %{sharp}・ピーク %{peak}・平常 %{flat}・オフピーク %{valley}',
      arrears: '%{days} 日間の滞納の推移の折れ線グラフ：最終日に滞納 %{rooms} 室、合計 %{total}',
    },
    columns: { project: 'プロジェクト', building: '棟', room: '部屋番号', usage: '使用量（%{unit}）', channel: 'チャネル', amount: '金額（元）', orders: '件数', day: '日付' },
    columnsMore: { rate: '料金時間帯', share: '割合', arrearsRooms: '滞納の部屋数', arrearsAmount: '滞納額（元）' },
    // A chart series' name where its values are already shown as money (¥…): no unit (the CSV columns keep theirs).
    series: { amount: '金額', arrears: '滞納額' },
    rates: { sharp: '尖頭', peak: 'ピーク', flat: '平常', valley: 'オフピーク' },
    waterNoRates: '水道には時間帯別の料金がありません',
    noUsage: 'この期間の使用量はありません',
    pngTitle: 'グラフを PNG でダウンロード', csvTitle: 'データを CSV でダウンロード',
    empty: 'この期間の使用量とチャージはありません',
  },
  dashboard: {
    title: { electric: '電力の概要', water: '水道の概要' },
    live: {
      on: 'ライブ：検針・チャージ・故障が届くと数値を更新します',
      off: 'ライブ更新は停止中：数値は毎分更新します',
      short: 'ライブ', offShort: 'ライブ停止',
    },
    lastUpdated: '最終更新 %{time}',
    actions: { recharge: '部屋にチャージ', powerFailure: '停電を記録' },
    kpiTitle: '主な指標',
    kpi: {
      rooms: '部屋数', online: 'オンラインのメーター', offline: 'オフラインのメーター', ofMeters: '全 %{total} 台中',
      cut: { electric: '遮断中', water: '閉弁中' },
      lowBattery: '電池残量低下', arrears: '滞納の部屋',
      usageToday: '本日の使用量', usageMonth: '今月の使用量', rechargeToday: '本日のチャージ', rechargeMonth: '今月のチャージ',
      usageTodayBasis: '前日同時刻は前日のその時点までの検針値で比較',
    },
    change: {
      up: { yesterday: '昨日の同時刻までより %{percent}% 多い（%{previous}）', lastMonth: '先月の同日までより %{percent}% 多い（%{previous}）' },
      down: { yesterday: '昨日の同時刻までより %{percent}% 少ない（%{previous}）', lastMonth: '先月の同日までより %{percent}% 少ない（%{previous}）' },
      same: { yesterday: '昨日の同時刻までと同じ（%{previous}）', lastMonth: '先月の同日までと同じ（%{previous}）' },
      none: { yesterday: '昨日の同時刻までの比較対象なし', lastMonth: '先月の同日までの比較対象なし' },
    },
    unit: { electric: 'kWh', water: 'm³' },
    charts: {
      usage: '過去 30 日の使用量（%{unit}）',
      usageLabel: '過去 30 日の日別使用量の棒グラフ：合計 %{total} %{unit}、本日 %{today} %{unit}',
      recharge: '過去 30 日のチャージ',
      rechargeLabel: '過去 30 日の日別チャージの折れ線グラフ：合計 %{total}、本日 %{today}',
      money: 'チャージ額',
    },
    gauge: {
      title: '今月の水使用量',
      label: '今月 %{month} %{unit}、先月 %{last} %{unit}（%{percent}%）',
      labelNone: '今月 %{month} %{unit}、先月は使用なしで比較できません',
    },
    none: 'データなし',
    top: { title: '今月の使用量上位' },
    arrears: {
      title: '滞納の部屋（%{count}）', empty: '滞納の部屋はありません',
      room: '部屋', tenant: '入居者', balance: '残高', supply: '供給', recharge: 'チャージ',
    },
    supply: {
      electric: { on: '通電', off: '遮断', close_pending: '投入待ち' },
      water: { open: '開弁', closed: '閉弁', abnormal: '異常' },
    },
    alarms: {
      title: 'アラーム', filter: 'アラームの種類', all: 'すべて', empty: 'アラームはありません',
      kinds: { arrears: '滞納', lowBalance: '残高不足', powerCut: '停電', fault: '故障', readFailure: '検針失敗', noTariff: '単価未設定' },
      reasons: { arrears: '残高 %{balance}', lowBalance: '残高 %{balance}、警告額以下', noTariff: 'メーターに単価表がありません' },
    },
    causes: {
      arrears: '滞納', manual: '手動', overload: '過負荷', malignant_load: '悪性負荷', night_limit: '夜間制限',
      timed: 'タイマー', fault: '故障', other: 'その他', keep_supply_released: '保電解除', maintenance: '保守',
    },
    faults: {
      offline: 'オフライン', read_failure: '検針に応答なし', tamper: '不正操作', low_battery: '電池残量低下',
      valve_fault: 'バルブ故障', reading_drop: '指示値の減少', no_price: '単価表未設定',
    },
    recharge: {
      title: { electric: '電気のチャージ', water: '水道のチャージ' },
      pick: '部屋番号・入居者名・電話番号で部屋を検索',
      noAccount: 'この部屋にはこの種別の口座がありません',
      balance: '残高', take: 'チャージ',
      done: '注文 %{orderId}：%{amount} をチャージ、残高 %{balance}',
    },
    powerFailure: {
      title: '停電を記録', pick: '部屋番号・入居者名・電話番号で部屋を検索',
      cause: '原因', offAt: '停電時刻', remark: '備考', submit: '記録',
      done: '%{room} の停電を記録しました',
      roomRequired: '部屋を選んでください', causeRequired: '原因を選んでください', offAtRequired: '停電時刻を入力してください',
      offAtFuture: '未来の時刻は指定できません', remarkRequired: '原因が「その他」のときは備考を入力してください',
    },
  },
  server: {
    errors: {
      report: {
        rangeOrder: '終了日は開始日より後にしてください',
        rangeTooLong: '期間は最大 %{days} 日です',
      },
      dashboard: {
        cause: '停電の原因として無効です',
        offAtFuture: '未来の時刻は指定できません',
        noElectricMeter: 'この部屋にはあなたのエリアの電力メーターがありません',
        cutOpen: 'この部屋のメーターには %{since} からの停電記録が既にあります',
      },
    },
  },
};

export default dashboard;
