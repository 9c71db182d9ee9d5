/**
 * SIGKILL fault tests (issue 8, item 9) against the real server process (`server/index.ts` on an
 * embedded PGlite data folder). Slow (three starts, two full seeds): run with FAULT_TESTS=1.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { openDatabase, schema } from '../../server/db';

const PASSWORD = 'fault-pass-1';
const dataDir = mkdtempSync(join(tmpdir(), 'metering-faults-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

interface Started { child: ChildProcess; output: () => string; origin: Promise<string> }

function start(): Started {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    // PGLITE_WORKER: the server's default (the test environment runs PGlite in-process).
    // SIM_FAILURE_RATE 0: the simulated devices answer every attempt (by default 3 % go unanswered
    // and are retried, which made the command's attempt count below a matter of chance).
    env: { ...process.env, PGLITE_WORKER: 'on', SIM_FAILURE_RATE: '0', DATABASE_URL: '', DATA_DIR: dataDir, PORT: '0', ADMIN_PASSWORD: PASSWORD, STATIC_DIR: join(dataDir, 'no-console') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const origin = new Promise<string>((resolve, reject) => {
    const onData = (data: Buffer) => {
      output += data.toString();
      const match = output.match(/console and API on (http:\/\/localhost:\d+)\//);
      // The start-up lines are complete with the demo login line.
      if (match && /Demo login:.*\n/.test(output)) resolve(match[1]);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited (${code}): ${output}`)));
  });
  origin.catch(() => undefined);
  return { child, output: () => output, origin };
}

const killed = (child: ChildProcess, signal: NodeJS.Signals) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill(signal);
  });

async function login(origin: string) {
  const response = await fetch(`${origin}/api/v1/quan_xian/deng_lu/login`, {
    method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: 'admin', password: PASSWORD }).toString(),
  });
  return ((await response.json()) as { sessinId: string }).sessinId;
}

describe.skipIf(!process.env.FAULT_TESTS)('SIGKILL (issue 8, item 9)', () => {
  it('seeds again after a first start killed while seeding, and takes up a command left sent', async () => {
    // 1. Killed in the middle of the first start's seeding.
    const first = start();
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    expect(first.output()).not.toContain('Demo estate created');
    await killed(first.child, 'SIGKILL');

    // 2. The next start seeds the whole estate (nothing half-done stays behind).
    const second = start();
    const origin = await second.origin;
    expect(second.output()).toContain('Demo estate created');
    const token = await login(origin);
    const projects = await (await fetch(`${origin}/api/v1/electricity/project/findByCondition`, { headers: { 'X-Token': token } })).json() as { data: { total: number } };
    expect(projects.data.total).toBeGreaterThan(0);
    await killed(second.child, 'SIGKILL');

    // 3. A command the killed process had sent and never finished…
    const database = await openDatabase({ dataDir });
    // A meter that answers: online, behind an online module.
    const [meter] = await database.db.select().from(schema.waterMeters)
      .where(and(eq(schema.waterMeters.online, true), inArray(schema.waterMeters.moduleId, database.db.select({ id: schema.modules.id }).from(schema.modules).where(eq(schema.modules.online, true))))).orderBy(asc(schema.waterMeters.id)).limit(1);
    const sentAt = new Date();
    const [command] = await database.db.insert(schema.commands).values({
      areaId: meter.areaId, deviceKind: 'water', deviceId: meter.id, type: 'valve_open', state: 'sent', attempts: 1,
      sentAt, nextAttemptAt: sentAt, deadline: new Date(sentAt.getTime() + 10 * 60_000), createdAt: sentAt,
    }).returning();
    await database.close();

    // … is taken up by the next start at once, not left until its 10-minute deadline.
    const third = start();
    const origin3 = await third.origin;
    const token3 = await login(origin3);
    let state = '';
    for (let i = 0; i < 50 && !['succeeded', 'failed'].includes(state); i++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      const found = await (await fetch(`${origin3}/api/v1/electricity/command/findByIds?ids=${command.id}`, { headers: { 'X-Token': token3 } })).json() as { data: { state: string }[] };
      state = found.data[0]?.state ?? '';
    }
    expect(['succeeded', 'failed']).toContain(state);
    await killed(third.child, 'SIGTERM');
    const check = await openDatabase({ dataDir });
    const [after] = await check.db.select().from(schema.commands).where(eq(schema.commands.id, command.id));
    expect(after.attempts).toBe(2);
    await check.close();
  }, 240_000);
});
