/** Small pieces of the tenant page: loading, a failed load with its retry, a signed amount. */
import { formatYuan } from '../../../common/money';
import { usePayI18n } from '../i18n';
import { errorText } from '../words';

export function Loading() {
  const { m } = usePayI18n();
  return <p className="card notice" role="status">{m.loading}</p>;
}

export function LoadFailed({ error, onRetry }: { error: unknown; onRetry(): void }) {
  const { m } = usePayI18n();
  return (
    <div className="card notice bad" role="alert">
      <p>{errorText(m, error)}</p>
      <button type="button" className="secondary" onClick={onRetry}>{m.retry}</button>
    </div>
  );
}

/** A credit with its plus sign (+¥50.00), a debit with its minus (-¥3.20). */
export const signedYuan = (fen: number) => (fen > 0 ? `+${formatYuan(fen)}` : formatYuan(fen));

export function SignedAmount({ fen }: { fen: number }) {
  return <span className={`signed ${fen > 0 ? 'credit' : fen < 0 ? 'debit' : ''}`}>{signedYuan(fen)}</span>;
}
