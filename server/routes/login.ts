import { createRouter, defineRoute, z, type Ctx } from '../http/router';
import { langOf, serverMessage } from '../http/i18n';
import { UNKNOWN_ADDRESS, endSession, login } from '../auth/session';
import { publish } from '../realtime/events';

/**
 * The client's address for sign-in throttling: the socket's peer, or with TRUST_PROXY the last
 * X-Forwarded-For entry (added by the proxy in front). In-process calls (tests) pass it as
 * `env.incoming.socket.remoteAddress` like @hono/node-server does.
 */
export function clientAddress(c: Ctx): string {
  if (c.get('deps').config.trustProxy) {
    const forwarded = (c.req.header('x-forwarded-for') ?? '').split(',').map((s) => s.trim()).filter(Boolean).at(-1);
    if (forwarded && forwarded !== UNKNOWN_ADDRESS) return forwarded.slice(0, 64);
  }
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  return incoming?.socket?.remoteAddress ?? UNKNOWN_ADDRESS;
}

const LoginForm = z.object({
  username: z.string().max(64).default(''),
  password: z.string().max(128).default(''),
});

export function loginRoutes() {
  const router = createRouter();

  // SPEC.md section 7: form-encoded username and password; reads code, sessinId, areaId, userId, roleId.
  defineRoute(
    router,
    { method: 'post', path: '/v1/quan_xian/deng_lu/login', summary: 'Log in', tags: ['session'], body: LoginForm, form: true, public: true },
    async (c, { body }) => {
      const { db, now } = c.get('deps');
      const result = await login(db, body.username.trim(), body.password, now(), clientAddress(c));
      const lang = langOf(c);
      if (result.ok) {
        return c.json({
          code: 200, msg: serverMessage(lang, 'login.ok'),
          sessinId: result.token, areaId: result.areaId, userId: result.userId, roleId: result.roleId, userName: result.userName,
        });
      }
      if (result.reason === 'locked') {
        const minutes = Math.max(1, Math.ceil((result.retryAfterMs ?? 0) / 60_000));
        return c.json({ code: 429, msg: serverMessage(lang, 'login.locked', { minutes }) });
      }
      if (result.reason === 'disabled') return c.json({ code: 403, msg: serverMessage(lang, 'login.disabled') });
      return c.json({ code: 401, msg: serverMessage(lang, 'login.credentials') });
    },
  );

  return router;
}

/** Ending one's session (under the API prefix, with the token). */
export function logoutRoutes() {
  const router = createRouter();
  defineRoute(router, { method: 'post', path: '/v1/quan_xian/deng_lu/logout', summary: 'Log out (ends the session)', tags: ['session'] }, async (c) => {
    const { db } = c.get('deps');
    await endSession(db, c.get('session').token);
    // The user's open websockets are checked at once (this one closes), in every backend process.
    await publish(db, { type: 'sessions', userId: c.get('session').userId });
    return c.json({ code: 200, msg: 'success' });
  });

  return router;
}
