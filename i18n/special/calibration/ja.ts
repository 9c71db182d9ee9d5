/** Messages of issue 30's calibration screens (ja): 時刻校正, チャージ校正 and its records. */
import meters from '../../devices/meters/ja';

const screen = meters.resources.tongduankongzhi;

const calibration = {
  resources: {
    jiaozhunshijian: screen,
    chongzhijiaozhun: screen,
    chongzhijiaozhunjilu: {
      fields: {
        createdAt: '校正日時', created: '校正日', projectName: 'プロジェクト', buildingName: '建物', roomCode: '部屋番号', meterAddress: 'メーターアドレス',
        platformSaleCount: 'プラットフォーム購入回数', meterSaleCount: 'メーター購入回数（校正前）', platformBalanceFen: 'プラットフォーム残高（元）',
        meterBalanceFen: '校正前メーター残額（元）', meterBalanceFenAfter: '校正後メーター残額（元）', correctionFen: '校正額（元）',
        reason: '理由', operatorName: 'オペレーター', operator: 'オペレーター',
      },
    },
  },
  calibration: {
    time: {
      selected: '選択したメーターの時刻合わせ',
      filtered: '絞り込んだ全メーターの時刻合わせ',
      mode: '方法',
      modes: { meter: 'メーターごと：時計を設定して読み返す', broadcast: 'ブロードキャスト：モジュールごとに 1 フレーム、応答なし' },
      meterHint: '各メーターの時計を読み、プラットフォームの時刻に設定してから再度読みます。前後の時差をメーターごとに表示します。',
      broadcastHint: '選択したメーターのモジュールごとに DL/T 645 ブロードキャスト（制御コード 08、アドレス 99…99）を 1 フレーム送り、そのバス上の全メーターに届きます。メーターは応答しないため送信で完了し、時差は表示できません。',
      question: '%{count}の時刻を合わせますか？',
      questionBroadcast: '%{count}のモジュールに時刻をブロードキャストしますか？',
      action: '時刻合わせ',
      actionBroadcast: 'ブロードキャスト時刻合わせ',
      clockBefore: '合わせる前のメーター時計',
      diffBefore: '合わせる前の時差',
      clockAfter: '合わせた後のメーター時計',
      diffAfter: '合わせた後の時差',
      seconds: '%{value} 秒',
    },
    recharge: {
      compare: 'メーターと照合',
      compareTitle: 'メーターとプラットフォームの照合結果',
      compareQuestion: '%{count}の購入回数と残額を読み取りますか？',
      progress: '%{total} 台中 %{done} 台読取 · 不一致 %{differing} · 失敗 %{failed}',
      rule: 'プラットフォームの残高が正です。校正はプラットフォームの購入回数と残高をメーターに書き込み、メーターが受け付けてから記録します。プラットフォームの台帳は変わりません。',
      tickAll: '不一致のメーターをすべて選択',
      tick: 'メーター %{address} を校正',
      meter: 'メーターアドレス',
      room: '部屋',
      platformSaleCount: 'プラットフォーム購入回数',
      meterSaleCount: 'メーター購入回数',
      platformBalance: 'プラットフォーム残高',
      meterBalance: 'メーター残額',
      difference: '差額（メーター − プラットフォーム）',
      countDiff: '%{value} 回',
      agrees: '一致',
      nothingDiffers: '読み取ったメーターはすべてプラットフォームと一致しています。校正は不要です。',
      reason: '校正の理由',
      reasonRequired: '校正の理由を入力してください',
      correct: '選択した %{smart_count} 台を校正',
      correctAction: 'チャージ校正',
      unchanged: '%{smart_count} 台はすでに一致しているため除外しました',
      meterBefore: '校正前（残額 · 回数）',
      meterAfter: '校正後（残額 · 回数）',
    },
    records: { count: '校正件数', correction: '校正額合計' },
  },
  server: {
    errors: {
      calibration: {
        noAccount: '次のメーターは電気のアカウントがある部屋にありません：%{addresses}',
        notCompared: '次は担当エリアの完了した照合（メーターの値あり）ではありません：%{ids}',
      },
    },
  },
};

export default calibration;
