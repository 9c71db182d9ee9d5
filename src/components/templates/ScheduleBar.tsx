import { useTranslate } from 'react-admin';
import { Box, Tooltip } from '@mui/material';
import { DAY_MINUTES, minutesOf, withEnds, type Segment } from '../../../common/tariffs';

/** The colour of each rate (尖 red, 峰 orange, 平 blue, 谷 green; on green, off grey). */
export const RATE_COLORS: Record<string, string> = {
  sharp: '#d32f2f', peak: '#f57c00', flat: '#1976d2', valley: '#2e7d32', on: '#43a047', off: '#9e9e9e',
};

/**
 * A day schedule drawn as a 24-hour bar: one block per segment, as wide as its hours, coloured by
 * its rate, with hour marks every 6 hours underneath (with `scale`). Gaps and overlaps of a schedule
 * being edited show as they are (hatched where nothing covers).
 */
export function ScheduleBar({ segments, scale = false, height = 14 }: { segments: Segment[]; scale?: boolean; height?: number }) {
  const translate = useTranslate();
  const spans = withEnds(segments ?? []).map((segment) => ({
    ...segment, from: minutesOf(segment.start) ?? 0, to: minutesOf(segment.end, true) ?? DAY_MINUTES,
  })).filter((span) => span.to > span.from);
  return (
    <Box sx={{ minWidth: 160 }} role="img" aria-label={spans.map((s) => `${s.start}–${s.end} ${translate(`tariffs.rate.${s.rate}`, { _: s.rate })}`).join(', ')}>
      <Box sx={{
        position: 'relative', height, borderRadius: 0.5, overflow: 'hidden',
        background: 'repeating-linear-gradient(45deg, transparent 0 4px, rgba(211,47,47,.25) 4px 8px)',
      }}>
        {spans.map((span, i) => (
          <Tooltip key={i} title={`${span.start}–${span.end} ${translate(`tariffs.rate.${span.rate}`, { _: span.rate })}`}>
            <Box sx={{
              position: 'absolute', top: 0, bottom: 0, left: `${(span.from / DAY_MINUTES) * 100}%`, width: `${((span.to - span.from) / DAY_MINUTES) * 100}%`,
              bgcolor: RATE_COLORS[span.rate] ?? 'grey.500', borderRight: '1px solid rgba(255,255,255,.7)',
            }} />
          </Tooltip>
        ))}
      </Box>
      {scale && (
        <Box sx={{ position: 'relative', height: 16, fontSize: 11, color: 'text.secondary' }}>
          {[0, 6, 12, 18, 24].map((hour) => (
            <Box key={hour} component="span" sx={{ position: 'absolute', left: `${(hour / 24) * 100}%`, transform: hour === 0 ? 'none' : hour === 24 ? 'translateX(-100%)' : 'translateX(-50%)' }}>
              {`${String(hour).padStart(2, '0')}:00`}
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}

/** The legend of a schedule's rates. */
export function RateLegend({ rates }: { rates: readonly string[] }) {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', fontSize: 12 }}>
      {rates.map((rate) => (
        <Box key={rate} sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
          <Box sx={{ width: 10, height: 10, borderRadius: 0.5, bgcolor: RATE_COLORS[rate] }} />{translate(`tariffs.rate.${rate}`)}
        </Box>
      ))}
    </Box>
  );
}
