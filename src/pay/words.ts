/** Small texts of the pay page built from its messages: supply states, time left, call errors. */
import type { PayMessages } from '../../i18n/pay/en';
import { PayCallError } from './api';

type StateKey = keyof PayMessages['state'];
const STATES: readonly string[] = ['on', 'off', 'close_pending', 'open', 'closed', 'abnormal'];

/** A relay or valve state in words (an unknown or missing one as "unknown"). */
export const stateText = (m: PayMessages, state: string | null | undefined) => m.state[(state && STATES.includes(state) ? state : 'unknown') as StateKey];

/** Whether a state means the supply is off (shown in red) or on its way back. */
export const stateTone = (state: string | null | undefined) =>
  state === 'on' || state === 'open' ? 'ok' : state === 'off' || state === 'closed' || state === 'abnormal' ? 'bad' : 'wait';

/** Milliseconds as m:ss (h:mm:ss from an hour), never below 0:00. */
export function timeText(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(total / 3600);
  const min = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h ? `${h}:${String(min).padStart(2, '0')}:${s}` : `${min}:${s}`;
}

/** A failed call as the tenant reads it: the server's own message, else the page's. */
export function errorText(m: PayMessages, error: unknown): string {
  if (error instanceof PayCallError) {
    if (error.message) return error.message;
    if (error.status === 429) return m.busy;
  }
  return m.offline;
}
