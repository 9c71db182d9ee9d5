/**
 * A bar chart as inline SVG (no chart library: the page stays light): one bar per period, a scale
 * of three lines, a few labels under the bars. The figures themselves are the table beside it
 * (UsageView); the chart is one image with a label for screen readers.
 */
import { groupedDecimal } from '../../../common/formats';

export interface Bar {
  /** Under the bar (only some are written when there are many). */
  label: string;
  /** The bar's tooltip: the period and its figure in words. */
  title: string;
  value: number;
}

const WIDTH = 340;
const HEIGHT = 150;
const LEFT = 34;
const RIGHT = 14;
const TOP = 8;
const BOTTOM = 20;

/** The top of the scale: 1, 2 or 5 times a power of ten, at or above the largest value. */
export function niceMax(value: number): number {
  if (!(value > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 2.5, 5, 10].find((s) => s * power >= value - 1e-9) ?? 10;
  return step * power;
}

export function BarChart({ bars, label, className = '' }: { bars: Bar[]; label: string; className?: string }) {
  const top = niceMax(Math.max(0, ...bars.map((bar) => bar.value)));
  const plotWidth = WIDTH - LEFT - RIGHT;
  const plotHeight = HEIGHT - TOP - BOTTOM;
  const slot = plotWidth / Math.max(1, bars.length);
  const barWidth = Math.max(2, slot * 0.7);
  const decimals = top >= 10 ? 0 : top >= 1 ? 1 : 2;
  // Every label when they fit, else every few (always the last one, today or this month).
  const every = bars.length <= 12 ? 1 : Math.ceil(bars.length / 6);
  return (
    <svg className={`bar-chart ${className}`} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={label} preserveAspectRatio="xMidYMid meet">
      <title>{label}</title>
      {[0, 0.5, 1].map((share) => {
        const y = TOP + plotHeight * (1 - share);
        return (
          <g key={share} className="grid">
            <line x1={LEFT} x2={WIDTH - RIGHT} y1={y} y2={y} />
            <text x={LEFT - 4} y={y + 3} textAnchor="end">{groupedDecimal(top * share, decimals)}</text>
          </g>
        );
      })}
      {bars.map((bar, index) => {
        const height = top > 0 ? (Math.max(0, bar.value) / top) * plotHeight : 0;
        const x = LEFT + index * slot + (slot - barWidth) / 2;
        return (
          <g key={index}>
            <rect className="bar" x={x} y={TOP + plotHeight - height} width={barWidth} height={Math.max(height, bar.value > 0 ? 1 : 0)} rx={Math.min(2, barWidth / 4)}>
              <title>{bar.title}</title>
            </rect>
            {((bars.length - 1 - index) % every === 0) && (
              <text className="axis" x={x + barWidth / 2} y={HEIGHT - 6} textAnchor="middle">{bar.label}</text>
            )}
          </g>
        );
      })}
    </svg>
  );
}
