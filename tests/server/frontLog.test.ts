import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, loginAs, startTestBackend, type TestBackend } from '../support/testApp';

let backend: TestBackend;
beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(() => backend.close());

describe('frontLog/addFrontLog', () => {
  it('records the error with time, user, url and a masked token — also for a read-only operator', async () => {
    const token = await loginAs(backend.app, 'viewer');
    const { body } = await apiClient(backend.app, token).post('frontLog/addFrontLog', { message: 'TypeError: x is undefined', url: 'http://localhost/waterarchive', stack: 'at f (app.js:1:2)' });
    expect(body.code).toBe(200);
    const { rows } = (await backend.database.db.execute('SELECT user_name, url, message, token_masked, created_at FROM frontend_log' as never)) as unknown as { rows: Record<string, unknown>[] };
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ user_name: 'viewer', url: 'http://localhost/waterarchive', message: 'TypeError: x is undefined' });
    expect(rows[0].token_masked).toBe(`${token.slice(0, 4)}****${token.slice(-4)}`);
    expect(rows[0].created_at).toBeTruthy();
  });

  it('refuses an empty message, naming the field', async () => {
    const { status, body } = await apiClient(backend.app, await loginAs(backend.app, 'admin')).post('frontLog/addFrontLog', { message: '' });
    expect(status).toBe(400);
    expect(body.msg).toMatch(/^错误信息：/);
  });
});
