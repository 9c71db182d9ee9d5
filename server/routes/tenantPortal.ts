import { z } from '@hono/zod-openapi';
import { createRouter, defineRoute, type Ctx } from '../http/router';
import { ok } from '../http/envelope';
import { Bool, Id, Int, MoneyFen, Q } from '../http/input';
import { ApiError } from '../http/errors';
import { langOf, serverMessage } from '../http/i18n';
import { clientAddress } from './login';
import { RequestId } from './account';
import { receiptIssuer, rechargeMaxFen } from '../config';
import { RateLimiter } from '../http/rateLimit';
import { PROVIDERS } from '../payments/provider';
import { createRoomPayOrder, payOrderOfRoom } from '../domain/onlinePayments';
import { logTenant, maskedPhone, phoneOf, phoneOfToken, requestTenantCode, signInTenant, signOutTenant, tenanciesOfPhone, tenancyOfRoom, TENANT_CODE_TTL_MS } from '../domain/tenantAuth';
import { roomPlaceOf, tenantLedger, tenantRoomView, tenantUsage } from '../domain/tenantPortal';
import { tenantStatement, tenantStatements } from '../domain/tenantStatements';
import { createTenantReport, photoIs, REPORT_KINDS, REPORT_PHOTO_MAX_BYTES, REPORT_PHOTO_TYPES, REPORT_TEXT_MAX, tenantReportPhoto, tenantReports } from '../domain/tenantFaults';
import { noticeSettingsOf, saveNoticeSettings } from '../domain/tenantNotices';
import { DAYS_LEFT_THRESHOLD } from '../../common/tenantNotices';
import { statementPdfOf } from './tenantStatementPdf';

/**
 * The tenant's own page's calls (issue 42; paths and fields binding), beside the operators' API and
 * sharing nothing of its session: sign-in by a code sent by SMS, then `X-Tenant-Token` on every call.
 * A room the tenant is not bound to now answers 404, exactly as one that does not exist; the other
 * rooms of the estate, the room's earlier and later tenants are out of reach (server/domain/tenant*.ts).
 */
export const TENANT_BASE = '/api/v1/tenant';

const Phone = z.string().trim().max(20).transform((value, ctx) => {
  const phone = phoneOf(value);
  if (!phone) ctx.addIssue({ code: 'custom', message: 'validation.tenantPhone' });
  return phone ?? '';
});
const Code = z.string().trim().regex(/^\d{6}$/, 'validation.tenantCode');
/** A record id in a path (`/rooms/{roomId}`): digits only, a whole number the ids can be. */
const RoomId = { safeParse: (value: string | undefined) => Id.safeParse(/^[1-9]\d{0,9}$/.test(value ?? '') ? Number(value) : undefined) };
const Settings = z.object({
  lowBalance: Bool, daysLeft: Bool, credited: Bool, supply: Bool,
  daysLeftThreshold: Int(DAYS_LEFT_THRESHOLD.min, DAYS_LEFT_THRESHOLD.max),
});

/** Sign-in calls a minute per address (beside the code limits counted in the database). */
export const TENANT_SIGN_IN_PER_MINUTE = 60;

const tokenOf = (c: Ctx) => (c.req.header('x-tenant-token') ?? '').trim();

/** The signed-in phone, or 401. */
async function phoneOfCall(c: Ctx): Promise<string> {
  const { db, now } = c.get('deps');
  const phone = await phoneOfToken(db, tokenOf(c), now());
  if (!phone) throw new ApiError(401, 'errors.tenant.signIn');
  return phone;
}

/** The tenant's current tenancy of the path's room (404 for any other room). */
async function tenancyOfCall(c: Ctx) {
  const phone = await phoneOfCall(c);
  const roomId = RoomId.safeParse(c.req.param('roomId'));
  if (!roomId.success) throw new ApiError(404, 'errors.recordNotFound');
  return { phone, tenancy: await tenancyOfRoom(c.get('deps').db, phone, roomId.data) };
}

const providersOf = (c: Ctx) => (c.get('deps').payments ? PROVIDERS : []);

export function tenantPortalRoutes() {
  const router = createRouter();
  const tags = ['tenant'];
  // The sign-in calls per address (beside the code limits counted in the database): a flood of guesses is turned away early.
  let perAddress: RateLimiter | undefined;
  const limit = (c: Ctx) => (perAddress ??= new RateLimiter(TENANT_SIGN_IN_PER_MINUTE, 60_000)).check(clientAddress(c), c.get('deps').now().getTime());

  defineRoute(router, {
    method: 'post', path: '/login/code', public: true, tags,
    summary: 'Send a 6-digit sign-in code by SMS to a tenant\'s phone: the same answer whether or not the phone is a tenant\'s; 1 a minute and 5 an hour per phone, 20 an hour per address (429)',
    body: z.object({ phone: Phone }),
  }, async (c, { body }) => {
    limit(c);
    const { db, now, smsQueued } = c.get('deps');
    const lang = langOf(c);
    const queued = await requestTenantCode(db, { phone: body.phone, address: clientAddress(c), now: now(), smsText: (code) => serverMessage(lang, 'tenant.codeSms', { code }) });
    if (queued) smsQueued?.();
    return ok(c, { expiresInSeconds: TENANT_CODE_TTL_MS / 1000, resendAfterSeconds: 60 });
  });

  defineRoute(router, {
    method: 'post', path: '/login', public: true, tags,
    summary: 'Exchange the phone\'s code for a token (send it as X-Tenant-Token): a code works once, for 5 minutes, and 5 wrong codes end it (401)',
    body: z.object({ phone: Phone, code: Code }),
  }, async (c, { body }) => {
    limit(c);
    const { db, now } = c.get('deps');
    const signed = await signInTenant(db, { phone: body.phone, code: body.code, address: clientAddress(c), now: now() });
    return ok(c, { token: signed.token, expiresAt: signed.expiresAt });
  });

  defineRoute(router, { method: 'post', path: '/logout', public: true, security: 'XTenantToken', tags, summary: 'End this token\'s session' }, async (c) => {
    const { db, now } = c.get('deps');
    await phoneOfCall(c);
    await signOutTenant(db, tokenOf(c), now());
    return ok(c, {});
  });

  defineRoute(router, { method: 'get', path: '/me', public: true, security: 'XTenantToken', tags, summary: 'The signed-in phone (masked) and its SMS notice choices' }, async (c) => {
    const phone = await phoneOfCall(c);
    return ok(c, { phone: maskedPhone(phone), settings: await noticeSettingsOf(c.get('deps').db, phone) });
  });

  defineRoute(router, {
    method: 'put', path: '/settings', public: true, security: 'XTenantToken', tags,
    summary: 'The tenant\'s SMS notices: low balance, days of credit left below a threshold (1–30), recharge credited, supply cut and restored',
    body: Settings,
  }, async (c, { body }) => {
    const phone = await phoneOfCall(c);
    const { db, now } = c.get('deps');
    const saved = await saveNoticeSettings(db, phone, body, now());
    await logTenant(db, phone, 'tenantSettings', saved, now());
    return ok(c, saved);
  });

  defineRoute(router, {
    method: 'get', path: '/rooms', public: true, security: 'XTenantToken', tags,
    summary: 'The rooms the tenant is bound to now: each utility\'s balance, free allowance, supply state and why, and the days of credit left',
  }, async (c) => {
    const phone = await phoneOfCall(c);
    const { db, now } = c.get('deps');
    const rooms = [];
    for (const tenancy of await tenanciesOfPhone(db, phone)) rooms.push(await tenantRoomView(db, tenancy, now(), providersOf(c)));
    return ok(c, rooms);
  });

  defineRoute(router, {
    method: 'get', path: '/rooms/{roomId}/usage', public: true, security: 'XTenantToken', tags,
    summary: 'Usage and its charge per day (30 days) or month (12 months), the tenancy\'s days only: the figures of the operators\' room usage report',
    query: z.object({ period: Q.oneOf(['day', 'month']).transform((v) => (v ?? 'day') as 'day' | 'month') }),
  }, async (c, { query }) => {
    const { tenancy } = await tenancyOfCall(c);
    const { db, now } = c.get('deps');
    return ok(c, await tenantUsage(db, tenancy, query.period, now()));
  });

  defineRoute(router, {
    method: 'get', path: '/rooms/{roomId}/payments', public: true, security: 'XTenantToken', tags,
    summary: 'The tenancy\'s ledger, newest first: recharges, voids, refunds, gifts and adjustments each, a day\'s charges of a utility as one line',
    query: z.object({ pageNum: Q.int(1, 100_000).transform((v) => v ?? 1), pageSize: Q.int(1, 100).transform((v) => v ?? 20) }),
  }, async (c, { query }) => {
    const { tenancy } = await tenancyOfCall(c);
    return ok(c, await tenantLedger(c.get('deps').db, tenancy, query));
  });

  defineRoute(router, {
    method: 'get', path: '/rooms/{roomId}/statements', public: true, security: 'XTenantToken', tags,
    summary: 'The tenancy\'s monthly statements, newest first, the current month to date: closing = opening + recharge − void − charge + refund + gift + adjust',
  }, async (c) => {
    const { tenancy } = await tenancyOfCall(c);
    const { db, now } = c.get('deps');
    const statements = await tenantStatements(db, tenancy, now());
    return ok(c, statements.map(({ month, running, utilities }) => ({ month, running, utilities })));
  });

  const Month = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/);
  const statementOf = async (c: Ctx) => {
    const { tenancy } = await tenancyOfCall(c);
    const month = Month.safeParse(c.req.param('month'));
    const { db, now } = c.get('deps');
    const statement = month.success ? await tenantStatement(db, tenancy, month.data, now()) : undefined;
    if (!statement) throw new ApiError(404, 'errors.recordNotFound');
    return { tenancy, statement };
  };

  defineRoute(router, {
    method: 'get', path: '/rooms/{roomId}/statements/{month}', public: true, security: 'XTenantToken', tags,
    summary: 'One month\'s statement with the issuer (RECEIPT_*), the room and tenant, the figures per utility and the month\'s ledger lines',
  }, async (c) => {
    const { tenancy, statement } = await statementOf(c);
    const issuer = receiptIssuer();
    const place = await roomPlaceOf(c.get('deps').db, tenancy.roomId);
    return ok(c, {
      month: statement.month, running: statement.running, from: statement.from, to: statement.to,
      room: place.room, project: place.project, tenantName: tenancy.tenantName,
      issuer: { company: issuer.company, address: issuer.address, phone: issuer.phone }, utilities: statement.utilities, lines: statement.lines,
    });
  });

  defineRoute(router, {
    method: 'get', path: '/rooms/{roomId}/statements/{month}/pdf', public: true, security: 'XTenantToken', tags,
    summary: 'One month\'s statement as a PDF (application/pdf, attachment), in the caller\'s language',
  }, async (c) => {
    const { tenancy, statement } = await statementOf(c);
    const bytes = await statementPdfOf(c, tenancy, statement);
    return c.body(bytes as unknown as ArrayBuffer, 200, {
      'Content-Type': 'application/pdf', 'Content-Disposition': `attachment; filename="statement-${statement.month}.pdf"`, 'Cache-Control': 'no-store',
    });
  });

  defineRoute(router, {
    method: 'post', path: '/rooms/{roomId}/orders', public: true, security: 'XTenantToken', tags,
    summary: 'Pay a utility of the room through WeChat Pay or Alipay (as POST /api/v1/pay/orders): { orderNo, provider, qrCode, expiresAt, payUrl }; the same requestId answers the same order',
    body: z.object({ utility: z.enum(['electric', 'water']), amountFen: MoneyFen, provider: z.enum(['wechat', 'alipay']), requestId: RequestId }),
  }, async (c, { body }) => {
    const { phone, tenancy } = await tenancyOfCall(c);
    const { db, now, payments } = c.get('deps');
    if (!payments) throw new ApiError(503, 'errors.paymentsOff');
    const order = await createRoomPayOrder(db, payments, tenancy, body, now(), rechargeMaxFen());
    await logTenant(db, phone, 'tenantOrder', { orderNo: order.orderNo, roomId: tenancy.roomId, utility: body.utility, amountFen: body.amountFen, provider: body.provider }, now(), [tenancy.roomId]);
    return ok(c, { ...order, payUrl: payments.payPageUrl?.(order.provider, order.qrCode!) || null });
  });

  defineRoute(router, {
    method: 'get', path: '/rooms/{roomId}/orders/{orderNo}', public: true, security: 'XTenantToken', tags,
    summary: 'An order of the room made during the tenancy: pending, paid, credited (with the balance and the supply state after), closed, refunding, refunded or conflict',
  }, async (c) => {
    const { tenancy } = await tenancyOfCall(c);
    const orderNo = z.string().max(32).regex(/^[A-Za-z0-9_-]+$/).safeParse(c.req.param('orderNo'));
    if (!orderNo.success) throw new ApiError(404, 'errors.recordNotFound');
    return ok(c, await payOrderOfRoom(c.get('deps').db, orderNo.data, tenancy.roomId, tenancy.createdAt));
  });

  defineRoute(router, { method: 'get', path: '/rooms/{roomId}/faults', public: true, security: 'XTenantToken', tags, summary: 'The tenancy\'s fault reports (报修), newest first, with their state' }, async (c) => {
    const { tenancy } = await tenancyOfCall(c);
    return ok(c, await tenantReports(c.get('deps').db, tenancy));
  });

  defineRoute(router, {
    method: 'post', path: '/rooms/{roomId}/faults', public: true, security: 'XTenantToken', tags,
    summary: 'Report a fault of the room (报修): kind, text (≤ 500), an optional photo (JPEG, PNG or WebP, ≤ 2 MB, base64); it lands in the operator\'s fault records',
    body: z.object({
      kind: z.enum(REPORT_KINDS), text: z.string().trim().min(1, 'validation.required').max(REPORT_TEXT_MAX),
      photo: z.object({ type: z.enum(REPORT_PHOTO_TYPES), data: z.string().max(Math.ceil(REPORT_PHOTO_MAX_BYTES / 3) * 4 + 4).regex(/^[A-Za-z0-9+/]*={0,2}$/, 'validation.format') }).optional(),
    }),
  }, async (c, { body }) => {
    const { phone, tenancy } = await tenancyOfCall(c);
    let photo;
    if (body.photo) {
      const bytes = new Uint8Array(Buffer.from(body.photo.data, 'base64'));
      if (bytes.length > REPORT_PHOTO_MAX_BYTES) throw new ApiError(413, 'errors.tenant.photoTooLarge');
      if (!photoIs(body.photo.type, bytes)) throw new ApiError(400, 'errors.tenant.photoNotImage');
      photo = { type: body.photo.type, bytes };
    }
    const { db, now } = c.get('deps');
    return ok(c, await createTenantReport(db, tenancy, phone, { kind: body.kind, text: body.text, photo }, now()));
  });

  defineRoute(router, { method: 'get', path: '/rooms/{roomId}/faults/{id}/photo', public: true, security: 'XTenantToken', tags, summary: 'A fault report\'s photo' }, async (c) => {
    const { tenancy } = await tenancyOfCall(c);
    const id = RoomId.safeParse(c.req.param('id'));
    const photo = id.success ? await tenantReportPhoto(c.get('deps').db, tenancy, id.data) : undefined;
    if (!photo) throw new ApiError(404, 'errors.recordNotFound');
    return c.body(photo.bytes as unknown as ArrayBuffer, 200, { 'Content-Type': photo.type, 'Cache-Control': 'private, no-store' });
  });

  return router;
}
