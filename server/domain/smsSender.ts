import { sql } from 'drizzle-orm';
import type { Db } from '../db';
import { rowsOf } from '../db/rows';
import { PeriodicJob } from './periodic';

/**
 * The SMS outbox's sender (issue 29): notices queued in `sms_records` (the arrears notices of the
 * billing engine, an operator's messages) go to a provider behind one interface — the simulated
 * provider (the default) or an HTTP provider a deployer configures.
 *
 * Exactly one send per notice: a notice is claimed (`queued` → `sending`, FOR UPDATE SKIP LOCKED) and
 * the claim committed before the provider is called, so no two workers or processes send it at
 * once; every attempt carries the notice's own key (`sms-<id>`) for the provider to recognise a
 * repeat (a process that died between the provider's answer and recording it leaves a stale
 * `sending` claim: it is tried again after SMS_CLAIM_STALE_MS with the same key). A failed attempt
 * the provider may retry waits by backoff (SMS_BACKOFF_MS), up to SMS_MAX_ATTEMPTS, then the notice is
 * `failed`; a refusal (4xx: a bad number, a bad key) fails it at once.
 */

export interface SmsMessage { id: number; phone: string; content: string; key: string }
export type SmsResult = { ok: true; ref?: string } | { ok: false; retry: boolean; detail: string };

export interface SmsProvider {
  readonly name: string;
  send(message: SmsMessage): Promise<SmsResult>;
}

export const SMS_MAX_ATTEMPTS = 4;
export const SMS_BACKOFF_MS = [30_000, 120_000, 600_000];
/** A `sending` claim older than this was left by a process that stopped: tried again (same key). */
export const SMS_CLAIM_STALE_MS = 5 * 60_000;

/** The simulated provider: delivers, or fails an attempt (retryable) at `failureRate`. */
export function simulatedSmsProvider(options: { failureRate?: number; random?: () => number; now?: () => Date } = {}): SmsProvider & { sent: SmsMessage[]; inbox: SimulatedInbox } {
  const random = options.random ?? Math.random;
  const sent: SmsMessage[] = [];
  const inbox: { phone: string; content: string; at: Date }[] = [];
  return {
    name: 'simulated',
    sent,
    inbox: () => inbox,
    async send(message) {
      if (random() < (options.failureRate ?? 0)) return { ok: false, retry: true, detail: 'simulated failure' };
      sent.push(message);
      if (sent.length > SIMULATED_KEPT * 2) sent.splice(0, sent.length - SIMULATED_KEPT);
      // The demo's phone (/sim/sms): the newest messages first, a bounded number.
      inbox.unshift({ phone: message.phone, content: message.content, at: (options.now ?? (() => new Date()))() });
      if (inbox.length > SIMULATED_INBOX) inbox.length = SIMULATED_INBOX;
      return { ok: true, ref: `sim-${message.id}` };
    },
  };
}

/** The simulated provider's delivered messages, newest first. */
export type SimulatedInbox = () => readonly { phone: string; content: string; at: Date }[];
const SIMULATED_KEPT = 10_000;
const SIMULATED_INBOX = 200;

export interface HttpSmsOptions {
  /** SMS_HTTP_URL: POST JSON { phone, content, templateId, requestId } with `Authorization: Bearer <key>`. */
  url: string;
  key?: string;
  templateId?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/**
 * An HTTP provider: one POST per attempt. 2xx: sent (the answer's `id` or `messageId`, if any, kept
 * as the provider's reference); 4xx except 408/429: refused, not retried; anything else (5xx, 408,
 * 429, a timeout, no connection): retried with backoff. `requestId` is the notice's key on every
 * attempt, and the `Idempotency-Key` header says the same.
 */
export function httpSmsProvider(options: HttpSmsOptions): SmsProvider {
  const doFetch = options.fetch ?? fetch;
  return {
    name: 'http',
    async send(message) {
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? 10_000);
      try {
        const response = await doFetch(options.url, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json', 'Idempotency-Key': message.key,
            ...(options.key ? { Authorization: `Bearer ${options.key}` } : {}),
          },
          body: JSON.stringify({ phone: message.phone, content: message.content, templateId: options.templateId ?? null, requestId: message.key }),
          signal: controller.signal,
        });
        const text = await response.text();
        if (response.ok) {
          let ref: string | undefined;
          try {
            const body = JSON.parse(text) as { id?: unknown; messageId?: unknown };
            ref = body.id !== undefined ? String(body.id) : body.messageId !== undefined ? String(body.messageId) : undefined;
          } catch { /* an answer without JSON is fine */ }
          return { ok: true, ref };
        }
        const retry = response.status >= 500 || response.status === 408 || response.status === 429;
        return { ok: false, retry, detail: `HTTP ${response.status} ${text.slice(0, 200)}` };
      } catch (error) {
        return { ok: false, retry: true, detail: error instanceof Error ? error.message : String(error) };
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

/** The provider the configuration names (SMS_PROVIDER: simulated | http). */
export function smsProviderFromConfig(config: { smsProvider?: 'simulated' | 'http'; smsHttpUrl?: string; smsHttpKey?: string; smsHttpTemplateId?: string; smsSimFailureRate?: number }, now?: () => Date): SmsProvider & { inbox?: SimulatedInbox } {
  if (config.smsProvider === 'http' && config.smsHttpUrl) return httpSmsProvider({ url: config.smsHttpUrl, key: config.smsHttpKey, templateId: config.smsHttpTemplateId });
  return simulatedSmsProvider({ failureRate: config.smsSimFailureRate ?? 0, now });
}

export interface OutboxRun { sent: number; retrying: number; failed: number }

/** Claims up to `limit` notices due now (queued and due, or a stale claim), committed before any is sent. */
async function claim(db: Db, now: Date, limit: number) {
  const staleAt = new Date(now.getTime() + SMS_CLAIM_STALE_MS);
  return db.transaction(async (tx) => rowsOf<{ id: string | number; phone: string; content: string; attempts: number }>(await tx.execute(sql`
    UPDATE sms_records s SET state = 'sending', next_attempt_at = ${staleAt}
    FROM (SELECT id FROM sms_records
          WHERE state IN ('queued', 'sending') AND (
            (state = 'queued' AND (next_attempt_at IS NULL OR next_attempt_at <= ${now}))
            OR (state = 'sending' AND next_attempt_at <= ${now}))
          ORDER BY id LIMIT ${limit} FOR UPDATE SKIP LOCKED) due
    WHERE s.id = due.id
    RETURNING s.id, s.phone, s.content, s.attempts`)));
}

/**
 * One pass of the sender: claims the due notices and sends each once through the provider,
 * recording sent (with sent_at), a retry (queued again after the backoff) or failed. Safe in any
 * number of processes at once.
 */
export async function sendOutbox(db: Db, provider: SmsProvider, now: Date, limit = 100): Promise<OutboxRun> {
  const run: OutboxRun = { sent: 0, retrying: 0, failed: 0 };
  for (const row of await claim(db, now, limit)) {
    const id = Number(row.id);
    const result = await provider.send({ id, phone: row.phone, content: row.content, key: `sms-${id}` });
    const attempts = Number(row.attempts) + 1;
    if (result.ok) {
      // A tenant's sign-in code (issue 42) is not kept readable once sent: the outbox screens show it masked.
      await db.execute(sql`UPDATE sms_records SET state = 'sent', sent_at = ${now}, attempts = ${attempts}, provider_ref = ${result.ref ?? null}, next_attempt_at = NULL,
        content = CASE WHEN reason = 'loginCode' THEN regexp_replace(content, '[0-9]{6}', '******', 'g') ELSE content END
        WHERE id = ${id} AND state = 'sending'`);
      run.sent += 1;
    } else if (result.retry && attempts < SMS_MAX_ATTEMPTS) {
      const wait = SMS_BACKOFF_MS[Math.min(attempts - 1, SMS_BACKOFF_MS.length - 1)];
      await db.execute(sql`UPDATE sms_records SET state = 'queued', attempts = ${attempts}, next_attempt_at = ${new Date(now.getTime() + wait)}
        WHERE id = ${id} AND state = 'sending'`);
      run.retrying += 1;
    } else {
      await db.execute(sql`UPDATE sms_records SET state = 'failed', attempts = ${attempts}, next_attempt_at = NULL WHERE id = ${id} AND state = 'sending'`);
      run.failed += 1;
    }
  }
  return run;
}

/** The sender on a timer (with the billing job's interval). */
export class SmsSenderJob extends PeriodicJob<OutboxRun> {
  constructor(private db: Db, private provider: SmsProvider, private now: () => Date, private options: { everyMs: number; log?: (message: string, error?: unknown) => void }) {
    super('sms sender', options.log);
  }

  start() {
    void this.startEvery(this.options.everyMs);
  }

  async tick(): Promise<OutboxRun> {
    return (await this.runNow()) ?? { sent: 0, retrying: 0, failed: 0 };
  }

  protected runOnce() {
    return sendOutbox(this.db, this.provider, this.now());
  }
}
