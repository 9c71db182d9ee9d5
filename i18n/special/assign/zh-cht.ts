/** Messages of issue 30's assign screens (zh-cht), merged into i18n/zh-cht.ts. */
import meters from '../../devices/meters/zh-cht';

/** The assign screens list electric meters: the electric meter fields. */
const screen = meters.resources.tongduankongzhi;
const messages = {
  assignSelected: '為所選電錶設定',
  assignFiltered: '為篩選出的全部電錶設定',
  title: '設定%{kind}',
  kinds: { control: '控制參數', night: '夜間小功率參數', load: '負載參數', timed: '定時通斷參數' },
  set: '參數方案',
  noSets: '還沒有這類參數方案，請先在基礎參數中新增',
  values: '方案取值',
  currentSet: '目前方案',
  selected: '所選 %{count}',
  question: '將 %{count}設為「%{name}」？',
  nothing: '範圍內的電錶都已是「%{name}」，無需更改',
  unchanged: '%{smart_count} 塊電錶已是「%{name}」，不再下發',
  offline: '部分電錶離線：指令會保留，模組上線後自動下發；到期仍未完成則失效並註明原因',
  changes: '各電錶的變化',
  meter: '電錶地址',
  room: '房間',
  change: '目前 → 新方案',
  online: '在線',
  isOnline: '在線',
  isOffline: '離線',
  none: '（無）',
  more: '另有 %{smart_count} 塊電錶未列出',
  rule: '電錶的方案在其命令成功後才更改。',
  history: { action: '方案下發紀錄', title: '方案下發紀錄 · %{address}', empty: '該電錶尚未下發過參數方案', table: '下發紀錄', at: '時間', kind: '類別', operator: '操作員', state: '結果', all: '全部 %{smart_count} 筆 |||| 全部 %{smart_count} 筆' },
  progress: { control: '設定控制參數', night: '設定夜間小功率參數', load: '設定負載參數', timed: '設定定時通斷參數', power: '設定功率參數', gift: '設定免費電贈送' },
};

const assign = {
  resources: { kongzhiset: screen, nightset: screen, fuzaiset: screen, TimedOnOffControl: screen },
  specialAssign: messages,
  /** Commands held while their module is offline (server/domain/commands.ts moduleAway): the progress view and the lists. */
  commands: {
    states: { waiting: '等待模組上線' },
    held: '%{smart_count} 個設備的通訊模組離線：指令已保留，模組上線後自動下發，超過期限則失效 |||| %{smart_count} 個設備的通訊模組離線：指令已保留，模組上線後自動下發，超過期限則失效',
    reasons: { module_offline: '模組離線，逾時未執行' },
  },
};

export default assign;
