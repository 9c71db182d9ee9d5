import { useState, type FormEvent } from 'react';
import { formatYuan } from '../../common/money';
import { newRequestId, type Provider, type Utility } from './api';
import { parseAmount, PRESETS_FEN } from './amount';
import { fill, usePayI18n } from './i18n';
import type { OrderApi, PayableRoom } from './orderApi';
import { attemptDone, requestIdFor, type FollowedOrder } from './pending';
import { errorText } from './words';

/**
 * Choose the utility, the amount (a preset or typed yuan) and the provider; Pay makes the order.
 * A bad amount is told before any call; a failed call may be retried with the same request id.
 * The calls are `api`'s: the pay code's on the sticker page, the signed-in tenant's on theirs.
 */
export function PayForm({ api, room, onCreated }: { api: OrderApi; room: PayableRoom; onCreated(order: FollowedOrder): void }) {
  const { lang, m } = usePayI18n();
  const [utility, setUtility] = useState<Utility>(room.utilities[0].utility);
  const [presetFen, setPresetFen] = useState<number | undefined>();
  const [typed, setTyped] = useState('');
  const [provider, setProvider] = useState<Provider | undefined>(room.providers[0]);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const amount = presetFen !== undefined ? { fen: presetFen } : parseAmount(typed);
  const amountFen = 'fen' in amount ? amount.fen : undefined;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!('fen' in amount)) {
      setError(m[amount.error]);
      return;
    }
    if (!provider) return;
    const body = { utility, amountFen: amount.fen, provider };
    const requestId = requestIdFor(api.key, body, newRequestId);
    setBusy(true);
    setError(undefined);
    try {
      const created = await api.create({ ...body, requestId }, lang);
      attemptDone(api.key);
      onCreated({ ...created, utility, amountFen: amount.fen });
    } catch (failure) {
      // The attempt's id stays: Pay again with the same choices asks for the same order.
      setError(errorText(m, failure));
      setBusy(false);
    }
  };

  return (
    <form className="card pay-form" onSubmit={submit} noValidate>
      {room.utilities.length > 1 && (
        <fieldset className="segments">
          <legend>{m.payFor}</legend>
          {room.utilities.map((side) => (
            <label key={side.utility} className={side.utility === utility ? 'chosen' : undefined}>
              <input type="radio" name="utility" value={side.utility} checked={side.utility === utility} onChange={() => setUtility(side.utility)} />
              {m.utility[side.utility]}
            </label>
          ))}
        </fieldset>
      )}
      {room.utilities.length === 1 && <p className="single-utility"><span>{m.payFor}</span> {m.utility[utility]}</p>}

      <fieldset className="amounts">
        <legend>{m.amount}</legend>
        <div className="presets">
          {PRESETS_FEN.map((fen) => (
            <label key={fen} className={presetFen === fen ? 'chosen' : undefined}>
              <input type="radio" name="preset" value={fen} checked={presetFen === fen}
                onChange={() => { setPresetFen(fen); setTyped(''); setError(undefined); }} />
              {`¥${fen / 100}`}
            </label>
          ))}
        </div>
        <label className="other">
          <span>{m.otherAmount}</span>
          <span className="yuan-input">
            <span aria-hidden="true">¥</span>
            <input type="text" inputMode="decimal" autoComplete="off" enterKeyHint="done" maxLength={16} placeholder={m.otherAmountHint}
              value={typed} aria-invalid={error !== undefined && presetFen === undefined}
              onChange={(event) => { setTyped(event.target.value); setPresetFen(undefined); setError(undefined); }} />
          </span>
        </label>
      </fieldset>

      <fieldset className="providers">
        <legend>{m.payWith}</legend>
        {room.providers.map((name) => (
          <label key={name} className={`${name}${name === provider ? ' chosen' : ''}`}>
            <input type="radio" name="provider" value={name} checked={name === provider} onChange={() => setProvider(name)} />
            <span className="mark" aria-hidden="true" />
            {m.provider[name]}
          </label>
        ))}
      </fieldset>

      {error && <p className="error" role="alert">{error}</p>}
      <button type="submit" className={`primary ${provider ?? ''}`} disabled={busy || !provider}>
        {busy ? m.creating : amountFen !== undefined ? fill(m.pay, { amount: formatYuan(amountFen) }) : m.payNoAmount}
      </button>
    </form>
  );
}
