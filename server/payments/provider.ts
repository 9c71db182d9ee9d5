/**
 * What the platform asks of a payment provider (issue 41), whatever its protocol: WeChat Pay API v3
 * (wechatpay.ts) and Alipay's open API (alipay.ts), real or simulated (only base URLs and keys differ).
 * Money is in integer fen throughout; each client converts to its protocol (Alipay's yuan strings).
 * Nothing here knows the database or the platform's rules: the settlement (server/domain/onlinePayments.ts)
 * decides what an event means for an order.
 */

export type ProviderName = 'wechat' | 'alipay';
export const PROVIDERS: readonly ProviderName[] = ['wechat', 'alipay'];

export interface CreateOrderInput {
  /** The platform's order number, the provider's out_trade_no (≤ 32 of [0-9A-Za-z_-]). */
  orderNo: string;
  amountFen: number;
  /** What the payer sees (WeChat `description`, Alipay `subject`). */
  description: string;
  /** When the order stops taking money (WeChat `time_expire`, Alipay `timeout_express` in minutes). */
  expiresAt: Date;
  notifyUrl: string;
}

/** A trade as the provider's query answers it. `unknown`: the provider has no such order (yet). */
export interface QueriedTrade {
  orderNo: string;
  state: 'paid' | 'pending' | 'closed' | 'refunded' | 'unknown';
  transactionId?: string;
  amountFen?: number;
  paidAt?: Date;
  /** The merchant identity the trade names (WeChat appid/mchid, Alipay app_id). */
  appId?: string;
  merchantId?: string;
}

export interface RefundInput {
  orderNo: string;
  /** The platform's refund number (WeChat out_refund_no, Alipay out_request_no). */
  refundNo: string;
  amountFen: number;
  /** The order's whole amount (WeChat needs it). */
  totalFen: number;
  reason?: string;
  notifyUrl?: string;
}

/** processing: the result comes later (a notification or a query); success/closed/abnormal are final answers. */
export interface RefundResult {
  refundNo: string;
  providerRefundId?: string;
  status: 'processing' | 'success' | 'closed' | 'abnormal';
}

/** One line of a provider's daily bill, in the platform's terms. */
export interface BillLine {
  kind: 'payment' | 'refund';
  orderNo: string;
  transactionId: string;
  /** Positive fen: what was paid, or what was refunded. */
  amountFen: number;
  refundNo?: string;
  at: Date;
}

/** A verified notification, read. */
export type PaymentEvent =
  | { kind: 'paid'; orderNo: string; transactionId: string; amountFen: number; currency: string; appId: string; merchantId: string; paidAt: Date }
  | { kind: 'closed'; orderNo: string; transactionId?: string }
  | { kind: 'refund'; orderNo: string; refundNo: string; providerRefundId?: string; status: 'success' | 'abnormal' | 'closed'; amountFen?: number };

/** A notification as it arrived: the raw body (signatures are over its exact bytes) and its headers (lower-case names). */
export interface NotificationRequest {
  headers: Record<string, string | undefined>;
  body: string;
}

/** What the notify endpoint answers the provider. */
export interface NotificationAnswer {
  status: number;
  contentType: string;
  body: string;
}

/** A notification that is not to be trusted or not understood: nothing is done, the provider is told so. */
export class NotificationRefused extends Error {
  constructor(message: string, readonly status = 400) {
    super(message);
  }
}

/** A provider that answered an error, or did not answer in protocol (unsigned, bad signature). */
export class ProviderError extends Error {
  constructor(message: string, readonly code?: string) {
    super(message);
  }
}

export interface PaymentProvider {
  readonly name: ProviderName;
  /** The identity every paid event must name (else the payment is a conflict). */
  readonly identity: { appId: string; merchantId: string };
  /** Creates a QR-code order; answers the text to encode as the QR code. */
  createOrder(input: CreateOrderInput): Promise<{ qrCode: string }>;
  query(orderNo: string): Promise<QueriedTrade>;
  close(orderNo: string): Promise<void>;
  refund(input: RefundInput): Promise<RefundResult>;
  /** The day's bill (YYYY-MM-DD, the provider's day, UTC+8): payments and refunds. */
  bill(date: string): Promise<BillLine[]>;
  /**
   * Verifies a notification (signature, serial, age, decryption) and reads it. Throws
   * NotificationRefused when it is not to be trusted; the caller answers `refuse(message)`.
   */
  readNotification(request: NotificationRequest, now: Date): PaymentEvent;
  /** The answer to a notification handled (WeChat 204, Alipay the text `success`). */
  acknowledge(): NotificationAnswer;
  /** The answer to a notification not handled (the provider retries later). */
  refuse(message: string, status?: number): NotificationAnswer;
}
