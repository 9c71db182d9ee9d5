import { readCookie } from '../auth/cookies';
import { apiUrl } from './client';

/** Masks a token for a log: its first and last 4 characters. */
export const maskToken = (token?: string) => (token ? (token.length <= 8 ? '****' : `${token.slice(0, 4)}****${token.slice(-4)}`) : '');

let sending = false;

/**
 * Records a front-end error in the backend's front-end log (time, user and masked token are
 * added by the server from the session; the page's url is sent). Never throws, never loops.
 */
export function recordFrontError(message: string, stack?: string) {
  const token = readCookie('token');
  if (!token || token === 'undefined' || sending) return;
  sending = true;
  fetch(apiUrl('frontLog/addFrontLog'), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Token': token },
    body: JSON.stringify({ message: message.slice(0, 2000), url: window.location.href.slice(0, 500), stack: stack?.slice(0, 8000) }),
  })
    .catch(() => undefined)
    .finally(() => {
      sending = false;
    });
}

/** Uncaught errors and unhandled promise rejections go to the front-end log. */
export function installFrontErrorLog() {
  window.addEventListener('error', (event) => recordFrontError(event.message || String(event.error), event.error?.stack));
  window.addEventListener('unhandledrejection', (event) => {
    const reason = event.reason as { message?: string; stack?: string } | undefined;
    recordFrontError(reason?.message ?? String(event.reason), reason?.stack);
  });
}
