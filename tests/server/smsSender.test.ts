/**
 * The SMS outbox's sender (issue 29, server/domain/smsSender.ts): the simulated provider, an HTTP
 * provider against a local fake server (its requests recorded), retries with backoff, refusals, and
 * exactly one send per notice with several senders at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { httpSmsProvider, sendOutbox, simulatedSmsProvider, SMS_BACKOFF_MS, SMS_MAX_ATTEMPTS, type SmsProvider } from '../../server/domain/smsSender';
import { startTestBackend, type TestBackend } from '../support/testApp';

let backend: TestBackend;
type Row = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const rows = async (query: ReturnType<typeof sql>) => ((await backend.database.db.execute(query)) as unknown as { rows: Row[] }).rows;

const NOW = new Date('2027-02-01T09:00:00+08:00');
const later = (ms: number) => new Date(NOW.getTime() + ms);

/** Queues notices (as the billing engine does) and answers their ids. */
async function queue(n: number, phone = '13800000000'): Promise<number[]> {
  const [area] = await rows(sql`SELECT area_id FROM sys_users WHERE user_name = 'admin'`);
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    out.push(Number((await rows(sql`INSERT INTO sms_records (area_id, phone, content, state, auto, reason, created_at)
      VALUES (${area.area_id}, ${phone}, ${`test notice ${i}`}, 'queued', 1, 'alarm1', ${NOW}) RETURNING id`))[0].id));
  }
  return out;
}
const states = async (ids: number[]) => (await rows(sql`SELECT id, state, attempts, sent_at, provider_ref FROM sms_records WHERE id IN (${sql.join(ids.map((id) => sql`${id}`), sql`, `)}) ORDER BY id`));
/** Settles every queued notice of earlier tests, so each test sees only its own. */
const settle = () => rows(sql`UPDATE sms_records SET state = 'failed' WHERE state IN ('queued', 'sending')`);

/** A fake SMS gateway: records every request; answers by a script per request id. */
let server: Server;
let url: string;
const requests: { headers: Record<string, string | string[] | undefined>; body: Record<string, unknown> }[] = [];
let script: (body: Record<string, unknown>, attempt: number) => { status: number; body?: unknown } = () => ({ status: 200, body: { id: 'ok' } });

beforeAll(async () => {
  backend = await startTestBackend();
  server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk) => { text += chunk; });
    req.on('end', () => {
      const body = JSON.parse(text) as Record<string, unknown>;
      requests.push({ headers: req.headers, body });
      const attempt = requests.filter((r) => r.body.requestId === body.requestId).length;
      const answer = script(body, attempt);
      res.writeHead(answer.status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(answer.body ?? {}));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sms/send`;
}, 120_000);
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await backend.close();
});

describe('SMS sender', () => {
  it('the simulated provider delivers every queued notice once; a pass later sends nothing again', async () => {
    await settle();
    const ids = await queue(5);
    const provider = simulatedSmsProvider();
    expect(await sendOutbox(backend.database.db, provider, NOW)).toEqual({ sent: 5, retrying: 0, failed: 0 });
    expect(await sendOutbox(backend.database.db, provider, later(60_000))).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(provider.sent.map((m) => m.id).sort((a, b) => a - b)).toEqual(ids);
    const after = await states(ids);
    expect(after.every((r) => r.state === 'sent' && r.attempts === 1 && r.sent_at && r.provider_ref === `sim-${r.id}`)).toBe(true);
  });

  it('exactly one send per notice with several senders at once', async () => {
    await settle();
    const ids = await queue(30);
    const calls = new Map<number, number>();
    const counting: SmsProvider = {
      name: 'counting',
      async send(message) {
        calls.set(message.id, (calls.get(message.id) ?? 0) + 1);
        await new Promise((resolve) => setTimeout(resolve, 2));
        return { ok: true };
      },
    };
    const runs = await Promise.all([0, 1, 2].map(() => sendOutbox(backend.database.db, counting, NOW, 10)));
    // Each pass takes at most 10; passes until the outbox is empty.
    while ((await sendOutbox(backend.database.db, counting, NOW, 10)).sent > 0) { /* drain */ }
    expect(runs.reduce((sum, r) => sum + r.sent, 0)).toBeGreaterThan(0);
    expect([...calls.keys()].sort((a, b) => a - b)).toEqual(ids);
    expect([...calls.values()].every((n) => n === 1)).toBe(true);
    expect((await states(ids)).every((r) => r.state === 'sent')).toBe(true);
  });

  it('HTTP provider: POSTs phone, content, template id and the notice\'s key with the deployer\'s key; a 5xx is retried after the backoff with the same key, then sent', async () => {
    await settle();
    requests.length = 0;
    script = (_body, attempt) => (attempt === 1 ? { status: 503, body: { error: 'busy' } } : { status: 200, body: { messageId: 'gw-77' } });
    const [id] = await queue(1, '13912345678');
    const provider = httpSmsProvider({ url, key: 'secret-key', templateId: 'TPL_001' });
    expect(await sendOutbox(backend.database.db, provider, NOW)).toEqual({ sent: 0, retrying: 1, failed: 0 });
    expect((await states([id]))[0]).toMatchObject({ state: 'queued', attempts: 1 });
    // Not before the backoff has passed.
    expect(await sendOutbox(backend.database.db, provider, later(SMS_BACKOFF_MS[0] - 1000))).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(await sendOutbox(backend.database.db, provider, later(SMS_BACKOFF_MS[0]))).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect((await states([id]))[0]).toMatchObject({ state: 'sent', attempts: 2, provider_ref: 'gw-77' });
    expect(requests).toHaveLength(2);
    expect(requests[0].body).toEqual({ phone: '13912345678', content: 'test notice 0', templateId: 'TPL_001', requestId: `sms-${id}` });
    expect(requests[1].body.requestId).toBe(`sms-${id}`);
    expect(requests[0].headers.authorization).toBe('Bearer secret-key');
    expect(requests[0].headers['idempotency-key']).toBe(`sms-${id}`);
  });

  it('HTTP provider: a refusal (4xx) fails the notice at once; a gateway that never accepts fails it after the last attempt; no server at all is retried', async () => {
    await settle();
    requests.length = 0;
    script = (body) => (String(body.phone).startsWith('000') ? { status: 400, body: { error: 'bad number' } } : { status: 500 });
    const [refused] = await queue(1, '000');
    const [down] = await queue(1, '13700000000');
    const provider = httpSmsProvider({ url });
    let at = NOW.getTime();
    for (let i = 0; i < SMS_MAX_ATTEMPTS + 2; i++) {
      await sendOutbox(backend.database.db, provider, new Date(at));
      at += 3_600_000;
    }
    const [a, b] = await states([refused, down]);
    expect(a).toMatchObject({ state: 'failed', attempts: 1 });
    expect(b).toMatchObject({ state: 'failed', attempts: SMS_MAX_ATTEMPTS });
    expect(requests.filter((r) => r.body.requestId === `sms-${down}`)).toHaveLength(SMS_MAX_ATTEMPTS);

    const [unreachable] = await queue(1);
    const nowhere = httpSmsProvider({ url: 'http://127.0.0.1:9/sms', timeoutMs: 2000 });
    expect(await sendOutbox(backend.database.db, nowhere, NOW)).toEqual({ sent: 0, retrying: 1, failed: 0 });
    expect((await states([unreachable]))[0]).toMatchObject({ state: 'queued', attempts: 1 });
  });

  it('a claim left by a process that stopped mid-send is taken again after it goes stale, with the same key', async () => {
    await settle();
    const [id] = await queue(1);
    await rows(sql`UPDATE sms_records SET state = 'sending', next_attempt_at = ${later(5 * 60_000)} WHERE id = ${id}`);
    const provider = simulatedSmsProvider();
    expect((await sendOutbox(backend.database.db, provider, later(60_000))).sent).toBe(0);
    expect((await sendOutbox(backend.database.db, provider, later(5 * 60_000))).sent).toBe(1);
    expect(provider.sent.map((m) => m.key)).toEqual([`sms-${id}`]);
  });

  it('the configuration: SMS_PROVIDER simulated by default, http needs a URL', async () => {
    const { configFromEnv } = await import('../../server/config');
    expect(configFromEnv({})).toMatchObject({ smsProvider: 'simulated', smsSimFailureRate: 0 });
    expect(configFromEnv({ SMS_PROVIDER: 'http', SMS_HTTP_URL: 'https://sms.example.com/send', SMS_HTTP_KEY: 'k', SMS_HTTP_TEMPLATE_ID: 'T1' }))
      .toMatchObject({ smsProvider: 'http', smsHttpUrl: 'https://sms.example.com/send', smsHttpKey: 'k', smsHttpTemplateId: 'T1' });
    expect(() => configFromEnv({ SMS_PROVIDER: 'http' })).toThrow('SMS_HTTP_URL');
    expect(() => configFromEnv({ SMS_PROVIDER: 'carrier-pigeon' })).toThrow('SMS_PROVIDER');
  });
});
