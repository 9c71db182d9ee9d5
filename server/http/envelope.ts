import type { Context } from 'hono';
import { maskPersonalData, seesPersonalData } from './personalData';

/**
 * The API's success envelope: `{ code: 200, msg, data }` (SPEC.md section 7: code 200 → data). For a
 * caller who may not see personal data, tenants' id numbers and phones in it are masked.
 */
export const ok = (c: Context, data: unknown = null, msg = 'success') =>
  c.json({ code: 200, msg, data: seesPersonalData(c) ? data : maskPersonalData(data) });

/** The list convention for calls we define: `{ code: 200, data: { records, total } }`. */
export const page = <T>(c: Context, records: T[], total: number) => ok(c, { records, total });

/**
 * The success envelope around data already serialized as JSON (a value kept in memory as text, so
 * that it is not serialized again on every call); the same bytes as `ok(c, data)`.
 */
export const okSerialized = (c: Context, dataJson: string) =>
  c.body(`{"code":200,"msg":"success","data":${dataJson}}`, 200, { 'Content-Type': 'application/json' });
