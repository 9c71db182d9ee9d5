import { rechargeOrderResource } from '../rechargeOrders/resource';

/** 水表充值订单: water recharge orders, with totals, the server's CSV and the void. */
export default rechargeOrderResource('chongzhiwater', 'water');
