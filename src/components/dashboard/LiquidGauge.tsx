import { useId } from 'react';
import { Box } from '@mui/material';
import { alpha, useTheme } from '@mui/material/styles';

/** The share of `value` in `full`, 0…1 for the fill (over 100 % fills the gauge; nothing to compare with: 0). */
export const fillRatio = (value: number, full: number) => (full > 0 ? Math.max(0, Math.min(1, value / full)) : 0);

/**
 * The caption's font size: 7.5 % of the gauge, smaller for a long caption (a city's m³ run to six
 * digits and more) so that it stays inside the vessel's chord at its height. The width is estimated
 * a little wide: 0.58 em a digit or letter, 0.3 em for `,` `.` `/` and spaces.
 */
export function captionFontSize(caption: string, size: number) {
  const r = size / 2;
  const inner = r - 6;
  const dy = size * 0.17;
  const chord = 2 * Math.sqrt(Math.max(0, inner * inner - (dy + size * 0.04) ** 2)) - 8;
  const preferred = size * 0.075;
  const ems = [...caption].reduce((sum, ch) => sum + (/[\s,./:]/.test(ch) ? 0.3 : 0.58), 0);
  return Math.max(size * 0.045, Math.min(preferred, chord / Math.max(1, ems)));
}

/** One period of a wave across `width` at height `y`, amplitude `a`, repeated twice (the animation slides by one width). */
function wavePath(width: number, height: number, y: number, a: number) {
  const q = width / 4;
  let d = `M ${-width} ${y}`;
  for (let x = -width; x < width; x += width) {
    d += ` Q ${x + q} ${y - a} ${x + 2 * q} ${y} T ${x + width} ${y}`;
  }
  return `${d} L ${width} ${height} L ${-width} ${height} Z`;
}

/**
 * A liquid-fill gauge (our own SVG, no chart library): a round vessel filled to `value / full`, with
 * a slow wave on the surface and the percentage in the middle. The wave and the rise stand still
 * under `prefers-reduced-motion`. `label` is what a screen reader hears: the figures in words.
 */
export function LiquidGauge({ value, full, size = 160, label, caption }: {
  value: number;
  full: number;
  size?: number;
  label: string;
  /** The figure under the percentage (`123.4 / 456.7 m³`). */
  caption?: string;
}) {
  const theme = useTheme();
  const id = useId().replace(/:/g, '');
  const ratio = fillRatio(value, full);
  const percent = full > 0 ? Math.round((value / full) * 100) : null;
  const r = size / 2;
  const inner = r - 6;
  const level = size / 2 + inner - 2 * inner * ratio;
  const colour = theme.palette.info.main;
  const over = percent !== null && percent > 100;
  const textOn = theme.palette.getContrastText(colour);
  const text = (fill: string) => (
    <>
      <text x={r} y={r} textAnchor="middle" dominantBaseline="central" fontSize={size * 0.2} fontWeight={700} fill={fill}
        style={{ fontVariantNumeric: 'tabular-nums' }}>
        {percent === null ? '—' : `${percent}%`}
      </text>
      {caption && <text x={r} y={r + size * 0.17} textAnchor="middle" dominantBaseline="central" fontSize={captionFontSize(caption, size)} fill={fill}>{caption}</text>}
    </>
  );
  return (
    <Box component="svg" role="img" aria-label={label} width={size} height={size} viewBox={`0 0 ${size} ${size}`} data-testid="liquid-gauge"
      data-ratio={ratio.toFixed(3)}
      sx={{
        display: 'block',
        '& .wave': { animation: 'liquid-wave 3.2s linear infinite' },
        '& .wave.back': { animationDuration: '5s', animationDirection: 'reverse' },
        '& .level': { transition: 'transform 1.2s ease-out' },
        '@keyframes liquid-wave': { from: { transform: 'translateX(0)' }, to: { transform: `translateX(${2 * inner}px)` } },
        '@media (prefers-reduced-motion: reduce)': { '& .wave, & .wave.back': { animation: 'none' }, '& .level': { transition: 'none' } },
      }}>
      <defs>
        <clipPath id={`vessel-${id}`}><circle cx={r} cy={r} r={inner} /></clipPath>
      </defs>
      <circle cx={r} cy={r} r={r - 2} fill="none" stroke={over ? theme.palette.warning.main : colour} strokeWidth={3} />
      <circle cx={r} cy={r} r={inner} fill={alpha(colour, 0.06)} />
      {text(theme.palette.text.primary)}
      <g clipPath={`url(#vessel-${id})`}>
        <g className="level" style={{ transform: `translateY(${level - r}px)` }}>
          <g transform={`translate(${r - inner} ${r})`}>
            <path className="wave back" d={wavePath(2 * inner, size, 0, size * 0.035)} fill={alpha(colour, 0.35)} />
            <path className="wave" d={wavePath(2 * inner, size, size * 0.02, size * 0.04)} fill={colour} />
          </g>
        </g>
        {/* The figures again, in the liquid's contrast colour, visible only where the liquid is. */}
        <g clipPath={`url(#liquid-${id})`}>{text(textOn)}</g>
      </g>
      <defs>
        <clipPath id={`liquid-${id}`}><rect x={0} y={level} width={size} height={size} /></clipPath>
      </defs>
    </Box>
  );
}
