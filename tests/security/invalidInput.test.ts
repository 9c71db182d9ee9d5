/**
 * The API security harness (issue 8), its first half: generated invalid input on every route of
 * the OpenAPI document (every listed invalid value of every field once, then SECURITY_FUZZ_RUNS
 * random ones) is refused with a 400 naming the field, never a 500, never a stack or SQL in the
 * body, and never changes a row. Tokens, roles, area scope and hostile search text: api.test.ts.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { loginAs } from '../support/testApp';
import { listedMutations, mutationsOf, type Mutation } from './openapi';
import { LEAK, LOGOUT, RUNS, TENANT_LOGOUT, adminToken, apply, backend, digest, label, names, operations, send, tenantSession, tenantToken } from './harness';

describe('generated invalid input: 400 naming the field, no 500, no leak, no changed row', () => {
  for (const op of operations) {
    it(label(op), async () => {
      const token = op.public ? undefined : op.tenant ? tenantToken : adminToken;
      const before = await digest();
      const mutations = mutationsOf(op);
      if (!mutations) {
        // No input at all: stray parameters are ignored, a NUL in one is still refused.
        // (Logging out ends the session it is called with: it gets a session of its own.)
        const own = async () => (op.path === LOGOUT ? loginAs(backend.app, 'admin') : op.path === TENANT_LOGOUT ? tenantSession() : token);
        // A record a path names may not exist (a tenant's order or photo: 404); the input is never the fault.
        expect(op.path.includes('{') ? [200, 404] : [200]).toContain((await send(op, { query: { stray: 'x', pageNum: 'abc' }, token: await own() })).status);
        const nul = await send(op, { query: { stray: 'a\u0000b' }, token: await own() });
        expect([nul.status, nul.json?.msg?.split('：')[0]]).toEqual([400, 'stray']);
        return;
      }
      const check = async (mutation: Mutation) => {
        const response = await send(op, { ...apply(op, mutation), token });
        const context = `${label(op)} ${JSON.stringify(mutation).slice(0, 300)} → ${response.status} ${response.text.slice(0, 300)}`;
        expect(response.status, context).not.toBe(500);
        expect(response.text, context).not.toMatch(LEAK);
        const parsesAsObject = mutation.kind === 'raw' && mutation.contentType?.includes('json') && /^\{/.test(mutation.body) && mutation.body.endsWith('}');
        if (parsesAsObject && !(op.body?.schema.required ?? []).length) return; // a valid (empty) body for this route
        expect(response.status, context).toBe(400);
        expect(response.json?.code, context).toBe(400);
        if (parsesAsObject) expect(response.json?.msg, context).toMatch(/^[^：]+：/);
        else expect(names(response.json?.msg, mutation.field, op), context).toBe(true);
      };
      // Every listed invalid value once, then random ones (fast-check).
      for (const mutation of listedMutations(op)) await check(mutation);
      await fc.assert(
        fc.asyncProperty(mutations, check),
        { numRuns: RUNS, endOnFailure: true },
      );
      expect(await digest()).toEqual(before);
    });
  }
});
