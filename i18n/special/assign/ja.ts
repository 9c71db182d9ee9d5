/** Messages of issue 30's assign screens (ja), merged into i18n/ja.ts. */
import meters from '../../devices/meters/ja';

/** The assign screens list electric meters: the electric meter fields. */
const screen = meters.resources.tongduankongzhi;
const messages = {
  assignSelected: '選択したメーターに設定',
  assignFiltered: '絞り込んだ全メーターに設定',
  title: '%{kind}の設定',
  kinds: { control: '制御パラメータ', night: '夜間低電力パラメータ', load: '負荷パラメータ', timed: 'タイマー通電・遮断パラメータ' },
  set: 'パラメータセット',
  noSets: 'この種類のセットがまだありません。基本パラメータで先に追加してください',
  values: 'セットの値',
  currentSet: '現在のセット',
  selected: '選択した %{count}',
  selectedScope: '範囲（選択したメーター）：',
  question: '%{count} を「%{name}」に設定しますか？',
  nothing: '範囲内のメーターはすべて「%{name}」です。変更はありません',
  unchanged: '%{smart_count} 台は既に「%{name}」のため送信しません',
  offline: '一部のメーターがオフラインです。コマンドは保留され、モジュール復帰後に自動送信されます。期限切れの場合は理由が表示されます',
  changes: 'メーターごとの変更',
  meter: 'メーターアドレス',
  room: '部屋',
  change: '現在 → 新しいセット',
  online: 'オンライン',
  isOnline: 'オンライン',
  isOffline: 'オフライン',
  none: '（なし）',
  more: 'ほか %{smart_count} 台',
  rule: 'メーターのセットはコマンドが成功したときにのみ変わります。',
  history: { action: 'セット送信履歴', title: 'セット送信履歴 · %{address}', empty: 'このメーターにはまだパラメータセットが送信されていません', table: '送信履歴', at: '日時', kind: '種類', operator: 'オペレーター', state: '結果', all: '全 %{smart_count} 件 |||| 全 %{smart_count} 件' },
  progress: { control: '制御パラメータの設定', night: '夜間低電力パラメータの設定', load: '負荷パラメータの設定', timed: 'タイマー通電・遮断パラメータの設定', power: '電力パラメータの設定', gift: '無料電力付与の設定' },
};

const assign = {
  resources: { kongzhiset: screen, nightset: screen, fuzaiset: screen, TimedOnOffControl: screen },
  specialAssign: messages,
  /** The meter tree of the special functions' choice (components/devices/MeterTree.tsx). */
  meterTree: {
    scope: '範囲（選択した建物と部屋）：',
    open: '建物から選択',
    title: 'メーターを選択：プロジェクト → 建物 → 部屋',
    filters: '一覧の現在の絞り込み：',
    loading: '読み込み中…',
    empty: '絞り込みに合うメーターはありません',
    buildings: '%{name} の建物を表示',
    rooms: '%{name} の部屋を表示',
    count: '%{smart_count} 台 |||| %{smart_count} 台',
    allIn: '%{name} のすべて（%{smart_count} 台） |||| %{name} のすべて（%{smart_count} 台）',
    singleRooms: 'ほか %{smart_count} 部屋 |||| ほか %{smart_count} 部屋',
    chosen: '%{smart_count} 台を選択 |||| %{smart_count} 台を選択',
    next: '次へ',
    tooMany: '一度に選べるのは %{max} 台までです：「絞り込んだ全メーターに設定」を使ってください',
    offline: 'オフライン',
    capped: '最初の %{count} 台のみ表示',
  },
  server: { validation: { broadcastTimeSyncOnly: 'ブロードキャストできるのは時刻校正コマンド（time_sync）だけです' } },
  /** Commands held while their module is offline (server/domain/commands.ts moduleAway): the progress view and the lists. */
  commands: {
    states: { waiting: 'モジュール復帰待ち' },
    held: '%{smart_count} 台はモジュールがオフライン：コマンドは保留され、モジュール復帰後に自動送信されます（期限を過ぎると失効） |||| %{smart_count} 台はモジュールがオフライン：コマンドは保留され、モジュール復帰後に自動送信されます（期限を過ぎると失効）',
    reasons: { module_offline: 'モジュールがオフラインのまま期限切れ' },
  },
};

export default assign;
