/**
 * The tenants' pay page (issue 41), opened from the QR sticker of a room: `/pay/<payCode>`. No
 * operator login: the pay code is the key. Shows the room's masked label and balances, takes an
 * amount and a provider, shows the provider's QR code and follows the order until it is credited.
 * Nothing personal: bills, usage and the rest are the signed-in tenant page's (`/tenant`, linked).
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { fetchRoom, PAY_CODE, PayCallError, type PayRoom } from './api';
import { usePayI18n } from './i18n';
import { payCodeOrders } from './orderApi';
import { PageFrame, usePageLang } from './PageFrame';
import { followedOrder, followOrder, type FollowedOrder } from './pending';
import { errorText } from './words';
import { PayForm } from './PayForm';
import { OrderPanel } from './OrderPanel';
import { RoomCard } from './RoomCard';

/** The pay code of a `/pay/<code>` path (undefined when the path carries none that can be one). */
export function payCodeOfPath(path: string): string | undefined {
  const match = /^\/pay\/([^/?#]+)\/?$/.exec(path);
  const code = match ? decodeURIComponent(match[1]) : undefined;
  return code && PAY_CODE.test(code) ? code : undefined;
}

export function PayApp({ path = window.location.pathname }: { path?: string }) {
  const i18n = usePageLang((m) => m.title);
  const payCode = payCodeOfPath(path);
  return (
    <PageFrame i18n={i18n} heading={i18n.m.title}>
      <main>
        {payCode ? <RoomPayment payCode={payCode} /> : <p className="card notice bad" role="alert">{i18n.m.badLink}</p>}
        <p className="tenant-link"><a href="/tenant">{i18n.m.signInLink}</a></p>
      </main>
    </PageFrame>
  );
}

type RoomLoad = { state: 'loading' } | { state: 'failed'; status: number; message: string } | { state: 'ready'; room: PayRoom };

function RoomPayment({ payCode }: { payCode: string }) {
  const { lang, m } = usePayI18n();
  const [load, setLoad] = useState<RoomLoad>({ state: 'loading' });
  const [reloads, setReloads] = useState(0);
  const [order, setOrder] = useState<FollowedOrder | undefined>(() => followedOrder(payCode));
  const api = useMemo(() => payCodeOrders(payCode), [payCode]);

  useEffect(() => {
    let current = true;
    fetchRoom(payCode, lang).then(
      (room) => current && setLoad({ state: 'ready', room }),
      (error: unknown) => current && setLoad({ state: 'failed', status: error instanceof PayCallError ? error.status : 0, message: errorText(m, error) }),
    );
    return () => {
      current = false;
    };
    // The language is read again with each load: a failure's message comes in the page's language.
  }, [payCode, lang, reloads]); // eslint-disable-line react-hooks/exhaustive-deps

  const refresh = useCallback(() => setReloads((n) => n + 1), []);
  const follow = useCallback((next: FollowedOrder | undefined) => {
    followOrder(payCode, next);
    setOrder(next);
  }, [payCode]);

  if (load.state === 'loading') return <p className="card notice" role="status">{m.loading}</p>;
  // An unknown or renewed code: its message and nothing else.
  if (load.state === 'failed' && load.status === 404) return <p className="card notice bad" role="alert">{load.message}</p>;
  if (load.state === 'failed') {
    return (
      <div className="card notice bad" role="alert">
        <p>{load.message}</p>
        <button type="button" className="secondary" onClick={() => { setLoad({ state: 'loading' }); refresh(); }}>{m.retry}</button>
      </div>
    );
  }
  const { room } = load;
  return (
    <>
      <RoomCard room={room} />
      {order
        ? <OrderPanel key={order.orderNo} api={api} order={order} onCredited={refresh} onClose={() => follow(undefined)} />
        : room.utilities.length
          ? <PayForm api={api} room={room} onCreated={follow} />
          : <p className="card notice">{m.noUtilities}</p>}
    </>
  );
}
