import type { Context } from 'hono';
import type { Session } from '../auth/session';
import { maskIdNumber, maskPhone } from '../../common/identity';

/** Whether the caller sees tenants' id numbers and phones in full (read-write roles). */
export const seesPersonalData = (c: Context) => {
  const session = c.get('session') as Session | undefined;
  return !session || !session.readOnly;
};

/**
 * Tenants' personal data in an answer, masked for a caller who may not see it (DOMAIN.md, Tenant;
 * read-only roles until roles carry a "see personal data" grant): id numbers (3201**********1234) and
 * phones (138****5678) wherever an answer carries them — a tenant's own `phone` and `idNumber`, a
 * room's or an order's `tenantPhone` / `tenantIdNumber` — so that lists, details and the CSV exports
 * built from them all say the same. A project's or an office's contact phone is not personal data.
 */
export function maskPersonalData(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskPersonalData);
  if (value === null || typeof value !== 'object' || value instanceof Date) return value;
  const record = value as Record<string, unknown>;
  // A tenant's own record: it has an identity document type.
  const tenant = 'idType' in record;
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(record)) {
    if (typeof field === 'string' && field !== '') {
      if (key === 'idNumber' || key === 'tenantIdNumber') { out[key] = maskIdNumber(field); continue; }
      if (key === 'tenantPhone' || (tenant && key === 'phone')) { out[key] = maskPhone(field); continue; }
    }
    out[key] = maskPersonalData(field);
  }
  return out;
}
