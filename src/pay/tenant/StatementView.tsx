import { useState } from 'react';
import { formatYuan } from '../../../common/money';
import { quantityText } from '../../../common/formats';
import { dateTimeOf, dayOf, monthName } from '../dates';
import { fill, usePayI18n } from '../i18n';
import { errorText } from '../words';
import type { Statement, StatementUtility, TenantRoom } from './api';
import { lineWhat } from './Bills';
import { LoadFailed, Loading, SignedAmount } from './parts';
import { useCall, useTenant } from './session';

/** The rows of a statement's summary, in the order of the sum (closing = opening + … ). */
const SUMMARY: { key: keyof StatementUtility; label: 'opening' | 'recharge' | 'void' | 'charge' | 'refund' | 'gift' | 'adjust' | 'closingBalance'; sign: 1 | -1 | 0 }[] = [
  { key: 'openingFen', label: 'opening', sign: 0 },
  { key: 'rechargeFen', label: 'recharge', sign: 1 },
  { key: 'voidFen', label: 'void', sign: -1 },
  { key: 'chargeFen', label: 'charge', sign: -1 },
  { key: 'refundFen', label: 'refund', sign: 1 },
  { key: 'giftFen', label: 'gift', sign: 1 },
  { key: 'adjustFen', label: 'adjust', sign: 1 },
  { key: 'closingFen', label: 'closingBalance', sign: 0 },
];

/**
 * One month's statement as a printable page: the issuer (the operating company) at the top, the
 * room and period, a summary per utility and the month's lines; Print (the print stylesheet hides
 * the page's bars) and the PDF, fetched with the session's header and saved through a blob URL.
 */
export function StatementView({ room, month }: { room: TenantRoom; month: string }) {
  const { m } = usePayI18n();
  const { client, navigate } = useTenant();
  const statement = useCall(() => client.statement(room.roomId, month), [client, room.roomId, month]);
  const s = m.tenant.statement;
  return (
    <div className="statement-page">
      <div className="statement-actions">
        <a className="back" href="/tenant/bills" onClick={(event) => { event.preventDefault(); navigate('/tenant/bills'); }}>‹ {s.back}</a>
        {statement.data && <StatementButtons room={room} month={month} />}
      </div>
      {statement.data ? <StatementSheet statement={statement.data} />
        : statement.state === 'failed' ? <LoadFailed error={statement.error} onRetry={statement.reload} /> : <Loading />}
    </div>
  );
}

function StatementButtons({ room, month }: { room: TenantRoom; month: string }) {
  const { m } = usePayI18n();
  const { client } = useTenant();
  const s = m.tenant.statement;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const download = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const blob = await client.statementPdf(room.roomId, month);
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = `statement-${month}.pdf`;
      link.rel = 'noopener';
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch (failure) {
      setError(errorText(m, failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <div className="statement-buttons">
        <button type="button" className="secondary" onClick={() => window.print()}>{s.print}</button>
        <button type="button" className="primary" onClick={download} disabled={busy}>{busy ? s.downloading : s.pdf}</button>
      </div>
      {error && <p className="error" role="alert">{error}</p>}
    </>
  );
}

/** The statement's last day: a closed month's `to` is the next month's start (excluded); a running one's is now. */
export const lastDayOf = (statement: Pick<Statement, 'to' | 'running'>) =>
  (statement.running ? dayOf(statement.to) : dayOf(new Date(Date.parse(statement.to) - 1).toISOString()));

function StatementSheet({ statement }: { statement: Statement }) {
  const { lang, m } = usePayI18n();
  const s = m.tenant.statement;
  const { issuer } = statement;
  const hasIssuer = issuer.company || issuer.address || issuer.phone;
  return (
    <article className="card statement-sheet" aria-labelledby="statement-title">
      {hasIssuer && (
        <header className="issuer">
          {issuer.company && <p className="issuer-company">{issuer.company}</p>}
          {issuer.address && <p>{issuer.address}</p>}
          {issuer.phone && <p>{fill(s.phone, { phone: issuer.phone })}</p>}
        </header>
      )}
      <h2 id="statement-title">{fill(s.title, { month: monthName(statement.month, lang) })}</h2>
      <p className="statement-period">{fill(s.period, { from: dayOf(statement.from), to: lastDayOf(statement) })}</p>
      {statement.running && <p className="tag wait running">{s.running}</p>}
      <dl className="statement-who">
        <div><dt>{s.room}</dt><dd>{statement.room}</dd></div>
        {statement.project && <div><dt>{s.project}</dt><dd>{statement.project}</dd></div>}
        {statement.tenantName && <div><dt>{s.tenantName}</dt><dd>{statement.tenantName}</dd></div>}
      </dl>

      <h3>{s.summary}</h3>
      <div className="table-wrap">
        <table className="figures summary">
          <thead>
            <tr>
              <th scope="col">{s.item}</th>
              {statement.utilities.map((side) => <th key={side.utility} scope="col">{m.utility[side.utility]}</th>)}
            </tr>
          </thead>
          <tbody>
            {SUMMARY.map((row) => (
              <tr key={row.key} className={row.sign === 0 ? 'total' : undefined}>
                <th scope="row">{s[row.label]}</th>
                {statement.utilities.map((side) => {
                  const fen = side[row.key] as number;
                  return <td key={side.utility}>{row.sign === 0 ? formatYuan(fen) : <SignedAmount fen={row.sign * fen} />}</td>;
                })}
              </tr>
            ))}
            <tr>
              <th scope="row">{s.usage}</th>
              {statement.utilities.map((side) => <td key={side.utility}>{quantityText(side.usage)} {side.unit}</td>)}
            </tr>
          </tbody>
        </table>
      </div>

      <h3>{s.lines}</h3>
      {statement.lines.length === 0 ? <p className="hint">{s.noLines}</p> : (
        <div className="table-wrap">
          <table className="figures lines">
            <thead>
              <tr><th scope="col">{s.item}</th><th scope="col">{s.amount}</th><th scope="col">{s.balance}</th></tr>
            </thead>
            <tbody>
              {statement.lines.map((line) => (
                <tr key={line.id}>
                  <td>{lineWhat(m, line)}<small className="line-time">{dateTimeOf(line.at)}</small></td>
                  <td><SignedAmount fen={line.amountFen} /></td>
                  <td>{formatYuan(line.balanceAfterFen)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </article>
  );
}
