/** Messages of the reading records, room usage, recharge summary and deleted readings screens (issues 31 and 33) (zh-chs), merged into i18n/zh-chs.ts. */
const place = { projectName: '项目', buildingName: '建筑', roomCode: '房间号', meterAddress: '表地址' };

const readings = {
  resources: {
    MeterReadingRecordDetails: {
      fields: {
        ...place, readAt: '抄表时间', read: '抄表日期', total: '总示数（kWh）', sharp: '尖（kWh）', peak: '峰（kWh）', flat: '平（kWh）', valley: '谷（kWh）',
        voltage: '电压（V）', current: '电流（A）', powerKw: '功率（kW）', consumption: '用电量（kWh）', costFen: '扣费（元）', billed: '已扣费',
      },
    },
    chaobiao_water: {
      fields: { ...place, readAt: '抄表时间', read: '抄表日期', total: '总示数（m³）', consumption: '用水量（m³）', costFen: '扣费（元）', billed: '已扣费' },
    },
    shanchuchaobiaojilu: {
      fields: {
        ...place, utility: '类型', readAt: '抄表时间', read: '抄表日期', total: '总示数（kWh / m³）', consumption: '用量（kWh / m³）', costFen: '扣费（元）',
        deletedAt: '删除时间', deleted: '删除日期', deletedByName: '删除人', deleteReason: '删除原因', refundedFen: '已退款（元）', recount: '重算',
      },
    },
    chaobiao: {
      fields: { ...place, period: '日期 / 月份', usage: '用电量（kWh）', costFen: '扣费（元）', readings: '抄表次数', read: '抄表日期', granularity: '统计周期' },
    },
    chongzhihuizong: {
      fields: {
        group: { day: '日期', month: '月份', channel: '渠道', operator: '操作员', project: '项目' },
        key: '分组', count: '订单数', amountFen: '充值金额（元，不含作废）', voidCount: '作废订单', voidAmountFen: '作废金额（元）',
        energy: '电量 / 水量', groupBy: '汇总方式', created: '充值日期', utility: '类型', channel: '渠道',
      },
    },
  },
  stats: {
    readings: {
      totals: { readings: '抄表记录', usage: '用量', charged: '扣费', refunded: '已退款', rooms: '房间', groups: '行数', orders: '订单', recharged: '充值金额', voidOrders: '作废订单', voided: '作废金额' },
      granularity: { day: '按日', month: '按月' },
      chart: {
        period: { day: '日', month: '月' },
        usage: '每%{period}用电量',
        usageLabel: '用电量（kWh）',
        summary: '按%{group}充值金额',
        summaryLabel: '充值金额（元）',
        empty: '当前筛选条件下没有可绘制的数据',
        failed: '图表加载失败：%{message}',
      },
      unassigned: '无',
      delete: {
        action: '删除读数',
        title: '删除 %{time} 的抄表记录',
        explain: '删除后该读数不再计入列表、统计和账单，转入“删除抄表记录”，可从那里恢复。',
        meter: '表计',
        room: '房间',
        reading: '读数',
        charged: '该读数已扣费',
        notCharged: '该读数未产生扣费，不涉及资金变动。',
        refund: '退回扣费（%{amount}），并从上一条读数起重算其后的读数',
        keep: '保留扣费：该读数仍计入用量（其用量照常计费），其他读数不变',
        previewing: '正在计算退款后的变动…',
        previewFailed: '无法计算退款后的变动：%{message}',
        choose: '请选择是否退回扣费',
        reason: '删除原因',
        reasonHelp: '记入删除记录、退款分录和操作日志',
        reasonRequired: '请填写删除原因',
        confirm: '删除',
        done: '抄表记录已删除',
        doneRefund: '抄表记录已删除；已退款 %{amount}，当前余额 %{balance}',
      },
      recount: {
        explain: '其后的读数将从上一条读数起重新计算：',
        none: '其后没有读数发生变化。',
        line: '用量 %{usedBefore} → %{usedAfter} %{unit}，扣费 %{costBefore} → %{costAfter}',
        free: '%{amount} %{unit} 免费额度退回账户',
        net: '退款 %{refund}；连同更正，账户净变动 %{net}',
        cell: '%{smart_count} 条，%{net}',
        netShort: '净额',
      },
      restore: {
        action: '恢复',
        title: '恢复 %{time} 的抄表记录',
        explain: '恢复后该读数重新计入列表、统计和账单。',
        recharge: '删除时已退款 %{amount}：恢复时将从房间账户重新扣除该金额。',
        noMoney: '删除时未退款，不涉及资金变动。',
        recount: '删除时重算了其后 %{smart_count} 条读数：恢复后将按原样重新计算（连同重新扣费，账户净变动 %{net}）。',
        confirm: '恢复',
        done: '抄表记录已恢复',
      },
      purge: {
        action: '彻底删除',
        title: '彻底删除 %{time} 的抄表记录',
        explain: '彻底删除后无法恢复。其账务分录保留，操作日志保存完整读数。',
        confirm: '彻底删除',
        done: '抄表记录已彻底删除',
      },
    },
  },
  server: {
    errors: {
      readingAlreadyDeleted: '抄表记录 %{id} 已被删除，未做任何更改',
      readingNotDeleted: '抄表记录 %{id} 未被删除：只能恢复或彻底删除已删除的记录',
      readingNoAccount: '该读数所在房间没有此类账户，无法退回扣费（请选择保留扣费后删除）',
      readingNoPrice: '该表计没有单价表，无法按单价重算其后读数的扣费（请先设置单价表，或选择保留扣费后删除）',
    },
  },
};

export default readings;
