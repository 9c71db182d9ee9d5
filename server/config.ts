import { MASS_CONFIRM_ABOVE_DEFAULT } from '../common/supply';

/** Backend configuration, from the environment (documented in the README). */
export interface ServerConfig {
  port: number;
  /** PGlite data folder (embedded database, the default). */
  dataDir: string;
  /** PostgreSQL instead of PGlite when set. */
  databaseUrl?: string;
  /**
   * PGlite in a worker thread (PGLITE_WORKER, default on), so that the HTTP thread stays free
   * while the database works; `off` runs it on the server's own thread.
   */
  pgliteWorker: boolean;
  /** Demo users' password at first start; random (printed once) when unset. */
  adminPassword?: string;
  /** Device simulator on (default) or off. */
  simulator: boolean;
  /** Folder with the built console (served on the same port). */
  staticDir: string;
  /**
   * Behind a reverse proxy (TRUST_PROXY=1): the client address of sign-in throttling is the last
   * entry of X-Forwarded-For (the one the proxy added) instead of the socket's peer.
   */
  trustProxy?: boolean;
  /** PostgreSQL: connect timeout (DB_CONNECT_TIMEOUT_MS, default 5 s). */
  dbConnectTimeoutMs: number;
  /**
   * PostgreSQL: how long a request's query may wait for an answer (DB_QUERY_TIMEOUT_MS, default
   * 10 s); past it the connection is dropped and the API answers 503. First-start seeding runs
   * without this limit.
   */
  dbQueryTimeoutMs: number;
  /**
   * Admission control: API requests running at once (MAX_ACTIVE_REQUESTS; default 8 on the
   * embedded PGlite, which runs one statement at a time, 64 on PostgreSQL) and how long one may
   * wait for its turn before a 503 (REQUEST_QUEUE_MS, default 3 s: well within the console's 5 s
   * request timeout, so that nothing starts after the console has given up on it).
   */
  maxActiveRequests?: number;
  requestQueueMs: number;
  /**
   * How long an API call may run before it is answered 503 with Retry-After (REQUEST_DEADLINE_MS,
   * default 4.5 s: inside the console's 5 s request timeout, so that a stalled database never
   * leaves an operator without an answer). CSV imports, backups and restores are exempt.
   */
  requestDeadlineMs: number;
  /** Largest single recharge order in integer fen (RECHARGE_MAX_FEN, default 5,000,000 = ¥50,000). */
  rechargeMaxFen: number;
  /**
   * TCP port the DTU listener binds for `dtu` modules (DEVICE_PORT; off unless set): 4G DTUs dial
   * in, register with their module address and pass DL/T 645 / CJ/T 188 frames through.
   */
  devicePort?: number;
  /**
   * SIM_GATEWAY_PORT (off unless set): a simulated gateway on this TCP port answers real DL/T 645 and
   * CJ/T 188 frames for the simulated meters, so that a `tcp-gateway` module at 127.0.0.1:<port>
   * runs the whole protocol path over a real socket (demo, end-to-end tests).
   */
  simGatewayPort?: number;
  /**
   * SIM_TIME_SCALE (a number above 0, at most 1000; default 5): how fast the simulated meters use
   * energy and water relative to a realistic pace (1 = real time; the calendar is not scaled: hour,
   * weekday and month follow the clock). At 5 an average meter uses about 0.04 kWh a minute in the
   * evening, and at 03:00 a register moves by 0.01 kWh within 2 minutes for half the meters and
   * within 7 for nine in ten, so "read now" shows a new value every few minutes; balances drain five
   * times as fast as in life (a day of demo is five days of charges).
   */
  simTimeScale: number;
  /**
   * SIM_FAILURE_RATE (0..1, default 0.03): the simulator's chance of no reply to one attempt, the
   * share of simulated modules offline at any moment (each for tens of simulated minutes), and a
   * third of it the chance of a valve fault on a valve command. 0: a perfect estate.
   */
  simFailureRate: number;
  /**
   * AUTO_READ (default on; off/0/false/no disables): the platform polls every meter that has a
   * module with `read` commands (server/domain/autoRead.ts), simulated or real.
   */
  autoRead: boolean;
  /**
   * READ_INTERVAL_MINUTES (whole minutes, 1..10080; default 60): every meter is read about once per
   * interval; the auto-reader spreads the reads over the interval (a share of the meters each minute).
   */
  readIntervalMinutes: number;
  /**
   * BILLING_TIME_ZONE (an IANA zone, default Asia/Shanghai): the platform's one time zone
   * (`platformTimeZone`): the billing month of tiered prices, the wall clock of time-of-use schedules
   * (server/domain/billingEngine.ts), the days of the dashboards, reports and daily aggregates.
   * TIME_ZONE, its deprecated name, is read when it is unset.
   */
  billingTimeZone: string;
  /**
   * BILLING_INTERVAL_SECONDS (whole seconds, 5..86400; default 60): how often the billing job charges
   * readings still waiting for their charge (an import's, or a meter's waiting for a price) and sends
   * the SMS outbox. A read command's reading is charged at once, in the transaction that stores it.
   */
  billingIntervalSeconds: number;
  /**
   * BACKUP_DAILY_AT (`HH:mm` in BILLING_TIME_ZONE, default 03:00; `off` for none): the scheduled
   * backup is made within the hour after it, once a day (server/domain/backupSchedule.ts), into
   * BACKUP_DIR; BACKUP_KEEP (1..365, default 7) scheduled backups are kept, the older ones deleted
   * (backups made on the screen are never deleted by it).
   */
  backupDailyAt?: string;
  backupKeep: number;
  /**
   * PARAMETER_HOLD_HOURS (a number of hours, 1..720; default 24): how long a parameter set or a
   * preset (`set_parameter`, `preset_energy`) waits for its meter's module when the module is
   * offline before it expires as `module_offline` (parameterHoldMs; other commands: 10 minutes).
   */
  parameterHoldHours: number;
  /**
   * The SMS outbox's provider (server/domain/smsSender.ts): SMS_PROVIDER `simulated` (default: every
   * notice delivered, an attempt failing at SMS_SIM_FAILURE_RATE, 0..1, default 0) or `http` (POST
   * JSON { phone, content, templateId, requestId } to SMS_HTTP_URL with `Authorization: Bearer
   * SMS_HTTP_KEY`, the template id SMS_HTTP_TEMPLATE_ID). Sent every BILLING_INTERVAL_SECONDS.
   */
  smsProvider: 'simulated' | 'http';
  smsHttpUrl?: string;
  smsHttpKey?: string;
  smsHttpTemplateId?: string;
  smsSimFailureRate: number;
  /**
   * MASS_CONFIRM_ABOVE (a whole number, 0..1,000,000; default 50): a command that changes supply
   * (common/supply.ts: trip, close allowed, direct close, keep-supply on/off, valve open/close) over
   * more devices than this needs its count confirmed — `expectedCount` at the API, typed in the console,
   * which reads it from `sysUser/currentUser` (massConfirmAbove).
   */
  massConfirmAbove: number;
  /** PAY_ORDER_MINUTES (1..120, default 15): how long an online order takes money before it is closed. */
  payOrderMinutes: number;
  /** PAY_RECONCILE_AT (HH:mm in UTC+8, default 10:30, `off`): when the previous day is reconciled with the providers' bills. */
  payReconcileAt?: string;
  /** PAYSIM_TIME_FACTOR (default 60): the simulated providers' clock speed (retries, refunds). */
  paysimTimeFactor: number;
}

const positive = (value: string | undefined, fallback: number) => {
  const number = Number(value);
  return value && Number.isFinite(number) && number > 0 ? number : fallback;
};

/** PGLITE_WORKER: `off` (or 0/false/no) runs PGlite in-process; anything else, or unset, in a worker thread. */
export const pgliteWorkerFromEnv = (env: NodeJS.ProcessEnv = process.env) =>
  !['0', 'false', 'off', 'no'].includes(String(env.PGLITE_WORKER ?? 'on').toLowerCase());

/** Default of RECHARGE_MAX_FEN: ¥50,000 per recharge order. */
export const RECHARGE_MAX_FEN_DEFAULT = 5_000_000;

/**
 * The per-order recharge maximum in integer fen: RECHARGE_MAX_FEN (a whole number of fen, at most
 * 2,147,483,647), else ¥50,000. Read when a recharge is taken, so a test or a restart changes it.
 */
export const rechargeMaxFen = (env: NodeJS.ProcessEnv = process.env) => {
  const value = Number(env.RECHARGE_MAX_FEN);
  return env.RECHARGE_MAX_FEN && Number.isSafeInteger(value) && value > 0 ? Math.min(value, 2_147_483_647) : RECHARGE_MAX_FEN_DEFAULT;
};

/**
 * Who issues the receipts: the operating company's name, address and phone, and an optional seal
 * image (a URL the console can load), from RECEIPT_COMPANY, RECEIPT_ADDRESS, RECEIPT_PHONE and
 * RECEIPT_SEAL_URL. Unset: the receipt is headed with the platform's name alone.
 */
export const receiptIssuer = (env: NodeJS.ProcessEnv = process.env) => ({
  company: env.RECEIPT_COMPANY?.trim() || null,
  address: env.RECEIPT_ADDRESS?.trim() || null,
  phone: env.RECEIPT_PHONE?.trim() || null,
  sealUrl: env.RECEIPT_SEAL_URL?.trim() || null,
});

/**
 * DEVICE_PORT: unset or empty → undefined (no DTU listener); otherwise a whole number 1–65535 written
 * in decimal digits only (`19100`); anything else (`0`, `70000`, `12ab`, ` 80`, `8e3`) is an error
 * at startup rather than a silently ignored setting.
 */
export function devicePortFromEnv(env: NodeJS.ProcessEnv = process.env, name = 'DEVICE_PORT'): number | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  const port = /^[0-9]{1,5}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`${name} must be a TCP port from 1 to 65535, not ${JSON.stringify(raw)}`);
  return port;
}

/**
 * The mass threshold of supply commands: MASS_CONFIRM_ABOVE (ServerConfig.massConfirmAbove). Read when
 * a command is asked for, so a test or a restart changes it; the server refuses to start with a bad
 * value (configFromEnv), so here it falls back to the default.
 */
export const massConfirmAbove = (env: NodeJS.ProcessEnv = process.env) => {
  try {
    return numberSetting(env, 'MASS_CONFIRM_ABOVE', MASS_CONFIRM_ABOVE_DEFAULT, 0, 1_000_000, true);
  } catch {
    return MASS_CONFIRM_ABOVE_DEFAULT; // refused at startup (configFromEnv)
  }
};

/** Default of PARAMETER_HOLD_HOURS: a held parameter set or preset waits a day for its module. */
export const PARAMETER_HOLD_HOURS_DEFAULT = 24;

/**
 * The deadline of a `set_parameter` or `preset_energy` command in milliseconds: PARAMETER_HOLD_HOURS
 * (ServerConfig.parameterHoldHours). Read when commands are queued, so a test or a restart changes
 * it; the server refuses to start with a bad value (configFromEnv), so here it falls back to the default.
 */
export const parameterHoldMs = (env: NodeJS.ProcessEnv = process.env) => {
  let hours = PARAMETER_HOLD_HOURS_DEFAULT;
  try {
    hours = numberSetting(env, 'PARAMETER_HOLD_HOURS', PARAMETER_HOLD_HOURS_DEFAULT, 1, 720);
  } catch {
    // refused at startup (configFromEnv)
  }
  return Math.round(hours * 3_600_000);
};

/** Defaults of the simulator and auto-read settings (ServerConfig documents each). */
export const SIM_TIME_SCALE_DEFAULT = 5;
export const SIM_FAILURE_RATE_DEFAULT = 0.03;
export const READ_INTERVAL_MINUTES_DEFAULT = 60;

/**
 * A number setting parsed strictly: unset or empty gives the default; anything else must be a plain
 * decimal number within [min, max] (and whole when `integer`), or the server refuses to start with
 * an error naming the variable.
 */
export function numberSetting(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number, integer = false): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = /^\d+(\.\d+)?$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isFinite(value) || value < min || value > max || (integer && !Number.isInteger(value)) || (min > 0 && value === 0)) {
    throw new Error(`${name}=${raw}: expected ${integer ? 'a whole number' : 'a number'} from ${min} to ${max}`);
  }
  return value;
}

/** An on/off setting parsed strictly: on/1/true/yes or off/0/false/no (any case); unset gives the default. */
/** A time of day `HH:mm` (24 h), or undefined for `off`/`0`/`false`/`no`; refused otherwise. */
export function dailyTimeSetting(env: NodeJS.ProcessEnv, name: string, fallback: string): string | undefined {
  const value = (env[name] ?? fallback).trim();
  if (['off', '0', 'false', 'no'].includes(value.toLowerCase())) return undefined;
  const match = /^([01]?\d|2[0-3]):([0-5]\d)$/.exec(value);
  if (!match) throw new Error(`${name} must be a time of day HH:mm (00:00–23:59) or off, not "${value}"`);
  return `${match[1].padStart(2, '0')}:${match[2]}`;
}

export function switchSetting(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (!raw) return fallback;
  if (['1', 'true', 'on', 'yes'].includes(raw)) return true;
  if (['0', 'false', 'off', 'no'].includes(raw)) return false;
  throw new Error(`${name}=${env[name]}: expected on or off`);
}

/** An IANA time zone setting (unset gives the default); an unknown zone refuses to start, naming the variable. */
export function timeZoneSetting(env: NodeJS.ProcessEnv, name: string, fallback: string): string {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: raw });
  } catch {
    throw new Error(`${name}=${raw}: expected a time zone such as Asia/Shanghai`);
  }
  return raw;
}

/**
 * The platform's time zone, one setting for all its days and months: BILLING_TIME_ZONE (billing
 * months, time-of-use clocks, the dashboards' and reports' days, the daily aggregates, imports and
 * bindings, statements, exports, backups). TIME_ZONE is its deprecated former name for the
 * dashboards and day rules: read when BILLING_TIME_ZONE is unset, refused when both are set and differ.
 * Default Asia/Shanghai. Read from the environment on each call (a few callers read it per request).
 */
export function platformTimeZone(env: NodeJS.ProcessEnv = process.env): string {
  const billing = env.BILLING_TIME_ZONE?.trim();
  const legacy = env.TIME_ZONE?.trim();
  const key = `${billing ?? ''}\n${legacy ?? ''}`;
  const known = zoneCache.get(key);
  if (known) return known;
  if (billing && legacy && billing !== legacy) {
    throw new Error(`TIME_ZONE=${legacy} and BILLING_TIME_ZONE=${billing} differ: the platform has one time zone, BILLING_TIME_ZONE (TIME_ZONE is its deprecated name; unset it)`);
  }
  const zone = billing ? timeZoneSetting(env, 'BILLING_TIME_ZONE', 'Asia/Shanghai') : timeZoneSetting(env, 'TIME_ZONE', 'Asia/Shanghai');
  zoneCache.set(key, zone);
  return zone;
}
const zoneCache = new Map<string, string>();

/** SMS_PROVIDER and its settings; `http` without a valid SMS_HTTP_URL refuses to start. */
export function smsSettings(env: NodeJS.ProcessEnv) {
  const provider = (env.SMS_PROVIDER?.trim().toLowerCase() || 'simulated');
  if (provider !== 'simulated' && provider !== 'http') throw new Error(`SMS_PROVIDER=${env.SMS_PROVIDER}: expected simulated or http`);
  const url = env.SMS_HTTP_URL?.trim() || undefined;
  if (provider === 'http' && (!url || !/^https?:\/\//.test(url))) throw new Error('SMS_HTTP_URL: SMS_PROVIDER=http needs an http(s) URL');
  return {
    smsProvider: provider as 'simulated' | 'http',
    smsHttpUrl: url, smsHttpKey: env.SMS_HTTP_KEY || undefined, smsHttpTemplateId: env.SMS_HTTP_TEMPLATE_ID || undefined,
    smsSimFailureRate: numberSetting(env, 'SMS_SIM_FAILURE_RATE', 0, 0, 1),
  };
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  return {
    port: Number(env.PORT ?? 8080),
    dataDir: env.DATA_DIR ?? './data',
    databaseUrl: env.DATABASE_URL || undefined,
    pgliteWorker: pgliteWorkerFromEnv(env),
    adminPassword: env.ADMIN_PASSWORD || undefined,
    simulator: !['0', 'false', 'off', 'no'].includes(String(env.SIMULATOR ?? 'on').toLowerCase()),
    staticDir: env.STATIC_DIR ?? './dist',
    trustProxy: ['1', 'true', 'on', 'yes'].includes(String(env.TRUST_PROXY ?? '').toLowerCase()),
    dbConnectTimeoutMs: positive(env.DB_CONNECT_TIMEOUT_MS, 5_000),
    dbQueryTimeoutMs: positive(env.DB_QUERY_TIMEOUT_MS, 10_000),
    maxActiveRequests: env.MAX_ACTIVE_REQUESTS ? positive(env.MAX_ACTIVE_REQUESTS, 8) : undefined,
    requestQueueMs: positive(env.REQUEST_QUEUE_MS, 3_000),
    requestDeadlineMs: positive(env.REQUEST_DEADLINE_MS, 4_500),
    rechargeMaxFen: rechargeMaxFen(env),
    devicePort: devicePortFromEnv(env),
    simGatewayPort: devicePortFromEnv(env, 'SIM_GATEWAY_PORT'),
    simTimeScale: numberSetting(env, 'SIM_TIME_SCALE', SIM_TIME_SCALE_DEFAULT, 0.001, 1000),
    simFailureRate: numberSetting(env, 'SIM_FAILURE_RATE', SIM_FAILURE_RATE_DEFAULT, 0, 1),
    autoRead: switchSetting(env, 'AUTO_READ', true),
    readIntervalMinutes: numberSetting(env, 'READ_INTERVAL_MINUTES', READ_INTERVAL_MINUTES_DEFAULT, 1, 10_080, true),
    billingTimeZone: platformTimeZone(env),
    billingIntervalSeconds: numberSetting(env, 'BILLING_INTERVAL_SECONDS', 60, 5, 86_400, true),
    backupDailyAt: dailyTimeSetting(env, 'BACKUP_DAILY_AT', '03:00'),
    backupKeep: numberSetting(env, 'BACKUP_KEEP', 7, 1, 365, true),
    parameterHoldHours: numberSetting(env, 'PARAMETER_HOLD_HOURS', PARAMETER_HOLD_HOURS_DEFAULT, 1, 720),
    ...smsSettings(env),
    massConfirmAbove: numberSetting(env, 'MASS_CONFIRM_ABOVE', MASS_CONFIRM_ABOVE_DEFAULT, 0, 1_000_000, true),
    ...paySettings(env),
  };
}

/**
 * Online payments (issue 41): minutes an order takes money, when each morning the previous day is
 * reconciled (the providers' time, UTC+8; `off` to reconcile only on request), and how much faster
 * than real time the simulated providers' clocks run (their notification retries and refunds).
 */
export function paySettings(env: NodeJS.ProcessEnv) {
  return {
    payOrderMinutes: numberSetting(env, 'PAY_ORDER_MINUTES', 15, 1, 120, true),
    payReconcileAt: dailyTimeSetting(env, 'PAY_RECONCILE_AT', '10:30'),
    paysimTimeFactor: numberSetting(env, 'PAYSIM_TIME_FACTOR', 60, 1, 1_000_000),
  };
}

/** Business constants of the backend. */
/**
 * A session ends after 30 minutes without a request (server-side idle limit; the console's own
 * idle timeout of SPEC.md is 10 minutes, and its read-failure bell polls every 30 minutes), and
 * at the latest 7 days after login however active it is (absolute cap).
 */
export const SESSION_IDLE_MS = 30 * 60 * 1000;
export const SESSION_MAX_MS = 7 * 24 * 60 * 60 * 1000;
/** Sign-in throttling: 5 attempts per user name and client address, then a 15-minute lock. */
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_LOCK_MS = 15 * 60 * 1000;
/** All sign-in attempts of one client address (any user names) within 15 minutes. */
export const LOGIN_MAX_PER_ADDRESS = 30;
/** Old-password checks when changing one's password: 5 per 15 minutes. */
export const PASSWORD_CHECK_MAX = 5;
export const PAGE_SIZE_MAX = 100;
/**
 * Longest life of a value kept in memory from a rarely changed table (area tree, roles' areas,
 * menu trees; server/cache/): changes are announced at once by notification, and this bounds how
 * long a notification lost while a LISTEN connection was down can leave a stale copy.
 */
export const CACHE_TTL_MS = 30_000;
/**
 * A session's idle expiry slides forward at most once per this interval (one UPDATE of `sessions`
 * per session and minute at most, none on the other requests): a session may therefore end up to
 * a minute earlier than 30 minutes after its very last request.
 */
export const SESSION_TOUCH_MS = 60_000;
