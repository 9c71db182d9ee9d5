/**
 * Messages of issue 40's supply part (zh-cht), merged into i18n/zh-cht.ts: what a mass action leaves
 * out and why (server/domain/supply.ts), the count confirmation above the mass threshold and the
 * opt-in of a restore to accounts in arrears (the bulk kit, src/components/bulk/).
 */
const supply = {
  bulk: {
    allLeftOut: '沒有需要執行的錶計。',
    typeCountRestore: '此操作將恢復 %{count} 戶的供電或供水：請輸入 %{count} 以確認',
    typeCountLock: '此操作將改變 %{count} 塊電錶的保電狀態：請輸入 %{count} 以確認',
    leftOut: '以下錶計不執行：%{reasons}。',
    leftOutJoin: '；',
    leftOutReasons: {
      alreadyInState: '已是%{state}的 %{count}',
      keepSupply: '處於保電狀態的 %{count}（請先取消保電）',
      inArrears: '帳戶欠費的 %{count}',
    },
    states: {
      trip: '拉閘狀態',
      direct_close: '合閘狀態',
      close_allowed: '合閘或允許合閘狀態',
      keep_supply_on: '保電狀態',
      keep_supply_off: '未保電狀態',
      valve_open: '開閥狀態',
      valve_close: '關閥狀態',
    },
    arrears: {
      note: '其中 %{count}的帳戶欠費（餘額已低於透支額度）：恢復後下次扣費時會再次斷電或關閥。',
      include: '欠費的 %{count}也恢復',
      reason: '原因',
      reasonHelp: '欠費恢復供電須說明原因，記入操作日誌',
      reasonMissing: '請填寫原因（至少 2 個字）',
    },
  },
  server: {
    errors: {
      supply: {
        countRequired: '本次涉及 %{count} 台設備，超過 %{above} 台時須確認數量：請傳入 %{count}',
        countDiffers: '現在涉及 %{count} 台設備，而不是 %{expected} 台，請重新確認',
        arrearsRestoreOnly: '只有恢復供電的指令（直接合閘、允許合閘、開閥）可以包含欠費的錶計',
        reasonRequired: '欠費恢復供電須填寫原因',
        nothingLeft: '沒有需要執行的錶計：%{reasons}',
        join: '；',
        already: '以下錶計已是%{state}：%{addresses}',
        states: {
          trip: '拉閘狀態',
          direct_close: '合閘狀態',
          close_allowed: '合閘或允許合閘狀態',
          keep_supply_on: '保電狀態',
          keep_supply_off: '未保電狀態',
          valve_open: '開閥狀態',
          valve_close: '關閥狀態',
        },
        inArrears: '以下錶計的帳戶欠費（餘額已低於透支額度），不恢復供電；確需恢復請選擇「欠費的也恢復」並填寫原因：%{addresses}',
      },
    },
  },
};

export default supply;
