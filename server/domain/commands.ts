import { and, eq, inArray, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { schema, type Database, type Db } from '../db';
import type { DeviceDriver, DeviceOutcome, DeviceTarget, ModuleTarget } from '../devices/driver';
import type { ModuleSettings } from '../db/schema/devices';
import { publish, publishCommands } from '../realtime/events';
import { clearReadFailure, markReadFailure } from './readFailures';
import { isConnectionError } from '../db/errors';
import { followCommandOutcome } from './orderStatus';
import { recordCommandResult } from './deviceEvents';
import { assignParameterSet, withParameterValues } from './templates';
import { recordCalibration } from './calibration';
import { recordPresetResults } from './presetEnergy';
import { parameterHoldMs } from '../config';

const { commands } = schema;

export const COMMAND_MAX_ATTEMPTS = 3;
export const COMMAND_DEADLINE_MS = 10 * 60 * 1000;
/**
 * A command still `sent` this long after it was claimed was abandoned by a worker that died
 * (SIGKILL, crash, power loss) in the middle of it: no driver call takes this long (the pipeline
 * gives up on one after COMMAND_DRIVER_TIMEOUT_MS).
 */
export const COMMAND_SENT_STALE_MS = 2 * 60 * 1000;
const BACKOFF_MS = [0, 2_000, 10_000];

/**
 * Command types that wait for an offline module longer than COMMAND_DEADLINE_MS: a parameter set
 * or a preset the operator expects to reach the meter when its module is back (PARAMETER_HOLD_HOURS,
 * default 24 h: parameterHoldMs in server/config.ts).
 */
export const LONG_HOLD_TYPES: readonly string[] = ['set_parameter', 'preset_energy'];

/** How long a new command of `type` may wait before it expires (COMMAND_DEADLINE_MS, or the hold of LONG_HOLD_TYPES). */
export const commandDeadlineMs = (type: string) => (LONG_HOLD_TYPES.includes(type) ? Math.max(parameterHoldMs(), COMMAND_DEADLINE_MS) : COMMAND_DEADLINE_MS);

/**
 * Whether the module `moduleId` (an SQL expression) is away: offline and not a TCP gateway. A
 * command through such a module is held — never claimed, no attempt, no backoff spent — until the
 * module is online again (a DTU registering, a simulated module's heartbeat: setModuleOnline wakes
 * the workers), or it expires at its deadline as `module_offline`. A TCP gateway's online state
 * comes only from answers through it, so its commands are always tried (as the auto-reader does).
 * The claims (claimIdleModules, claimFirstOf) apply the same condition.
 */
export const moduleAway = (moduleId: SQL) =>
  sql<boolean>`EXISTS (SELECT 1 FROM modules ma WHERE ma.id = ${moduleId} AND NOT ma.online AND ma.kind <> 'tcp-gateway')`;

/**
 * Lanes in flight per worker: one lane per module (one outstanding frame per module, a module
 * being one RS-485 bus), this many modules at once.
 */
export const COMMAND_LANES = 64;
/**
 * The longest the pipeline waits for one driver call: a driver that never answers (a dead
 * gateway, a bug) gives `no_reply` (retried with backoff) instead of holding its lane. Well under
 * COMMAND_SENT_STALE_MS, so recovery never takes a command whose frame may still be on the wire.
 */
export const COMMAND_DRIVER_TIMEOUT_MS = 60_000;
/**
 * A lane runs at most this many commands of its module in a row, then gives its place back: the
 * modules waiting for a lane take turns by their oldest due command.
 */
export const COMMAND_LANE_TURN = 32;
/** Command progress events of running lanes go out at most this often (one per area each time). */
export const COMMAND_PUBLISH_MS = 250;

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

/** The module a new command goes through: the device's module at queue time (a module's own id for a module). */
const moduleAtQueueTime = (item: NewCommand): SQL =>
  item.deviceKind === 'module' ? sql`${item.deviceId}::int`
    : item.deviceKind === 'electric' ? sql`(SELECT module_id FROM electric_meters WHERE id = ${item.deviceId})`
      : sql`(SELECT module_id FROM water_meters WHERE id = ${item.deviceId})`;

/**
 * Queues commands (inside the caller's transaction); returns their ids. Each command records its
 * module (`module_id`, looked up in the same INSERT): it keeps that path until it finishes, even if
 * the meter moves to another module meanwhile. A meter without a module gets none: the worker
 * fails such a command at once as `no_path`.
 */
export async function enqueueCommands(db: Db, operatorId: number | null, items: NewCommand[], now: Date): Promise<number[]> {
  if (!items.length) return [];
  const batchId = `${now.getTime().toString(36)}-${operatorId ?? 'system'}`;
  const ids: number[] = [];
  for (let i = 0; i < items.length; i += 500) {
    const rows = await db
      .insert(commands)
      .values(items.slice(i, i + 500).map((item) => ({
        ...item, moduleId: moduleAtQueueTime(item), payload: item.payload ?? {}, operatorId, batchId, nextAttemptAt: now,
        deadline: new Date(now.getTime() + commandDeadlineMs(item.type)), createdAt: now,
      })))
      .returning({ id: commands.id });
    ids.push(...rows.map((r) => r.id));
  }
  await announceCommands(db);
  return ids;
}

/** A TCP gateway answered: online, with its last heartbeat (written at most once a minute). */
async function markGatewayHeard(db: Db, moduleId: number, now: Date) {
  await db.update(schema.modules).set({ online: true, lastHeartbeatAt: now }).where(and(
    eq(schema.modules.id, moduleId),
    or(eq(schema.modules.online, false), isNull(schema.modules.lastHeartbeatAt), lt(schema.modules.lastHeartbeatAt, new Date(now.getTime() - 60_000))),
  ));
}

/** A driver's outcome, or the pipeline's own: `no_path` for a device without a module. */
type Outcome = DeviceOutcome | { ok: false; code: 'no_path'; detail?: string; data?: undefined };

/** The device of a command as the driver gets it, with what the pipeline needs for faults. */
type Target = DeviceTarget & { areaId: number; roomId: number | null };

/**
 * A command taken by a lane (state `sent`), with its device (undefined: the device was removed),
 * read with the claim in one statement.
 */
interface Claimed {
  id: number;
  areaId: number;
  deviceKind: string;
  deviceId: number;
  moduleId: number;
  type: string;
  payload: Record<string, unknown>;
  attempts: number;
  target?: Target;
  /** The device is in the read-failure list (an answer takes it off). */
  readFailureOpen: boolean;
}

type Changed = { id: number; areaId: number };

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const num = (value: unknown) => (value === null || value === undefined ? null : Number(value));
const dateOf = (value: unknown) => (value === null || value === undefined ? null : value instanceof Date ? value : new Date(String(value)));
const jsonOf = <T>(value: unknown): T | undefined => (typeof value === 'string' ? (JSON.parse(value) as T) : (value as T | undefined) ?? undefined);

interface ClaimRow {
  id: unknown; area_id: unknown; device_kind: string; device_id: unknown; module_id: unknown; type: string; payload: unknown; attempts: unknown;
  device_found: boolean; device_address: string | null; device_online: boolean | null; device_area_id: unknown; room_id: unknown;
  meter_type: string | null; last_total: unknown; last_read_at: unknown;
  relay_state: string | null; keep_supply: boolean | null; valve_state: string | null; battery_low: boolean | null;
  m_id: unknown; m_address: string | null; m_kind: string | null; m_protocol: string | null; m_host: string | null; m_port: unknown; m_online: boolean | null; m_settings: unknown;
  read_failure_open: boolean;
}

function claimedOf(row: ClaimRow): Claimed {
  const module: ModuleTarget | undefined = row.m_id === null || row.m_id === undefined ? undefined : {
    id: Number(row.m_id), address: row.m_address ?? '', kind: row.m_kind ?? 'simulator', protocol: row.m_protocol ?? 'dlt645',
    host: row.m_host, port: num(row.m_port), online: Boolean(row.m_online), settings: jsonOf<ModuleSettings>(row.m_settings) ?? {},
  };
  const kind = row.device_kind as Target['kind'];
  const areaId = Number(row.area_id);
  const target: Target | undefined = row.device_found ? {
    kind, id: Number(row.device_id), address: row.device_address ?? '', online: Boolean(row.device_online), module,
    areaId: num(row.device_area_id) ?? areaId, roomId: num(row.room_id),
    ...(kind === 'water' ? { meterType: row.meter_type ?? 'cold' } : {}),
    ...(kind === 'module' ? {} : { lastTotal: num(row.last_total), lastReadAt: dateOf(row.last_read_at) }),
    // The recorded state, for the simulator (SimulatorTarget): a meter cut before a restart stays cut.
    ...(kind === 'electric' ? { relayState: row.relay_state ?? undefined, keepSupply: row.keep_supply ?? undefined } : {}),
    ...(kind === 'water' ? { valveState: row.valve_state ?? undefined, batteryLow: row.battery_low ?? undefined } : {}),
  } : undefined;
  return {
    id: Number(row.id), areaId, deviceKind: row.device_kind, deviceId: Number(row.device_id), moduleId: Number(row.module_id),
    type: row.type, payload: jsonOf<Record<string, unknown>>(row.payload) ?? {}, attempts: Number(row.attempts), target,
    readFailureOpen: Boolean(row.read_failure_open),
  };
}

/**
 * Takes the first due command of each of `moduleIds` that is reachable (not away: moduleAway)
 * and has no `sent` command (on the partial index `commands_queued_module`), and returns them
 * with their devices and modules (the driver's whole target): one statement, however many modules — the SQL function `claim_module_commands`
 * of migration 0010 (a function so that its plan is kept: planning that statement cost several
 * times its run, once per command).
 */
async function claimFirstOf(db: Db, moduleIds: number[], now: Date): Promise<Claimed[]> {
  if (!moduleIds.length) return [];
  // Only modules that are reachable: a module away holds its commands (moduleAway). The condition
  // stays outside the function: inside it, it changed the function's kept plan and cut the
  // pipeline's throughput to a third (npm run bench:commands).
  const rows = rowsOf<ClaimRow>(await db.execute(sql`SELECT * FROM claim_module_commands(ARRAY(SELECT m.id FROM modules m
    WHERE m.id IN (${sql.join(moduleIds.map((id) => sql`${id}::int`), sql`, `)}) AND (m.online OR m.kind = 'tcp-gateway')), ${now.toISOString()}::timestamptz)`));
  return rows.map(claimedOf);
}

/**
 * Claims the first due command of up to `limit` idle modules, oldest due command first: one
 * outstanding frame per module across every worker of every process.
 *
 * Why it is race-free on PostgreSQL (READ COMMITTED): the module rows are locked first
 * (`FOR NO KEY UPDATE SKIP LOCKED`, which two claimers cannot both hold, while foreign-key checks
 * and readers pass), and only then — in a *later statement*, whose snapshot is taken after the
 * lock was granted — is the module checked for a `sent` command and its next command set `sent`,
 * before the commit releases the lock. A claimer that locks the module after another one's commit
 * therefore sees that one's `sent` command. (In one statement the snapshot would predate the lock
 * and could miss it.) A lane that finishes a command sets it done and claims its module's next in
 * the same transaction, so the module is never seen without its `sent` command in between; it
 * needs no lock, since no one else claims for a module that has a `sent` command.
 * On PGlite (one connection, transactions one at a time) the same statements are trivially safe.
 * Commands whose module row was deleted while they waited are never claimed: they expire at their
 * deadline (looking for them on every pass would cost a probe per queued command). Nor are those of
 * a module that is away (`moduleAway`): held until it is back, or until their deadline.
 */
async function claimIdleModules(db: Db, now: Date, limit: number): Promise<Claimed[]> {
  if (limit <= 0) return [];
  const at = now.toISOString();
  return db.transaction(async (tx) => {
    const locked = rowsOf<{ id: unknown }>(await tx.execute(sql`
      WITH due AS (
        SELECT module_id, min(id) AS first FROM commands
        WHERE state = 'queued' AND next_attempt_at <= ${at} AND module_id IS NOT NULL
        GROUP BY module_id
      )
      SELECT m.id FROM modules m JOIN due ON due.module_id = m.id
      WHERE (m.online OR m.kind = 'tcp-gateway')
        AND NOT EXISTS (SELECT 1 FROM commands s WHERE s.module_id = m.id AND s.state = 'sent')
      ORDER BY due.first LIMIT ${limit}
      FOR NO KEY UPDATE OF m SKIP LOCKED`)).map((row) => Number(row.id));
    return claimFirstOf(tx, locked, now);
  });
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
 * The queue's bookkeeping before claiming: queued commands past their deadline expire (a `sent`
 * one is left to its lane, or to recovery if its worker died); abandoned `sent` commands are
 * recovered; a due command written without a module (by an older process) takes its device's
 * module, and one whose device has no module fails at once as `no_path` (nothing can reach it,
 * retrying included) — or `device_error` when the device is gone. Returns the finished commands.
 */
async function tidyQueue(db: Db, now: Date): Promise<Changed[]> {
  const at = now.toISOString();
  const expired = await db.transaction(async (tx) => {
    const rows = await tx
      .update(commands)
      // Held to the end by its module being away: `module_offline`, else plainly late.
      .set({ state: 'expired', finishedAt: now, resultCode: sql`CASE WHEN ${moduleAway(sql.raw('"commands"."module_id"'))} THEN 'module_offline' ELSE 'deadline' END` })
      .where(and(eq(commands.state, 'queued'), lte(commands.deadline, now)))
      .returning({ id: commands.id, areaId: commands.areaId });
    await followCommandOutcome(tx, rows.map((command) => command.id), 'failed');
    // A preset that expired is a record of its own (preset_power_record).
    await recordPresetResults(tx, rows.map((command) => command.id));
    return rows;
  });
  await recoverAbandonedCommands(db, now);
  await db.execute(sql`
    UPDATE commands c SET module_id = CASE c.device_kind
      WHEN 'module' THEN c.device_id
      WHEN 'electric' THEN (SELECT e.module_id FROM electric_meters e WHERE e.id = c.device_id)
      WHEN 'water' THEN (SELECT w.module_id FROM water_meters w WHERE w.id = c.device_id) END
    WHERE c.state = 'queued' AND c.module_id IS NULL AND c.next_attempt_at <= ${at}`);
  const noPath = await db.transaction(async (tx) => {
    const rows = rowsOf<{ id: unknown; area_id: unknown }>(await tx.execute(sql`
      UPDATE commands c SET state = 'failed', attempts = c.attempts + 1, finished_at = ${at},
        result_code = CASE WHEN (c.device_kind = 'electric' AND EXISTS (SELECT 1 FROM electric_meters e WHERE e.id = c.device_id))
          OR (c.device_kind = 'water' AND EXISTS (SELECT 1 FROM water_meters w WHERE w.id = c.device_id)) THEN 'no_path' ELSE 'device_error' END,
        result = CASE WHEN (c.device_kind = 'electric' AND EXISTS (SELECT 1 FROM electric_meters e WHERE e.id = c.device_id))
          OR (c.device_kind = 'water' AND EXISTS (SELECT 1 FROM water_meters w WHERE w.id = c.device_id))
          THEN '{"detail":"no module"}'::jsonb ELSE '{"detail":"device removed"}'::jsonb END
      WHERE c.state = 'queued' AND c.module_id IS NULL AND c.next_attempt_at <= ${at}
      RETURNING c.id, c.area_id`)).map((row) => ({ id: Number(row.id), areaId: Number(row.area_id) }));
    await followCommandOutcome(tx, rows.map((command) => command.id), 'failed');
    await recordPresetResults(tx, rows.map((command) => command.id));
    return rows;
  });
  return [...expired, ...noPath];
}

/** Thrown inside a result's transaction when the command is no longer this lane's (rolled back). */
class NotOurs extends Error {}

export interface LaneOptions {
  /** Lanes (modules) in flight at once (default COMMAND_LANES). */
  lanes?: number;
  /** Longest wait for one driver call before it counts as `no_reply` (default COMMAND_DRIVER_TIMEOUT_MS). */
  driverTimeoutMs?: number;
  /** Commands a lane runs in a row before giving its place back (default COMMAND_LANE_TURN). */
  turn?: number;
  /** Progress events at most this often; 0: only when `flush()` is called (default COMMAND_PUBLISH_MS). */
  publishEveryMs?: number;
}

/**
 * The lanes of one worker: one lane per module, running that module's commands one at a time
 * (each lane claims its module's next command in the transaction that records the previous
 * one's result), up to `lanes` modules at once. A lane never waits for another: a slow or dead
 * module holds only its own lane (its driver calls give up after `driverTimeoutMs`).
 */
class Lanes {
  private readonly active = new Map<number, Promise<void>>();
  private sequence = 0;
  private stopping = false;
  private filling?: Promise<number>;
  private pending: Changed[] = [];
  private readFailureAreas = new Set<number>();
  private publishTimer?: NodeJS.Timeout;
  /** Commands finished or taken (for `runDueCommands`' count). */
  handled = 0;
  readonly errors: unknown[] = [];
  private readonly options: Required<LaneOptions>;

  constructor(
    private db: Db, private driver: DeviceDriver, private now: () => Date,
    options: LaneOptions, private onLaneEnd: () => void, private log: (m: string, e?: unknown) => void,
  ) {
    this.options = {
      lanes: options.lanes ?? COMMAND_LANES, driverTimeoutMs: options.driverTimeoutMs ?? COMMAND_DRIVER_TIMEOUT_MS,
      turn: options.turn ?? COMMAND_LANE_TURN, publishEveryMs: options.publishEveryMs ?? COMMAND_PUBLISH_MS,
    };
  }

  get size() {
    return this.active.size;
  }

  /** Resolves once no lane runs. */
  async idle() {
    while (this.active.size) await Promise.all(this.active.values());
  }

  /** Resolves when any lane ends (at once when none runs). */
  async anyEnded() {
    if (this.active.size) await Promise.race(this.active.values());
  }

  /** Lanes finish the command in hand and take no other. */
  stop() {
    this.stopping = true;
  }

  /** Housekeeping of the queue (expiry, recovery, no path); its changes join the next event. */
  async tidy() {
    const finished = await tidyQueue(this.db, this.now());
    this.handled += finished.length;
    this.note(finished);
  }

  /** Claims due commands of idle modules for the free lanes and starts them; one claim at a time. */
  fill(): Promise<number> {
    if (this.stopping) return Promise.resolve(0);
    if (this.filling) return this.filling.then(() => this.fill());
    const run = (async () => {
      const claimed = await claimIdleModules(this.db, this.now(), this.options.lanes - this.active.size);
      this.note(claimed);
      for (const command of claimed) this.start(command);
      return claimed.length;
    })();
    this.filling = run.finally(() => {
      this.filling = undefined;
    });
    return run;
  }

  private start(first: Claimed) {
    const key = ++this.sequence;
    const lane = this.run(first)
      .catch((error) => {
        this.errors.push(error);
        if (!isConnectionError(error)) this.log(`command lane of module ${first.moduleId} failed`, error);
      })
      .finally(() => {
        this.active.delete(key);
        this.onLaneEnd();
      });
    this.active.set(key, lane);
  }

  private async run(first: Claimed) {
    let command: Claimed | undefined = first;
    for (let turn = 1; command; turn++) {
      const outcome = await this.execute(command);
      command = await this.finish(command, outcome, !this.stopping && turn < this.options.turn);
    }
  }

  /** One driver call, bounded by the driver timeout; a driver that throws is a device error. */
  private async execute(command: Claimed): Promise<Outcome> {
    const { target } = command;
    if (!target) return { ok: false, code: 'device_error', detail: 'device removed' };
    if (!target.module) return { ok: false, code: 'no_path', detail: 'module removed' };
    let timer: NodeJS.Timeout | undefined;
    try {
      return await Promise.race([
        Promise.resolve()
          // A set_parameter carries the set's values as they are when it is sent (and a timed set's schedule).
          .then(async () => this.driver.execute(target, command.type, command.type === 'set_parameter' ? await withParameterValues(this.db, command.payload) : command.payload))
          .catch((error: unknown): Outcome => ({ ok: false, code: 'device_error', detail: error instanceof Error ? error.message : String(error) })),
        new Promise<Outcome>((resolve) => {
          timer = setTimeout(() => resolve({ ok: false, code: 'no_reply', detail: 'timeout' }), this.options.driverTimeoutMs);
        }),
      ]);
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * Records a command's outcome and, when `next`, claims its module's next due command, in one
   * transaction. A command that is no longer this lane's (recovered as abandoned meanwhile) is
   * left as it is: nothing is recorded.
   */
  private async finish(command: Claimed, outcome: Outcome, next: boolean): Promise<Claimed | undefined> {
    const now = this.now();
    const { target } = command;
    let readFailure = false;
    let claimed: Claimed[] = [];
    const ours = and(eq(commands.id, command.id), eq(commands.state, 'sent'), eq(commands.attempts, command.attempts));
    // Only a command queued for a recharge order (payload.orderId) moves an order's status.
    const forOrder = command.payload.orderId !== undefined;
    try {
      await this.db.transaction(async (tx) => {
        if (outcome.ok) {
          const done = await tx.update(commands).set({ state: 'succeeded', resultCode: 'ok', result: outcome.data ?? {}, finishedAt: now }).where(ours).returning({ id: commands.id });
          if (!done.length) throw new NotOurs();
          await recordCommandResult(tx, { kind: command.deviceKind, id: command.deviceId, type: command.type, data: outcome.data ?? {}, commandId: command.id, payload: command.payload, now });
          // A parameter set the meter has taken becomes its assignment (issue 29), in this transaction.
          await assignParameterSet(tx, command);
          // A recharge calibration's correction the meter took is its calibration record (issue 30).
          await recordCalibration(tx, command, outcome.data ?? {}, now);
          // A preset the meter took is its preset_power_record row, in this transaction.
          if (command.type === 'preset_energy') await recordPresetResults(tx, [command.id]);
          // A frame answered through a TCP gateway: the gateway is reachable (online, its heartbeat
          // moved at most once a minute). A DTU's state follows its registration instead.
          if (target?.module?.kind === 'tcp-gateway') await markGatewayHeard(tx, target.module.id, now);
          if (forOrder) await followCommandOutcome(tx, [command.id], 'succeeded');
          // The device answered: it is no longer a communication failure.
          if (target && command.readFailureOpen && (await clearReadFailure(tx, target, now))) readFailure = true;
        } else if (outcome.code === 'no_reply' && command.attempts < COMMAND_MAX_ATTEMPTS) {
          const retryAt = new Date(now.getTime() + BACKOFF_MS[Math.min(command.attempts, BACKOFF_MS.length - 1)]);
          const done = await tx.update(commands).set({ state: 'queued', resultCode: outcome.code, nextAttemptAt: retryAt }).where(ours).returning({ id: commands.id });
          if (!done.length) throw new NotOurs();
          // Every worker learns of the retry's moment (another process takes it if this one stops).
          await announceCommands(tx);
        } else {
          const done = await tx.update(commands).set({ state: 'failed', resultCode: outcome.code, result: { detail: outcome.detail ?? null }, finishedAt: now }).where(ours).returning({ id: commands.id });
          if (!done.length) throw new NotOurs();
          if (forOrder) await followCommandOutcome(tx, [command.id], 'failed');
          if (command.type === 'preset_energy') await recordPresetResults(tx, [command.id]);
          // No answer after every attempt (DOMAIN.md rule 7): the device joins the read-failure list.
          if (target && outcome.code === 'no_reply' && (await markReadFailure(tx, target, command.type, now))) readFailure = true;
        }
        if (next) claimed = await claimFirstOf(tx, [command.moduleId], now);
      });
    } catch (error) {
      if (error instanceof NotOurs) return undefined;
      throw error;
    }
    this.handled++;
    if (readFailure && target) this.readFailureAreas.add(target.areaId);
    this.note([command, ...claimed]);
    return claimed[0];
  }

  /** Notes changed commands for the next progress event (throttled: one per area per period). */
  private note(changed: Changed[]) {
    if (!changed.length) return;
    this.pending.push(...changed.map(({ id, areaId }) => ({ id, areaId })));
    if (this.options.publishEveryMs > 0 && !this.publishTimer) {
      this.publishTimer = setTimeout(() => {
        this.publishTimer = undefined;
        this.flush().catch((error) => this.log('command progress event failed', error));
      }, this.options.publishEveryMs);
      this.publishTimer.unref();
    }
  }

  /** Sends the pending progress events: one `commands` event per area, one `readFailures` per area that changed. */
  async flush() {
    clearTimeout(this.publishTimer);
    this.publishTimer = undefined;
    const changed = this.pending.splice(0);
    const areas = [...this.readFailureAreas];
    this.readFailureAreas.clear();
    await publishCommands(this.db, changed);
    for (const areaId of areas) await publish(this.db, { type: 'readFailures', areaId });
  }
}

/**
 * Runs the queue once, to the end, on a fixed clock (tests, tools, benchmarks): housekeeping
 * (expiry, recovery, `no_path`), then lanes — one per module with due commands, up to `lanes` at
 * once, each running its module's commands one at a time, a new lane starting as soon as one
 * ends — until no due command of an idle module is left. Retries fall due later (their backoff on
 * the clock), so a call ends. Progress events go out once, at the end (one per area).
 * Returns how many commands were handled (claimed and finished, or finished by housekeeping).
 */
export async function runDueCommands(db: Db, driver: DeviceDriver, now: Date, lanes = COMMAND_LANES, options: Omit<LaneOptions, 'lanes' | 'publishEveryMs'> = {}): Promise<number> {
  const set = new Lanes(db, driver, () => now, { ...options, lanes, publishEveryMs: 0 }, () => undefined, () => undefined);
  try {
    await set.tidy();
    for (;;) {
      await set.fill();
      if (!set.size) break;
      await set.anyEnded();
    }
  } finally {
    await set.idle();
    await set.flush();
  }
  if (set.errors.length) throw set.errors[0];
  return set.handled;
}

/**
 * The earliest moment something in the queue falls due without anyone queuing a command: a retry's
 * next attempt, a deadline, a `sent` command turning stale. Undefined when nothing is pending.
 * A command held by its module being away counts by its deadline only: it falls due when the
 * module is back, which wakes the workers (setModuleOnline). One query (on the `state` index:
 * pending commands only, their modules joined).
 */
export async function nextCommandMoment(db: Db): Promise<Date | undefined> {
  // Claimable when due: its module reachable (online, or a TCP gateway), or none recorded yet
  // (tidyQueue gives it one or fails it). A deleted module's commands wait for their deadline.
  const reachable = sql`coalesce(${schema.modules.online} OR ${schema.modules.kind} = 'tcp-gateway', ${commands.moduleId} IS NULL)`;
  const [row] = await db
    .select({
      nextAttempt: sql<Date | null>`min(${commands.nextAttemptAt}) FILTER (WHERE ${commands.state} = 'queued' AND ${reachable})`.mapWith(commands.nextAttemptAt),
      deadline: sql<Date | null>`min(${commands.deadline}) FILTER (WHERE ${commands.state} = 'queued')`.mapWith(commands.deadline),
      sentAt: sql<Date | null>`min(${commands.sentAt}) FILTER (WHERE ${commands.state} = 'sent')`.mapWith(commands.sentAt),
    })
    .from(commands)
    .leftJoin(schema.modules, eq(schema.modules.id, commands.moduleId))
    .where(inArray(commands.state, ['queued', 'sent']));
  const moments = [
    row?.nextAttempt, row?.deadline,
    row?.sentAt ? new Date(row.sentAt.getTime() + COMMAND_SENT_STALE_MS) : null,
  ].filter((moment): moment is Date => moment instanceof Date);
  return moments.length ? new Date(Math.min(...moments.map((moment) => moment.getTime()))) : undefined;
}

export interface WorkerOptions extends LaneOptions {
  /** LISTEN on COMMANDS_CHANNEL (`Database.listen`): wakes at once when any process queues commands. */
  listen?: Database['listen'];
  /** Longest sleep of an idle worker (default WORKER_SAFETY_NET_MS). */
  safetyNetMs?: number;
}

/**
 * Runs the queue in the background. It wakes when commands are queued — the notification of
 * `enqueueCommands` from any process on the same database, or `wake()` from this process — when
 * one of its lanes ends (a free lane: the next idle module's commands), and at the earliest
 * pending moment (`nextCommandMoment`), at the latest after the safety net; between those moments
 * an idle worker makes no query. A pass tidies the queue, claims commands of idle modules for its
 * free lanes and starts them; it does not wait for them (server/domain/commands.ts `Lanes`).
 */
export class CommandWorker {
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private again = false;
  private fullWanted = false;
  private stopped = false;
  private stopListening?: () => Promise<void>;
  private safetyNetMs = WORKER_SAFETY_NET_MS;
  private lanes?: Lanes;
  /** While the database is away, its failure is logged once a minute, not on every attempt. */
  private lastOutageLog = 0;

  constructor(private db: Db, private driver: DeviceDriver, private now: () => Date, private log: (m: string, e?: unknown) => void) {}

  /** Listens (when given `listen`) and runs a first pass: commands queued while no worker ran. */
  async start(options: WorkerOptions = {}) {
    this.safetyNetMs = options.safetyNetMs ?? WORKER_SAFETY_NET_MS;
    this.lanes = new Lanes(this.db, this.driver, this.now, options, () => this.schedule(false), this.log);
    if (options.listen) this.stopListening = await options.listen(COMMANDS_CHANNEL, () => this.wake());
    this.wake();
  }

  /** Stops listening and claiming; resolves once the pass and the lanes under way have finished. */
  async stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    this.lanes?.stop();
    await this.stopListening?.();
    await this.running;
    await this.lanes?.idle();
    await this.lanes?.flush().catch(() => undefined);
  }

  /** Resolves once no pass and no lane is under way (tests). */
  async settled() {
    while (this.running || this.lanes?.size) {
      await this.running;
      await this.lanes?.idle();
    }
  }

  /** Runs the queue now (or right after the pass under way). */
  wake() {
    this.schedule(true);
  }

  /**
   * A full pass (`full`: tidy, claim, the next moment) or, when a lane ended, only a claim for the
   * free lane: one at a time; what is asked for meanwhile runs right after (a full pass if any was).
   */
  private schedule(full: boolean) {
    if (this.stopped || !this.lanes) return;
    if (full) this.fullWanted = true;
    if (this.running) {
      this.again = true;
      return;
    }
    const runFull = this.fullWanted;
    this.fullWanted = false;
    this.again = false;
    if (runFull) clearTimeout(this.timer);
    this.running = (runFull ? this.pass() : this.refill()).finally(() => {
      this.running = undefined;
      if (this.again) this.schedule(false);
    });
  }

  /** A lane ended: claim for the free lane; once no lane runs, a full pass finds the next moment. */
  private async refill() {
    try {
      await this.lanes!.fill();
    } catch (error) {
      this.failed(error);
      this.sleep(WORKER_RETRY_MS);
      return;
    }
    if (!this.lanes!.size) await this.pass();
  }

  private async pass() {
    const lanes = this.lanes!;
    let next: number;
    try {
      await lanes.tidy();
      await lanes.fill();
      const moment = await nextCommandMoment(this.db);
      const wait = moment ? moment.getTime() - this.now().getTime() : this.safetyNetMs;
      // A moment already past after a pass: a command of a module whose lane runs (here: its end
      // claims again; elsewhere: look again shortly rather than spin), or held by another worker.
      next = wait > 0 ? wait : lanes.size ? this.safetyNetMs : WORKER_RETRY_MS;
    } catch (error) {
      this.failed(error);
      next = WORKER_RETRY_MS;
    }
    this.sleep(next);
  }

  private failed(error: unknown) {
    if (!isConnectionError(error)) this.log('command worker failed', error);
    else if (Date.now() - this.lastOutageLog > 60_000) {
      this.lastOutageLog = Date.now();
      this.log('command worker: database unavailable, retrying every second', error);
    }
  }

  /** The next pass in `ms` (never later than the safety net; a moment already past: at once). */
  private sleep(ms: number) {
    clearTimeout(this.timer);
    if (this.stopped) return;
    this.timer = setTimeout(() => this.wake(), Math.min(Math.max(ms, 0), this.safetyNetMs));
    this.timer.unref();
  }
}
