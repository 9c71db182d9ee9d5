/** Messages of the area defaults (issue 29: the area's default price table and control set), ja; merged into i18n/ja.ts. */
const areaDefaults = {
  areaDefaults: {
    button: 'エリア既定',
    title: 'エリア既定の単価表と制御パラメータ',
    area: 'エリア：%{name}',
    help: '部屋のメーターに単価表が選ばれていないときは、エリア既定の単価表で課金します。新しい電気口座は、メーターに制御パラメータがなければ電気口座の既定の制御パラメータからアラーム額・超過利用限度・チャージ上限を取り、新しい水道口座は水道口座の既定から取ります。',
    priceTable: '既定の単価表',
    controlSet: '電気口座の既定の制御パラメータ',
    waterControlSet: '水道口座の既定の制御パラメータ',
    none: 'なし',
    saved: 'エリア既定を保存しました',
    meterFormDefault: '未選択のときはエリア既定の単価表：%{name}',
    meterFormNoDefault: 'エリアに既定の単価表がありません：部屋のメーターに単価表がないと課金されず、アラームになります',
  },
  electricSets: {
    pending: '保存後にメーターへ送ります（パラメータ設定コマンド）。メーターが受け取ると有効になります',
    queued: '%{smart_count} 件のパラメータセットをメーターへ送りました。受け取られると有効になります',
  },
  server: {
    errors: {
      areaDefaults: { priceTableNotFound: '担当エリアに単価表 %{id} はありません' },
    },
  },
};

export default areaDefaults;
