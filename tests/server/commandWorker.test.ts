import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { startTestBackend, TEST_NOW, type TestBackend } from '../support/testApp';
import { countQueries } from '../support/queryCount';
import { testPostgresUrl } from '../support/postgres';
import { openDatabase, schema, type Database } from '../../server/db';
import { CommandWorker, enqueueCommands } from '../../server/domain/commands';
import type { DeviceDriver } from '../../server/devices/driver';

/** Issue 9: the command worker sleeps until it is notified or a known moment comes. */

let backend: TestBackend;
let meterIds: number[];
const workers: CommandWorker[] = [];
const opened: Database[] = [];

beforeAll(async () => {
  backend = await startTestBackend();
  meterIds = ((await backend.database.db.execute(sql`SELECT id FROM water_meters WHERE module_id IS NOT NULL AND online ORDER BY id LIMIT 10`)) as unknown as { rows: { id: number }[] }).rows.map((r) => Number(r.id));
}, 120_000);
afterEach(async () => {
  await Promise.all(workers.splice(0).map((worker) => worker.stop()));
  await Promise.all(opened.splice(0).map((database) => database.close()));
});
afterAll(() => backend.close());

/** A clock that starts at the test clock's moment and runs in real time (backoffs come due). */
const runningClock = () => {
  const start = Date.now();
  return () => new Date(TEST_NOW.getTime() + (Date.now() - start));
};

/** A driver that answers every command, after `silentFirst` attempts without a reply. */
const driver = (silentFirst = 0): DeviceDriver & { calls: number } => {
  const d = {
    calls: 0,
    execute: async () => (d.calls++ < silentFirst ? { ok: false as const, code: 'no_reply' as const } : { ok: true as const, data: { valveState: 'closed' } }),
  };
  return d;
};

/** A started worker on `database`, listening to its notifications, with the 30-second safety net. */
async function startWorker(database: Database, d: DeviceDriver, now = runningClock()) {
  const worker = new CommandWorker(database.db, d, now, () => undefined);
  workers.push(worker);
  await worker.start({ listen: database.listen.bind(database) });
  await worker.settled();
  return worker;
}

/** Queues one valve command through `database` as a route does (in a transaction), without waking anyone in-process. */
async function queue(database: Database, meterId: number, now = runningClock()()) {
  const [id] = await database.db.transaction((tx) => enqueueCommands(tx, 1, [{ areaId: 1, deviceKind: 'water', deviceId: meterId, type: 'valve_close' }], now));
  return id;
}

const commandOf = async (id: number) => {
  const [row] = await backend.database.db.select().from(schema.commands).where(eq(schema.commands.id, id));
  return row;
};

describe('command worker wake-up', () => {
  it('makes no query while idle, and wakes at once on a notification of queued commands', async () => {
    const d = driver();
    await startWorker(backend.database, d);
    const counter = countQueries(backend.database);
    try {
      // Longer than two of the old 1-second polls.
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      expect(counter.count).toBe(0);
    } finally {
      counter.restore();
    }
    const id = await queue(backend.database, meterIds[0]);
    // Well before the 30-second safety net: only the notification can have woken it.
    await vi.waitFor(async () => expect((await commandOf(id)).state).toBe('succeeded'), { timeout: 5_000, interval: 50 });
    expect(d.calls).toBe(1);
  });

  it('retries a command without reply at its backoff moment, not before', async () => {
    const d = driver(1);
    await startWorker(backend.database, d);
    const id = await queue(backend.database, meterIds[1]);
    await vi.waitFor(async () => expect((await commandOf(id)).state).toBe('succeeded'), { timeout: 8_000, interval: 50 });
    const command = await commandOf(id);
    expect(command.attempts).toBe(2);
    expect(d.calls).toBe(2);
    // The second attempt ran on the worker's clock no earlier than the 2-second backoff.
    expect(command.finishedAt!.getTime() - command.createdAt.getTime()).toBeGreaterThanOrEqual(2_000);
  });

  it('still runs commands queued in-process through wake() (the commandsQueued hook)', async () => {
    const worker = await startWorker(backend.database, driver());
    // Written without the notification, as an older process would.
    const [row] = await backend.database.db.insert(schema.commands).values({
      areaId: 1, deviceKind: 'water', deviceId: meterIds[2], type: 'valve_close', payload: {}, operatorId: 1, batchId: 'hook',
      nextAttemptAt: TEST_NOW, deadline: new Date(TEST_NOW.getTime() + 600_000), createdAt: TEST_NOW,
    }).returning({ id: schema.commands.id });
    worker.wake();
    await vi.waitFor(async () => expect((await commandOf(row.id)).state).toBe('succeeded'), { timeout: 5_000, interval: 50 });
  });
});

describe.skipIf(!testPostgresUrl())('command workers of several processes on one PostgreSQL', () => {
  it('wakes the worker of a second instance for a command queued through the first', async () => {
    const second = await openDatabase({ url: backend.url! });
    opened.push(second);
    const d = driver();
    await startWorker(second, d);
    const id = await queue(backend.database, meterIds[3]);
    await vi.waitFor(async () => expect((await commandOf(id)).state).toBe('succeeded'), { timeout: 5_000, interval: 50 });
    expect(d.calls).toBe(1);
  });
});
