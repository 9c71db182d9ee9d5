/**
 * `npm run bench:commands`: device commands per second through the command pipeline, end to end —
 * queued by `enqueueCommands`, woken by the notification, claimed module by module by a
 * `CommandWorker` (one lane per module, COMMAND_LANES at once), executed by the simulator through
 * the driver router (no artificial delay, no failures), results recorded (device state, order
 * status, read failures, progress events) — against the raw claim/update SQL of the same queue
 * (claim COMMAND_LANES due commands with FOR UPDATE SKIP LOCKED, then one UPDATE per command to
 * `succeeded`, that many at once), measured in the same run on the same database and printed as a
 * ratio (the figures move with the machine; the ratio much less). PGlite (in memory) always;
 * PostgreSQL too when BENCH_DATABASE_URL (or DATABASE_URL) is set: a scratch database is created
 * on that server and dropped.
 *
 * Size: BENCH_COMMANDS_METERS (default 10,000) electric meters on BENCH_COMMANDS_MODULES (default
 * 200) simulated modules; BENCH_ROUNDS (default 1) interleaved rounds; BENCH_COMMANDS_TYPE
 * (default close_allowed). A reduced run (e.g. BENCH_COMMANDS_METERS=400 BENCH_COMMANDS_MODULES=8)
 * is quick enough for CI. It fails only on errors: a command not succeeded, a command run twice,
 * two frames at once on one module — never on a figure.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { Database } from '../server/db';
import { rowsOf } from '../server/db/rows';
import { COMMAND_LANES, CommandWorker, enqueueCommands } from '../server/domain/commands';
import { createSimulator } from '../server/devices/simulator';
import { createDriverRouter } from '../server/devices/router';
import type { DeviceDriver } from '../server/devices/driver';
import { benchEachDatabase } from './support/eachDatabase';

const METERS = Number(process.env.BENCH_COMMANDS_METERS ?? 10_000);
const MODULES = Number(process.env.BENCH_COMMANDS_MODULES ?? 200);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1);
const TYPE = process.env.BENCH_COMMANDS_TYPE ?? 'close_allowed';
const AREA = 1;

/** The bench estate: MODULES simulated modules, METERS electric meters spread evenly over them. */
async function createEstate(database: Database): Promise<number[]> {
  const { db } = database;
  await db.execute(sql`INSERT INTO modules (area_id, address, name, kind, protocol)
    SELECT ${AREA}, 'BENCH' || lpad(g::text, 5, '0'), 'bench module ' || g, 'simulator', 'dlt645' FROM generate_series(1, ${MODULES}) g`);
  await db.execute(sql`INSERT INTO electric_meters (area_id, module_id, channel, address, online)
    SELECT ${AREA}, m.id, (g / ${MODULES}) + 1, '9' || lpad(g::text, 11, '0'), true
    FROM generate_series(0, ${METERS - 1}) g
    JOIN (SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM modules WHERE address LIKE 'BENCH%') m ON m.n = g % ${MODULES}`);
  return rowsOf<{ id: number }>(await db.execute(sql`SELECT id FROM electric_meters WHERE address LIKE '9%' AND length(address) = 12 ORDER BY id`)).map((row) => Number(row.id));
}

/** Queues one command per meter (one transaction, as command/create does); resolves to their ids. */
const enqueue = (database: Database, meterIds: number[]) =>
  database.db.transaction((tx) => enqueueCommands(tx, 1, meterIds.map((deviceId) => ({ areaId: AREA, deviceKind: 'electric' as const, deviceId, type: TYPE })), new Date()));

/** A driver wrapper that counts calls per meter and the most calls in flight per module and in all. */
function counting(driver: DeviceDriver) {
  const state = { calls: 0, perMeter: new Map<number, number>(), inFlight: new Map<number, number>(), maxPerModule: 0, total: 0, maxTotal: 0, onCall: () => undefined as void };
  const wrapped: DeviceDriver = {
    async execute(target, type, payload) {
      state.calls++;
      state.perMeter.set(target.id, (state.perMeter.get(target.id) ?? 0) + 1);
      const module = target.module!.id;
      const now = (state.inFlight.get(module) ?? 0) + 1;
      state.inFlight.set(module, now);
      state.maxPerModule = Math.max(state.maxPerModule, now);
      state.maxTotal = Math.max(state.maxTotal, ++state.total);
      try {
        return await driver.execute(target, type, payload);
      } finally {
        state.inFlight.set(module, state.inFlight.get(module)! - 1);
        state.total--;
        state.onCall();
      }
    },
  };
  return { state, wrapped };
}

/** The pipeline: a started CommandWorker (woken by the queue's notification); commands/s from queuing to the last result. */
async function pipeline(database: Database, meterIds: number[]) {
  const { state, wrapped } = counting(createDriverRouter({ simulator: createSimulator({ failureRate: 0 }) }));
  const worker = new CommandWorker(database.db, wrapped, () => new Date(), (message, error) => console.error(message, error));
  await worker.start({ listen: database.listen.bind(database) });
  await worker.settled();
  const allCalled = new Promise<void>((resolve) => {
    state.onCall = () => {
      if (state.calls >= meterIds.length) resolve();
    };
  });
  const start = performance.now();
  const ids = await enqueue(database, meterIds);
  await allCalled;
  await worker.settled();
  const seconds = (performance.now() - start) / 1000;
  await worker.stop();
  const [check] = rowsOf<{ succeeded: number; other: number }>(await database.db.execute(sql`SELECT
    count(*) FILTER (WHERE state = 'succeeded')::int AS succeeded, count(*) FILTER (WHERE state <> 'succeeded')::int AS other
    FROM commands WHERE id BETWEEN ${ids[0]} AND ${ids[ids.length - 1]}`));
  if (Number(check.succeeded) !== meterIds.length) throw new Error(`pipeline: ${check.succeeded} of ${meterIds.length} commands succeeded (${check.other} not)`);
  const twice = [...state.perMeter.values()].filter((calls) => calls !== 1).length;
  if (twice) throw new Error(`pipeline: ${twice} meters were called other than once`);
  if (state.maxPerModule !== 1) throw new Error(`pipeline: ${state.maxPerModule} frames at once on one module`);
  return { perSecond: meterIds.length / seconds, maxLanes: state.maxTotal };
}

/** The yardstick: the same queue moved by the bare claim and update statements, COMMAND_LANES at a time, nothing else. */
async function rawSql(database: Database, meterIds: number[]) {
  const { db } = database;
  const start = performance.now();
  const ids = await enqueue(database, meterIds);
  let done = 0;
  for (;;) {
    const now = new Date().toISOString();
    const claimed = rowsOf<{ id: number }>(await db.execute(sql`UPDATE commands SET state = 'sent', sent_at = ${now}, attempts = attempts + 1
      WHERE id IN (SELECT id FROM commands WHERE state = 'queued' AND next_attempt_at <= ${now} ORDER BY id LIMIT ${COMMAND_LANES} FOR UPDATE SKIP LOCKED)
      RETURNING id`));
    if (!claimed.length) break;
    await Promise.all(claimed.map((row) => db.execute(sql`UPDATE commands SET state = 'succeeded', result_code = 'ok', finished_at = ${new Date().toISOString()} WHERE id = ${row.id}`)));
    done += claimed.length;
  }
  const seconds = (performance.now() - start) / 1000;
  if (done !== ids.length) throw new Error(`raw SQL: ${done} of ${ids.length} commands moved`);
  return meterIds.length / seconds;
}

async function benchDatabase(name: string, database: Database) {
  const meterIds = await createEstate(database);
  if (meterIds.length !== METERS) throw new Error(`created ${meterIds.length} meters, not ${METERS}`);
  console.log(`\n${name}: ${METERS} meters on ${MODULES} simulated modules, ${COMMAND_LANES} lanes, command ${TYPE}`);
  // Warm-up: JIT, plans, pools.
  const warm = meterIds.slice(0, Math.min(meterIds.length, MODULES * 2));
  await rawSql(database, warm);
  await pipeline(database, warm);
  const rates = { pipeline: [] as number[], raw: [] as number[] };
  let maxLanes = 0;
  // Interleaved, so that other load on the machine touches both alike.
  for (let round = 0; round < ROUNDS; round++) {
    rates.raw.push(await rawSql(database, meterIds));
    const run = await pipeline(database, meterIds);
    rates.pipeline.push(run.perSecond);
    maxLanes = Math.max(maxLanes, run.maxLanes);
  }
  const mean = (list: number[]) => list.reduce((a, b) => a + b, 0) / list.length;
  const piped = mean(rates.pipeline);
  const raw = mean(rates.raw);
  console.log(`  pipeline (CommandWorker → driver router → simulator, results recorded): ${piped.toFixed(0)} commands/s`);
  console.log(`  raw claim/update SQL of the same queue (${COMMAND_LANES} at a time): ${raw.toFixed(0)} commands/s`);
  console.log(`  ratio: pipeline = ${(piped / raw).toFixed(2)}× the raw SQL`);
  console.log(`  every command succeeded and ran once; at most 1 frame at once per module; at most ${maxLanes} lanes at once`);
}

await benchEachDatabase('metering_bench_commands', benchDatabase);
process.exit(0);
