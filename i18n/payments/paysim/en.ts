/** Messages of the simulated payment providers' pay page (server/paysim/payPage.ts) (en), merged into i18n/en.ts. */
const paysim = {
  server: {
    paysim: {
      provider: { wechat: 'WeChat Pay', alipay: 'Alipay' },
      simulated: 'Simulated',
      notice: 'A simulated payment provider: no money moves. It stands in for the real one while no provider is configured.',
      merchant: 'Merchant',
      merchantName: 'Simulated merchant %{id}',
      description: 'Item',
      orderNo: 'Order no.',
      amount: 'Amount',
      pay: 'Pay %{amount}',
      cancel: 'Cancel',
      paid: 'Paid. The merchant has been notified; you can close this page.',
      closed: 'This order is closed or has expired: nothing was paid.',
      cancelled: 'Payment cancelled: nothing was paid. You can close this page.',
      back: 'Back to the payment',
      unknown: 'No such payment code. It may have been issued before the server restarted.',
      language: 'Language',
    },
  },
};

export default paysim;
