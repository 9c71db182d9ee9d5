import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import { BODY_LIMIT_BYTES } from '../../server/app';
import { DRAIN_MAX_BYTES } from '../../server/http/bodyLimit';
import { startTestBackend, type TestBackend } from '../support/testApp';

/**
 * A body over the limit (issue 33): 413 in SPEC.md's envelope, and the connection it came on
 * stays usable. Hono's own limit answered 413 with `Connection: keep-alive` without reading the
 * body, and the Node adapter destroyed the socket 500 ms later: a client reusing the connection
 * for its next request (browsers and Node's fetch do) got a reset.
 */
let backend: TestBackend;
let origin: URL;
let agent: http.Agent;

beforeAll(async () => {
  backend = await startTestBackend();
  origin = new URL(await backend.listen());
  // One socket: every request of a test goes over the same connection while it is kept.
  agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
});
afterAll(async () => {
  agent.destroy();
  await backend.close();
});

interface Answer { status: number; headers: http.IncomingHttpHeaders; body: string; reused: boolean }

/** One request over the agent; `body` is written in chunks (chunked when `length` is not given). */
function send(method: string, path: string, options: { body?: Buffer; length?: number; endEarly?: boolean } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = { 'Content-Type': 'application/json' };
    if (options.length !== undefined) headers['Content-Length'] = options.length;
    const request = http.request({ host: origin.hostname, port: origin.port, method, path, agent, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks).toString(), reused: request.reusedSocket });
        // A body the server refused to read any further: the rest is not sent.
        if (options.endEarly) request.destroy();
      });
    });
    request.on('error', (error) => { if (!options.endEarly) reject(error); });
    if (options.body) {
      for (let offset = 0; offset < options.body.length; offset += 64 * 1024) request.write(options.body.subarray(offset, offset + 64 * 1024));
    }
    if (!options.endEarly) request.end();
  });
}

const oversized = () => Buffer.alloc(BODY_LIMIT_BYTES + 300_000, 'a');
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a request body over the limit', () => {
  it('answers 413 and the next request on the same connection answers (Node\'s fetch, as in the reported loop)', async () => {
    // Node's fetch keeps the connection and stops sending a body once its answer came: before, the
    // unread rest was waited for 500 ms and the socket destroyed, and the next request, reusing it
    // after a pause as the reported loop did (380–670 ms), failed with "other side closed".
    const failures: string[] = [];
    for (let i = 0; i < 8; i++) {
      try {
        const refused = await fetch(`${origin.origin}/api/v1/electricity/room/addRoom`, {
          method: 'POST', headers: { 'Content-Type': 'application/json' }, body: 'x'.repeat(BODY_LIMIT_BYTES + 5_000 + i * 100_000),
        });
        expect(refused.status).toBe(413);
        expect(await refused.json()).toEqual({ code: 413, msg: expect.any(String) });
      } catch (error) {
        failures.push(`round ${i}, the 413: ${String((error as Error).cause ?? error)}`);
      }
      if (i < 3) await pause(600);
      try {
        const next = await fetch(`${origin.origin}/api/v1/electricity/sysUser/currentUser`);
        expect(next.status).toBe(401);
        await next.text();
      } catch (error) {
        failures.push(`round ${i}, the next request: ${String((error as Error).cause ?? error)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('keeps the connection of a refused body (declared length and chunked) for the next request', async () => {
    for (let i = 0; i < 4; i++) {
      const chunked = i % 2 === 1;
      const body = oversized();
      const refused = await send('POST', '/api/v1/electricity/room/addRoom', { body, length: chunked ? undefined : body.length });
      expect(refused.status).toBe(413);
      expect(JSON.parse(refused.body)).toEqual({ code: 413, msg: expect.any(String) });
      expect(refused.headers.connection).not.toBe('close');
      const next = await send('GET', '/api/v1/electricity/sysUser/currentUser');
      expect(next.status).toBe(401);
      expect(next.reused).toBe(true);
    }
  });

  it('closes the connection cleanly, saying so, for a body too large to read through; the next request gets a new one', async () => {
    const refused = await send('POST', '/api/v1/electricity/room/addRoom', { body: Buffer.alloc(256 * 1024, 'a'), length: DRAIN_MAX_BYTES + 1, endEarly: true });
    expect(refused.status).toBe(413);
    expect(refused.headers.connection).toBe('close');
    const next = await send('GET', '/api/v1/electricity/sysUser/currentUser');
    expect(next.status).toBe(401);
    expect(next.reused).toBe(false);
  });

  it('still takes a body within the limit, declared or chunked', async () => {
    for (const chunked of [false, true]) {
      const body = Buffer.from(JSON.stringify({ padding: 'x'.repeat(BODY_LIMIT_BYTES - 100) }));
      const answer = await send('POST', '/api/v1/electricity/room/addRoom', { body, length: chunked ? undefined : body.length });
      // Past the limit check: no session, so 401.
      expect(answer.status).toBe(401);
    }
  });
});
