/** Messages of the area defaults (issue 29: the area's default price table and control set), ja; merged into i18n/ja.ts. */
const areaDefaults = {
  areaDefaults: {
    button: 'エリア既定',
    title: 'エリア既定の単価表と制御パラメータ',
    area: 'エリア：%{name}',
    help: '部屋のメーターに単価表が選ばれていないときは、エリア既定の単価表で課金します。新しい口座は、メーターに制御パラメータがなければエリア既定の制御パラメータからアラーム額と超過利用限度を取ります。',
    priceTable: '既定の単価表',
    controlSet: '既定の制御パラメータ',
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
