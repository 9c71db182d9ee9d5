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
  selectedScope: '範圍（所選的電錶）：',
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
  /** The meter tree of the special functions' choice (components/devices/MeterTree.tsx). */
  meterTree: {
    scope: '範圍（所選的建築和房間）：',
    open: '依建築選擇電錶',
    title: '依專案 → 建築 → 房間選擇電錶',
    filters: '列表目前的篩選條件：',
    loading: '正在載入…',
    empty: '沒有符合篩選條件的電錶',
    buildings: '展開%{name}的建築',
    rooms: '展開%{name}的房間',
    count: '%{smart_count} 具 |||| %{smart_count} 具',
    allIn: '%{name}全部（%{smart_count} 具） |||| %{name}全部（%{smart_count} 具）',
    singleRooms: '另選 %{smart_count} 個房間 |||| 另選 %{smart_count} 個房間',
    chosen: '已選 %{smart_count} 具電錶 |||| 已選 %{smart_count} 具電錶',
    next: '下一步',
    tooMany: '一次最多 %{max} 具電錶：請用「為篩選出的全部電錶設定」',
    offline: '離線',
    capped: '僅列出前 %{count} 具',
  },
  server: { validation: { broadcastTimeSyncOnly: '只有校準時間指令（time_sync）可以廣播' } },
  /** Commands held while their module is offline (server/domain/commands.ts moduleAway): the progress view and the lists. */
  commands: {
    states: { waiting: '等待模組上線' },
    held: '%{smart_count} 個設備的通訊模組離線：指令已保留，模組上線後自動下發，超過期限則失效 |||| %{smart_count} 個設備的通訊模組離線：指令已保留，模組上線後自動下發，超過期限則失效',
    reasons: { module_offline: '模組離線，逾時未執行' },
  },
};

export default assign;
