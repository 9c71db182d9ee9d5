import { and, eq, inArray, lt, lte, sql } from 'drizzle-orm';
import { schema, type Database, type Db } from '../db';
import type { DeviceDriver, DeviceOutcome, DeviceTarget } from '../devices/driver';
import { publish, publishCommands } from '../realtime/events';
import { clearReadFailure, markReadFailure } from './readFailures';
import { isConnectionError } from '../db/errors';
import { followCommandOutcome } from './orderStatus';

const { commands, waterMeters, electricMeters, modules } = schema;

export const COMMAND_MAX_ATTEMPTS = 3;
export const COMMAND_DEADLINE_MS = 10 * 60 * 1000;
/**
 * A command still `sent` this long after it was claimed was abandoned by a worker that died
 * (SIGKILL, crash, power loss) in the middle of it: no driver call takes this long.
 */
export const COMMAND_SENT_STALE_MS = 2 * 60 * 1000;
const BACKOFF_MS = [0, 2_000, 10_000];

/**
 * The channel that wakes command workers: every process's worker listening on the same database
 * runs its queue at once. Sent inside the transaction that queued the commands, so it arrives on
 * commit (and never for a rollback).
 */
export const COMMANDS_CHANNEL = 'commands_queued';
/**
 * An idle worker looks at the queue at least this often (plus at the earliest moment it knows of:
 * a retry's backoff, a deadline, a stale `sent` command): the safety net for a notification lost
 * while a LISTEN connection was down, or a command written without one.
 */
export const WORKER_SAFETY_NET_MS = 30_000;
/** After a failed pass (the database away), or for a due command another worker holds, the next pass comes this much later. */
const WORKER_RETRY_MS = 1_000;

/** Wakes the command workers of every process (on commit, when inside a transaction). */
export async function announceCommands(db: Db): Promise<void> {
  await db.execute(sql`SELECT pg_notify(${COMMANDS_CHANNEL}, '')`);
}

export interface NewCommand {
  areaId: number;
  deviceKind: 'electric' | 'water' | 'module';
  deviceId: number;
  type: string;
  payload?: Record<string, unknown>;
}

/** Queues commands (inside the caller's transaction); returns their ids. */
export async function enqueueCommands(db: Db, operatorId: number, items: NewCommand[], now: Date): Promise<number[]> {
  if (!items.length) return [];
  const batchId = `${now.getTime().toString(36)}-${operatorId}`;
  const ids: number[] = [];
  for (let i = 0; i < items.length; i += 500) {
    const rows = await db
      .insert(commands)
      .values(items.slice(i, i + 500).map((item) => ({
        ...item, payload: item.payload ?? {}, operatorId, batchId, nextAttemptAt: now,
        deadline: new Date(now.getTime() + COMMAND_DEADLINE_MS), createdAt: now,
      })))
      .returning({ id: commands.id });
    ids.push(...rows.map((r) => r.id));
  }
  await announceCommands(db);
  return ids;
}

/** A driver's outcome, or the pipeline's own: `no_path` for a device without a module. */
type Outcome = DeviceOutcome | { ok: false; code: 'no_path'; detail?: string; data?: undefined };

type Target = DeviceTarget & { areaId: number; roomId: number | null; moduleId: number | null };

async function targetOf(db: Db, kind: string, id: number): Promise<Target | undefined> {
  if (kind === 'module') {
    const [row] = await db.select({ id: modules.id, address: modules.address, online: modules.online, areaId: modules.areaId }).from(modules).where(eq(modules.id, id));
    return row ? { kind, ...row, roomId: null, moduleId: row.id } : undefined;
  }
  if (kind !== 'water' && kind !== 'electric') return undefined;
  const table = kind === 'water' ? waterMeters : electricMeters;
  const [row] = await db
    .select({ id: table.id, address: table.address, online: table.online, areaId: table.areaId, roomId: table.roomId, moduleId: table.moduleId })
    .from(table).where(eq(table.id, id));
  return row ? { kind, ...row } : undefined;
}

/** Applies a successful command's result to the device's recorded state. */
async function applyResult(db: Db, kind: string, id: number, type: string, data: Record<string, unknown> = {}) {
  if (kind === 'water' && (type === 'valve_open' || type === 'valve_close')) {
    await db.update(waterMeters).set({ valveState: String(data.valveState) }).where(eq(waterMeters.id, id));
  }
  if (kind === 'electric' && type === 'close_allowed' && typeof data.relayState === 'string') {
    await db.update(electricMeters).set({ relayState: data.relayState }).where(eq(electricMeters.id, id));
  }
}

/**
 * Commands left `sent` by a worker that died: queued again (their attempt did not finish) or, when
 * their attempts are used up, failed with result code `interrupted`. Run by every worker pass, so
 * a restart does not leave them waiting for their 10-minute deadline; at the start of a process
 * that is the only one (embedded PGlite) every `sent` command is abandoned (`staleMs` 0).
 */
export async function recoverAbandonedCommands(db: Db, now: Date, staleMs = COMMAND_SENT_STALE_MS): Promise<number> {
  const staleBefore = new Date(now.getTime() - staleMs);
  const abandoned = and(eq(commands.state, 'sent'), lte(commands.sentAt, staleBefore));
  const requeued = await db
    .update(commands)
    .set({ state: 'queued', resultCode: 'interrupted', nextAttemptAt: now })
    .where(and(abandoned, lt(commands.attempts, COMMAND_MAX_ATTEMPTS)))
    .returning({ id: commands.id, areaId: commands.areaId });
  const failed = await db
    .update(commands)
    .set({ state: 'failed', resultCode: 'interrupted', finishedAt: now })
    .where(abandoned)
    .returning({ id: commands.id, areaId: commands.areaId });
  await followCommandOutcome(db, failed.map((command) => command.id), 'failed');
  await publishCommands(db, [...requeued, ...failed]);
  if (requeued.length) await announceCommands(db);
  return requeued.length + failed.length;
}

/**
 * Claims due commands (FOR UPDATE SKIP LOCKED, so several workers can run), executes them
 * through the driver and records the outcome. Returns how many commands were handled.
 */
export async function runDueCommands(db: Db, driver: DeviceDriver, now: Date, limit = 50): Promise<number> {
  const expired = await db
    .update(commands)
    .set({ state: 'expired', finishedAt: now, resultCode: 'deadline' })
    .where(and(inArray(commands.state, ['queued', 'sent']), lte(commands.deadline, now)))
    .returning({ id: commands.id, areaId: commands.areaId });
  await followCommandOutcome(db, expired.map((command) => command.id), 'failed');
  await publishCommands(db, expired);
  await recoverAbandonedCommands(db, now);
  const claimed = await db.transaction(async (tx) => {
    const due = (await tx.execute(sql`
      SELECT id FROM commands WHERE state = 'queued' AND next_attempt_at <= ${now.toISOString()}
      ORDER BY id LIMIT ${limit} FOR UPDATE SKIP LOCKED`)) as unknown as { rows: { id: number | string }[] };
    const ids = due.rows.map((r) => Number(r.id));
    if (!ids.length) return [];
    const rows = await tx
      .update(commands)
      .set({ state: 'sent', sentAt: now, attempts: sql`${commands.attempts} + 1` })
      .where(inArray(commands.id, ids))
      .returning();
    await publishCommands(tx, rows);
    return rows;
  });
  const readFailureAreas = new Set<number>();
  for (const command of claimed) {
    const target = await targetOf(db, command.deviceKind, command.deviceId);
    const outcome: Outcome = !target
      ? { ok: false, code: 'device_error', detail: 'device removed' }
      // A meter without a module has no path to the platform: nothing can reach it, retrying included.
      : target.moduleId === null ? { ok: false, code: 'no_path' }
        : await driver.execute(target, command.type, command.payload ?? {});
    await db.transaction(async (tx) => {
      if (outcome.ok) {
        await applyResult(tx, command.deviceKind, command.deviceId, command.type, outcome.data);
        await tx.update(commands).set({ state: 'succeeded', resultCode: 'ok', result: outcome.data ?? {}, finishedAt: now }).where(eq(commands.id, command.id));
        await followCommandOutcome(tx, [command.id], 'succeeded');
        // The device answered: it is no longer a communication failure.
        if (target && (await clearReadFailure(tx, target, now))) readFailureAreas.add(target.areaId);
      } else if (outcome.code === 'no_reply' && command.attempts < COMMAND_MAX_ATTEMPTS) {
        const retryAt = new Date(now.getTime() + BACKOFF_MS[Math.min(command.attempts, BACKOFF_MS.length - 1)]);
        await tx.update(commands).set({ state: 'queued', resultCode: outcome.code, nextAttemptAt: retryAt }).where(eq(commands.id, command.id));
        // Every worker learns of the retry's moment (another process takes it if this one stops).
        await announceCommands(tx);
      } else {
        await tx.update(commands).set({ state: 'failed', resultCode: outcome.code, result: { detail: outcome.detail ?? null }, finishedAt: now }).where(eq(commands.id, command.id));
        await followCommandOutcome(tx, [command.id], 'failed');
        // No answer after every attempt (DOMAIN.md rule 7): the device joins the read-failure list.
        if (target && outcome.code === 'no_reply' && (await markReadFailure(tx, target, command.type, now))) readFailureAreas.add(target.areaId);
      }
    });
  }
  // One event per area for the whole batch, once its outcomes are committed.
  await publishCommands(db, claimed);
  for (const areaId of readFailureAreas) await publish(db, { type: 'readFailures', areaId });
  return claimed.length;
}

/**
 * The earliest moment something in the queue falls due without anyone queuing a command: a retry's
 * next attempt, a deadline, a `sent` command turning stale. Undefined when nothing is pending.
 * One query (on the `state` index: pending commands only).
 */
export async function nextCommandMoment(db: Db): Promise<Date | undefined> {
  const [row] = await db
    .select({
      nextAttempt: sql<Date | null>`min(${commands.nextAttemptAt}) FILTER (WHERE ${commands.state} = 'queued')`.mapWith(commands.nextAttemptAt),
      deadline: sql<Date | null>`min(${commands.deadline})`.mapWith(commands.deadline),
      sentAt: sql<Date | null>`min(${commands.sentAt}) FILTER (WHERE ${commands.state} = 'sent')`.mapWith(commands.sentAt),
    })
    .from(commands)
    .where(inArray(commands.state, ['queued', 'sent']));
  const moments = [
    row?.nextAttempt, row?.deadline,
    row?.sentAt ? new Date(row.sentAt.getTime() + COMMAND_SENT_STALE_MS) : null,
  ].filter((moment): moment is Date => moment instanceof Date);
  return moments.length ? new Date(Math.min(...moments.map((moment) => moment.getTime()))) : undefined;
}

export interface WorkerOptions {
  /** LISTEN on COMMANDS_CHANNEL (`Database.listen`): wakes at once when any process queues commands. */
  listen?: Database['listen'];
  /** Longest sleep of an idle worker (default WORKER_SAFETY_NET_MS). */
  safetyNetMs?: number;
}

/**
 * Runs the queue in the background. It wakes when commands are queued — the notification of
 * `enqueueCommands` from any process on the same database, or `wake()` from this process — and
 * at the earliest pending moment (`nextCommandMoment`), at the latest after the safety net;
 * between those moments an idle worker makes no query.
 */
export class CommandWorker {
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private again = false;
  private stopped = false;
  private stopListening?: () => Promise<void>;
  private safetyNetMs = WORKER_SAFETY_NET_MS;
  /** While the database is away, its failure is logged once a minute, not on every attempt. */
  private lastOutageLog = 0;

  constructor(private db: Db, private driver: DeviceDriver, private now: () => Date, private log: (m: string, e?: unknown) => void) {}

  /** Listens (when given `listen`) and runs a first pass: commands queued while no worker ran. */
  async start(options: WorkerOptions = {}) {
    this.safetyNetMs = options.safetyNetMs ?? WORKER_SAFETY_NET_MS;
    if (options.listen) this.stopListening = await options.listen(COMMANDS_CHANNEL, () => this.wake());
    this.wake();
  }

  /** Stops listening and waiting; resolves once a pass under way has finished. */
  async stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.stopListening?.();
    await this.running;
  }

  /** Resolves once no pass is under way (tests). */
  async settled() {
    while (this.running) await this.running;
  }

  /** Runs the queue now (or right after the pass under way). */
  wake() {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.running = this.pass().finally(() => {
      this.running = undefined;
      if (this.again) this.wake();
    });
  }

  private async pass() {
    let next: number;
    try {
      do {
        this.again = false;
        while (!this.stopped && (await runDueCommands(this.db, this.driver, this.now())) > 0) { /* drain */ }
      } while (this.again && !this.stopped);
      const moment = await nextCommandMoment(this.db);
      const wait = moment ? moment.getTime() - this.now().getTime() : this.safetyNetMs;
      // A moment already past after a full pass belongs to a command another worker holds right
      // now (SKIP LOCKED): look again shortly rather than spin.
      next = wait > 0 ? wait : WORKER_RETRY_MS;
    } catch (error) {
      if (!isConnectionError(error)) this.log('command worker failed', error);
      else if (Date.now() - this.lastOutageLog > 60_000) {
        this.lastOutageLog = Date.now();
        this.log('command worker: database unavailable, retrying every second', error);
      }
      next = WORKER_RETRY_MS;
    }
    this.sleep(next);
  }

  /** The next pass in `ms` (never later than the safety net; a moment already past: at once). */
  private sleep(ms: number) {
    clearTimeout(this.timer);
    if (this.stopped) return;
    this.timer = setTimeout(() => this.wake(), Math.min(Math.max(ms, 0), this.safetyNetMs));
    this.timer.unref();
  }
}
