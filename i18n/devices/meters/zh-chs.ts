/** Messages of issue 11's meters part (zh-chs), merged into i18n/zh-chs.ts. */
/** The electric meter fields, shared by the three electric screens. */
const meterFields = {
  id: 'ID',
  address: '表地址',
  projectName: '项目',
  buildingName: '建筑',
  roomCode: '房间号',
  roomId: '房间',
  tenantName: '租户',
  tenantPhone: '电话',
  moduleId: '通讯模块',
  moduleAddress: '模块',
  channel: '通道',
  relayState: '继电器',
  online: '在线',
  keepSupply: '保电',
  withoutRoom: '房间绑定',
  lastTotal: '总电量（kWh）',
  lastReadAt: '抄表时间',
  lastSharp: '尖（kWh）',
  lastPeak: '峰（kWh）',
  lastFlat: '平（kWh）',
  lastValley: '谷（kWh）',
  lastVoltage: '电压（V）',
  lastCurrent: '电流（A）',
  lastPowerKw: '功率（kW）',
  powerSetName: '功率参数',
  controlSetName: '控制参数',
  loadSetName: '负载参数',
  nightSetName: '夜间低功率',
  timedSetName: '定时通断',
  giftSetName: '免费电赠送',
  priceTableName: '电价表',
  priceTableId: '电价表',
  model: '型号',
  phase: '相数',
  ctRatio: '互感器倍率',
  remark: '备注',
  createdAt: '创建时间',
  q: '搜索'
};

const meters = {
  resources: {
    dianbiaoguanli: {
      name: '电表',
      count: '%{smart_count} 块电表',
      fields: meterFields
    },
    dianbiaoshishijilu: {
      name: '电表',
      count: '%{smart_count} 块电表',
      fields: meterFields
    },
    tongduankongzhi: {
      name: '电表',
      count: '%{smart_count} 块电表',
      fields: meterFields
    }
  },
  electric: {
    relay: {
      on: '合闸',
      off: '拉闸',
      close_pending: '允许合闸'
    },
    keepSupply: {
      true: '保电',
      false: '正常'
    },
    withoutRoom: {
      true: '未绑定房间',
      false: '已绑定房间'
    },
    fields: {
      module: '模块'
    },
    actions: {
      read: '立即抄表',
      trip: '拉闸',
      close_allowed: '允许合闸',
      direct_close: '直接合闸',
      keep_supply_on: '保电',
      keep_supply_off: '取消保电',
      device: '设备操作',
      readSelected: '抄读选中',
      readFiltered: '抄读全部筛选结果',
      controlSelected: '通断选中',
      controlFiltered: '通断全部筛选结果'
    },
    confirm: {
      action: '操作',
      cause: '原因',
      question: '对 %{count}执行「%{action}」？',
      questionTrip: '对 %{count}执行「%{action}」（原因：%{cause}）？这些房间将断电，直到再次合闸。'
    },
    causes: {
      manual: '手动',
      arrears: '欠费',
      overload: '过载',
      malignant_load: '恶性负载',
      night_limit: '夜间限电',
      timed: '定时',
      maintenance: '检修'
    },
    read: {
      total: '总电量',
      sharp: '尖',
      peak: '峰',
      flat: '平',
      valley: '谷',
      voltage: '电压 V',
      current: '电流 A',
      powerKw: '功率 kW'
    },
    record: {
      state: '电表状态',
      rates: '尖 / 峰 / 平 / 谷（kWh）',
      electrical: '电压 · 电流 · 功率'
    },
    addressInvalid: '必须是 12 位数字',
    addressHelp: '12 位数字（DL/T 645）',
    moduleHelp: '只列出本区域的 DL/T 645 模块',
    moduleMeters: '%{smart_count} 块电表',
    channelHelp: '1–1024，同一模块内不重复',
    roomHelp: '只列出没有电表的房间；将为房间开立电费账户',
    phase: {
      1: '单相',
      3: '三相'
    },
    parameterSets: '参数方案',
    importTitle: '从 CSV 导入电表'
  },
  server: {
    errors: {
      meters: {
        moduleNotElectric: '模块 %{address} 使用 %{protocol} 协议：电表只能挂在 DL/T 645（dlt645）模块上',
        moduleNotWater: '模块 %{address} 使用 %{protocol} 协议：水表只能挂在 CJ/T 188（cjt188）模块上',
        channelTaken: '模块 %{module} 的通道 %{channel} 已被电表 %{address} 占用',
        setNotAssignable: '参数方案 %{id} 不是本电表所在区域的%{kind}',
        priceTableNotFound: '电价表 %{id} 不存在于本电表所在区域',
        changedMeanwhile: '表地址、房间或通道刚被占用：请刷新后重试',
        importModuleUnknown: '您的区域没有地址为 %{address} 的模块',
        importChannelTaken: '模块 %{module} 的通道 %{channel} 已被占用',
      },
    },
    validation: {
      phase: '必须是 1（单相）或 3（三相）',
    },
  },
};

export default meters;
