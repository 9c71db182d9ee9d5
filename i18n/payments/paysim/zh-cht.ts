/** Messages of the simulated payment providers' pay page (server/paysim/payPage.ts) (zh-cht), merged into i18n/zh-cht.ts. */
const paysim = {
  server: {
    paysim: {
      provider: { wechat: '微信支付', alipay: '支付寶' },
      simulated: '模擬',
      notice: '這是模擬的支付渠道，不會發生真實扣款。未配置支付渠道時，由它代替真實渠道。',
      merchant: '收款方',
      merchantName: '模擬商戶 %{id}',
      description: '商品',
      orderNo: '訂單號',
      amount: '金額',
      pay: '支付 %{amount}',
      cancel: '取消',
      paid: '支付成功，已通知商戶，可以關閉本頁面。',
      closed: '該訂單已關閉或已過期，未發生支付。',
      cancelled: '已取消支付，未發生扣款，可以關閉本頁面。',
      back: '返回支付',
      unknown: '付款碼不存在，可能是伺服器重啟前產生的。',
      language: '語言',
    },
  },
};

export default paysim;
