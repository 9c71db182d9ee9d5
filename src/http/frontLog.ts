import { readCookie } from '../auth/cookies';
import { apiUrl } from './client';

let sending = false;

/**
 * Records a front-end error in the backend's front-end log. It calls fetch itself, not the HTTP
 * client, so that a failure to log never shows a message, logs again or sends the user to login
 * (time, user and masked token are
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
