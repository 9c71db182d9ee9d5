import type { DeepStrings } from '../../types';
import type en from './en';

const messages: DeepStrings<typeof en> = {
  server: {
    errors: {
      rechargeAmount: 'amountFen: 儲值金額必須是大於0的整數（單位：分）',
      rechargeMax: 'amountFen: 超過單筆儲值上限¥%{max}（RECHARGE_MAX_FEN）',
      hoardLimit: '囤積限額：餘額不得超過¥%{limit}；目前餘額¥%{balance}，本次最多可儲¥%{most}',
      noElectricMeter: '房間%{room}沒有電錶：請先綁定電錶再收電費',
      noWaterMeter: '房間%{room}沒有水錶：請先綁定水錶再收水費',
      waterAccountNotOpened: '房間%{room}的水錶帳戶未開戶：請先在水錶檔案中開戶',
      requestReused: '請求%{requestId}已產生訂單%{orderId}，但內容不同：新的繳費請重新開啟儲值對話框',
      orderAlreadyVoid: '訂單%{orderId}已作廢',
    },
    validation: {
      amountFen: '必須是大於0的整數分（1元=100分）',
      requestId: '必須為8至64位字母、數字或 _ . : -',
    },
  },
};

export default messages;
