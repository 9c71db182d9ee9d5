/**
 * What the HTTP client tells the screens: a message to show (5 s), that the session is gone, or
 * that the role's menu changed (a grant given or taken while signed in: the menu is read again).
 * The layout subscribes; the client knows nothing of React.
 */
export type HttpEvent =
  | { type: 'message'; key: string; params?: Record<string, unknown>; text?: string }
  | { type: 'relogin' }
  | { type: 'menuChanged' };

type Listener = (event: HttpEvent) => void;
const listeners = new Set<Listener>();

export function onHttpEvent(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function emitHttpEvent(event: HttpEvent) {
  for (const listener of listeners) listener(event);
}
