import { describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { admission } from '../../server/http/admission';

/** An app whose handler waits until the test lets it finish, counting the requests it served. */
function blockingApp(maxActive: number, maxWaitMs: number) {
  const gates: (() => void)[] = [];
  const served: string[] = [];
  const limiter = admission({ maxActive, maxWaitMs });
  const app = new Hono();
  app.use('/api/*', limiter);
  app.get('/api/work/:name', async (c) => {
    served.push(c.req.param('name'));
    await new Promise<void>((resolve) => gates.push(resolve));
    return c.json({ code: 200 });
  });
  const until = async (check: () => boolean) => {
    while (!check()) await new Promise((resolve) => setTimeout(resolve, 2));
  };
  return { app, gates, served, limiter, until };
}

describe('admission control', () => {
  it('answers 503 with Retry-After to a request that waited too long, before it ran', async () => {
    const { app, gates, served, until } = blockingApp(1, 50);
    const first = app.request('/api/work/a');
    await until(() => served.length === 1);
    const second = await app.request('/api/work/b');
    expect(second.status).toBe(503);
    expect(second.headers.get('Retry-After')).toBe('1');
    expect(((await second.json()) as { msg: string }).msg).toBe('服务器繁忙，请稍后重试');
    expect(served).toEqual(['a']);
    gates.shift()!();
    expect((await first).status).toBe(200);
  });

  it('lets waiting requests in, in arrival order, as running ones finish', async () => {
    const { app, gates, served, limiter, until } = blockingApp(2, 5_000);
    const responses = ['a', 'b', 'c', 'd'].map((name) => app.request(`/api/work/${name}`));
    await until(() => served.length === 2);
    expect(limiter.stats()).toEqual({ active: 2, waiting: 2 });
    gates.shift()!();
    await until(() => served.length === 3);
    gates.shift()!();
    await until(() => served.length === 4);
    expect(served).toEqual(['a', 'b', 'c', 'd']);
    gates.splice(0).forEach((open) => open());
    expect((await Promise.all(responses)).map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(limiter.stats()).toEqual({ active: 0, waiting: 0 });
  });
});
