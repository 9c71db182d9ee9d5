// Node's own timers, not the globals: a console test that fakes the page's timers (the backend runs
// in its process) must not also fast-forward the server's heartbeat thousands of times.
import { clearInterval, setInterval } from 'node:timers';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { createNodeWebSocket } from '@hono/node-ws';
import type { WebSocket } from 'ws';
import type { AppEnv } from '../http/router';
import { currentSession } from '../auth/session';
import type { RealtimeHub, Subscriber } from './hub';
import { describeError } from '../db/errors';
import { langOf, serverMessage } from '../http/i18n';

/** SPEC.md section 7's websocket server path, under the API base. */
export const WEBSOCKET_PATH = '/api/v1/electricity/websocket/websocket-server';
/** How often a connection is checked: the peer must answer a ping, and the session must hold. */
export const HEARTBEAT_MS = 30_000;

/**
 * The console's websocket (DESIGN.md, real-time). The session comes from the `token` query
 * parameter (browsers cannot set X-Token on a websocket); events in the operator's area scope are
 * pushed as JSON. A connection whose session ends (logout, expiry, disabled user) is closed with
 * code 4401; one whose peer stops answering pings is dropped.
 */
export function realtimeSocket(app: OpenAPIHono<AppEnv>, hub: RealtimeHub, heartbeatMs = HEARTBEAT_MS) {
  const nodeWs = createNodeWebSocket({ app });
  app.get(WEBSOCKET_PATH, nodeWs.upgradeWebSocket((c) => {
    const session = c.get('session');
    const { db, caches, now, log } = c.get('deps');
    let unsubscribe: (() => void) | undefined;
    let timer: NodeJS.Timeout | undefined;
    return {
      onOpen(_event, ws) {
        const raw = ws.raw as WebSocket;
        // Pings not answered yet. A peer is dropped after two in a row: one late pong is a busy
        // event loop or a slow link (the check can run before the pong is read), not a dead peer.
        let unanswered = 0;
        raw.on('pong', () => { unanswered = 0; });
        const subscriber: Subscriber = {
          areaIds: session.areaIds,
          userId: session.userId,
          send: (event) => ws.send(JSON.stringify(event)),
          // The session as it stands now: ended → close; area moved → the new scope's events only.
          recheck: () => {
            currentSession(db, caches, session.token, now())
              .then((current) => {
                if (!current) ws.close(4401, 'session ended');
                else subscriber.areaIds = current.areaIds;
              })
              .catch((error) => log('websocket session check failed', describeError(error)));
          },
        };
        unsubscribe = hub.subscribe(subscriber);
        ws.send(JSON.stringify({ type: 'hello' }));
        timer = setInterval(() => {
          if (unanswered >= 2) {
            raw.terminate();
            return;
          }
          unanswered++;
          raw.ping();
          subscriber.recheck!();
        }, heartbeatMs);
        timer.unref();
      },
      onClose() {
        unsubscribe?.();
        clearInterval(timer);
      },
    };
  }));
  // A plain GET (not an upgrade) of the path.
  app.get(WEBSOCKET_PATH, (c) => c.json({ code: 426, msg: serverMessage(langOf(c), 'errors.upgradeRequired') }, 426));
  return nodeWs.injectWebSocket;
}
