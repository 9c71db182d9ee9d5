import { useId, useState } from 'react';
import { formatYuan } from '../../../common/money';
import { quantityText } from '../../../common/formats';
import type { Utility } from '../api';
import { dayShort, monthName, monthShort } from '../dates';
import { fill, usePayI18n } from '../i18n';
import type { TenantRoom, Usage, UsagePeriod } from './api';
import { BarChart } from './BarChart';
import { LoadFailed, Loading } from './parts';
import { useCall, useTenant } from './session';

const UNIT: Record<Utility, string> = { electric: 'kWh', water: 'm³' };

/** Usage by day (30 days) or month (12 months): per utility a chart, its totals, and the same figures as a table. */
export function UsageView({ room }: { room: TenantRoom }) {
  const { m } = usePayI18n();
  const { client } = useTenant();
  const [period, setPeriod] = useState<UsagePeriod>('day');
  const usage = useCall(() => client.usage(room.roomId, period), [client, room.roomId, period]);
  const u = m.tenant.usage;
  return (
    <div className="usage">
      <fieldset className="segments period">
        <legend className="sr-only">{u.period}</legend>
        {(['day', 'month'] as const).map((option) => (
          <label key={option} className={option === period ? 'chosen' : undefined}>
            <input type="radio" name="usage-period" value={option} checked={option === period} onChange={() => setPeriod(option)} />
            {u[option]}
          </label>
        ))}
      </fieldset>
      {usage.data && usage.data.period === period
        ? <UsageCharts usage={usage.data} room={room} />
        : usage.state === 'failed' ? <LoadFailed error={usage.error} onRetry={usage.reload} /> : <Loading />}
    </div>
  );
}

function UsageCharts({ usage, room }: { usage: Usage; room: TenantRoom }) {
  const { m } = usePayI18n();
  const utilities = (['electric', 'water'] as const).filter((utility) =>
    room.utilities.some((side) => side.utility === utility) || usage.points.some((point) => point[utility] !== null));
  if (!utilities.length) return <p className="card notice">{m.tenant.usage.none}</p>;
  return (
    <div className="columns">
      {utilities.map((utility) => <UtilityUsage key={utility} utility={utility} usage={usage} />)}
    </div>
  );
}

function UtilityUsage({ utility, usage }: { utility: Utility; usage: Usage }) {
  const { lang, m } = usePayI18n();
  const u = m.tenant.usage;
  const [table, setTable] = useState(false);
  const tableId = useId();
  const unit = UNIT[utility];
  const fenKey = utility === 'electric' ? 'electricFen' : 'waterFen';
  const rows = usage.points.map((point) => ({
    period: point.period,
    use: point[utility] ?? 0,
    fen: point[fenKey] ?? 0,
  }));
  const totalUse = Math.round(rows.reduce((sum, row) => sum + row.use, 0) * 100) / 100;
  const totalFen = rows.reduce((sum, row) => sum + row.fen, 0);
  const byDay = usage.period === 'day';
  const periodText = (period: string) => (byDay ? period : monthName(period, lang));
  const label = `${fill(byDay ? u.chartDay : u.chartMonth, { utility: m.utility[utility] })}: ${fill(u.total, { usage: quantityText(totalUse), unit, amount: formatYuan(totalFen) })}`;
  const headingId = `usage-${utility}`;
  return (
    <section className={`card usage-card ${utility}`} aria-labelledby={headingId}>
      <h2 id={headingId}>{m.utility[utility]}</h2>
      <p className="usage-total">{fill(u.total, { usage: quantityText(totalUse), unit, amount: formatYuan(totalFen) })}</p>
      <BarChart className={utility} label={label} bars={rows.map((row) => ({
        label: byDay ? dayShort(row.period) : monthShort(row.period, lang),
        title: `${periodText(row.period)}: ${quantityText(row.use)} ${unit} · ${formatYuan(row.fen)}`,
        value: row.use,
      }))} />
      <button type="button" className="link-button" aria-expanded={table} aria-controls={tableId} onClick={() => setTable(!table)}>
        {table ? u.hideTable : u.showTable}
      </button>
      <div id={tableId} hidden={!table} className="table-wrap">
        <table className="figures">
          <caption className="sr-only">{label}</caption>
          <thead>
            <tr><th scope="col">{byDay ? u.date : u.monthColumn}</th><th scope="col">{fill(u.use, { unit })}</th><th scope="col">{u.charge}</th></tr>
          </thead>
          <tbody>
            {[...rows].reverse().map((row) => (
              <tr key={row.period}><th scope="row">{periodText(row.period)}</th><td>{quantityText(row.use)}</td><td>{formatYuan(row.fen)}</td></tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
