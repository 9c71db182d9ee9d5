/** Messages of the reading records, room usage, recharge summary and deleted readings screens (issues 31 and 33) (ja), merged into i18n/ja.ts. */
const place = { projectName: 'プロジェクト', buildingName: '建物', roomCode: '部屋番号', meterAddress: 'メーターアドレス' };

const readings = {
  resources: {
    MeterReadingRecordDetails: {
      fields: {
        ...place, readAt: '検針日時', read: '検針日', total: '指示数（kWh）', sharp: '尖頭（kWh）', peak: 'ピーク（kWh）', flat: '平常（kWh）', valley: 'オフピーク（kWh）',
        voltage: '電圧（V）', current: '電流（A）', powerKw: '電力（kW）', consumption: '使用量（kWh）', costFen: '引落額（元）', billed: '引落済み',
      },
    },
    chaobiao_water: {
      fields: { ...place, readAt: '検針日時', read: '検針日', total: '指示数（m³）', consumption: '使用量（m³）', costFen: '引落額（元）', billed: '引落済み' },
    },
    shanchuchaobiaojilu: {
      fields: {
        ...place, utility: '種別', readAt: '検針日時', read: '検針日', total: '指示数（kWh / m³）', consumption: '使用量（kWh / m³）', costFen: '引落額（元）',
        deletedAt: '削除日時', deleted: '削除日', deletedByName: '削除者', deleteReason: '削除理由', refundedFen: '返金額（元）', recount: '再計算',
      },
    },
    chaobiao: {
      fields: { ...place, period: '日 / 月', usage: '使用量（kWh）', costFen: '引落額（元）', readings: '検針回数', read: '検針日', granularity: '集計単位' },
    },
    chongzhihuizong: {
      fields: {
        group: { day: '日', month: '月', channel: 'チャネル', operator: 'オペレーター', project: 'プロジェクト' },
        key: 'グループ', count: '注文数', amountFen: 'チャージ額（元、無効を除く）', voidCount: '無効注文', voidAmountFen: '無効額（元）',
        energy: '電力量 / 水量', groupBy: '集計方法', created: 'チャージ日', utility: '種別', channel: 'チャネル',
      },
    },
  },
  stats: {
    readings: {
      totals: { readings: '検針記録', usage: '使用量', charged: '引落額', refunded: '返金額', rooms: '部屋', groups: '行数', orders: '注文', recharged: 'チャージ額', voidOrders: '無効注文', voided: '無効額' },
      granularity: { day: '日別', month: '月別' },
      chart: {
        period: { day: '日', month: '月' },
        usage: '%{period}ごとの電力使用量',
        usageLabel: '使用量（kWh）',
        summary: '%{group}ごとのチャージ額',
        summaryLabel: 'チャージ額（元）',
        empty: 'この条件で描画できるデータはありません',
        failed: 'グラフを読み込めませんでした：%{message}',
      },
      unassigned: 'なし',
      delete: {
        action: '検針値を削除',
        title: '%{time} の検針記録を削除',
        explain: '削除した検針値は一覧・統計・明細書から外れ、「削除済み検針記録」に移ります。そこから復元できます。',
        meter: 'メーター',
        room: '部屋',
        reading: '検針値',
        charged: 'この検針値の引落額',
        notCharged: 'この検針値による引落はありません。金額は動きません。',
        refund: '引落額（%{amount}）を返金し、後続の検針値を一つ前の検針値から再計算する',
        keep: '引落額をそのままにする：この検針値は使用量に含まれたまま（使用量は課金済み）で、他は変わりません',
        previewing: '返金による変更を計算しています…',
        previewFailed: '返金による変更を計算できませんでした：%{message}',
        choose: '引落額を返金するかどうか選んでください',
        reason: '削除理由',
        reasonHelp: '削除記録・返金仕訳・操作ログに残ります',
        reasonRequired: '削除理由を入力してください',
        confirm: '削除',
        done: '検針記録を削除しました',
        doneRefund: '検針記録を削除しました。%{amount}を返金し、残高は %{balance}です',
      },
      recount: {
        explain: '後続の検針値は一つ前の検針値から再計算されます：',
        none: '後続の検針値に変更はありません。',
        line: '使用量 %{usedBefore} → %{usedAfter} %{unit}、引落 %{costBefore} → %{costAfter}',
        free: '無料枠 %{amount} %{unit} を口座に戻します',
        net: '返金 %{refund}、訂正を含む口座の純変動 %{net}',
        cell: '%{smart_count} 件、%{net}',
        netShort: '純額',
      },
      restore: {
        action: '復元',
        title: '%{time} の検針記録を復元',
        explain: '検針値は再び一覧・統計・明細書に含まれます。',
        recharge: '削除時に %{amount}を返金しました。その金額を部屋の口座から再び引き落とします。',
        noMoney: '削除時に返金はありません。金額は動きません。',
        recount: '削除時に後続の検針値 %{smart_count} 件を再計算しました：復元すると元どおりに計算し直します（再引落を含む口座の純変動 %{net}）。',
        confirm: '復元',
        done: '検針記録を復元しました',
      },
      purge: {
        action: '完全削除',
        title: '%{time} の検針記録を完全に削除',
        explain: '完全に削除すると復元できません。仕訳は残り、操作ログに検針値の全内容が保存されます。',
        confirm: '完全削除',
        done: '検針記録を完全に削除しました',
      },
    },
  },
  server: {
    errors: {
      readingAlreadyDeleted: '検針記録 %{id} はすでに削除されています。何も変更していません',
      readingNotDeleted: '検針記録 %{id} は削除されていません。復元と完全削除は削除済みの記録にのみ行えます',
      readingNoAccount: 'この検針値の部屋にはこの種別の口座がないため、引落額を返金できません（引落額をそのままにして削除してください）',
      readingNoPrice: 'この計器には単価表がないため、後続の検針値の引落額を再計算できません（先に単価表を設定するか、引落額をそのままにして削除してください）',
    },
  },
};

export default readings;
