/**
 * The order calls as the shared payment pieces (PayForm, OrderPanel) make them: the pay code's
 * public calls (`/api/v1/pay/…`) on the sticker page, the signed-in tenant's
 * (`/api/v1/tenant/rooms/{roomId}/orders…`, src/pay/tenant/api.ts) on the tenant page.
 */
import { createOrder, fetchOrder, type CreatedOrder, type OrderChoice, type OrderState, type Provider, type Utility } from './api';
import type { PayLang } from './i18n';

export interface OrderApi {
  /** Where pending.ts keeps the followed order and the attempt: one key per room and page. */
  key: string;
  create(order: OrderChoice, lang: PayLang): Promise<CreatedOrder>;
  get(orderNo: string, lang: PayLang): Promise<OrderState>;
  /**
   * After the credit, keep following the order while the meter is being switched back on (its
   * supply state `close_pending`), until it is on. The sticker page stops at the credit.
   */
  followSupply?: boolean;
}

/** What the pay form offers: the utilities that can be paid and the providers. */
export interface PayableRoom {
  utilities: { utility: Utility }[];
  providers: Provider[];
}

/** The sticker page's calls: every call carries the pay code. */
export const payCodeOrders = (payCode: string): OrderApi => ({
  key: payCode,
  create: (order, lang) => createOrder({ payCode, ...order }, lang),
  get: (orderNo, lang) => fetchOrder(orderNo, payCode, lang),
});
