/** Messages of the simulated payment providers' pay page (server/paysim/payPage.ts) (zh-chs), merged into i18n/zh-chs.ts. */
const paysim = {
  server: {
    paysim: {
      provider: { wechat: '微信支付', alipay: '支付宝' },
      simulated: '模拟',
      notice: '这是模拟的支付渠道，不会发生真实扣款。未配置支付渠道时，由它代替真实渠道。',
      merchant: '收款方',
      merchantName: '模拟商户 %{id}',
      description: '商品',
      orderNo: '订单号',
      amount: '金额',
      pay: '支付 %{amount}',
      cancel: '取消',
      paid: '支付成功，已通知商户，可以关闭本页面。',
      closed: '该订单已关闭或已过期，未发生支付。',
      cancelled: '已取消支付，未发生扣款，可以关闭本页面。',
      back: '返回支付',
      unknown: '付款码不存在，可能是服务器重启前生成的。',
      language: '语言',
    },
  },
};

export default paysim;
