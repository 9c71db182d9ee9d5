/** English messages of the accounts screens (merged into i18n/en.ts). */
const accounts = {
  server: {
    errors: {
      rechargeAmount: 'amountFen: the amount must be a whole number of fen greater than 0',
      rechargeMax: 'amountFen: above the per-order maximum of ¥%{max} (RECHARGE_MAX_FEN)',
      hoardLimit: 'Hoarding limit: the balance may not exceed ¥%{limit}; it is ¥%{balance}, so at most ¥%{most} can be taken now',
      noElectricMeter: 'Room %{room} has no electric meter: bind one before taking an electricity payment',
      noWaterMeter: 'Room %{room} has no water meter: bind one before taking a water payment',
      waterAccountNotOpened: 'The water account of room %{room} is not opened: open it in the water meter archive first',
      requestReused: 'Request %{requestId} already made order %{orderId} with other details: a new payment needs a new request (open the dialog again)',
      orderAlreadyVoid: 'Order %{orderId} is already void',
    },
    validation: {
      amountFen: 'must be a whole number of fen greater than 0 (¥1 = 100 fen)',
      requestId: 'must be 8 to 64 letters, digits, _ . : or -',
    },
  },
};

export default accounts;
