import type { DeepStrings } from '../../types';
import type en from './en';

const messages: DeepStrings<typeof en> = {
  server: {
    errors: {
      rechargeAmount: 'amountFen: 充值金额必须是大于0的整数（单位：分）',
      rechargeMax: 'amountFen: 超过单笔充值上限¥%{max}（RECHARGE_MAX_FEN）',
      hoardLimit: '囤积限额：余额不得超过¥%{limit}；当前余额¥%{balance}，本次最多可充¥%{most}',
      noElectricMeter: '房间%{room}没有电表：请先绑定电表再收电费',
      noWaterMeter: '房间%{room}没有水表：请先绑定水表再收水费',
      waterAccountNotOpened: '房间%{room}的水表账户未开户：请先在水表档案中开户',
      requestReused: '请求%{requestId}已生成订单%{orderId}，但内容不同：新的缴费请重新打开充值对话框',
      orderAlreadyVoid: '订单%{orderId}已作废',
    },
    validation: {
      amountFen: '必须是大于0的整数分（1元=100分）',
      requestId: '必须为8至64位字母、数字或 _ . : -',
    },
  },
};

export default messages;
