import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db';
import { createApp } from '../../server/app';
import { apiClient, loginAs, startTestBackend } from '../support/testApp';

describe('unexpected errors', () => {
  it('answer HTTP 500 with code 500 and no stack trace, and are logged', async () => {
    const backend = await startTestBackend();
    const token = await loginAs(backend.app, 'admin');
    const logged: unknown[] = [];
    // The same database, then closed under the app: every query fails.
    const broken = await openDatabase();
    const app = createApp({ db: broken.db, config: { simulator: false }, now: () => backend.clock.now, commandsQueued: () => undefined, log: (m, e) => logged.push([m, e]) });
    await broken.close();
    const { status, body } = await apiClient(app, token).get('webWaterArchive/findByCondition');
    expect(status).toBe(500);
    expect(body).toEqual({ code: 500, msg: '服务器内部错误' });
    expect(JSON.stringify(body)).not.toMatch(/at |Error|\.ts/);
    expect(logged).toHaveLength(1);
    await backend.close();
  });
});
