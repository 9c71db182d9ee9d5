/** Messages of issue 29's templates part (zh-cht), merged into i18n/zh-cht.ts: the 8 basic-parameter screens. */
const common = { id: '編號', name: '名稱', usedBy: '使用情況', remark: '備註', createdAt: '創建時間', q: '搜索' };

const templates = {
  resources: {
    danjiabiao: {
      name: '單價表',
      fields: {
        ...common, kind: '類型', sharpFen: '尖（元/kWh）', peakFen: '峰（元/kWh）', flatFen: '平（元/kWh）', valleyFen: '谷（元/kWh）',
        waterFen: '水價（元/m³）', tiers: '階梯', scheduleId: '時間段', scheduleName: '時間段', prices: '電價',
      },
    },
    dsshijianduan: { name: '時間段', fields: { ...common, segments: '時段', bar: '24 小時' } },
    gonglvcanshu: { name: '功率參數', fields: { ...common, values: { maxPowerW: '最大功率（W）' } } },
    kongzhicanshu: {
      name: '控制參數',
      fields: {
        ...common,
        values: { alarm1Fen: '一級報警金額（元）', alarm2Fen: '二級報警金額（元）', overdraftFen: '透支金額（元）', hoardLimitFen: '囤積限額（元）', autoTrip: '欠費自動跳閘' },
      },
    },
    fuzaicanshu: {
      name: '負載參數',
      fields: { ...common, values: { maxLoadW: '最大負載（W）', malignantThresholdW: '恶性負載阈值（W）', action: '恶性負載處理' } },
    },
    night: { name: '夜間小功率', fields: { ...common, values: { start: '開始', end: '結束', maxW: '最大功率（W）' } } },
    dstongduancanshu: { name: '定時通斷參數', fields: { ...common, values: { timePeriodId: '通斷時間段', days: '執行日' } } },
    mianfeidianzscs: {
      name: '免費電贈送參數',
      fields: { ...common, values: { amount: '每月贈送量', unit: '單位', dayOfMonth: '贈送日', carryOverCap: '結轉上限' } },
    },
  },
  tariffs: {
    kind: { single: '單一電價', tou: '峰谷分時', tiered: '階梯電價' },
    rate: { sharp: '尖', peak: '峰', flat: '平', valley: '谷', on: '通電', off: '斷電' },
    usedByMeters: '%{smart_count} 塊錶',
    usedByTemplates: '%{smart_count} 個模板',
    inUse: '正被 %{used}使用，修改將作用於它們。',
    inUsePush: '儲存後可下發到這些電錶。',
    notUsed: '未使用',
    usedByTitle: '“%{name}”的使用情況',
    usedByEmpty: '沒有錶或模板使用它，可以刪除。',
    userKind: { electric: '電錶', water: '水錶', priceTable: '單價表', timedSet: '定時通斷參數' },
    userColumns: { kind: '類型', name: '錶地址 / 名稱', room: '房間' },
    push: {
      action: '下發到所用電錶',
      title: '下發“%{name}”',
      question: '現在將“%{name}”下發到使用它的 %{smart_count} 塊電錶？',
      rule: '每塊錶通過一條指令接收參數；指令成功後才更新該錶的參數設置。',
      offer: '“%{name}”正在使用中，是否現在將修改下發到所用電錶？',
      nothing: '沒有電錶使用它，無需下發。',
      water: '水錶的免費贈送由平台執行，不向水錶發送指令。',
      progress: '下發參數',
      later: '稍後',
    },
    zero: {
      fields: '以下價格為 0：%{fields}，按這些費率用電將不收費。',
      confirm: '我確認價格為 0',
      needed: '價格為 0 需要在下方確認',
    },
    tiers: { title: '月度階梯', add: '增加階梯', remove: '刪除階梯', upTo: '上限（kWh/月）', priceFen: '單價（元/kWh）', open: '以上', help: '上限逐級遞增，最後一檔不設上限。' },
    segments: {
      title: '時段', add: '增加時段', remove: '刪除時段', start: '開始', end: '結束', rate: '費率',
      help: '最多 8 個時段，覆蓋 00:00–24:00，不得重疊或留空（最後一段結束為 24:00）。',
    },
    scheduleHelp: '峰谷分時電價需要一個尖峰平谷時間段。',
    switchScheduleHelp: '通斷時間段（費率為“通電”/“斷電”）。',
    days: { 1: '週一', 2: '週二', 3: '週三', 4: '週四', 5: '週五', 6: '週六', 7: '週日' },
    loadAction: { trip: '跳閘', alarm: '僅報警' },
    giftUnit: { kWh: 'kWh', m3: 'm³' },
    priceHelp: '元/kWh（水價為元/m³），如 0.65',
    hoardHelp: '0 表示不限',
    perMonth: '每月 %{day} 日贈送 %{amount} %{unit}',
    window: '%{start}–%{end}，最大 %{maxW} W',
  },
  server: {
    errors: {
      tariffs: {
        inUseByMeters: '“%{name}”正被 %{count} 塊錶使用（%{names}），請先為它們改用其他設置',
        inUseByTemplates: '“%{name}”正被 %{count} 個單價表或定時通斷參數使用（%{names}），請先修改它們',
        scheduleNotFound: '本區域沒有編號為 %{id} 的時間段',
        scheduleNotRates: '峰谷分時電價需要尖峰平谷費率的時間段',
        scheduleNotSwitch: '定時通斷參數需要通斷時間段',
      },
    },
    validation: {
      tariff: {
        clock: '必須是 HH:mm 格式的時間',
        scheduleEmpty: '至少需要一個時段',
        scheduleTooMany: '最多 %{max} 個時段',
        scheduleMixed: '同一時間段不能混用費率和通斷',
        scheduleUsedAsRates: '有峰谷分時單價表使用此時間段，須保持尖峰平谷費率',
        scheduleUsedAsSwitch: '有定時通斷參數使用此時間段，須保持通斷時段',
        segmentEndBeforeStart: '必須晚於開始時間',
        segmentOverlap: '在 %{at} 與其他時段重疊',
        segmentGap: '%{from}–%{to} 未被覆蓋',
        priceFen: '必須是整數分',
        priceRange: '必須在 0 到 %{max} 分之間',
        tiersEmpty: '至少需要一檔',
        tiersTooMany: '最多 %{max} 檔',
        tierLastOpen: '最後一檔不能設上限',
        tierThreshold: '需要填寫上限（只有最後一檔不設上限）',
        tierAscending: '必須大於 %{after}',
        touNeedsSchedule: '峰谷分時電價需要選擇時間段',
        intRange: '必須是 %{min} 到 %{max} 的整數',
        alarmOrder: '二級報警金額必須低於一級報警金額',
        hoardAboveAlarm: '必須為 0（不限）或高於一級報警金額',
        thresholdAboveMax: '不能高於最大負載',
        windowEmpty: '不能與開始時間相同',
        daysEmpty: '至少選擇一天',
        days: '必須是 1（週一）到 7 的日子，各一次',
        giftAmount: '必須大於 0、不超過 100000，最多兩位小數',
        carryOverCap: '必須在 0 到 100000 之間',
      },
    },
  },
};

export default templates;
