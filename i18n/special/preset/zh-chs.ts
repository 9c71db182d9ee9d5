/** Messages of issue 30's user parameters and preset energy screens (zh-chs), merged into i18n/zh-chs.ts. */
import meters from '../../devices/meters/zh-chs';

const limitFields = {
  projectName: '项目', buildingName: '建筑', roomCode: '房间号', tenantName: '租户', utility: '账户',
  balanceFen: '余额（元）', alarm1Fen: '一级报警金额（元）', alarm2Fen: '二级报警金额（元）', overdraftFen: '透支金额（元）', hoardLimitFen: '囤积限额（元）',
};

const preset = {
  resources: {
    basicUserParameters: { fields: limitFields },
    yuzhidianliang: meters.resources.tongduankongzhi,
    preset_power_record: {
      fields: {
        createdAt: '时间', created: '时间', meterAddress: '电表地址', projectName: '项目', buildingName: '建筑', roomCode: '房间号',
        energy: '电量（kWh）', reason: '原因', state: '结果', operatorName: '操作员', operator: '操作员',
      },
    },
  },
  userParameters: {
    edit: '设置参数',
    setSelected: '为所选账户设置参数',
    title: '用户参数 · %{room}',
    titleMany: '%{smart_count} 个账户的用户参数',
    balance: '当前余额',
    keepEmpty: '留空的项保持各账户原值。',
    keep: '不变',
    rule: '二级报警金额须低于一级；透支金额不能为负；囤积限额须高于一级报警金额，且不低于当前余额。',
    notAmount: '请输入以元为单位、最多两位小数的金额',
    nothing: '请至少填写一项参数',
    ofRoom: '%{room}：%{reason}',
    saved: '已保存 %{smart_count} 个账户的参数',
    utility: { electric: '电', water: '水' },
  },
  presetEnergy: {
    presetSelected: '为所选电表预置电量',
    presetFiltered: '为筛选出的全部电表预置电量',
    title: '预置电量',
    selected: '所选 %{count}',
    energy: '预置电量（kWh）',
    energyHelp: '0.01–99999.99 kWh，最多两位小数',
    energyInvalid: '请输入 0.01–99999.99 kWh，最多两位小数',
    question: '向 %{count}写入预置电量 %{energy} kWh？',
    offline: '%{smart_count} 块电表离线：指令会重试到期限，仍无应答则失败并注明原因',
    rule: '每块电表的结果都记入预置电量记录；不支持预置电量的电表显示“不支持”。',
    progress: '预置电量',
    remaining: '表内剩余（kWh）',
    result: { succeeded: '成功', failed: '失败', unsupported: '不支持', expired: '已过期' },
    totals: { count: '记录数', succeeded: '成功', energy: '已预置电量（kWh）' },
  },
  server: {
    validation: {
      presetEnergy: '须为 0.01–99999.99 kWh，最多两位小数',
      presetEnergyOnly: '只有预置电量指令（preset_energy）带电量',
      userParameters: {
        range: '须为 0 至 %{max} 的整数分',
        overdraftNegative: '透支金额不能为负',
        alarmOrder: '二级报警金额（%{alarm2}）须低于一级报警金额（%{alarm1}）',
        hoardAboveAlarm: '囤积限额须高于一级报警金额（%{alarm1}）',
        hoardBelowBalance: '囤积限额 %{limit} 低于当前余额 %{balance}',
        ofRoom: '房间 %{room}：%{reason}',
        nothing: '请至少提供一级报警金额、二级报警金额、透支金额、囤积限额之一',
      },
    },
  },
};

export default preset;
