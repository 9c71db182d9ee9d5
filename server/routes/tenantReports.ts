import type { OpenAPIHono } from '@hono/zod-openapi';
import { defineRoute, z, type AppEnv } from '../http/router';
import { Id } from '../http/input';
import { ok } from '../http/envelope';
import { RESOLUTION_MAX, findTenantReport, resolveTenantReport, tenantReportPhoto } from '../domain/tenantOperator';

/** The image types a report's photo is answered as (anything else: a download of bytes, never rendered as a page). */
const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/heic', 'image/heif']);

/**
 * A tenant's fault report (报修, issue 42) on the fault records (`guzhang`): the report, its photo,
 * and its resolution. The report is a fault of kind `tenant_report` (its id is the fault's) with a
 * `tenant_fault_reports` row; resolving it clears the fault.
 */
export function addTenantReportRoutes(router: OpenAPIHono<AppEnv>) {
  defineRoute(router, {
    method: 'get', path: '/findReport',
    summary: 'A tenant\'s fault report (by its fault\'s id): kind, text, room, state, resolution, whether it has a photo; the phone masked', tags: ['statistics records'],
    query: z.object({ id: Id }),
  }, async (c, { query }) => ok(c, await findTenantReport(c.get('deps').db, c.get('session').areaIds, query.id)));

  defineRoute(router, {
    method: 'get', path: '/findReportPhoto', summary: 'The photo of a tenant\'s fault report: the image bytes with their Content-Type (404 when it has none)', tags: ['statistics records'],
    query: z.object({ id: Id }),
  }, async (c, { query }) => {
    const photo = await tenantReportPhoto(c.get('deps').db, c.get('session').areaIds, query.id);
    const type = IMAGE_TYPES.has(photo.type.toLowerCase()) ? photo.type.toLowerCase() : 'application/octet-stream';
    return new Response(photo.bytes as Uint8Array<ArrayBuffer>, {
      headers: {
        'Content-Type': type, 'Content-Length': String(photo.bytes.byteLength), 'Cache-Control': 'private, no-store',
        'X-Content-Type-Options': 'nosniff', 'Content-Disposition': `inline; filename="report-${query.id}"`,
      },
    });
  });

  defineRoute(router, {
    method: 'put', path: '/resolveReport',
    summary: 'Resolve a tenant\'s fault report: the fault cleared and the resolution kept (shown to the tenant); refused (409) when already resolved; audited', tags: ['statistics records'],
    body: z.object({ id: Id, resolution: z.string().trim().min(1, 'validation.required').max(RESOLUTION_MAX) }),
  }, async (c, { body }) => {
    const { db, now } = c.get('deps');
    return ok(c, await resolveTenantReport(db, c.get('session'), body.id, body.resolution, now()));
  });
}
