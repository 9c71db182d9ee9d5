import type { Context } from 'hono';

/** The API's success envelope: `{ code: 200, msg, data }` (SPEC.md section 7: code 200 → data). */
export const ok = (c: Context, data: unknown = null, msg = 'success') => c.json({ code: 200, msg, data });

/** The list convention for calls we define: `{ code: 200, data: { records, total } }`. */
export const page = <T>(c: Context, records: T[], total: number) => ok(c, { records, total });

/**
 * The success envelope around data already serialized as JSON (a value kept in memory as text, so
 * that it is not serialized again on every call); the same bytes as `ok(c, data)`.
 */
export const okSerialized = (c: Context, dataJson: string) =>
  c.body(`{"code":200,"msg":"success","data":${dataJson}}`, 200, { 'Content-Type': 'application/json' });
