/**
 * Messages of the tenants' pay page (src/pay, issue 41) (en): the shape the other three languages
 * must match (tests/console/payPage.test.tsx). Kept apart from the console's catalogs: the page
 * loads only these. `%{name}` is filled in by src/pay/i18n.ts; amounts come as whole money texts
 * (¥1,234.50).
 */
const en = {
  title: 'Electricity and water top-up',
  language: 'Language',
  loading: 'Loading…',
  retry: 'Try again',
  offline: 'Cannot reach the server. Check your connection and try again.',
  busy: 'Too many requests. Wait a moment and try again.',
  badLink: 'This payment link is not valid. Scan the code on your room\'s sticker again.',
  room: 'Room',
  balance: 'Balance',
  noUtilities: 'No meter of this room can be paid online. Please contact the property office.',
  utility: { electric: 'Electricity', water: 'Water' },
  /** The utility inside a sentence ("credited to electricity"). */
  utilityInText: { electric: 'electricity', water: 'water' },
  state: {
    on: 'Power on', off: 'Power off', close_pending: 'Power being restored',
    open: 'Water on', closed: 'Water off', abnormal: 'Valve fault', unknown: 'Supply state unknown',
  },
  payFor: 'Pay for',
  amount: 'Amount',
  otherAmount: 'Other amount',
  otherAmountHint: 'Yuan, e.g. 35.50',
  payWith: 'Pay with',
  provider: { wechat: 'WeChat Pay', alipay: 'Alipay' },
  pay: 'Pay %{amount}',
  payNoAmount: 'Pay',
  creating: 'Creating the order…',
  amountMissing: 'Choose an amount or enter one.',
  amountFormat: 'Enter the amount in yuan, with at most two decimals (e.g. 35.50).',
  amountZero: 'The amount must be more than ¥0.00.',
  scanToPay: 'Pay %{amount}',
  scanHint: { wechat: 'Scan this code with WeChat to pay.', alipay: 'Scan this code with Alipay to pay.' },
  qrAlt: 'QR code to pay',
  orderNo: 'Order no. %{orderNo}',
  timeLeft: 'Time left to pay: %{time}',
  timeUp: 'The time to pay is over. Checking the order…',
  openWallet: 'Open the simulated wallet',
  simulated: 'Simulated payment provider: no real money moves.',
  status: {
    pending: 'Waiting for the payment…',
    paid: 'Paid. Crediting…',
    credited: '%{amount} credited to %{utility}; balance now %{balance}.',
    creditedShort: '%{amount} credited to %{utility}.',
    closed: 'Expired, not paid.',
    conflict: 'Payment received. The property office will credit or refund it.',
    refunding: 'Payment received; it is being refunded.',
    refunded: 'The payment has been refunded.',
  },
  supplyNow: 'Supply: %{state}',
  following: 'Cannot get the order\'s state just now; still trying…',
  newPayment: 'New payment',
  startOver: 'Change the payment',
};

export type PayMessages = typeof en;
export default en;
