/**
 * Messages of issue 40's supply part (ja), merged into i18n/ja.ts: what a mass action leaves out and
 * why (server/domain/supply.ts), the count confirmation above the mass threshold and the opt-in of a
 * restore to accounts in arrears (the bulk kit, src/components/bulk/).
 */
const supply = {
  bulk: {
    allLeftOut: '実行する対象はありません。',
    typeCountRestore: '%{count} 台の供給を再開します。確認のため %{count} と入力してください',
    typeCountLock: '%{count} 台の電力メーターの保電設定を変更します。確認のため %{count} と入力してください',
    leftOut: '対象外：%{reasons}。',
    leftOutJoin: '、',
    leftOutReasons: {
      alreadyInState: 'すでに%{state}の %{count}',
      keepSupply: '保電ロック中の %{count}（先に解除してください）',
      inArrears: '滞納中の %{count}',
    },
    states: {
      trip: '遮断状態',
      direct_close: '通電状態',
      close_allowed: '通電または投入許可状態',
      keep_supply_on: '保電状態',
      keep_supply_off: '保電なしの状態',
      valve_open: '開栓状態',
      valve_close: '閉栓状態',
    },
    arrears: {
      note: 'うち %{count}は滞納中です（残高が貸越限度を下回っています）。再開しても次の課金で再び停止されます。',
      include: '滞納中の %{count}も再開する',
      reason: '理由',
      reasonHelp: '滞納中の供給再開には理由が必要です（操作ログに記録されます）',
      reasonMissing: '理由を入力してください（2 文字以上）',
    },
  },
  server: {
    errors: {
      supply: {
        countRequired: '対象は %{count} 台で %{above} 台を超えています。台数 %{count} を送って確認してください',
        countDiffers: '対象は %{expected} 台ではなく現在 %{count} 台です。もう一度確認してください',
        arrearsRestoreOnly: '滞納中のアカウントを含められるのは供給再開（直接投入・投入許可・開栓）だけです',
        reasonRequired: '滞納中の供給再開には理由が必要です',
        nothingLeft: '実行する対象がありません：%{reasons}',
        join: '、',
        already: '次のメーターはすでに%{state}です：%{addresses}',
        states: {
          trip: '遮断状態',
          direct_close: '通電状態',
          close_allowed: '通電または投入許可状態',
          keep_supply_on: '保電状態',
          keep_supply_off: '保電なしの状態',
          valve_open: '開栓状態',
          valve_close: '閉栓状態',
        },
        inArrears: '次のメーターのアカウントは滞納中のため（残高が貸越限度を下回っています）供給を再開しません。再開する場合は「滞納中も再開する」を選び理由を入力してください：%{addresses}',
      },
    },
  },
};

export default supply;
