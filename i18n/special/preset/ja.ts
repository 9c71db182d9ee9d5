/** Messages of issue 30's user parameters and preset energy screens (ja), merged into i18n/ja.ts. */
import meters from '../../devices/meters/ja';

const limitFields = {
  projectName: 'プロジェクト', buildingName: '建物', roomCode: '部屋番号', tenantName: '入居者', utility: '口座',
  balanceFen: '残高（元）', alarm1Fen: '第1警告額（元）', alarm2Fen: '第2警告額（元）', overdraftFen: '借越額（元）', hoardLimitFen: '残高上限（元）',
};

const preset = {
  resources: {
    basicUserParameters: { fields: limitFields },
    yuzhidianliang: meters.resources.tongduankongzhi,
    preset_power_record: {
      fields: {
        createdAt: '日時', created: '日時', meterAddress: 'メーターアドレス', projectName: 'プロジェクト', buildingName: '建物', roomCode: '部屋番号',
        energy: '電力量（kWh）', reason: '理由', state: '結果', operatorName: 'オペレーター', operator: 'オペレーター',
      },
    },
  },
  userParameters: {
    edit: 'パラメータを設定',
    setSelected: '選択した口座のパラメータを設定',
    title: 'ユーザーパラメータ · %{room}',
    titleMany: '%{smart_count} 口座のユーザーパラメータ',
    balance: '現在の残高',
    keepEmpty: '空欄の項目は各口座の現在の値のままです。',
    keep: '変更なし',
    rule: '第2警告額は第1警告額より低く、借越額は負にできず、残高上限は第1警告額より高く現在の残高以上である必要があります。',
    notAmount: '元単位で小数点以下2桁までの金額を入力してください',
    nothing: '少なくとも1つのパラメータを入力してください',
    ofRoom: '%{room}：%{reason}',
    saved: '%{smart_count} 口座のパラメータを保存しました',
    utility: { electric: '電気', water: '水道' },
  },
  presetEnergy: {
    presetSelected: '選択したメーターに電力量をプリセット',
    presetFiltered: '絞り込んだ全メーターに電力量をプリセット',
    title: 'プリセット電力量',
    selected: '選択 %{count}',
    energy: 'プリセット電力量（kWh）',
    energyHelp: '0.01〜99999.99 kWh、小数点以下2桁まで',
    energyInvalid: '0.01〜99999.99 kWh を小数点以下2桁までで入力してください',
    question: '%{count}に %{energy} kWh を書き込みますか？',
    offline: '%{smart_count} 台のメーターがオフラインです：コマンドは期限まで再試行され、応答がなければ理由を付けて失敗します',
    rule: '各メーターの結果はプリセット電力量記録に残ります。プリセットを保持できないメーターは「非対応」と表示されます。',
    progress: 'プリセット電力量',
    remaining: 'メーター内の残量（kWh）',
    result: { succeeded: '成功', failed: '失敗', unsupported: '非対応', expired: '期限切れ' },
    totals: { count: '記録数', succeeded: '成功', energy: 'プリセット済み電力量（kWh）' },
  },
  server: {
    validation: {
      presetEnergy: '0.01〜99999.99 kWh、小数点以下2桁までである必要があります',
      presetEnergyOnly: '電力量を指定できるのはプリセット電力量コマンド（preset_energy）だけです',
      userParameters: {
        range: '0〜%{max} の整数（分）である必要があります',
        overdraftNegative: '借越額は負にできません',
        alarmOrder: '第2警告額（%{alarm2}）は第1警告額（%{alarm1}）より低くする必要があります',
        hoardAboveAlarm: '残高上限は第1警告額（%{alarm1}）より高くする必要があります',
        hoardBelowBalance: '残高上限 %{limit} が現在の残高 %{balance} を下回っています',
        ofRoom: '部屋 %{room}：%{reason}',
        nothing: '第1警告額・第2警告額・借越額・残高上限のいずれかを指定してください',
      },
    },
  },
};

export default preset;
