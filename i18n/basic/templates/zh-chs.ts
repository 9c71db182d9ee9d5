/** Messages of issue 29's templates part (zh-chs), merged into i18n/zh-chs.ts: the 8 basic-parameter screens. */
const common = { id: '编号', name: '名称', usedBy: '使用情况', remark: '备注', createdAt: '创建时间', q: '搜索' };

const templates = {
  resources: {
    danjiabiao: {
      name: '单价表',
      fields: {
        ...common, kind: '类型', sharpFen: '尖（元/kWh）', peakFen: '峰（元/kWh）', flatFen: '平（元/kWh）', valleyFen: '谷（元/kWh）',
        waterFen: '水价（元/m³）', tiers: '阶梯', scheduleId: '时间段', scheduleName: '时间段', prices: '电价',
      },
    },
    dsshijianduan: { name: '时间段', fields: { ...common, segments: '时段', bar: '24 小时' } },
    gonglvcanshu: { name: '功率参数', fields: { ...common, values: { maxPowerW: '最大功率（W）' } } },
    kongzhicanshu: {
      name: '控制参数',
      fields: {
        ...common,
        values: { alarm1Fen: '一级报警金额（元）', alarm2Fen: '二级报警金额（元）', overdraftFen: '透支金额（元）', hoardLimitFen: '囤积限额（元）', autoTrip: '欠费自动跳闸' },
      },
    },
    fuzaicanshu: {
      name: '负载参数',
      fields: { ...common, values: { maxLoadW: '最大负载（W）', malignantThresholdW: '恶性负载阈值（W）', action: '恶性负载处理' } },
    },
    night: { name: '夜间小功率', fields: { ...common, values: { start: '开始', end: '结束', maxW: '最大功率（W）' } } },
    dstongduancanshu: { name: '定时通断参数', fields: { ...common, values: { timePeriodId: '通断时间段', days: '执行日' } } },
    mianfeidianzscs: {
      name: '免费电赠送参数',
      fields: { ...common, values: { amount: '每月赠送量', unit: '单位', dayOfMonth: '赠送日', carryOverCap: '结转上限' } },
    },
  },
  tariffs: {
    kind: { single: '单一电价', tou: '峰谷分时', tiered: '阶梯电价' },
    rate: { sharp: '尖', peak: '峰', flat: '平', valley: '谷', on: '通电', off: '断电' },
    usedByMeters: '%{smart_count} 块表',
    usedByTemplates: '%{smart_count} 个模板',
    inUse: '正被 %{used}使用，修改将作用于它们。',
    inUsePush: '保存后可下发到这些电表。',
    notUsed: '未使用',
    usedByTitle: '“%{name}”的使用情况',
    usedByEmpty: '没有表或模板使用它，可以删除。',
    userKind: { electric: '电表', water: '水表', priceTable: '单价表', timedSet: '定时通断参数' },
    userColumns: { kind: '类型', name: '表地址 / 名称', room: '房间' },
    push: {
      action: '下发到所用电表',
      title: '下发“%{name}”',
      question: '现在将“%{name}”下发到使用它的 %{smart_count} 块电表？',
      rule: '每块表通过一条指令接收参数；指令成功后才更新该表的参数设置。',
      offer: '“%{name}”正在使用中，是否现在将修改下发到所用电表？',
      nothing: '没有电表使用它，无需下发。',
      water: '水表的免费赠送由平台执行，不向水表发送指令。',
      progress: '下发参数',
      later: '稍后',
    },
    zero: {
      fields: '以下价格为 0：%{fields}，按这些费率用电将不收费。',
      confirm: '我确认价格为 0',
      needed: '价格为 0 需要在下方确认',
    },
    tiers: { title: '月度阶梯', add: '增加阶梯', remove: '删除阶梯', upTo: '上限（kWh/月）', priceFen: '单价（元/kWh）', open: '以上', help: '上限逐级递增，最后一档不设上限。' },
    segments: {
      title: '时段', add: '增加时段', remove: '删除时段', start: '开始', end: '结束', rate: '费率',
      help: '最多 8 个时段，覆盖 00:00–24:00，不得重叠或留空（最后一段结束为 24:00）。',
    },
    scheduleHelp: '峰谷分时电价需要一个尖峰平谷时间段。',
    switchScheduleHelp: '通断时间段（费率为“通电”/“断电”）。',
    days: { 1: '周一', 2: '周二', 3: '周三', 4: '周四', 5: '周五', 6: '周六', 7: '周日' },
    loadAction: { trip: '跳闸', alarm: '仅报警' },
    giftUnit: { kWh: 'kWh', m3: 'm³' },
    priceHelp: '元/kWh（水价为元/m³），如 0.65',
    hoardHelp: '0 表示不限',
    perMonth: '每月 %{day} 日赠送 %{amount} %{unit}',
    window: '%{start}–%{end}，最大 %{maxW} W',
  },
  server: {
    errors: {
      tariffs: {
        inUseByMeters: '“%{name}”正被 %{count} 块表使用（%{names}），请先为它们改用其他设置',
        inUseByTemplates: '“%{name}”正被 %{count} 个单价表或定时通断参数使用（%{names}），请先修改它们',
        scheduleNotFound: '本区域没有编号为 %{id} 的时间段',
        scheduleNotRates: '峰谷分时电价需要尖峰平谷费率的时间段',
        scheduleNotSwitch: '定时通断参数需要通断时间段',
      },
    },
    validation: {
      tariff: {
        clock: '必须是 HH:mm 格式的时间',
        scheduleEmpty: '至少需要一个时段',
        scheduleTooMany: '最多 %{max} 个时段',
        scheduleMixed: '同一时间段不能混用费率和通断',
        scheduleUsedAsRates: '有峰谷分时单价表使用此时间段，须保持尖峰平谷费率',
        scheduleUsedAsSwitch: '有定时通断参数使用此时间段，须保持通断时段',
        segmentEndBeforeStart: '必须晚于开始时间',
        segmentOverlap: '在 %{at} 与其他时段重叠',
        segmentGap: '%{from}–%{to} 未被覆盖',
        priceFen: '必须是整数分',
        priceRange: '必须在 0 到 %{max} 分之间',
        tiersEmpty: '至少需要一档',
        tiersTooMany: '最多 %{max} 档',
        tierLastOpen: '最后一档不能设上限',
        tierThreshold: '需要填写上限（只有最后一档不设上限）',
        tierAscending: '必须大于 %{after}',
        touNeedsSchedule: '峰谷分时电价需要选择时间段',
        intRange: '必须是 %{min} 到 %{max} 的整数',
        alarmOrder: '二级报警金额必须低于一级报警金额',
        hoardAboveAlarm: '必须为 0（不限）或高于一级报警金额',
        thresholdAboveMax: '不能高于最大负载',
        windowEmpty: '不能与开始时间相同',
        daysEmpty: '至少选择一天',
        days: '必须是 1（周一）到 7 的日子，各一次',
        giftAmount: '必须大于 0、不超过 100000，最多两位小数',
        carryOverCap: '必须在 0 到 100000 之间',
      },
    },
  },
};

export default templates;
