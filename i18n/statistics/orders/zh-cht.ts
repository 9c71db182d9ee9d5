/** Messages of issue 31's recharge order screens (zh-cht), merged into i18n/zh-cht.ts. */
const orderFields = {
  orderId: '訂單號',
  projectName: '項目',
  buildingName: '樓棟',
  roomCode: '房間號',
  tenantName: '租戶',
  tenantPhone: '電話',
  amountFen: '金額（元）',
  channel: '渠道',
  operatorName: '操作員',
  orderStatus: '狀態',
  createdAt: '儲值時間',
  created: '儲值日期',
  voidedAt: '作廢時間',
  remark: '備註',
  balanceFen: '目前餘額（元）',
};

const orders = {
  resources: {
    chongzhidingdan: { fields: { ...orderFields, energy: '電量（kWh）' } },
    chongzhiwater: { fields: { ...orderFields, energy: '水量（m³）' } },
  },
  stats: {
    channels: { cash: '現金', wechat: '微信', alipay: '支付寶', card: '刷卡', gift: '贈送', calibration: '校準' },
    orderStatus: { 0: '已作廢', 1: '已支付', 2: '已寫表', 3: '寫表失敗' },
    totals: {
      title: '全部符合條件的訂單：',
      count: '訂單數',
      amount: '金額合計',
      standing: '有效金額（不含作廢）',
      voidCount: '作廢訂單',
      voidAmount: '作廢金額',
    },
    voidOrder: {
      action: '作廢訂單',
      title: '作廢訂單 %{orderId}',
      room: '房間',
      amount: '沖正金額',
      balanceNow: '目前餘額',
      balanceAfter: '作廢後餘額',
      explain: '作廢會在帳戶上記一筆沖正（退款）分錄，沖回該訂單金額，並將訂單狀態設為作廢。此操作無法復原。',
      spent: '該筆儲值已被部分使用：作廢後餘額將為 %{balance} 元。',
      reason: '作廢原因',
      reasonHelp: '記入操作日誌和沖正分錄',
      reasonRequired: '請填寫作廢原因',
      confirm: '作廢',
      done: '訂單 %{orderId} 已作廢，目前餘額 %{balance} 元',
    },
  },
  server: {
    validation: {
      stats: {
        rangeOrder: '必須晚於起始時間',
        voidOnly: '只能為 0（作廢），其他狀態不能手動設定',
      },
    },
  },
};

export default orders;
