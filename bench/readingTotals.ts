/**
 * The reading lists' totals row (issue 31), timed over HTTP against a running server:
 * `ORIGIN=http://localhost:4317 ADMIN_PASSWORD=… npx tsx bench/readingTotals.ts`. Each case is one
 * `meterReadingRecord/findByCondition` call (first page of 25 and the totals of the filtered set),
 * run RUNS times after one warm-up; prints the median and the slowest in ms.
 */
import { loginOver } from './support/serverProcess';

const ORIGIN = process.env.ORIGIN ?? 'http://localhost:4317';
const RUNS = Number(process.env.RUNS ?? 7);

const CASES: [string, Record<string, string>][] = [
  ['electric, no filter', { utility: 'electric' }],
  ['water, no filter', { utility: 'water' }],
  ['electric, a month (whole days)', { utility: 'electric', readFrom: '2026-10-01T00:00:00+08:00', readTo: '2026-11-01T00:00:00+08:00' }],
  ['electric, 30 days from 09:30 to 14:00 (partial ends)', { utility: 'electric', readFrom: '2026-10-15T09:30:00+08:00', readTo: '2026-11-14T14:00:00+08:00' }],
  ['electric, a project', { utility: 'electric', projectId: '1' }],
  ['electric, a room code', { utility: 'electric', roomCode: '101' }],
];

const token = await loginOver(ORIGIN, 'admin', process.env.ADMIN_PASSWORD ?? 'Admin12345');
for (const [name, query] of CASES) {
  const url = `${ORIGIN}/api/v1/electricity/meterReadingRecord/findByCondition?${new URLSearchParams({ pageSize: '25', ...query })}`;
  const times: number[] = [];
  let totals: unknown;
  for (let i = 0; i <= RUNS; i++) {
    const started = performance.now();
    const body = await (await fetch(url, { headers: { 'X-Token': token } })).json() as { code: number; data: { totals: unknown } };
    if (body.code !== 200) throw new Error(`${name}: ${JSON.stringify(body)}`);
    totals = body.data.totals;
    if (i > 0) times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  console.log(`${name.padEnd(52)} median ${times[Math.floor(times.length / 2)].toFixed(0).padStart(5)} ms  max ${times[times.length - 1].toFixed(0).padStart(5)} ms  ${JSON.stringify(totals)}`);
}
