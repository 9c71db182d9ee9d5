/** Messages of issue 11's modules part (ja), merged into i18n/ja.ts: module management, water meter status and switch. */
const waterFields = {
  id: 'ID', address: 'メーターアドレス', meterType: '種別', roomCode: '部屋番号', buildingName: '建物', projectName: 'プロジェクト',
  tenantName: '入居者', valveState: 'バルブ', batteryLow: '電池', online: '通信状態', lastReading: '最新指針値（m³）',
  lastReadAt: '検針日時', lastRead: '検針日時', accountOpened: '利用開始', q: '検索',
};

const modules = {
  resources: {
    mokuaiguanli: {
      name: 'モジュール',
      count: '%{smart_count} 台のモジュール',
      fields: {
        id: 'ID', address: 'モジュールアドレス', name: '名称', kind: '種類', protocol: 'プロトコル', host: 'ホスト', port: 'ポート',
        endpoint: 'ホスト:ポート', online: '通信状態', lastHeartbeatAt: '最終ハートビート', projectId: 'プロジェクト', projectName: 'プロジェクト',
        electricCount: '電力量計', waterCount: '水道メーター', remark: '備考', createdAt: '作成日時', q: '検索',
        settings: {
          valveCode: 'バルブ制御コード', diOrder: '検針 DI のバイト順', password: 'リレー制御パスワード',
          operatorCode: 'オペレーターコード', frameTimeoutMs: 'フレームタイムアウト（ms）',
        },
      },
    },
    waterstate: { name: '水道メーター', count: '%{smart_count} 台の水道メーター', fields: waterFields },
    waterswitch: { name: '水道メーター', count: '%{smart_count} 台の水道メーター', fields: waterFields },
  },
  moduleScreen: {
    kind: { simulator: 'シミュレーター', 'tcp-gateway': 'TCP ゲートウェイ', dtu: '4G DTU' },
    protocol: { dlt645: 'DL/T 645（電力）', cjt188: 'CJ/T 188（水道）' },
    kindHelp: {
      simulator: '模擬バス：配下のメーターにはシミュレーターが応答します',
      'tcp-gateway': 'シリアル－イーサネット変換器：プラットフォームがホストとポートに接続します',
      dtu: '4G DTU：プラットフォームに接続し、アドレスで登録します',
    },
    protocolHelp: 'DL/T 645 は電力量計、CJ/T 188 は水道メーターを収容します',
    addressHelp: '英数字 1～32 文字（英字は大文字で保存）、プラットフォーム全体で一意',
    addressDtuHelp: 'DTU が登録時に送る ID（英数字 1～32 文字）',
    hostHelp: 'ホスト名または IP アドレス（http:// やパスは不要）',
    portHelp: '1～65535',
    hostInvalid: 'ホスト名または IP アドレスを入力してください（http://、ポート、パスなし）',
    addressInvalid: '英数字 1～32 文字で入力してください',
    hex8: '16 進数 8 桁で入力してください',
    advanced: '詳細：プロトコル設定',
    advancedHelp: '実機は規格の例と異なることがあります。空欄なら既定値を使います。',
    defaultIs: '既定値：%{value}',
    valveCode: { '04': '標準書き込み（04）', '2A': 'ベンダーコード（2A）' },
    diOrder: { '901F': '標準（90 1F）', '1F90': '逆順（1F 90）' },
    state: 'モジュールの状態',
    endpointNone: 'なし',
    neverHeard: '未受信',
    meters: {
      title: '配下のメーター',
      empty: 'このモジュールにはメーターがありません',
      capped: '種類ごとに先頭 %{shown} 台を表示（全 %{total} 台）',
      kind: { electric: '電力', water: '水道' },
      kindLabel: '種類', address: 'アドレス', room: '部屋', state: '状態', online: '通信', channel: 'ch',
      counts: '電力量計 %{electric} 台 · 水道メーター %{water} 台',
    },
    relay: { on: '通電', off: '遮断', close_pending: '投入許可' },
    testConnection: '接続テスト',
    testHint: 'このモジュール経由で配下のメーターを 1 台検針します',
    testNoMeter: 'このモジュールには検針できるメーターがありません',
    testAction: '接続テスト（検針）',
    deleteCarries: 'このモジュールには電力量計 %{electric} 台、水道メーター %{water} 台があります。削除する前に移動または削除してください。',
  },
  waterScreens: {
    readAction: '検針',
    readSelected: '選択を検針',
    readSelectedConfirm: '選択した %{smart_count} 台のメーターに検針コマンドを送りますか？',
    readAll: '今すぐ検針',
    readAllTitle: '一覧のメーターを今すぐ検針',
    readAllConfirm: '%{count}に検針コマンドを送りますか？値はメーターの応答に応じて届きます。',
    tooMany: '%{max} 台を超えています。絞り込んで（例：建物 1 棟）再度お試しください',
    attention: '要確認',
    attentionHint: '電池低下またはバルブ異常',
  },
  server: {
    errors: {
      moduleAddressTaken: 'モジュールアドレス %{address} は使用済みです',
      moduleCarriesElectric: 'モジュール %{address} には電力量計が %{count} 台あります。CJ/T 188 のモジュールでは通信できないため、先に移動してください',
      moduleCarriesWater: 'モジュール %{address} には水道メーターが %{count} 台あります。DL/T 645 のモジュールでは通信できないため、先に移動してください',
      moduleHasMeters: 'モジュール %{address} にはまだ電力量計 %{electric} 台、水道メーター %{water} 台があります。先に移動または削除してください',
      moduleHasCommands: 'モジュール %{address} には待機中または実行中のコマンドが %{count} 件あります。完了までお待ちください',
    },
    validation: {
      moduleAddress: '英数字 1～32 文字で入力してください',
      hex8: '16 進数 8 桁で入力してください',
      host: 'ホスト名または IP アドレス（スキーム、ポート、パスなし）で入力してください',
      hostRequired: 'TCP ゲートウェイにはホストが必要です',
      portRequired: 'TCP ゲートウェイにはポート（1～65535）が必要です',
      noHost: '%{kind}のモジュールにはホストとポートはありません',
      projectNotFound: 'プロジェクトが存在しないか、エリア外です',
      settingsEmpty: '設定を 1 つ以上指定するか、すべて既定値なら null を送ってください',
    },
  },
};

export default modules;
