import type { AdmissionLimits } from './http/admission';
import type { Db } from './db';
import type { ServerConfig } from './config';
import type { RealtimeHub } from './realtime/hub';
import type { RequestCaches } from './cache/requestCaches';
import type { Payments } from './domain/onlinePayments';

/** What every request handler can reach: the database, configuration and the clock. */
export interface AppDeps {
  db: Db;
  config: Pick<ServerConfig, 'simulator' | 'trustProxy'>;
  now: () => Date;
  /** Wakes the command worker after commands were queued (no-op when no worker runs). */
  commandsQueued: () => void;
  log: (message: string, error?: unknown) => void;
  /** The websocket connections of this process (events reach it through the database). */
  realtime?: RealtimeHub;
  /** Admission control of the API (none when absent: tests, benchmarks of single calls). */
  admission?: AdmissionLimits;
  /**
   * Every API call answers within so many milliseconds, 503 past it (server/http/deadline.ts; the
   * server passes REQUEST_DEADLINE_MS, 4.5 s by default; none when absent: tests, tools).
   */
  deadlineMs?: number;
  /** Websocket heartbeat interval (tests shorten it). */
  heartbeatMs?: number;
  /**
   * In-memory copies of the area tree, roles and menu trees. The server passes the caches of
   * `startCaches`, refreshed by notifications from every process; when absent, `createApp` makes
   * its own, refreshed only by its own writes and the 30-second TTL (tests, tools).
   */
  caches: RequestCaches;
  /** The payment providers (issue 41): real or simulated; none when absent (the pay calls answer 503). */
  payments?: Payments;
  /** Wakes the SMS sender after a message that should not wait for its next round was queued (a tenant's sign-in code). */
  smsQueued?: () => void;
  /** The simulated SMS provider's delivered messages (SMS_PROVIDER=simulated): the demo's phone, at /sim/sms. */
  smsInbox?: () => readonly { phone: string; content: string; at: Date }[];
}

/** What `createApp` takes: the dependencies, the caches optional. */
export type AppOptions = Omit<AppDeps, 'caches'> & Partial<Pick<AppDeps, 'caches'>>;
