import { schema } from '../db';
import { createRouter, defineRoute, z } from '../http/router';
import { ok } from '../http/envelope';

/** Masks a token so that a log never holds a usable one: first 4 and last 4 characters. */
export const maskToken = (token?: string | null) => (token ? (token.length <= 8 ? '****' : `${token.slice(0, 4)}****${token.slice(-4)}`) : null);

export function frontLogRoutes() {
  const router = createRouter();

  defineRoute(router, {
    method: 'post', path: '/addFrontLog', summary: 'Record a front-end error (time, user, masked token, url)', tags: ['front-end log'],
    body: z.object({ message: z.string().min(1).max(2000), url: z.string().max(500).optional(), stack: z.string().max(8000).optional() }),
  }, async (c, { body }) => {
    const session = c.get('session');
    await c.get('deps').db.insert(schema.frontendLog).values({
      areaId: session.areaId, userId: session.userId, userName: session.userName, url: body.url ?? null,
      message: body.message, stack: body.stack ?? null, tokenMasked: maskToken(session.token),
    });
    return ok(c);
  });

  return router;
}
