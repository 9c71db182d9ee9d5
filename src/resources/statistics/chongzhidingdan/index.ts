import { rechargeOrderResource } from '../rechargeOrders/resource';

/** 充值订单统计: electric recharge orders, with totals, the server's CSV and the void. */
export default rechargeOrderResource('chongzhidingdan', 'electric');
