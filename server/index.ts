import { serve } from '@hono/node-server';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { configFromEnv } from './config';
import { openDatabase, type Database } from './db';
import { describeError, isConnectionError } from './db/errors';
import { bootstrap } from './db/bootstrap';
import { createApp } from './app';
import { staticAssets } from './http/staticAssets';
import { recoverAbandonedCommands } from './domain/commands';
import { startDevices } from './startDevices';
import { startRealtime } from './realtime/hub';
import { startCaches } from './cache/requestCaches';
import { WEBSOCKET_PATH } from './realtime/socket';
import { paymentConfig } from './payments/providerConfig';
import { setupPayments } from './paymentsSetup';
import { PaymentJob } from './domain/paymentJobs';

const config = configFromEnv();
// Errors are logged through describeError: a failed query's SQL text, never its parameters.
const log = (message: string, error?: unknown) =>
  console.error(`[${new Date().toISOString()}] ${message}`, error === undefined ? '' : typeof error === 'string' ? error : describeError(error));

/** Where DATABASE_URL points, without its password. */
const postgresAddress = (url: string) => {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || 5432}${parsed.pathname}`;
  } catch {
    return '(DATABASE_URL is not a valid URL)';
  }
};

if (!config.databaseUrl) mkdirSync(config.dataDir, { recursive: true });
let database: Database;
let first: Awaited<ReturnType<typeof bootstrap>>;
try {
  if (config.databaseUrl) {
    const connection = { url: config.databaseUrl, log, connectTimeoutMs: config.dbConnectTimeoutMs };
    // Migrations and first-start seeding (long statements) without the per-query limit of serving.
    const setup = await openDatabase(connection);
    first = await bootstrap(setup.db, { adminPassword: config.adminPassword, log: (m) => log(m) });
    await setup.close();
    database = await openDatabase({ ...connection, queryTimeoutMs: config.dbQueryTimeoutMs });
  } else {
    const open = () => openDatabase({ dataDir: config.dataDir, worker: config.pgliteWorker });
    database = await open();
    first = await bootstrap(database.db, { adminPassword: config.adminPassword, log: (m) => log(m) });
    if (first.seeded) {
      // The WASM heap never shrinks: reopening gives back what first-start seeding used (hundreds
      // of MB; with the worker, at once, as its thread ends).
      await database.close();
      database = await open();
    }
  }
} catch (error) {
  if (config.databaseUrl && isConnectionError(error)) {
    console.error(`Cannot reach PostgreSQL at ${postgresAddress(config.databaseUrl)}: ${describeError(error)}`);
    console.error('Check that PostgreSQL is running and that DATABASE_URL names the right host, port and database.');
  } else {
    console.error(`Cannot open the database: ${describeError(error)}`);
  }
  process.exit(1);
}

const now = () => new Date();
// Commands a killed process left `sent`: with the embedded database this process is the only one,
// so all of them at once; on PostgreSQL other processes may be sending, so the worker takes those
// sent over COMMAND_SENT_STALE_MS ago.
if (database.kind === 'pglite') {
  const recovered = await recoverAbandonedCommands(database.db, now(), 0);
  if (recovered) log(`${recovered} command(s) interrupted by the previous stop queued again (or failed when out of attempts)`);
}
// The command worker with its drivers (simulator, protocol path), the DTU listener, the simulated
// gateway and the auto-reader (server/devices/start.ts).
const devices = await startDevices({ database, config, now, log });
const worker = devices.worker;
// Events reach the console's websockets through the database (pg_notify), from any backend process.
const { hub: realtime, stop: stopListening } = await startRealtime(database);
const admission = { maxActive: config.maxActiveRequests ?? (database.kind === 'pglite' ? 8 : 64), maxWaitMs: config.requestQueueMs };
// Areas, roles and menu trees in memory, dropped when any process changes them (server/cache/).
const { caches, stop: stopCaches } = await startCaches(database);
// Online payments (issue 41): the real providers whose variables are set, the simulated ones otherwise (server/paymentsSetup.ts).
let payConfig;
try {
  payConfig = paymentConfig(process.env, config.port);
} catch (error) {
  console.error(`Payment configuration: ${(error as Error).message}`);
  process.exit(1);
}
const paySetup = setupPayments({ config: payConfig, dataDir: config.dataDir, orderMinutes: config.payOrderMinutes, timeFactor: config.paysimTimeFactor, now });
const app = createApp({ db: database.db, config, now, log, commandsQueued: () => worker?.wake(), realtime, admission, caches, deadlineMs: config.requestDeadlineMs, payments: paySetup.payments,
  smsQueued: () => void devices.sms.tick(), smsInbox: devices.smsInbox });
paySetup.mount(app);
const payJob = new PaymentJob(database.db, paySetup.payments, { now, reconcileAt: config.payReconcileAt, commandsQueued: () => worker?.wake(), log });
void payJob.start();

// The built console on the same port, precompressed and cached (server/http/staticAssets.ts); any
// non-API path falls back to index.html (client routing).
app.use('*', staticAssets(config.staticDir));

const server = serve({ fetch: app.fetch, port: config.port }, (info) => {
  const url = `http://localhost:${info.port}/`;
  console.log(`Prepaid cloud platform 1.7.2 — console and API on ${url}`);
  console.log(`Database: ${database.kind === 'pglite' ? `embedded PGlite in ${resolve(config.dataDir)}` : 'PostgreSQL (DATABASE_URL)'}; device simulator ${config.simulator ? 'on' : 'off'}`);
  console.log(`API reference: ${url}api/reference`);
  if (first.seeded && first.summary) {
    const s = first.summary;
    console.log(`Demo estate created: ${s.projects} projects, ${s.buildings} buildings, ${s.rooms} rooms, ${s.tenants} tenants, ${s.electricMeters} electric and ${s.waterMeters} water meters, ${s.readings} readings`);
  }
  console.log(`Live updates: ws://localhost:${info.port}${WEBSOCKET_PATH}`);
  const providers = [['WeChat Pay', payConfig.wechatpay.mode], ['Alipay', payConfig.alipay.mode]].map(([name, mode]) => `${name} ${mode === 'live' ? 'live' : 'simulated'}`).join(', ');
  console.log(`Online payments: ${providers}; tenants pay at ${payConfig.publicUrl}/pay/<pay code> (a room's sticker)`);
  if (first.generatedPassword) {
    console.log(`Demo login: admin / ${first.generatedPassword}  (also admin2, viewer; this password is printed only once)`);
  } else if (first.seeded) {
    console.log('Demo login: admin / (ADMIN_PASSWORD)  (also admin2, viewer)');
  } else {
    console.log('Demo login: admin, admin2, viewer with the password set at first start (ADMIN_PASSWORD or the one printed then)');
  }
});

app.injectWebSocket(server);

const shutdown = async () => {
  await payJob.stop();
  paySetup.stop();
  await devices.stop();
  await stopListening();
  await stopCaches();
  server.close();
  await database.close();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
