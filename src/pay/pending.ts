/**
 * What the pay page keeps in sessionStorage, per pay code: the order being followed (so that a
 * reload, or coming back from the wallet, follows it again) and the request id of the attempt being
 * made (re-sent when the same order is asked for again after a failed call, so that the server
 * answers the order it may have made already instead of a second one).
 */
import type { CreatedOrder, Utility } from './api';

export interface FollowedOrder extends CreatedOrder {
  utility: Utility;
  amountFen: number;
}

interface Attempt { body: string; requestId: string }

const orderKey = (payCode: string) => `pay.order.${payCode}`;
const attemptKey = (payCode: string) => `pay.attempt.${payCode}`;

const session = () => {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
};

function read<T>(key: string): T | undefined {
  try {
    const text = session()?.getItem(key);
    return text ? (JSON.parse(text) as T) : undefined;
  } catch {
    return undefined;
  }
}

function write(key: string, value: unknown) {
  try {
    if (value === undefined) session()?.removeItem(key);
    else session()?.setItem(key, JSON.stringify(value));
  } catch {
    // Storage refused (private mode, full): the page still works, without resuming after a reload.
  }
}

export function followedOrder(payCode: string): FollowedOrder | undefined {
  const order = read<FollowedOrder>(orderKey(payCode));
  return order && typeof order.orderNo === 'string' && typeof order.amountFen === 'number' && typeof order.qrCode === 'string' ? order : undefined;
}
export const followOrder = (payCode: string, order: FollowedOrder | undefined) => write(orderKey(payCode), order);

/** The attempt's request id for this body: the stored one when the body is the same, else a new one (kept). */
export function requestIdFor(payCode: string, body: object, fresh: () => string): string {
  const text = JSON.stringify(body);
  const earlier = read<Attempt>(attemptKey(payCode));
  if (earlier && earlier.body === text && typeof earlier.requestId === 'string') return earlier.requestId;
  const requestId = fresh();
  write(attemptKey(payCode), { body: text, requestId });
  return requestId;
}
/** The attempt is over (its order is made): the next Pay is a new attempt. */
export const attemptDone = (payCode: string) => write(attemptKey(payCode), undefined);
