/** Messages of issue 11's meters part (zh-cht), merged into i18n/zh-cht.ts. */
/** The electric meter fields, shared by the three electric screens. */
const meterFields = {
  id: 'ID',
  address: '錶地址',
  projectName: '項目',
  buildingName: '建築',
  roomCode: '房間號',
  roomId: '房間',
  tenantName: '租戶',
  tenantPhone: '電話',
  moduleId: '通訊模組',
  moduleAddress: '模組',
  channel: '通道',
  relayState: '繼電器',
  online: '在線',
  keepSupply: '保電',
  withoutRoom: '房間綁定',
  lastTotal: '總電量（kWh）',
  lastReadAt: '抄表時間',
  lastSharp: '尖（kWh）',
  lastPeak: '峰（kWh）',
  lastFlat: '平（kWh）',
  lastValley: '谷（kWh）',
  lastVoltage: '電壓（V）',
  lastCurrent: '電流（A）',
  lastPowerKw: '功率（kW）',
  powerSetName: '功率參數',
  controlSetName: '控制參數',
  loadSetName: '負載參數',
  nightSetName: '夜間低功率',
  timedSetName: '定時通斷',
  giftSetName: '免費電贈送',
  priceTableName: '電價表',
  priceTableId: '電價表',
  model: '型號',
  phase: '相數',
  ctRatio: '互感器倍率',
  remark: '備註',
  createdAt: '建立時間',
  q: '搜尋'
};

const meters = {
  resources: {
    dianbiaoguanli: {
      name: '電錶',
      count: '%{smart_count} 塊電錶',
      fields: meterFields
    },
    dianbiaoshishijilu: {
      name: '電錶',
      count: '%{smart_count} 塊電錶',
      fields: meterFields
    },
    tongduankongzhi: {
      name: '電錶',
      count: '%{smart_count} 塊電錶',
      fields: meterFields
    }
  },
  electric: {
    relay: {
      on: '合閘',
      off: '拉閘',
      close_pending: '允許合閘'
    },
    keepSupply: {
      true: '保電',
      false: '正常'
    },
    withoutRoom: {
      true: '未綁定房間',
      false: '已綁定房間'
    },
    fields: {
      module: '模組'
    },
    actions: {
      read: '立即抄錶',
      trip: '拉閘',
      close_allowed: '允許合閘',
      direct_close: '直接合閘',
      keep_supply_on: '保電',
      keep_supply_off: '取消保電',
      device: '設備操作',
      readSelected: '抄讀選中',
      readFiltered: '抄讀全部篩選結果',
      controlSelected: '通斷選中',
      controlFiltered: '通斷全部篩選結果'
    },
    confirm: {
      action: '操作',
      cause: '原因',
      question: '對 %{count}執行「%{action}」？',
      questionTrip: '對 %{count}執行「%{action}」（原因：%{cause}）？這些房間將斷電，直到再次合閘。'
    },
    causes: {
      manual: '手動',
      arrears: '欠費',
      overload: '過載',
      malignant_load: '惡性負載',
      night_limit: '夜間限電',
      timed: '定時',
      maintenance: '檢修'
    },
    read: {
      total: '總電量',
      sharp: '尖',
      peak: '峰',
      flat: '平',
      valley: '谷',
      voltage: '電壓 V',
      current: '電流 A',
      powerKw: '功率 kW'
    },
    record: {
      state: '電錶狀態',
      rates: '尖 / 峰 / 平 / 谷（kWh）',
      electrical: '電壓 · 電流 · 功率'
    },
    addressInvalid: '必須是 12 位數字',
    addressHelp: '12 位數字（DL/T 645）',
    moduleHelp: '只列出本區域的 DL/T 645 模組',
    moduleMeters: '%{smart_count} 塊電錶',
    channelHelp: '1–1024，同一模組內不重複',
    roomHelp: '只列出沒有電錶的房間；將為房間開立電費帳戶',
    phase: {
      1: '單相',
      3: '三相'
    },
    parameterSets: '參數方案',
    importTitle: '從 CSV 匯入電錶'
  },
  server: {
    errors: {
      meters: {
        moduleNotElectric: '模組 %{address} 使用 %{protocol} 協定：電錶只能掛在 DL/T 645（dlt645）模組上',
        moduleNotWater: '模組 %{address} 使用 %{protocol} 協定：水錶只能掛在 CJ/T 188（cjt188）模組上',
        channelTaken: '模組 %{module} 的通道 %{channel} 已被電錶 %{address} 佔用',
        setNotAssignable: '參數方案 %{id} 不是本電錶所在區域的%{kind}',
        priceTableNotFound: '電價表 %{id} 不存在於本電錶所在區域',
        changedMeanwhile: '錶地址、房間或通道剛被佔用：請重新整理後重試',
        importModuleUnknown: '您的區域沒有地址為 %{address} 的模組',
        importChannelTaken: '模組 %{module} 的通道 %{channel} 已被佔用',
      },
    },
    validation: {
      phase: '必須是 1（單相）或 3（三相）',
    },
  },
};

export default meters;
