import { and, eq, inArray, lt, lte, sql } from 'drizzle-orm';
import { schema, type Db } from '../db';
import type { DeviceDriver, DeviceOutcome, DeviceTarget } from '../devices/driver';
import { publish, publishCommands } from '../realtime/events';
import { clearReadFailure, markReadFailure } from './readFailures';
import { isConnectionError } from '../db/errors';

const { commands, waterMeters, electricMeters, modules } = schema;

export const COMMAND_MAX_ATTEMPTS = 3;
export const COMMAND_DEADLINE_MS = 10 * 60 * 1000;
/**
 * A command still `sent` this long after it was claimed was abandoned by a worker that died
 * (SIGKILL, crash, power loss) in the middle of it: no driver call takes this long.
 */
export const COMMAND_SENT_STALE_MS = 2 * 60 * 1000;
const BACKOFF_MS = [0, 2_000, 10_000];

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
  await publishCommands(db, [...requeued, ...failed]);
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
        // The device answered: it is no longer a communication failure.
        if (target && (await clearReadFailure(tx, target, now))) readFailureAreas.add(target.areaId);
      } else if (outcome.code === 'no_reply' && command.attempts < COMMAND_MAX_ATTEMPTS) {
        const retryAt = new Date(now.getTime() + BACKOFF_MS[Math.min(command.attempts, BACKOFF_MS.length - 1)]);
        await tx.update(commands).set({ state: 'queued', resultCode: outcome.code, nextAttemptAt: retryAt }).where(eq(commands.id, command.id));
      } else {
        await tx.update(commands).set({ state: 'failed', resultCode: outcome.code, result: { detail: outcome.detail ?? null }, finishedAt: now }).where(eq(commands.id, command.id));
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

/** Runs the queue in the background: on a short interval, and at once when woken. */
export class CommandWorker {
  private timer?: NodeJS.Timeout;
  private running = false;
  private again = false;
  /** While the database is away, its failure is logged once a minute, not on every tick. */
  private lastOutageLog = 0;

  constructor(private db: Db, private driver: DeviceDriver, private now: () => Date, private log: (m: string, e?: unknown) => void) {}

  start(intervalMs = 1000) {
    this.timer = setInterval(() => this.wake(), intervalMs);
    this.timer.unref();
  }

  stop() {
    clearInterval(this.timer);
  }

  wake() {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = true;
    void (async () => {
      try {
        do {
          this.again = false;
          while ((await runDueCommands(this.db, this.driver, this.now())) > 0) { /* drain */ }
        } while (this.again);
      } catch (error) {
        if (!isConnectionError(error)) this.log('command worker failed', error);
        else if (Date.now() - this.lastOutageLog > 60_000) {
          this.lastOutageLog = Date.now();
          this.log('command worker: database unavailable, retrying every second', error);
        }
      } finally {
        this.running = false;
      }
    })();
  }
}
