/** Messages of the simulated payment providers' pay page (server/paysim/payPage.ts) (ja), merged into i18n/ja.ts. */
const paysim = {
  server: {
    paysim: {
      provider: { wechat: 'WeChat Pay', alipay: 'Alipay' },
      simulated: 'シミュレーション',
      notice: 'シミュレーションの決済サービスです。実際のお金は動きません。決済サービスが設定されていない間、本物の代わりに動作します。',
      merchant: '加盟店',
      merchantName: 'シミュレーション加盟店 %{id}',
      description: '商品',
      orderNo: '注文番号',
      amount: '金額',
      pay: '%{amount} を支払う',
      cancel: 'キャンセル',
      paid: '支払いが完了し、加盟店に通知しました。このページは閉じてかまいません。',
      closed: 'この注文は締め切られたか期限切れです。支払いは行われていません。',
      cancelled: '支払いをキャンセルしました。お金は動いていません。このページは閉じてかまいません。',
      back: '支払いに戻る',
      unknown: 'この支払いコードは存在しません。サーバーの再起動前に発行されたものかもしれません。',
      language: '言語',
    },
  },
};

export default paysim;
