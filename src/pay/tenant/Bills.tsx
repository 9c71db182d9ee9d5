import { useEffect, useState } from 'react';
import { formatYuan } from '../../../common/money';
import { dateTimeOf, monthName } from '../dates';
import { fill, usePayI18n } from '../i18n';
import { errorText } from '../words';
import type { PaymentLine, TenantRoom } from './api';
import { LoadFailed, SignedAmount } from './parts';
import { useCall, useTenant } from './session';

/** Bills: the monthly statements (each opens its printable page) and the payments and charges, newest first. */
export function Bills({ room }: { room: TenantRoom }) {
  return (
    <div className="columns bills">
      <StatementList room={room} />
      <PaymentList room={room} />
    </div>
  );
}

function StatementList({ room }: { room: TenantRoom }) {
  const { lang, m } = usePayI18n();
  const { client, navigate } = useTenant();
  const b = m.tenant.bills;
  const months = useCall(() => client.statements(room.roomId), [client, room.roomId]);
  return (
    <section className="card statements" aria-labelledby="statements-heading">
      <h2 id="statements-heading">{b.statements}</h2>
      {months.state === 'failed' && !months.data && <LoadFailed error={months.error} onRetry={months.reload} />}
      {!months.data && months.state === 'loading' && <p className="hint" role="status">{m.loading}</p>}
      {months.data && (months.data.length === 0 ? <p className="hint">{b.noStatements}</p> : (
        <ul className="month-list">
          {months.data.map((month) => {
            const path = `/tenant/bills/${month.month}`;
            return (
              <li key={month.month}>
                <a href={path} onClick={(event) => { event.preventDefault(); navigate(path); }}>
                  <span className="month-name">
                    {monthName(month.month, lang)}
                    {month.running && <span className="tag wait">{b.toDate}</span>}
                  </span>
                  <span className="month-closing">
                    {month.utilities.map((side) => (
                      <small key={side.utility}>{m.utility[side.utility]} {fill(b.closing, { amount: formatYuan(side.closingFen) })}</small>
                    ))}
                  </span>
                  <span className="chevron" aria-hidden="true">›</span>
                </a>
              </li>
            );
          })}
        </ul>
      ))}
    </section>
  );
}

/** One payment or charge in words: what, which utility, how paid. */
export function lineWhat(m: ReturnType<typeof usePayI18n>['m'], line: PaymentLine): string {
  const b = m.tenant.bills;
  return [m.utility[line.utility], b.kind[line.kind] ?? line.kind, line.channel ? b.channel[line.channel] : undefined].filter(Boolean).join(' · ');
}

function PaymentList({ room }: { room: TenantRoom }) {
  const { m } = usePayI18n();
  const { client } = useTenant();
  const b = m.tenant.bills;
  const first = useCall(() => client.payments(room.roomId, 1), [client, room.roomId]);
  const [more, setMore] = useState<PaymentLine[]>([]);
  const [page, setPage] = useState(1);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  // A new first page (another room, a reload) starts the list again.
  useEffect(() => {
    setMore([]);
    setPage(1);
    setError(undefined);
  }, [first.data]);

  const total = first.data?.total ?? 0;
  const lines = first.data ? [...first.data.list, ...more] : [];
  const loadMore = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const next = await client.payments(room.roomId, page + 1);
      setMore((before) => [...before, ...next.list.filter((line) => !lines.some((shown) => shown.id === line.id))]);
      setPage(page + 1);
    } catch (failure) {
      setError(errorText(m, failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card payments" aria-labelledby="payments-heading">
      <h2 id="payments-heading">{b.payments}</h2>
      {first.state === 'failed' && !first.data && <LoadFailed error={first.error} onRetry={first.reload} />}
      {!first.data && first.state === 'loading' && <p className="hint" role="status">{m.loading}</p>}
      {first.data && (lines.length === 0 ? <p className="hint">{b.noPayments}</p> : (
        <ul className="payment-list">
          {lines.map((line) => (
            <li key={line.id} className={line.kind}>
              <span className="what">
                {lineWhat(m, line)}
                <small>{dateTimeOf(line.at)}</small>
              </span>
              <span className="how-much">
                <SignedAmount fen={line.amountFen} />
                <small>{fill(b.balanceAfter, { amount: formatYuan(line.balanceAfterFen) })}</small>
              </span>
            </li>
          ))}
        </ul>
      ))}
      {error && <p className="error" role="alert">{error}</p>}
      {first.data && lines.length > 0 && <p className="hint shown">{fill(b.shown, { shown: Math.min(lines.length, Math.max(total, lines.length)), total: Math.max(total, lines.length) })}</p>}
      {first.data && lines.length < total && (
        <button type="button" className="secondary" onClick={loadMore} disabled={busy}>{busy ? m.loading : b.loadMore}</button>
      )}
    </section>
  );
}
