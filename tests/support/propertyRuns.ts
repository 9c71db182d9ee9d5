/**
 * How many random runs a property test over the database makes: few in `npm test` (`quick`: each
 * property's hand-picked `examples` still run every time), the full count when `PROPERTY_RUNS=thorough`
 * (CI's pass of the server suite on PostgreSQL: `.ci/run`), or a number (`PROPERTY_RUNS=200`, for a
 * long hunt). A property's own variable, where it has one (`MONTH_CHAIN_RUNS`), wins over both.
 *
 * Only the properties whose runs each cost a second or more of database work take it; a pure rule's
 * property (tariffs, billing) runs its thousands every time.
 */
export function propertyRuns(quick: number, thorough: number, own?: string): number {
  const named = own ? process.env[own] : undefined;
  if (named) return Number(named);
  const setting = process.env.PROPERTY_RUNS;
  if (setting === 'thorough') return thorough;
  if (setting && /^\d+$/.test(setting)) return Number(setting);
  return quick;
}
