/**
 * Messages of issue 40's supply part (zh-chs), merged into i18n/zh-chs.ts: what a mass action leaves
 * out and why (server/domain/supply.ts), the count confirmation above the mass threshold and the
 * opt-in of a restore to accounts in arrears (the bulk kit, src/components/bulk/).
 */
const supply = {
  bulk: {
    allLeftOut: '没有需要执行的表计。',
    typeCountRestore: '此操作将恢复 %{count} 户的供电或供水：请输入 %{count} 以确认',
    typeCountLock: '此操作将改变 %{count} 块电表的保电状态：请输入 %{count} 以确认',
    leftOut: '以下表计不执行：%{reasons}。',
    leftOutJoin: '；',
    leftOutReasons: {
      alreadyInState: '已是%{state}的 %{count}',
      keepSupply: '处于保电状态的 %{count}（请先取消保电）',
      inArrears: '账户欠费的 %{count}',
    },
    states: {
      trip: '拉闸状态',
      direct_close: '合闸状态',
      close_allowed: '合闸或允许合闸状态',
      keep_supply_on: '保电状态',
      keep_supply_off: '未保电状态',
      valve_open: '开阀状态',
      valve_close: '关阀状态',
    },
    arrears: {
      note: '其中 %{count}的账户欠费（余额已低于透支额度）：恢复后下次扣费时会再次断电或关阀。',
      include: '欠费的 %{count}也恢复',
      reason: '原因',
      reasonHelp: '欠费恢复供电须说明原因，记入操作日志',
      reasonMissing: '请填写原因（至少 2 个字）',
    },
  },
  server: {
    errors: {
      supply: {
        countRequired: '本次涉及 %{count} 台设备，超过 %{above} 台时须确认数量：请传入 %{count}',
        countDiffers: '现在涉及 %{count} 台设备，而不是 %{expected} 台，请重新确认',
        arrearsRestoreOnly: '只有恢复供电的指令（直接合闸、允许合闸、开阀）可以包含欠费的表计',
        reasonRequired: '欠费恢复供电须填写原因',
        nothingLeft: '没有需要执行的表计：%{reasons}',
        join: '；',
        already: '以下表计已是%{state}：%{addresses}',
        states: {
          trip: '拉闸状态',
          direct_close: '合闸状态',
          close_allowed: '合闸或允许合闸状态',
          keep_supply_on: '保电状态',
          keep_supply_off: '未保电状态',
          valve_open: '开阀状态',
          valve_close: '关阀状态',
        },
        inArrears: '以下表计的账户欠费（余额已低于透支额度），不恢复供电；确需恢复请选择“欠费的也恢复”并填写原因：%{addresses}',
      },
    },
  },
};

export default supply;
