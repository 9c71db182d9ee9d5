/** Messages of issue 30's calibration screens (zh-chs): 校准时间, 充值校准 and 充值校准记录. */
import meters from '../../devices/meters/zh-chs';

const screen = meters.resources.tongduankongzhi;

const calibration = {
  resources: {
    jiaozhunshijian: screen,
    chongzhijiaozhun: screen,
    chongzhijiaozhunjilu: {
      fields: {
        createdAt: '校准时间', created: '校准日期', projectName: '项目', buildingName: '建筑', roomCode: '房间号', meterAddress: '电表地址',
        platformSaleCount: '平台购电次数', meterSaleCount: '电表购电次数（校准前）', platformBalanceFen: '平台余额（元）',
        meterBalanceFen: '校准前表内剩余（元）', meterBalanceFenAfter: '校准后表内剩余（元）', correctionFen: '校准金额（元）',
        reason: '原因', operatorName: '操作员', operator: '操作员',
      },
    },
  },
  calibration: {
    time: {
      selected: '所选电表校时',
      filtered: '筛选出的全部电表校时',
      mode: '方式',
      modes: { meter: '逐表校时：设置每块表的时钟并读回', broadcast: '广播校时：每个模块一帧，无应答' },
      meterHint: '先读取每块表的时钟，再设为平台时间并重新读取：逐表显示校时前后的时差。',
      broadcastHint: '对所选电表所在的每个模块发送一帧 DL/T 645 广播校时（控制码 08，地址 99…99），该总线上的电表全部生效。电表不应答广播：发送即完成，无法显示时差。',
      question: '确定为 %{count}校时吗？',
      questionBroadcast: '确定向 %{count}所在的模块广播校时吗？',
      action: '校时',
      actionBroadcast: '广播校时',
      clockBefore: '校时前表内时钟',
      diffBefore: '校时前时差',
      clockAfter: '校时后表内时钟',
      diffAfter: '校时后时差',
      seconds: '%{value} 秒',
    },
    recharge: {
      compare: '与电表比对',
      compareTitle: '电表与平台比对结果',
      compareQuestion: '确定读取 %{count}的购电次数和剩余金额吗？',
      progress: '已读 %{done}/%{total} · 不一致 %{differing} · 失败 %{failed}',
      rule: '以平台余额为准：校准把平台的购电次数和余额写入电表，电表接受后才记录。平台台账不变。',
      tickAll: '勾选全部不一致的电表',
      tick: '校准电表 %{address}',
      meter: '电表地址',
      room: '房间',
      platformSaleCount: '平台购电次数',
      meterSaleCount: '电表购电次数',
      platformBalance: '平台余额',
      meterBalance: '表内剩余金额',
      difference: '差额（电表 − 平台）',
      countDiff: '%{value} 次',
      agrees: '一致',
      nothingDiffers: '读到的电表都与平台一致，无需校准。',
      reason: '校准原因',
      reasonRequired: '请填写校准原因',
      correct: '校准勾选的 %{smart_count} 块电表',
      correctAction: '充值校准',
      unchanged: '%{smart_count} 块电表已一致，未再校准',
      meterBefore: '校准前（剩余 · 次数）',
      meterAfter: '校准后（剩余 · 次数）',
    },
    records: { count: '校准笔数', correction: '校准金额合计' },
  },
  server: {
    errors: {
      calibration: {
        noAccount: '这些电表不在开有电费账户的房间：%{addresses}',
        notCompared: '这些不是您区域内已完成并读到电表数据的比对：%{ids}',
      },
    },
  },
};

export default calibration;
