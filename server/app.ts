import { OpenAPIHono } from '@hono/zod-openapi';
import { HTTPException } from 'hono/http-exception';
import { secureHeaders } from 'hono/secure-headers';
import { admission } from './http/admission';
import { bodyLimit, drainUnreadBody } from './http/bodyLimit';
import { withDeadline } from './http/deadline';
import { checkGrant } from './http/grants';
import { compressJson } from './http/compression';
import type { AppDeps, AppOptions } from './deps';
import type { AppEnv } from './http/router';
import { ApiError, apiErrorOf } from './http/errors';
import { DomainError } from './domain/results';
import { langOf, serverMessage } from './http/i18n';
import { fieldText, resourceOf } from './http/fieldLabels';
import { resolveSession } from './auth/session';
import { RequestCaches } from './cache/requestCaches';
import { loginRoutes, logoutRoutes } from './routes/login';
import { resourseRoutes } from './routes/resourse';
import { sysUserRoutes } from './routes/sysUser';
import { roleRoutes } from './routes/role';
import { commandLogRoutes, frontLogReaderRoutes, operationLogRoutes } from './routes/operationLog';
import { webWaterArchiveRoutes } from './routes/webWaterArchive';
import { commandRoutes } from './routes/command';
import { frontLogRoutes } from './routes/frontLog';
import { buildingRoutes, projectRoutes } from './routes/project';
import { roomBillingStatementRoutes } from './routes/roomBillingStatement';
import { webStatsanalysisOrderRoutes } from './routes/webStatsanalysisOrder';
import { faultRoutes, giftRecordRoutes, monthlySettlementRoutes, powerCutRoutes } from './routes/statsRecords';
import { meterReadingRecordRoutes } from './routes/meterReadingRecord';
import { roomUsageRoutes } from './routes/roomUsage';
import { rechargeSummaryRoutes } from './routes/rechargeSummary';
import { moduleRoutes } from './routes/module';
import { roomRoutes } from './routes/room';
import { tenantImportRoutes } from './routes/tenantImport';
import { webWaterReadMeterRecordRoutes } from './routes/webWaterReadMeterRecord';
import { tenantRoutes } from './routes/tenant';
import { tenantBindingRoutes } from './routes/tenantBinding';
import { roomMeterRoutes } from './routes/roomMeter';
import { accountRoutes } from './routes/account';
import { webWaterRechargeOrderRoutes } from './routes/webWaterRechargeOrder';
import { electricMeterRoutes } from './routes/electricMeter';
import { parameterAssignmentRoutes } from './routes/parameterAssignment';
import { areaDefaultsRoutes } from './routes/areaDefaults';
import { rechargeCalibrationRoutes } from './routes/rechargeCalibration';
import { userParameterRoutes } from './routes/userParameter';
import { presetEnergyRecordRoutes } from './routes/presetEnergyRecord';
import { priceTableRoutes } from './routes/priceTable';
import { timePeriodRoutes } from './routes/timePeriod';
import { parameterSetRoutes } from './routes/parameterSet';
import { PARAMETER_KINDS } from '../common/tariffs';
import { dashboardRoutes } from './routes/dashboard';
import { graphicReportRoutes } from './routes/graphicReport';
import { backupRoutes } from './routes/backup';
import { smsRoutes, smsTemplateRoutes } from './routes/sms';
import { payLinkRoutes, paymentRoutes } from './routes/payment';
import { PAY_BASE, payRoutes } from './routes/pay';
import { TENANT_BASE, tenantPortalRoutes } from './routes/tenantPortal';
import { simSmsRoutes } from './routes/simSms';
import { referencePage } from './http/reference';
import { RealtimeHub } from './realtime/hub';
import { WEBSOCKET_PATH, realtimeSocket } from './realtime/socket';
import { describeError, isConnectionError, sqlState } from './db/errors';

export const API_BASE = '/api/v1/electricity';
/** The login call of SPEC.md section 7, relative to /api/ (it carries its own /v1/ prefix). */
export const LOGIN_PATH = '/v1/quan_xian/deng_lu/login';

/** Calls that do not need a session. */
export const PUBLIC = new Set([`${API_BASE}${LOGIN_PATH}`, `/api${LOGIN_PATH}`]);

/** Writes a read-only operator may still make (logging out, their own password, the front-end error log). */
export const READ_ONLY_WRITES = new Set([
  `${API_BASE}/v1/quan_xian/deng_lu/logout`,
  `${API_BASE}/sysUser/updateUserPwd`, `${API_BASE}/frontLog/addFrontLog`,
]);

/** Largest request body the API reads (bulk id lists of 5000 fit with room to spare). */
export const BODY_LIMIT_BYTES = 1024 * 1024;
/** Largest body of a CSV import call (`…/import…`: up to 20,000 rows as JSON objects). */
export const IMPORT_BODY_LIMIT_BYTES = 12 * 1024 * 1024;
const IMPORT_PATH = /^\/api\/v1\/electricity\/\w+\/import[A-Z]\w*$/;
/** A tenant's fault report (issue 42) may carry a photo of up to 2 MB, base64 in JSON. */
export const REPORT_BODY_LIMIT_BYTES = 3 * 1024 * 1024;
const REPORT_PATH = /^\/api\/v1\/tenant\/rooms\/\d+\/faults$/;

/**
 * Content-Security-Policy of every response: scripts only from our own origin (the console's
 * bundle; index.html and the API reference page have no inline script), no framing, no plugins.
 * Inline styles stay allowed: MUI (emotion) injects its styles at run time.
 */
export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"], scriptSrc: ["'self'"], styleSrc: ["'self'", "'unsafe-inline'"], imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'], connectSrc: ["'self'"], objectSrc: ["'none'"], baseUri: ["'self'"], formAction: ["'self'"], frameAncestors: ["'none'"],
};

/** A token as the API issues it is 48 hex digits; control characters mean a malformed request. */
const CONTROL = /[\u0000-\u001f\u007f]/;

export function createApp(options: AppOptions) {
  const deps: AppDeps = { ...options, caches: options.caches ?? new RequestCaches(options.db) };
  const app = new OpenAPIHono<AppEnv>();

  app.use('*', secureHeaders({
    contentSecurityPolicy: CONTENT_SECURITY_POLICY,
    xFrameOptions: 'DENY',
    referrerPolicy: 'strict-origin-when-cross-origin',
    xContentTypeOptions: 'nosniff',
    crossOriginEmbedderPolicy: false,
  }));
  // A body left unread by an early answer (413, 401, 403, 503) is read and discarded before the
  // answer goes out, so that the connection stays usable for the client's next request.
  app.use('/api/*', drainUnreadBody());
  // API answers are per user and per moment: never stored by a browser or a proxy. Set on the
  // response's own headers (as secureHeaders does): `c.header` after the answer exists would copy
  // the whole response into a new one, a tenth of the cost of a small call.
  app.use('/api/*', async (c, next) => {
    await next();
    if (c.res.status !== 101) c.res.headers.set('Cache-Control', 'no-store');
  });
  app.use('/api/*', compressJson());
  // At most so many requests at once; one that waits too long for its turn gets a quick 503.
  if (deps.admission) app.use('/api/*', admission(deps.admission, (path) => path === WEBSOCKET_PATH));
  const tooLarge = () => { throw new ApiError(413, 'errors.bodyTooLarge'); };
  const defaultLimit = bodyLimit({ maxSize: BODY_LIMIT_BYTES, onError: tooLarge });
  const importLimit = bodyLimit({ maxSize: IMPORT_BODY_LIMIT_BYTES, onError: tooLarge });
  const reportLimit = bodyLimit({ maxSize: REPORT_BODY_LIMIT_BYTES, onError: tooLarge });
  // A GET or HEAD has no body (the node server gives it none): the limit's check of the body would
  // only build a full WHATWG Request (headers, abort signal) for every read call.
  app.use('/api/*', (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    return (IMPORT_PATH.test(c.req.path) ? importLimit : REPORT_PATH.test(c.req.path) ? reportLimit : defaultLimit)(c, next);
  });

  app.use('/api/*', async (c, next) => {
    c.set('deps', deps);
    if (PUBLIC.has(c.req.path) || !c.req.path.startsWith(API_BASE)) return next();
    // The websocket carries the token as a query parameter (a browser cannot set headers on it).
    const fromQuery = c.req.path === WEBSOCKET_PATH;
    const token = c.req.header('x-token') ?? (fromQuery ? c.req.query('token') : undefined);
    if (token && CONTROL.test(token)) {
      throw new ApiError(400, 'errors.badToken', {}, undefined, fromQuery && !c.req.header('x-token') ? 'token' : 'X-Token');
    }
    const session = token && token.length <= 128 ? await resolveSession(deps.db, deps.caches, token, deps.now()) : undefined;
    if (!session) throw new ApiError(401, 'errors.unauthorized');
    if (session.readOnly && c.req.method !== 'GET' && !READ_ONLY_WRITES.has(c.req.path)) {
      throw new ApiError(403, 'errors.readOnly');
    }
    session.call = `${c.req.method} ${c.req.path}`;
    c.set('session', session);
    // The role's grants: a call of a screen the role is not granted answers 403 (server/http/grants.ts).
    if (!fromQuery) await checkGrant(c, session, c.req.path.slice(API_BASE.length));
    return next();
  });

  const api = new OpenAPIHono<AppEnv>().basePath(API_BASE);
  api.route('/', loginRoutes());
  api.route('/', logoutRoutes());
  api.route('/resourse', resourseRoutes());
  api.route('/sysUser', sysUserRoutes());
  api.route('/role', roleRoutes());
  api.route('/operationLog', operationLogRoutes());
  api.route('/commandLog', commandLogRoutes());
  api.route('/frontLog', frontLogReaderRoutes());
  api.route('/webWaterArchive', webWaterArchiveRoutes());
  api.route('/command', commandRoutes());
  api.route('/frontLog', frontLogRoutes());
  api.route('/project', projectRoutes());
  api.route('/building', buildingRoutes());
  api.route('/room', roomRoutes());
  api.route('/tenant', tenantImportRoutes());
  api.route('/roomBillingStatement', roomBillingStatementRoutes());
  api.route('/webStatsanalysisOrder', webStatsanalysisOrderRoutes());
  api.route('/meterReadingRecord', meterReadingRecordRoutes());
  api.route('/roomUsage', roomUsageRoutes());
  api.route('/rechargeSummary', rechargeSummaryRoutes());
  api.route('/powerCut', powerCutRoutes());
  api.route('/fault', faultRoutes());
  api.route('/giftRecord', giftRecordRoutes());
  api.route('/monthlySettlement', monthlySettlementRoutes());
  api.route('/module', moduleRoutes());
  api.route('/webWaterReadMeterRecord', webWaterReadMeterRecordRoutes());
  api.route('/tenant', tenantRoutes());
  api.route('/tenantBinding', tenantBindingRoutes());
  api.route('/roomMeter', roomMeterRoutes());
  api.route('/account', accountRoutes());
  api.route('/webWaterRechargeOrder', webWaterRechargeOrderRoutes());
  api.route('/electricMeter', electricMeterRoutes());
  api.route('/parameterAssignment', parameterAssignmentRoutes());
  api.route('/areaDefaults', areaDefaultsRoutes());
  api.route('/rechargeCalibration', rechargeCalibrationRoutes());
  api.route('/userParameter', userParameterRoutes());
  api.route('/presetEnergyRecord', presetEnergyRecordRoutes());
  api.route('/priceTable', priceTableRoutes());
  api.route('/timePeriod', timePeriodRoutes());
  for (const kind of PARAMETER_KINDS) api.route(`/parameterSet/${kind}`, parameterSetRoutes(kind));
  api.route('/dashboard', dashboardRoutes());
  api.route('/graphicReport', graphicReportRoutes());
  api.route('/backup', backupRoutes());
  api.route('/sms', smsRoutes());
  api.route('/smsTemplate', smsTemplateRoutes());
  api.route('/payLink', payLinkRoutes());
  api.route('/payment', paymentRoutes());

  api.openAPIRegistry.registerComponent('securitySchemes', 'XToken', { type: 'apiKey', in: 'header', name: 'X-Token' });

  app.route('/', api);
  const injectWebSocket = realtimeSocket(app, deps.realtime ?? new RealtimeHub(), deps.heartbeatMs);
  // SPEC.md's login path sits under /api/ directly; the same routes answer under the prefix too.
  app.route('/api', loginRoutes());
  // The tenants' and the providers' calls (issue 41): public, rate-limited, outside the operators' API.
  const pay = payRoutes();
  app.route(PAY_BASE, pay);
  // The tenant's own page (issue 42): its own sign-in and token, nothing of the operators' session.
  const tenant = tenantPortalRoutes();
  app.route(TENANT_BASE, tenant);
  // The simulated SMS provider's phone (SMS_PROVIDER=simulated): where the demo reads a tenant's sign-in code.
  if (deps.smsInbox) app.route('/sim/sms', simSmsRoutes(deps.smsInbox));

  const document = () => {
    const info = { title: 'Prepaid cloud platform API', version: '1.7.2', description: 'Responses are `{ code, msg, data }`: code 200 carries data; other codes carry msg.' };
    const main = api.getOpenAPI31Document({ openapi: '3.1.0', info });
    // The public pay calls beside the operators' API (the providers' notifications are answered in their own terms: not documented here).
    for (const [path, item] of Object.entries(pay.getOpenAPI31Document({ openapi: '3.1.0', info }).paths ?? {})) main.paths![`${PAY_BASE}${path}`] = item;
    for (const [path, item] of Object.entries(tenant.getOpenAPI31Document({ openapi: '3.1.0', info }).paths ?? {})) main.paths![`${TENANT_BASE}${path}`] = item;
    main.components = { ...main.components, securitySchemes: { ...main.components?.securitySchemes,
      XTenantToken: { type: 'apiKey', in: 'header', name: 'X-Tenant-Token', description: 'A tenant\'s session: POST /api/v1/tenant/login/code, then POST /api/v1/tenant/login answers the token' } } };
    return main;
  };
  app.get('/api/openapi.json', (c) => c.json(document()));
  app.get('/api/reference', (c) => c.html(referencePage(document() as Parameters<typeof referencePage>[0])));

  app.notFound((c) => {
    const msg = serverMessage(langOf(c), 'errors.notFound', { url: c.req.path });
    return c.json({ code: 404, msg }, 404);
  });
  app.onError((err, c) => {
    if (err instanceof DomainError) err = apiErrorOf(err);
    if (err instanceof ApiError) {
      const lang = langOf(c);
      const text = err.text ?? serverMessage(lang, err.key, err.params);
      // A message about one input names it as the console's forms label it (server/http/fieldLabels.ts).
      const msg = err.field === undefined ? text : fieldText(lang, resourceOf(c.req.path), err.field, text);
      return c.json({ code: err.status, msg }, err.status);
    }
    if (err instanceof HTTPException && err.status < 500) {
      // Hono's own refusals (body parsing and the like) as a 400 naming the body.
      const status = err.status === 413 ? 413 : 400;
      const lang = langOf(c);
      const msg = status === 413 ? serverMessage(lang, 'errors.bodyTooLarge') : fieldText(lang, resourceOf(c.req.path), 'body', serverMessage(lang, 'validation.invalid'));
      return c.json({ code: status, msg }, status);
    }
    if (isConnectionError(err)) {
      // The database is away (restarting, stalled, unreachable): the client may retry shortly.
      deps.log(`${c.req.method} ${c.req.path}: database unavailable`, describeError(err));
      c.header('Retry-After', '5');
      return c.json({ code: 503, msg: serverMessage(langOf(c), 'errors.dbUnavailable') }, 503);
    }
    const state = sqlState(err);
    if (state?.startsWith('23')) {
      // An integrity rule of the database (a unique name taken by a concurrent request, say).
      deps.log(`${c.req.method} ${c.req.path}: integrity violation`, describeError(err));
      return c.json({ code: 409, msg: serverMessage(langOf(c), 'errors.integrity') }, 409);
    }
    if (state?.startsWith('22')) {
      // A value the database refuses that validation let through: the caller's input, logged to fix.
      deps.log(`${c.req.method} ${c.req.path}: data exception`, describeError(err));
      return c.json({ code: 400, msg: fieldText(langOf(c), resourceOf(c.req.path), 'body', serverMessage(langOf(c), 'errors.dataRange')) }, 400);
    }
    // Logged without the query's parameters (see describeError).
    deps.log(`${c.req.method} ${c.req.path} failed`, describeError(err));
    return c.json({ code: 500, msg: serverMessage(langOf(c), 'errors.internal') }, 500);
  });
  // A call still running after deps.deadlineMs (a stalled database) is answered 503 (server/http/deadline.ts).
  // Not the login: the login page waits for it without a timeout, and its password hash takes CPU time.
  if (deps.deadlineMs) app.fetch = withDeadline(app.fetch, deps.deadlineMs, (path) => path === WEBSOCKET_PATH || PUBLIC.has(path), deps.log);
  // server.ts hands the node server to `injectWebSocket` so that upgrades reach the websocket route.
  return Object.assign(app, { injectWebSocket });
}

export type App = ReturnType<typeof createApp>;
