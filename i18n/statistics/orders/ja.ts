/** Messages of issue 31's recharge order screens (ja), merged into i18n/ja.ts. */
const orderFields = {
  orderId: '注文番号',
  projectName: 'プロジェクト',
  buildingName: '建物',
  roomCode: '部屋番号',
  tenantName: '入居者',
  tenantPhone: '電話',
  amountFen: '金額（元）',
  channel: 'チャネル',
  operatorName: 'オペレーター',
  orderStatus: '状態',
  createdAt: 'チャージ日時',
  created: 'チャージ日',
  voidedAt: '取消日時',
  remark: '備考',
  balanceFen: '現在の残高（元）',
};

const orders = {
  resources: {
    chongzhidingdan: { fields: { ...orderFields, energy: '電力量（kWh）' } },
    chongzhiwater: { fields: { ...orderFields, energy: '水量（m³）' } },
  },
  stats: {
    channels: { cash: '現金', wechat: 'WeChat', alipay: 'Alipay', card: 'カード', gift: '贈与', calibration: '校正' },
    orderStatus: { 0: '取消済み', 1: '支払済み', 2: 'メーター書込済み', 3: 'メーター書込失敗' },
    totals: {
      title: '条件に合う全注文：',
      count: '注文数',
      amount: '金額合計',
      standing: '有効金額（取消除く）',
      voidCount: '取消注文',
      voidAmount: '取消金額',
    },
    voidOrder: {
      action: '注文を取消',
      title: '注文 %{orderId} を取消',
      room: '部屋',
      amount: '戻し金額',
      balanceNow: '現在の残高',
      balanceAfter: '取消後の残高',
      explain: '取消すると口座に返金仕訳を記帳して注文金額を戻し、注文の状態を取消にします。元に戻せません。',
      spent: 'このチャージは一部使用済みです。取消後の残高は %{balance} 元になります。',
      reason: '取消理由',
      reasonHelp: '操作ログと返金仕訳に記録されます',
      reasonRequired: '取消理由を入力してください',
      confirm: '取消',
      done: '注文 %{orderId} を取消しました。現在の残高は %{balance} 元です',
    },
  },
  server: {
    validation: {
      stats: {
        rangeOrder: '範囲の開始より後である必要があります',
        voidOnly: '0（取消）のみ指定できます。その他の状態は手動で設定できません',
      },
    },
  },
};

export default orders;
