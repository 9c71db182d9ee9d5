/** Messages of issue 11's meters part (ja), merged into i18n/ja.ts. */
/** The electric meter fields, shared by the three electric screens. */
const meterFields = {
  id: 'ID',
  address: 'メーターアドレス',
  projectName: 'プロジェクト',
  buildingName: '建物',
  roomCode: '部屋番号',
  roomId: '部屋',
  tenantName: '入居者',
  tenantPhone: '電話',
  moduleId: '通信モジュール',
  moduleAddress: 'モジュール',
  channel: 'チャネル',
  relayState: 'リレー',
  online: 'オンライン',
  keepSupply: '給電維持',
  withoutRoom: '部屋の割当',
  lastTotal: '積算（kWh）',
  lastReadAt: '検針日時',
  lastSharp: '尖頭（kWh）',
  lastPeak: 'ピーク（kWh）',
  lastFlat: '平常（kWh）',
  lastValley: 'オフピーク（kWh）',
  lastVoltage: '電圧（V）',
  lastCurrent: '電流（A）',
  lastPowerKw: '電力（kW）',
  powerSetName: '電力パラメータ',
  controlSetName: '制御パラメータ',
  loadSetName: '負荷パラメータ',
  nightSetName: '夜間低電力',
  timedSetName: '時刻指定入切',
  giftSetName: '無料電力付与',
  priceTableName: '料金表',
  priceTableId: '料金表',
  model: '型式',
  phase: '相',
  ctRatio: 'CT 比',
  remark: '備考',
  createdAt: '作成日時',
  q: '検索'
};

const meters = {
  resources: {
    dianbiaoguanli: {
      name: '電力量計',
      count: '%{smart_count} 台の電力量計',
      fields: meterFields
    },
    dianbiaoshishijilu: {
      name: '電力量計',
      count: '%{smart_count} 台の電力量計',
      fields: meterFields
    },
    tongduankongzhi: {
      name: '電力量計',
      count: '%{smart_count} 台の電力量計',
      fields: meterFields
    }
  },
  electric: {
    relay: {
      on: '通電',
      off: '遮断',
      close_pending: '投入許可'
    },
    keepSupply: {
      true: '給電維持',
      false: '通常'
    },
    withoutRoom: {
      true: '部屋未割当',
      false: '部屋割当済'
    },
    fields: {
      module: 'モジュール'
    },
    actions: {
      read: '今すぐ検針',
      trip: '遮断',
      close_allowed: '投入許可',
      direct_close: '直接投入',
      keep_supply_on: '給電維持オン',
      keep_supply_off: '給電維持オフ',
      device: 'デバイス操作',
      readSelected: '選択を検針',
      readFiltered: '一覧の全件を検針',
      controlSelected: '選択を入切',
      controlFiltered: '一覧の全件を入切'
    },
    confirm: {
      action: '操作',
      cause: '理由',
      question: '%{count}に「%{action}」を送信しますか？',
      questionTrip: '%{count}に「%{action}」（理由：%{cause}）を送信しますか？再投入まで部屋は停電します。'
    },
    causes: {
      manual: '手動',
      arrears: '料金未払い',
      overload: '過負荷',
      malignant_load: '悪性負荷',
      night_limit: '夜間制限',
      timed: '時刻指定',
      maintenance: '保守'
    },
    read: {
      total: '積算 kWh',
      sharp: '尖頭',
      peak: 'ピーク',
      flat: '平常',
      valley: 'オフピーク',
      voltage: '電圧 V',
      current: '電流 A',
      powerKw: '電力 kW'
    },
    record: {
      state: 'メーターの状態',
      rates: '尖頭 / ピーク / 平常 / オフピーク（kWh）',
      electrical: '電圧 · 電流 · 電力'
    },
    addressInvalid: '12 桁の数字で入力してください',
    addressHelp: '12 桁（DL/T 645）',
    moduleHelp: 'あなたのエリアの DL/T 645 モジュールのみ',
    moduleMeters: '%{smart_count} 台',
    channelHelp: '1–1024、モジュール内で重複不可',
    roomHelp: '電力量計のない部屋のみ表示；部屋の電気料金口座を開設します',
    phase: {
      1: '単相',
      3: '三相'
    },
    parameterSets: 'パラメータセット',
    importTitle: 'CSV から電力量計をインポート'
  },
  server: {
    errors: {
      meters: {
        moduleNotElectric: 'モジュール %{address} のプロトコルは %{protocol} です：電力量計は DL/T 645（dlt645）モジュールにのみ接続できます',
        moduleNotWater: 'モジュール %{address} のプロトコルは %{protocol} です：水道メーターは CJ/T 188（cjt188）モジュールにのみ接続できます',
        channelTaken: 'モジュール %{module} のチャネル %{channel} はメーター %{address} が使用中です',
        setNotAssignable: 'パラメータセット %{id} はこのメーターのエリアの%{kind}ではありません',
        priceTableNotFound: '料金表 %{id} はこのメーターのエリアにありません',
        changedMeanwhile: 'アドレス、部屋またはチャネルが先に使用されました：再読み込みしてやり直してください',
        importModuleUnknown: 'アドレス %{address} のモジュールはあなたのエリアにありません',
        importChannelTaken: 'モジュール %{module} のチャネル %{channel} は使用中です',
      },
    },
    validation: {
      phase: '1（単相）または 3（三相）を指定してください',
    },
  },
};

export default meters;
