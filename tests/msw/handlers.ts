import { http, passthrough, ws } from 'msw';
import { WebSocket as NodeWebSocket } from 'ws';
import type { TestBackend } from '../support/testApp';

const socketLink = ws.link(/\/api\/v1\/electricity\/websocket\/websocket-server/);

/**
 * Every /api call goes to the real backend app (in-process, on in-memory PGlite with the fixed
 * seed); the console's websocket is piped to the backend's real websocket server.
 */
export const forwardToBackend = (getBackend: () => Promise<TestBackend>) => [
  http.all('*/api/*', async ({ request }) =>
    // The pipe's own handshake with the backend's server goes out for real.
    request.headers.get('upgrade') ? passthrough() : (await getBackend()).app.fetch(request)),
  socketLink.addEventListener('connection', ({ client }) => {
    void getBackend().then((backend) => backend.listen()).then((origin) => {
      const upstream = new NodeWebSocket(`${origin.replace(/^http/, 'ws')}${client.url.pathname}${client.url.search}`);
      // The console's side may have gone (or been refused by a test's own handler) meanwhile.
      const toClient = (act: () => void) => { try { act(); } catch { upstream.close(); } };
      upstream.on('message', (data) => toClient(() => client.send(data.toString())));
      upstream.on('close', (code) => toClient(() => client.close(code >= 3000 && code <= 4999 ? code : 1000)));
      upstream.on('error', () => toClient(() => client.close(1000)));
      client.addEventListener('close', () => upstream.close());
    });
  }),
];
