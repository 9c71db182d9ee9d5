/** Messages of issue 31's recharge order screens (zh-chs), merged into i18n/zh-chs.ts. */
const orderFields = {
  orderId: '订单号',
  projectName: '项目',
  buildingName: '楼栋',
  roomCode: '房间号',
  tenantName: '租户',
  tenantPhone: '电话',
  amountFen: '金额（元）',
  channel: '渠道',
  operatorName: '操作员',
  orderStatus: '状态',
  createdAt: '充值时间',
  created: '充值日期',
  voidedAt: '作废时间',
  remark: '备注',
  balanceFen: '当前余额（元）',
};

const orders = {
  resources: {
    chongzhidingdan: { fields: { ...orderFields, energy: '电量（kWh）' } },
    chongzhiwater: { fields: { ...orderFields, energy: '水量（m³）' } },
  },
  stats: {
    channels: { cash: '现金', wechat: '微信', alipay: '支付宝', card: '刷卡', gift: '赠送', calibration: '校准' },
    orderStatus: { 0: '已作废', 1: '已支付', 2: '已写表', 3: '写表失败' },
    totals: {
      title: '全部符合条件的订单：',
      count: '订单数',
      amount: '金额合计',
      standing: '有效金额（不含作废）',
      voidCount: '作废订单',
      voidAmount: '作废金额',
    },
    voidOrder: {
      action: '作废订单',
      title: '作废订单 %{orderId}',
      room: '房间',
      amount: '冲正金额',
      balanceNow: '当前余额',
      balanceAfter: '作废后余额',
      explain: '作废会在账户上记一笔冲正（退款）分录，冲回该订单金额，并将订单状态置为作废。此操作不可撤销。',
      spent: '该笔充值已被部分使用：作废后余额将为 %{balance} 元。',
      reason: '作废原因',
      reasonHelp: '记入操作日志和冲正分录',
      reasonRequired: '请填写作废原因',
      confirm: '作废',
      done: '订单 %{orderId} 已作废，当前余额 %{balance} 元',
    },
  },
  server: {
    validation: {
      stats: {
        rangeOrder: '必须晚于起始时间',
        voidOnly: '只能为 0（作废），其他状态不能手工设置',
      },
    },
  },
};

export default orders;
