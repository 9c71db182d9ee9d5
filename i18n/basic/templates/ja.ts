/** Messages of issue 29's templates part (ja), merged into i18n/ja.ts: the 8 basic-parameter screens. */
const common = { id: 'ID', name: '名称', usedBy: '使用状況', remark: '備考', createdAt: '作成日時', q: '検索' };

const templates = {
  resources: {
    danjiabiao: {
      name: '単価表',
      fields: {
        ...common, kind: '種類', sharpFen: '尖頭（元/kWh）', peakFen: 'ピーク（元/kWh）', flatFen: '平常（元/kWh）', valleyFen: 'オフピーク（元/kWh）',
        waterFen: '水道（元/m³）', tiers: '段階', scheduleId: '時間帯', scheduleName: '時間帯', prices: '料金',
      },
    },
    dsshijianduan: { name: '時間帯', fields: { ...common, segments: '区間', bar: '24 時間' } },
    gonglvcanshu: { name: '電力パラメータ', fields: { ...common, values: { maxPowerW: '最大電力（W）' } } },
    kongzhicanshu: {
      name: '制御パラメータ',
      fields: {
        ...common,
        values: { alarm1Fen: '第 1 警告額（元）', alarm2Fen: '第 2 警告額（元）', overdraftFen: '貸越額（元）', hoardLimitFen: '買いだめ上限（元）', autoTrip: '滞納時に自動遮断' },
      },
    },
    fuzaicanshu: {
      name: '負荷パラメータ',
      fields: { ...common, values: { maxLoadW: '最大負荷（W）', malignantThresholdW: '悪性負荷しきい値（W）', action: '悪性負荷時の動作' } },
    },
    night: { name: '夜間低電力', fields: { ...common, values: { start: '開始', end: '終了', maxW: '最大電力（W）' } } },
    dstongduancanshu: { name: 'タイマー通電・遮断パラメータ', fields: { ...common, values: { timePeriodId: '通電・遮断時間帯', days: '曜日' } } },
    mianfeidianzscs: {
      name: '無料電力付与パラメータ',
      fields: { ...common, values: { amount: '毎月の付与量', unit: '単位', dayOfMonth: '付与日', carryOverCap: '繰越上限' } },
    },
  },
  tariffs: {
    kind: { single: '単一料金', tou: '時間帯別', tiered: '段階料金' },
    rate: { sharp: '尖頭', peak: 'ピーク', flat: '平常', valley: 'オフピーク', on: '通電', off: '遮断' },
    usedByMeters: '%{smart_count} 台のメーター',
    usedByTemplates: '%{smart_count} 件のテンプレート',
    inUse: '%{used}で使用中です。変更はそれらに適用されます。',
    inUsePush: '保存後にメーターへ配信できます。',
    notUsed: '未使用',
    usedByTitle: '「%{name}」の使用状況',
    usedByEmpty: '使用しているものはありません。削除できます。',
    userKind: { electric: '電気メーター', water: '水道メーター', priceTable: '単価表', timedSet: 'タイマー通電・遮断パラメータ' },
    userColumns: { kind: '種類', name: 'アドレス / 名称', room: '部屋' },
    push: {
      action: '使用中のメーターに配信',
      title: '「%{name}」を配信',
      question: '「%{name}」を使用中の電気メーター %{smart_count} 台に今すぐ配信しますか？',
      rule: '各メーターはコマンドで設定を受け取り、そのコマンドが成功したときに割り当てが変わります。',
      offer: '「%{name}」は使用中です。変更を今すぐメーターに配信しますか？',
      nothing: '使用中の電気メーターはありません。配信するものはありません。',
      water: '水道メーターの無料付与はプラットフォームで行い、コマンドは送りません。',
      progress: 'パラメータ配信',
      later: '後で',
    },
    zero: {
      fields: '料金が 0 の項目：%{fields}。この料金の電力は無料になります。',
      confirm: '料金 0 を確認しました',
      needed: '料金 0 には下の確認が必要です',
    },
    tiers: { title: '月間段階', add: '段階を追加', remove: '段階を削除', upTo: '上限（kWh/月）', priceFen: '単価（元/kWh）', open: '以上', help: '上限は昇順、最後の段階は上限なし。' },
    segments: {
      title: '区間', add: '区間を追加', remove: '区間を削除', start: '開始', end: '終了', rate: '料金区分',
      help: '最大 8 区間で 00:00〜24:00 を隙間・重なりなく覆います（最後の終了は 24:00）。',
    },
    scheduleHelp: '時間帯別料金には料金区分の時間帯が必要です。',
    switchScheduleHelp: '通電・遮断の時間帯（区分「通電」/「遮断」）。',
    days: { 1: '月', 2: '火', 3: '水', 4: '木', 5: '金', 6: '土', 7: '日' },
    loadAction: { trip: '遮断', alarm: '警告のみ' },
    giftUnit: { kWh: 'kWh', m3: 'm³' },
    priceHelp: '元/kWh（水道は元/m³）、例：0.65',
    hoardHelp: '0 は上限なし',
    perMonth: '毎月 %{day} 日に %{amount} %{unit}',
    window: '%{start}〜%{end}、最大 %{maxW} W',
  },
  server: {
    errors: {
      tariffs: {
        inUseByMeters: '「%{name}」は %{count} 台のメーターで使用中です（%{names}）。先に別の設定に変更してください',
        inUseByTemplates: '「%{name}」は %{count} 件の単価表またはタイマー設定で使用中です（%{names}）。先にそれらを変更してください',
        scheduleNotFound: 'このエリアに時間帯 %{id} はありません',
        scheduleNotRates: '時間帯別料金には料金区分（尖頭・ピーク・平常・オフピーク）の時間帯が必要です',
        scheduleNotSwitch: 'タイマー通電・遮断には通電・遮断の時間帯が必要です',
      },
    },
    validation: {
      tariff: {
        clock: 'HH:mm 形式の時刻で入力してください',
        scheduleEmpty: '区間が 1 つ以上必要です',
        scheduleTooMany: '区間は最大 %{max} です',
        scheduleMixed: '1 つの時間帯で料金区分と通電・遮断は混在できません',
        scheduleUsedAsRates: '時間帯別の単価表が使用中のため、料金区分のままにしてください',
        scheduleUsedAsSwitch: 'タイマー設定が使用中のため、通電・遮断のままにしてください',
        segmentEndBeforeStart: '開始より後にしてください',
        segmentOverlap: '%{at} で他の区間と重なっています',
        segmentGap: '%{from}〜%{to} が覆われていません',
        priceFen: '分単位の整数で入力してください',
        priceRange: '0〜%{max} 分の範囲で入力してください',
        tiersEmpty: '段階が 1 つ以上必要です',
        tiersTooMany: '段階は最大 %{max} です',
        tierLastOpen: '最後の段階は上限なしにしてください',
        tierThreshold: '上限が必要です（上限なしは最後の段階のみ）',
        tierAscending: '%{after} より大きくしてください',
        touNeedsSchedule: '時間帯別料金には時間帯が必要です',
        intRange: '%{min}〜%{max} の整数で入力してください',
        alarmOrder: '第 2 警告額は第 1 警告額より低くしてください',
        hoardAboveAlarm: '0（上限なし）または第 1 警告額より大きくしてください',
        thresholdAboveMax: '最大負荷を超えることはできません',
        windowEmpty: '開始と同じにはできません',
        daysEmpty: '1 日以上選択してください',
        days: '1（月曜）〜7 の曜日を各 1 回にしてください',
        giftAmount: '0 より大きく 100000 以下、小数 2 桁までにしてください',
        carryOverCap: '0〜100000 の範囲で入力してください',
      },
    },
  },
};

export default templates;
