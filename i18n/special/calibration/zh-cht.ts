/** Messages of issue 30's calibration screens (zh-cht): 校準時間, 充值校準 and 充值校準記錄. */
import meters from '../../devices/meters/zh-cht';

const screen = meters.resources.tongduankongzhi;

const calibration = {
  resources: {
    jiaozhunshijian: screen,
    chongzhijiaozhun: screen,
    chongzhijiaozhunjilu: {
      fields: {
        createdAt: '校準時間', created: '校準日期', projectName: '項目', buildingName: '建築', roomCode: '房間號', meterAddress: '電錶地址',
        platformSaleCount: '平台購電次數', meterSaleCount: '電錶購電次數（校準前）', platformBalanceFen: '平台餘額（元）',
        meterBalanceFen: '校準前錶內剩餘（元）', meterBalanceFenAfter: '校準後錶內剩餘（元）', correctionFen: '校準金額（元）',
        reason: '原因', operatorName: '操作員', operator: '操作員',
      },
    },
  },
  calibration: {
    time: {
      selected: '所選電錶校時',
      filtered: '篩選出的全部電錶校時',
      mode: '方式',
      modes: { meter: '逐錶校時：設定每塊錶的時鐘並讀回', broadcast: '廣播校時：每個模組一幀，無應答' },
      meterHint: '先讀取每塊錶的時鐘，再設為平台時間並重新讀取：逐錶顯示校時前後的時差。',
      broadcastHint: '對所選電錶所在的每個模組發送一幀 DL/T 645 廣播校時（控制碼 08，地址 99…99），該匯流排上的電錶全部生效。電錶不應答廣播：發送即完成，無法顯示時差。',
      question: '確定為 %{count}校時嗎？',
      questionBroadcast: '確定向 %{count}所在的模組廣播校時嗎？',
      action: '校時',
      actionBroadcast: '廣播校時',
      clockBefore: '校時前錶內時鐘',
      diffBefore: '校時前時差',
      clockAfter: '校時後錶內時鐘',
      diffAfter: '校時後時差',
      seconds: '%{value} 秒',
    },
    recharge: {
      compare: '與電錶比對',
      compareTitle: '電錶與平台比對結果',
      compareQuestion: '確定讀取 %{count}的購電次數和剩餘金額嗎？',
      progress: '已讀 %{done}/%{total} · 不一致 %{differing} · 失敗 %{failed}',
      rule: '以平台餘額為準：校準把平台的購電次數和餘額寫入電錶，電錶接受後才記錄。平台帳目不變。',
      tickAll: '勾選全部不一致的電錶',
      tick: '校準電錶 %{address}',
      meter: '電錶地址',
      room: '房間',
      platformSaleCount: '平台購電次數',
      meterSaleCount: '電錶購電次數',
      platformBalance: '平台餘額',
      meterBalance: '錶內剩餘金額',
      difference: '差額（電錶 − 平台）',
      countDiff: '%{value} 次',
      agrees: '一致',
      nothingDiffers: '讀到的電錶都與平台一致，無需校準。',
      reason: '校準原因',
      reasonRequired: '請填寫校準原因',
      correct: '校準勾選的 %{smart_count} 塊電錶',
      correctAction: '充值校準',
      unchanged: '%{smart_count} 塊電錶已一致，未再校準',
      meterBefore: '校準前（剩餘 · 次數）',
      meterAfter: '校準後（剩餘 · 次數）',
    },
    records: { count: '校準筆數', correction: '校準金額合計' },
  },
  server: {
    errors: {
      calibration: {
        noAccount: '這些電錶不在開有電費帳戶的房間：%{addresses}',
        notCompared: '這些不是您區域內已完成並讀到電錶資料的比對：%{ids}',
      },
    },
  },
};

export default calibration;
