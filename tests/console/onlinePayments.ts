import { server, testBackend } from '../msw/setup';
import { simulatedTestPaymentsOf } from '../support/testPayments';
import { sqlRows as query } from './render';

/**
 * Online payments for the console's tests (issue 41): an order paid the way a tenant pays — the
 * public pay call with the room's pay code, then the simulated provider's wallet — so that the
 * file's backend has a real online order, credited by the provider's notification.
 */
type Json = { code: number; msg?: string; data: Record<string, unknown> };

/** A room of area 1 with an electric meter whose balance can take `amountFen` more. */
export async function roomTakingPayments(amountFen: number, offset = 0) {
  const [room] = await query<{ room_id: number }>(`SELECT a.room_id FROM accounts a JOIN electric_meters m ON m.room_id = a.room_id
    WHERE a.area_id = 1 AND a.utility = 'electric' AND a.balance_fen BETWEEN 0 AND a.hoard_limit_fen - ${amountFen} ORDER BY a.id LIMIT 1 OFFSET ${offset}`);
  return Number(room.room_id);
}

/** Pays `amountFen` of electricity online for a room; answers the order number (the recharge order's id once credited). */
export async function payOnline(token: string, roomId: number, amountFen: number, provider: 'wechat' | 'alipay' = 'wechat') {
  const { app } = testBackend();
  const link = (await (await app.request(`/api/v1/electricity/payLink/findByRoom?roomId=${roomId}`, { headers: { 'X-Token': token } })).json()) as Json;
  const created = (await (await app.request('/api/v1/pay/orders', {
    method: 'POST', headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ payCode: link.data.payCode, utility: 'electric', amountFen, provider, requestId: `console-${provider}-${roomId}-${Date.now()}` }),
  })).json()) as Json;
  if (created.code !== 200) throw new Error(`pay order refused: ${JSON.stringify(created)}`);
  const orderNo = String(created.data.orderNo);
  await simulatedTestPaymentsOf(testBackend()).pay(provider, orderNo);
  return orderNo;
}

/** The bodies of the refund calls the console sends while `run` runs. */
export async function refundCalls(run: () => Promise<void>) {
  const bodies: Record<string, unknown>[] = [];
  const listener = ({ request }: { request: Request }) => {
    if (new URL(request.url).pathname.endsWith('/payment/refund')) void request.clone().json().then((body) => bodies.push(body as Record<string, unknown>));
  };
  server.events.on('request:start', listener);
  try {
    await run();
  } finally {
    server.events.removeListener('request:start', listener);
  }
  return bodies;
}
