import { z } from '@hono/zod-openapi';
import { createRouter, defineRoute, type Ctx } from '../http/router';
import { ok } from '../http/envelope';
import { MoneyFen } from '../http/input';
import { ApiError } from '../http/errors';
import { RateLimiter } from '../http/rateLimit';
import { clientAddress } from './login';
import { RequestId } from './account';
import { rechargeMaxFen } from '../config';
import { accountSide } from '../domain/recharge';
import { roomOfPayCode, PAY_CODE } from '../domain/payCodes';
import { roomTextOf } from '../db/roomNames';
import { createPayOrder, payOrderOfCode, settleEvent, type Payments } from '../domain/onlinePayments';
import { NotificationRefused, PROVIDERS, type NotificationAnswer, type ProviderName } from '../payments/provider';

/**
 * The public payment calls (issue 41; paths and fields binding): a room's balances by its pay code,
 * an order to pay through WeChat Pay or Alipay, its state, and the providers' notifications. No
 * operator session; each rate-limited per address and per pay code.
 */
export const PAY_BASE = '/api/v1/pay';

const PayCode = z.string().regex(PAY_CODE, 'validation.payCode');
const OrderNo = z.string().trim().min(1).max(32).regex(/^[A-Za-z0-9_-]+$/);

/** A room as a stranger holding its sticker may see it: the building and the room, masked ("3号楼 1**"). */
export const maskedRoom = (text: string) => text.replace(/(\S)(\S+)$/u, (_, first: string, rest: string) => first + '*'.repeat(rest.length));

/** Requests a minute: per address (all calls), per pay code (all calls), and orders per pay code. */
export const PAY_RATE_LIMITS = { perAddress: 120, perCode: 60, ordersPerCode: 10 };

export function payRoutes() {
  const router = createRouter();
  let limiters: Record<keyof typeof PAY_RATE_LIMITS, RateLimiter> | undefined;
  const payments = (c: Ctx): Payments => {
    const configured = c.get('deps').payments;
    if (!configured) throw new ApiError(503, 'errors.paymentsOff');
    return configured;
  };
  const limit = (c: Ctx, code?: string, ordering = false) => {
    const per = { ...PAY_RATE_LIMITS, ...c.get('deps').payments?.rateLimits };
    const limits = limiters ??= { perAddress: new RateLimiter(per.perAddress, 60_000), perCode: new RateLimiter(per.perCode, 60_000), ordersPerCode: new RateLimiter(per.ordersPerCode, 60_000) };
    limits.perAddress.check(clientAddress(c));
    if (code) limits.perCode.check(code);
    if (code && ordering) limits.ordersPerCode.check(code);
  };

  defineRoute(router, {
    method: 'get', path: '/room', public: true, tags: ['pay'],
    summary: 'A room by its pay code: its masked label and each utility with a meter that takes money (balance in fen, supply state)',
    query: z.object({ payCode: PayCode }),
  }, async (c, { query }) => {
    limit(c, query.payCode);
    const { db } = c.get('deps');
    const room = await roomOfPayCode(db, query.payCode);
    if (!room) throw new ApiError(404, 'errors.payCodeUnknown');
    const sides = await Promise.all((['electric', 'water'] as const).map((utility) => accountSide(db, room.roomId, utility)));
    return ok(c, {
      room: maskedRoom(await roomTextOf(db, room.roomId)),
      utilities: sides.filter((side) => side.meterId !== null && side.accountOpened).map((side) => ({
        utility: side.utility, balanceFen: side.balanceFen ?? 0, state: (side.utility === 'electric' ? side.relayState : side.valveState) ?? null,
      })),
      providers: PROVIDERS,
    });
  });

  defineRoute(router, {
    method: 'post', path: '/orders', public: true, tags: ['pay'],
    summary: 'An order paying a room\'s utility through a provider: answers { orderNo, provider, qrCode, expiresAt }; the same requestId answers the same order',
    body: z.object({ payCode: PayCode, utility: z.enum(['electric', 'water']), amountFen: MoneyFen, provider: z.enum(['wechat', 'alipay']), requestId: RequestId }),
  }, async (c, { body }) => {
    limit(c, body.payCode, true);
    const { db, now } = c.get('deps');
    const order = await createPayOrder(db, payments(c), body, now(), rechargeMaxFen());
    return ok(c, { ...order, payUrl: payments(c).payPageUrl?.(order.provider, order.qrCode!) || null });
  });

  defineRoute(router, {
    method: 'get', path: '/orders/{orderNo}', public: true, tags: ['pay'],
    summary: 'An order\'s state for the holder of its room\'s pay code: pending, paid, credited, closed, refunding, refunded or conflict',
    query: z.object({ payCode: PayCode }),
  }, async (c, { query }) => {
    limit(c, query.payCode);
    const orderNo = OrderNo.safeParse(c.req.param('orderNo'));
    if (!orderNo.success) throw new ApiError(404, 'errors.recordNotFound');
    return ok(c, await payOrderOfCode(c.get('deps').db, orderNo.data, query.payCode));
  });

  // The providers' notifications: verified on the exact bytes received, settled once, answered in the provider's own terms.
  for (const provider of PROVIDERS) {
    router.post(`/notify/${provider === 'wechat' ? 'wechat' : 'alipay'}`, async (c) => {
      const deps = c.get('deps');
      const client = deps.payments?.providers[provider as ProviderName];
      const answer = (a: NotificationAnswer) => (a.body ? c.body(a.body, a.status as 200, { 'Content-Type': a.contentType }) : c.body(null, a.status as 204));
      if (!client) return c.json({ code: 'FAIL', message: 'payments are not configured' }, 503);
      const body = await c.req.text();
      const headers = Object.fromEntries([...c.req.raw.headers.entries()].map(([k, v]) => [k.toLowerCase(), v]));
      let event;
      try {
        event = client.readNotification({ headers, body }, deps.now());
      } catch (error) {
        if (!(error instanceof NotificationRefused)) throw error;
        if (error.status === 200) return answer(client.acknowledge());
        deps.log(`pay notify ${provider}: refused: ${error.message}`);
        return answer(client.refuse(error.message, error.status));
      }
      try {
        const settled = await settleEvent(deps.db, client, event, deps.now());
        if (settled.commandIds.length) deps.commandsQueued();
        return answer(client.acknowledge());
      } catch (error) {
        deps.log(`pay notify ${provider}: not settled`, error);
        return answer(client.refuse('not settled, try again', 500));
      }
    });
  }
  return router;
}
