import { sql, type SQL } from 'drizzle-orm';

/**
 * The rule of where usage belongs (server/domain/usageRule.ts) as SQL over a readings row, for the
 * screens that read raw readings (the dashboards' and reports' raw answers, the readings list's
 * partial days): a reading's part of a span, cheap for the readings that lie wholly inside or outside
 * it, exact (migration 0036's functions) for one across its edges.
 */
type Bound = Date | SQL;
const bound = (at: Bound) => (at instanceof Date ? sql`${at.toISOString()}::timestamptz` : at);

/**
 * A reading's usage in hundredths in [a, b) by the rule, as SQL over a readings row (`alias.` its
 * columns): the reading's whole figure when its interval lies inside the span, nothing when it lies
 * outside, and `usage_h_in` (the exact split) only for an interval across an edge — the same figure,
 * at the cost of a comparison for most readings.
 */
export function usageHIn(a: Bound, b: Bound, alias = 'readings'): SQL {
  const c = (name: string) => sql.raw(`${alias}.${name}`);
  const [from, to] = [bound(a), bound(b)];
  return sql`(CASE
    WHEN ${c('since_at')} IS NULL OR ${c('since_at')} >= ${c('read_at')} THEN CASE WHEN ${c('read_at')} >= ${from} AND ${c('read_at')} < ${to} THEN round(${c('consumption')} * 100)::bigint ELSE 0 END
    WHEN ${c('read_at')} <= ${from} OR ${c('since_at')} >= ${to} THEN 0
    WHEN ${c('since_at')} >= ${from} AND ${c('read_at')} <= ${to} THEN round(${c('consumption')} * 100)::bigint
    ELSE usage_h_in(${c('consumption')}, ${c('usage_rates')}, ${c('since_at')}, ${c('read_at')}, ${from}, ${to}) END)`;
}

/** A reading's charge in fen in [a, b) by the rule, as SQL (see `usageHIn`). */
export function costIn(a: Bound, b: Bound, alias = 'readings'): SQL {
  const c = (name: string) => sql.raw(`${alias}.${name}`);
  const [from, to] = [bound(a), bound(b)];
  return sql`(CASE
    WHEN ${c('since_at')} IS NULL OR ${c('since_at')} >= ${c('read_at')} THEN CASE WHEN ${c('read_at')} >= ${from} AND ${c('read_at')} < ${to} THEN ${c('cost_fen')} ELSE 0 END
    WHEN ${c('read_at')} <= ${from} OR ${c('since_at')} >= ${to} THEN 0
    WHEN ${c('since_at')} >= ${from} AND ${c('read_at')} <= ${to} THEN ${c('cost_fen')}
    ELSE usage_in(${c('cost_fen')}, ${c('since_at')}, ${c('read_at')}, ${from}, ${to}) END)`;
}
