import { formatYuan } from '../../../common/money';
import { quantityText } from '../../../common/formats';
import type { PayMessages } from '../../../i18n/pay/en';
import { fill, usePayI18n } from '../i18n';
import { stateText, stateTone } from '../words';
import type { Utility } from '../api';
import type { TenantRoom, TenantUtility } from './api';
import { useTenant } from './session';

type Tone = 'ok' | 'wait' | 'bad' | 'muted';

/** Why a utility's supply is off, in words: the utility's own where they differ (a power cut, a valve closed); an unknown reason as it came. */
export function reasonText(m: PayMessages, utility: Utility, reason: string): string {
  if (!Object.hasOwn(m.tenant.reason, reason)) return reason;
  const words = (m.tenant.reason as Record<string, string | Record<Utility, string>>)[reason];
  return typeof words === 'string' ? words : words[utility];
}

/** "Days of credit left" in words, with a hint when there is no figure, and how alarming it is. */
export function creditText(m: PayMessages, side: TenantUtility): { text: string; hint?: string; tone: Tone } {
  const o = m.tenant.overview;
  const forecast = side.forecast;
  if (!forecast) return { text: '—', hint: o.noForecast, tone: 'muted' };
  if (forecast.daysLeft === 0) return { text: o.daysLeftNone, tone: 'bad' };
  if (forecast.daysLeft === null) {
    return { text: '—', hint: forecast.dailyFen > 0 ? o.longHint : fill(o.noUseHint, { days: forecast.basisDays }), tone: 'muted' };
  }
  const days = forecast.daysLeft;
  const text = fill(days === 1 ? o.daysLeftOne : o.daysLeftValue, { days, date: forecast.runOutDate ?? '' });
  return { text, tone: days <= 3 ? 'bad' : days <= 7 ? 'wait' : 'ok' };
}

/** The room at a glance: per utility its balance, free allowance, supply, meter link and forecast. */
export function Overview({ room }: { room: TenantRoom }) {
  const { m } = usePayI18n();
  const { navigate } = useTenant();
  const o = m.tenant.overview;
  return (
    <div className="overview">
      {room.utilities.length === 0 && <p className="card notice">{m.tenant.usage.none}</p>}
      <div className="columns">
        {room.utilities.map((side) => {
          const credit = creditText(m, side);
          const arrears = side.balanceFen < 0;
          const low = !arrears && side.alarm1Fen > 0 && side.balanceFen <= side.alarm1Fen;
          const dailyFen = side.forecast?.dailyFen ?? 0;
          const headingId = `utility-${side.utility}`;
          return (
            <section key={side.utility} className={`card utility-card ${side.utility}`} aria-labelledby={headingId}>
              <header className="utility-head">
                <h2 id={headingId}>{m.utility[side.utility]}</h2>
                {arrears && <span className="tag bad">{o.arrears}</span>}
                {low && <span className="tag wait">{o.lowBalance}</span>}
              </header>
              <p className="big-balance">
                <small>{o.balance}</small>
                <strong className={arrears ? 'negative' : undefined}>{formatYuan(side.balanceFen)}</strong>
              </p>
              <dl className="facts">
                <div>
                  <dt>{o.daysLeft}</dt>
                  <dd className={`credit ${credit.tone}`}>
                    {credit.text}
                    {credit.hint && <small className="fact-hint">{credit.hint}</small>}
                  </dd>
                </div>
                <div>
                  <dt>{o.dailyCost}</dt>
                  <dd>
                    {dailyFen > 0 ? fill(o.dailyCostValue, { amount: formatYuan(dailyFen) }) : '—'}
                    {side.forecast && dailyFen > 0 && <small className="fact-hint">{fill(o.basis, { days: side.forecast.basisDays })}</small>}
                  </dd>
                </div>
                <div>
                  <dt>{o.freeLeft}</dt>
                  <dd>{quantityText(side.freeLeft)} {side.unit}</dd>
                </div>
                <div>
                  <dt>{o.supply}</dt>
                  <dd>
                    <span className={`state ${stateTone(side.state)}`}>{stateText(m, side.state)}</span>
                    {side.reason && <small className="fact-hint">{fill(o.reason, { reason: reasonText(m, side.utility, side.reason) })}</small>}
                    <small className={`link-state ${side.online === false ? 'bad' : ''}`}>
                      {side.online === null ? o.onlineUnknown : side.online ? o.online : o.offline}
                    </small>
                  </dd>
                </div>
              </dl>
              {side.canPay && room.providers.length > 0 && (
                <a className={`button ${arrears || credit.tone === 'bad' ? 'primary' : 'secondary'} top-up`} href={`/tenant/pay?utility=${side.utility}`}
                  onClick={(event) => { event.preventDefault(); navigate(`/tenant/pay?utility=${side.utility}`); }}>
                  {o.topUp}
                </a>
              )}
            </section>
          );
        })}
      </div>
    </div>
  );
}
