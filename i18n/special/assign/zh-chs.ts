/** Messages of issue 30's assign screens (zh-chs), merged into i18n/zh-chs.ts. */
import meters from '../../devices/meters/zh-chs';

/** The assign screens list electric meters: the electric meter fields. */
const screen = meters.resources.tongduankongzhi;
const messages = {
  assignSelected: '为所选电表设置',
  assignFiltered: '为筛选出的全部电表设置',
  title: '设置%{kind}',
  kinds: { control: '控制参数', night: '夜间小功率参数', load: '负载参数', timed: '定时通断参数' },
  set: '参数方案',
  noSets: '还没有这类参数方案，请先在基础参数中添加',
  values: '方案取值',
  currentSet: '当前方案',
  selected: '所选 %{count}',
  selectedScope: '范围（所选的电表）：',
  question: '将 %{count}设为“%{name}”？',
  nothing: '范围内的电表都已是“%{name}”，无需更改',
  unchanged: '%{smart_count} 块电表已是“%{name}”，不再下发',
  offline: '部分电表离线：指令会保留，模块上线后自动下发；到期仍未完成则失效并注明原因',
  changes: '各电表的变化',
  meter: '电表地址',
  room: '房间',
  change: '当前 → 新方案',
  online: '在线',
  isOnline: '在线',
  isOffline: '离线',
  none: '（无）',
  more: '另有 %{smart_count} 块电表未列出',
  rule: '电表的方案在其命令成功后才更改。',
  history: { action: '方案下发记录', title: '方案下发记录 · %{address}', empty: '该电表还没有下发过参数方案', table: '下发记录', at: '时间', kind: '类别', operator: '操作员', state: '结果', all: '全部 %{smart_count} 条 |||| 全部 %{smart_count} 条' },
  progress: { control: '设置控制参数', night: '设置夜间小功率参数', load: '设置负载参数', timed: '设置定时通断参数', power: '设置功率参数', gift: '设置免费电赠送' },
};

const assign = {
  resources: { kongzhiset: screen, nightset: screen, fuzaiset: screen, TimedOnOffControl: screen },
  specialAssign: messages,
  /** The meter tree of the special functions' choice (components/devices/MeterTree.tsx). */
  meterTree: {
    scope: '范围（所选的建筑和房间）：',
    open: '按建筑选择电表',
    title: '按项目 → 建筑 → 房间选择电表',
    filters: '列表当前的筛选条件：',
    loading: '正在加载…',
    empty: '没有符合筛选条件的电表',
    buildings: '展开%{name}的建筑',
    rooms: '展开%{name}的房间',
    count: '%{smart_count} 块 |||| %{smart_count} 块',
    allIn: '%{name}全部（%{smart_count} 块） |||| %{name}全部（%{smart_count} 块）',
    singleRooms: '另选 %{smart_count} 个房间 |||| 另选 %{smart_count} 个房间',
    chosen: '已选 %{smart_count} 块电表 |||| 已选 %{smart_count} 块电表',
    next: '下一步',
    tooMany: '一次最多 %{max} 块电表：请用“为筛选出的全部电表设置”',
    offline: '离线',
    capped: '仅列出前 %{count} 块',
  },
  server: { validation: { broadcastTimeSyncOnly: '只有校准时间指令（time_sync）可以广播' } },
  /** Commands held while their module is offline (server/domain/commands.ts moduleAway): the progress view and the lists. */
  commands: {
    states: { waiting: '等待模块上线' },
    held: '%{smart_count} 个设备的通讯模块离线：指令已保留，模块上线后自动下发，超过期限则失效 |||| %{smart_count} 个设备的通讯模块离线：指令已保留，模块上线后自动下发，超过期限则失效',
    reasons: { module_offline: '模块离线，超时未执行' },
  },
};

export default assign;
