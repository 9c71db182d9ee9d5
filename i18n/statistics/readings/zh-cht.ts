/** Messages of the reading records, room usage, recharge summary and deleted readings screens (issues 31 and 33) (zh-cht), merged into i18n/zh-cht.ts. */
const place = { projectName: '項目', buildingName: '建築', roomCode: '房間號', meterAddress: '表地址' };

const readings = {
  resources: {
    MeterReadingRecordDetails: {
      fields: {
        ...place, readAt: '抄表時間', read: '抄表日期', total: '總示數（kWh）', sharp: '尖（kWh）', peak: '峰（kWh）', flat: '平（kWh）', valley: '谷（kWh）',
        voltage: '電壓（V）', current: '電流（A）', powerKw: '功率（kW）', consumption: '用電量（kWh）', costFen: '扣費（元）', billed: '已扣費',
      },
    },
    chaobiao_water: {
      fields: { ...place, readAt: '抄表時間', read: '抄表日期', total: '總示數（m³）', consumption: '用水量（m³）', costFen: '扣費（元）', billed: '已扣費' },
    },
    shanchuchaobiaojilu: {
      fields: {
        ...place, utility: '類型', readAt: '抄表時間', read: '抄表日期', total: '總示數（kWh / m³）', consumption: '用量（kWh / m³）', costFen: '扣費（元）',
        deletedAt: '刪除時間', deleted: '刪除日期', deletedByName: '刪除人', deleteReason: '刪除原因', refundedFen: '已退款（元）', recount: '重算',
      },
    },
    chaobiao: {
      fields: { ...place, period: '日期 / 月份', usage: '用電量（kWh）', costFen: '扣費（元）', readings: '抄表次數', read: '抄表日期', granularity: '統計週期' },
    },
    chongzhihuizong: {
      fields: {
        group: { day: '日期', month: '月份', channel: '渠道', operator: '操作員', project: '項目' },
        key: '分組', count: '訂單數', amountFen: '儲值金額（元，不含作廢）', voidCount: '作廢訂單', voidAmountFen: '作廢金額（元）',
        energy: '電量 / 水量', groupBy: '彙總方式', created: '儲值日期', utility: '類型', channel: '渠道',
      },
    },
  },
  stats: {
    readings: {
      totals: { readings: '抄表紀錄', usage: '用量', charged: '扣費', refunded: '已退款', rooms: '房間', groups: '行數', orders: '訂單', recharged: '儲值金額', voidOrders: '作廢訂單', voided: '作廢金額' },
      granularity: { day: '按日', month: '按月' },
      chart: {
        period: { day: '日', month: '月' },
        usage: '每%{period}用電量',
        usageLabel: '用電量（kWh）',
        summary: '按%{group}儲值金額',
        summaryLabel: '儲值金額（元）',
        empty: '目前篩選條件下沒有可繪製的資料',
        failed: '圖表載入失敗：%{message}',
      },
      unassigned: '無',
      delete: {
        action: '刪除讀數',
        title: '刪除 %{time} 的抄表紀錄',
        explain: '刪除後該讀數不再計入列表、統計和帳單，轉入「刪除抄表紀錄」，可從那裡恢復。',
        meter: '表計',
        room: '房間',
        reading: '讀數',
        charged: '該讀數已扣費',
        notCharged: '該讀數未產生扣費，不涉及資金變動。',
        refund: '退回扣費（%{amount}），並從上一筆讀數起重算其後的讀數',
        keep: '保留扣費：該讀數仍計入用量（其用量照常計費），其他讀數不變',
        previewing: '正在計算退款後的變動…',
        previewFailed: '無法計算退款後的變動：%{message}',
        choose: '請選擇是否退回扣費',
        reason: '刪除原因',
        reasonHelp: '記入刪除紀錄、退款分錄和操作日誌',
        reasonRequired: '請填寫刪除原因',
        confirm: '刪除',
        done: '抄表紀錄已刪除',
        doneRefund: '抄表紀錄已刪除；已退款 %{amount}，目前餘額 %{balance}',
      },
      recount: {
        explain: '其後的讀數將從上一筆讀數起重新計算：',
        none: '其後沒有讀數發生變化。',
        line: '用量 %{usedBefore} → %{usedAfter} %{unit}，扣費 %{costBefore} → %{costAfter}',
        free: '%{amount} %{unit} 免費額度退回帳戶',
        net: '退款 %{refund}；連同更正，帳戶淨變動 %{net}',
        cell: '%{smart_count} 筆，%{net}',
        netShort: '淨額',
      },
      restore: {
        action: '恢復',
        title: '恢復 %{time} 的抄表紀錄',
        explain: '恢復後該讀數重新計入列表、統計和帳單。',
        recharge: '刪除時已退款 %{amount}：恢復時將從房間帳戶重新扣除該金額。',
        noMoney: '刪除時未退款，不涉及資金變動。',
        recount: '刪除時重算了其後 %{smart_count} 筆讀數：恢復後將按原樣重新計算（連同重新扣費，帳戶淨變動 %{net}）。',
        confirm: '恢復',
        done: '抄表紀錄已恢復',
      },
      purge: {
        action: '徹底刪除',
        title: '徹底刪除 %{time} 的抄表紀錄',
        explain: '徹底刪除後無法恢復。其帳務分錄保留，操作日誌保存完整讀數。',
        confirm: '徹底刪除',
        done: '抄表紀錄已徹底刪除',
      },
    },
  },
  server: {
    errors: {
      readingAlreadyDeleted: '抄表紀錄 %{id} 已被刪除，未做任何變更',
      readingNotDeleted: '抄表紀錄 %{id} 未被刪除：只能恢復或徹底刪除已刪除的紀錄',
      readingNoAccount: '該讀數所在房間沒有此類帳戶，無法退回扣費（請選擇保留扣費後刪除）',
      readingNoPrice: '該表計沒有單價表，無法按單價重算其後讀數的扣費（請先設定單價表，或選擇保留扣費後刪除）',
    },
  },
};

export default readings;
