import { useEffect, useRef, useState } from 'react';
import QRCode from 'qrcode';
import { formatYuan } from '../../common/money';
import { FINAL_STATUSES, PayCallError, serverNow, type OrderState } from './api';
import { fill, usePayI18n } from './i18n';
import type { OrderApi } from './orderApi';
import type { FollowedOrder } from './pending';
import { dateTimeOf } from './dates';
import { errorText, stateText, timeText } from './words';

/** How often the order is asked for: every 2 s for its first minute, then every 5 s, every 15 s after five minutes. */
export const pollDelay = (followedMs: number) => (followedMs < 60_000 ? 2_000 : followedMs < 300_000 ? 5_000 : 15_000);
/** With `followSupply`, how often and how long the meter is watched after the credit while it is being switched back on. */
export const SUPPLY_POLL_MS = 3_000;
export const SUPPLY_FOLLOW_MS = 180_000;

/**
 * An order being paid: the provider's QR code with the amount and the time left (and, with the
 * simulated providers, a link to their wallet page), then its state followed live until it is final
 * (with `api.followSupply`, until the meter is back on too), and a receipt once credited. The calls
 * are `api`'s: the pay code's on the sticker page, the signed-in tenant's on theirs.
 */
export function OrderPanel({ api, order, onCredited, onClose }: {
  api: OrderApi;
  order: FollowedOrder;
  /** The order is credited (and, following the supply, the meter back on): the room's balances are out of date. */
  onCredited(): void;
  /** The tenant leaves this order (a new payment, or another amount while it is still pending). */
  onClose(): void;
}) {
  const { lang, m } = usePayI18n();
  const [state, setState] = useState<OrderState | undefined>();
  const [trouble, setTrouble] = useState(false);
  const [gone, setGone] = useState<string | undefined>();
  const [qr, setQr] = useState<string | null | undefined>();
  const [now, setNow] = useState(serverNow);
  const langRef = useRef(lang);
  langRef.current = lang;
  const creditedRef = useRef(onCredited);
  creditedRef.current = onCredited;
  const apiRef = useRef(api);
  apiRef.current = api;

  const status = state?.status ?? 'pending';
  const final = FINAL_STATUSES.includes(status) || gone !== undefined;
  const leftMs = Date.parse(order.expiresAt) - now;
  const payable = status === 'pending' && !gone && leftMs > 0;

  useEffect(() => {
    let current = true;
    QRCode.toDataURL(order.qrCode, { errorCorrectionLevel: 'M', margin: 1, width: 240 }).then(
      (url) => current && setQr(url),
      () => current && setQr(null),
    );
    return () => {
      current = false;
    };
  }, [order.qrCode]);

  // The countdown, while the order can still be paid.
  useEffect(() => {
    if (!payable) return undefined;
    const timer = setInterval(() => setNow(serverNow()), 1000);
    return () => clearInterval(timer);
  }, [payable]);

  // Following the order: polls with pollDelay, at once when the page is shown again (back from the wallet).
  useEffect(() => {
    let stopped = false;
    let inFlight = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const started = Date.now();
    let creditedAt: number | undefined;
    const schedule = (ms: number) => {
      clearTimeout(timer);
      if (!stopped) timer = setTimeout(poll, ms);
    };
    async function poll() {
      if (stopped || inFlight) return;
      inFlight = true;
      clearTimeout(timer);
      try {
        const next = await apiRef.current.get(order.orderNo, langRef.current);
        if (stopped) return;
        setState(next);
        setTrouble(false);
        setNow(serverNow());
        if (next.status === 'credited') {
          const first = creditedAt === undefined;
          creditedAt ??= Date.now();
          const restoring = apiRef.current.followSupply && next.supplyState === 'close_pending' && Date.now() - creditedAt < SUPPLY_FOLLOW_MS;
          if (first || !restoring) creditedRef.current();
          if (restoring) {
            schedule(SUPPLY_POLL_MS);
            return;
          }
        }
        if (FINAL_STATUSES.includes(next.status)) {
          stopped = true;
          return;
        }
        schedule(pollDelay(Date.now() - started));
      } catch (error) {
        if (stopped) return;
        if (error instanceof PayCallError && error.status === 404) {
          // Not this room's order any more (its code renewed): said, and no more asking.
          stopped = true;
          setGone(errorText(m, error));
          return;
        }
        setTrouble(true);
        schedule(error instanceof PayCallError && error.status === 429 ? 15_000 : 5_000);
      } finally {
        inFlight = false;
      }
    }
    const wake = () => {
      if (document.visibilityState === 'visible') void poll();
    };
    void poll();
    document.addEventListener('visibilitychange', wake);
    window.addEventListener('pageshow', wake);
    return () => {
      stopped = true;
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', wake);
      window.removeEventListener('pageshow', wake);
    };
    // One follow per order; the language and the calls are read at each call.
  }, [order.orderNo, api.key]); // eslint-disable-line react-hooks/exhaustive-deps

  const amount = formatYuan(order.amountFen);
  const utilityText = m.utilityInText[order.utility];
  let outcome: string;
  if (gone) outcome = gone;
  else if (status === 'credited') {
    outcome = typeof state?.balanceFen === 'number'
      ? fill(m.status.credited, { amount, utility: utilityText, balance: formatYuan(state.balanceFen) })
      : fill(m.status.creditedShort, { amount, utility: utilityText });
  } else if (status === 'pending' && leftMs <= 0) outcome = m.timeUp;
  else outcome = m.status[status];
  const tone = status === 'credited' ? 'ok' : status === 'closed' || gone ? 'bad' : status === 'pending' ? 'wait' : 'info';

  return (
    <section className={`card order ${order.provider}`} aria-label={m.provider[order.provider]}>
      <h2>{status === 'pending' && !gone ? fill(m.scanToPay, { amount }) : amount}</h2>
      <p className="order-what">{m.utility[order.utility]} · {m.provider[order.provider]}</p>
      {payable && (
        <div className="scan">
          {qr ? <img className="qr" src={qr} alt={m.qrAlt} width={240} height={240} /> : qr === null ? <code className="qr-text">{order.qrCode}</code> : <div className="qr placeholder" />}
          <p className="hint">{m.scanHint[order.provider]}</p>
          <p className="time-left">{fill(m.timeLeft, { time: timeText(leftMs) })}</p>
          {order.payUrl && (
            <>
              <a className={`button primary ${order.provider}`} href={order.payUrl}>{m.openWallet}</a>
              <p className="simulated">{m.simulated}</p>
            </>
          )}
        </div>
      )}
      <p className={`outcome ${tone}`} role="status" aria-live="polite">{outcome}</p>
      {status === 'credited' && state?.supplyState != null && (
        <p className="supply">{fill(m.supplyNow, { state: stateText(m, state.supplyState) })}</p>
      )}
      {trouble && !final && <p className="trouble">{m.following}</p>}
      {status === 'credited' && state
        ? <Receipt order={order} state={state} />
        : <p className="order-no">{fill(m.orderNo, { orderNo: order.orderNo })}</p>}
      <button type="button" className="secondary" onClick={onClose}>{final ? m.newPayment : m.startOver}</button>
    </section>
  );
}

/** The receipt of a credited order: its number, amount, time and the balance after it. */
function Receipt({ order, state }: { order: FollowedOrder; state: OrderState }) {
  const { m } = usePayI18n();
  const at = state.creditedAt ?? state.paidAt;
  return (
    <section className="receipt" aria-label={m.receipt.title}>
      <h3>{m.receipt.title}</h3>
      <dl>
        <dt>{m.receipt.orderNo}</dt><dd className="order-no-value">{order.orderNo}</dd>
        <dt>{m.receipt.amount}</dt><dd>{formatYuan(state.amountFen ?? order.amountFen)}</dd>
        <dt>{m.receipt.paidFor}</dt><dd>{m.utility[order.utility]} · {m.provider[order.provider]}</dd>
        {at && <><dt>{m.receipt.time}</dt><dd>{dateTimeOf(at)}</dd></>}
        {typeof state.balanceFen === 'number' && <><dt>{m.receipt.balanceAfter}</dt><dd>{formatYuan(state.balanceFen)}</dd></>}
      </dl>
    </section>
  );
}
