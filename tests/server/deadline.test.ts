import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createApp, type App } from '../../server/app';
import { LONG_CALL } from '../../server/http/deadline';
import { apiClient, loginAs, startTestBackend, type TestBackend } from '../support/testApp';

/**
 * A database that does not answer (issue 33): every call answers 503 with Retry-After in SPEC.md's
 * envelope within the deadline (REQUEST_DEADLINE_MS, 4.5 s by default, inside the console's 5 s),
 * never a hang. The stall here is a transaction holding an exclusive lock on the sessions table,
 * so that every request's session read waits (on PGlite, which runs one transaction at a time,
 * everything waits); the deadline is made short for the test.
 */
let backend: TestBackend;
let app: App;
const logged: string[] = [];

beforeAll(async () => {
  backend = await startTestBackend();
  app = createApp({
    db: backend.database.db, config: { simulator: false }, now: () => backend.clock.now, commandsQueued: () => undefined,
    log: (message) => logged.push(message), caches: backend.caches, deadlineMs: 300,
  });
});
afterAll(() => backend.close());

/** Holds the database until `release` is called: a transaction with an exclusive lock on the sessions table. */
async function stall() {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => { release = resolve; });
  let locked!: () => void;
  const holding = new Promise<void>((resolve) => { locked = resolve; });
  const done = backend.database.db.transaction(async (tx) => {
    await tx.execute(sql`LOCK TABLE sessions IN ACCESS EXCLUSIVE MODE`);
    locked();
    await gate;
  });
  await holding;
  return async () => {
    release();
    await done;
  };
}

describe('a stalled database', () => {
  it('answers 503 with Retry-After in the envelope, in the caller\'s language, and serves again once the database answers', async () => {
    // A login hashes its password for longer than the test's short deadline: signed in without it.
    const token = await loginAs(backend.app, 'admin');
    const api = apiClient(app, token);
    expect((await api.get('project/findByCondition')).status).toBe(200);

    const release = await stall();
    try {
      for (const [path, method] of [['project/findByCondition', 'GET'], ['room/addRoom', 'POST']] as const) {
        const response = await app.request(`/api/v1/electricity/${path}`, {
          method, headers: { 'X-Token': token, 'Accept-Language': 'en', 'Content-Type': 'application/json' }, body: method === 'POST' ? '{}' : undefined,
        });
        expect(response.status).toBe(503);
        expect(Number(response.headers.get('Retry-After'))).toBeGreaterThan(0);
        expect(await response.json()).toEqual({ code: 503, msg: 'The database cannot be reached at the moment; please try again shortly' });
      }
      const chinese = await api.get('project/findByCondition');
      expect(chinese.body).toEqual({ code: 503, msg: expect.stringMatching(/数据库/) });
    } finally {
      await release();
    }
    expect(logged.some((line) => line.includes('GET /api/v1/electricity/project/findByCondition: no answer within 300 ms'))).toBe(true);
    // Once the database answers again, so does the API (the stalled calls ended by themselves).
    expect((await api.get('project/findByCondition')).status).toBe(200);
  });

  it('has no deadline for calls that take long by nature, nor outside the API', () => {
    expect(LONG_CALL.test('/api/v1/electricity/room/importRooms')).toBe(true);
    expect(LONG_CALL.test('/api/v1/electricity/tenant/importTenants')).toBe(true);
    expect(LONG_CALL.test('/api/v1/electricity/backup/restoreBackup')).toBe(true);
    expect(LONG_CALL.test('/api/v1/electricity/room/findByCondition')).toBe(false);
  });

  it('leaves an app without a deadline (tests, tools) as it was', async () => {
    const plain = createApp({ db: backend.database.db, config: { simulator: false }, now: () => backend.clock.now, commandsQueued: () => undefined, log: () => undefined, caches: backend.caches });
    const token = await loginAs(plain, 'admin');
    expect((await apiClient(plain, token).get('project/findByCondition')).status).toBe(200);
  });
});
