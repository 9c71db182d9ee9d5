/**
 * A money axis's ticks in one short format chosen from the axis's largest value (issue 32: an
 * axis read "¥8000" beside "¥10k"): under ¥10,000 every tick in whole yuan with thousands
 * separators (¥8,000); up to ¥10 M every tick in thousands (¥8k, ¥10k, ¥2.5k); above, in millions.
 * Tooltips show the full money (yuanGrouped), never this.
 */
export function yuanAxis(maxFen: number): (fen: number) => string {
  const largest = Math.abs(maxFen) / 100;
  const [divisor, suffix] = largest >= 10_000_000 ? [1_000_000, 'M'] : largest >= 10_000 ? [1000, 'k'] : [1, ''];
  const number = new Intl.NumberFormat('en-US', { maximumFractionDigits: divisor === 1 ? 0 : 1 });
  return (fen: number) => {
    const value = fen / 100 / divisor;
    if (value === 0) return '¥0';
    return value < 0 ? `-¥${number.format(-value)}${suffix}` : `¥${number.format(value)}${suffix}`;
  };
}

/** The largest absolute value of a series (0 when empty): what a money axis is sized by. */
export const maxOf = (values: number[]) => values.reduce((most, value) => Math.max(most, Math.abs(value)), 0);
