import { and, eq, inArray, isNull, lt, ne, or } from 'drizzle-orm';
import { schema, type Db } from '../db';
import { moduleOffline } from '../devices/living';
import { PeriodicJob } from './periodic';
import { publish } from '../realtime/events';
import { announceCommands } from './commands';

const { modules, faults } = schema;

/**
 * Which module changes state: a `dtu` by the address it registered with (its state and heartbeat
 * written every time), or any module by id, written only if its online state differs (so two
 * processes seeing the same change write it once).
 */
export type ModuleRef = { kind: 'dtu'; address: string } | { id: number };

/** The `offline` fault's detail (stored data, in the estate's language like the seed's). */
const OFFLINE_DETAIL: Record<string, string> = { dtu: 'DTU 连接断开', simulator: '心跳超时' };

/**
 * A module went away or came back: its online state and heartbeat, and its `offline` fault opened
 * (once) or cleared; back online, the command workers are woken for the commands held meanwhile. Used by the DTU listener (registration, silence) and the simulated heartbeat.
 * Returns whether a module row was written.
 */
export async function setModuleOnline(db: Db, ref: ModuleRef, online: boolean, at: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const match = 'id' in ref
      ? and(eq(modules.id, ref.id), ne(modules.online, online))
      : and(eq(modules.kind, ref.kind), eq(modules.address, ref.address));
    const [module] = await tx.update(modules).set({ online, lastHeartbeatAt: at }).where(match)
      .returning({ id: modules.id, areaId: modules.areaId, name: modules.name, address: modules.address, kind: modules.kind });
    if (!module) return false;
    const open = and(eq(faults.deviceKind, 'module'), eq(faults.deviceId, module.id), eq(faults.kind, 'offline'), isNull(faults.clearedAt));
    let changed = false;
    if (online) {
      changed = (await tx.update(faults).set({ clearedAt: at }).where(open).returning({ id: faults.id })).length > 0;
      // Commands held while the module was away (server/domain/commands.ts moduleAway) go now:
      // every process's command worker is woken on commit.
      await announceCommands(tx);
    } else {
      const [already] = await tx.select({ id: faults.id }).from(faults).where(open).limit(1);
      if (!already) {
        await tx.insert(faults).values({
          areaId: module.areaId, deviceKind: 'module', deviceId: module.id, kind: 'offline',
          detail: `${module.name ?? module.address} ${OFFLINE_DETAIL[module.kind] ?? '离线'}`, openedAt: at,
        });
        changed = true;
      }
    }
    // The alarm bell lists offline modules beside failed reads: its consoles fetch it again.
    if (changed) await publish(tx, { type: 'readFailures', areaId: module.areaId });
    return true;
  });
}

/** A `dtu` module registered or went away (keyed by the address the DTU registered with). */
export const setDtuOnline = (db: Db, address: string, online: boolean, at: Date) => setModuleOnline(db, { kind: 'dtu', address }, online, at);

export interface SimHeartbeatOptions {
  /** SIM_FAILURE_RATE: the share of simulated modules offline at a time (as the simulator's driver uses it). */
  failureRate: number;
  /** SIM_TIME_SCALE: outage windows last OUTAGE_WINDOW_MINUTES simulated minutes. */
  timeScale: number;
  /** How often an online module's `last_heartbeat_at` moves while nothing changes (default HEARTBEAT_REFRESH_MS). */
  refreshMs?: number;
}

/** An online simulated module's heartbeat time moves at most this often (real time; not one write per tick). */
export const HEARTBEAT_REFRESH_MS = 5 * 60_000;
/** The simulated heartbeat looks every simulated minute, but not more often than this (real time). */
export const SIM_HEARTBEAT_MIN_TICK_MS = 5_000;

/** One simulated minute in real milliseconds, at least SIM_HEARTBEAT_MIN_TICK_MS. */
export const simHeartbeatTickMs = (timeScale: number) => Math.max(SIM_HEARTBEAT_MIN_TICK_MS, Math.round(60_000 / (timeScale > 0 ? timeScale : 1)));

export interface SimHeartbeatResult {
  /** Modules taken offline (an `offline` fault opened) and brought back (the fault cleared). */
  wentOffline: number[];
  cameBack: number[];
  /** Online modules whose heartbeat time moved (their state unchanged). */
  refreshed: number;
}

/**
 * One look of the simulated heartbeat: every `simulator` module not out of service
 * (`sim_out_of_service`, the seed's dead modules: they stay as they are) is online unless the
 * simulator has it in an outage window (moduleOffline, the same windows that make its meters not
 * answer). One query reads the modules; a module whose state changes goes through setModuleOnline
 * (state, heartbeat, `offline` fault opened or cleared), and the heartbeat time of the online ones
 * not heard for `refreshMs` moves in one statement. Nothing else is written: an unchanged estate
 * costs one read.
 */
export async function simulateModuleHeartbeats(db: Db, now: Date, options: SimHeartbeatOptions): Promise<SimHeartbeatResult> {
  const rows = await db.select({ id: modules.id, address: modules.address, online: modules.online, lastHeartbeatAt: modules.lastHeartbeatAt })
    .from(modules).where(and(eq(modules.kind, 'simulator'), eq(modules.simOutOfService, false)));
  const result: SimHeartbeatResult = { wentOffline: [], cameBack: [], refreshed: 0 };
  const stale = now.getTime() - (options.refreshMs ?? HEARTBEAT_REFRESH_MS);
  const refresh: number[] = [];
  for (const row of rows) {
    const online = !moduleOffline(row.address, now, options.failureRate, options.timeScale);
    if (online !== row.online) {
      if (await setModuleOnline(db, { id: row.id }, online, now)) (online ? result.cameBack : result.wentOffline).push(row.id);
    } else if (online && (!row.lastHeartbeatAt || row.lastHeartbeatAt.getTime() < stale)) {
      refresh.push(row.id);
    }
  }
  if (refresh.length) {
    // Only while still online and not heard since (another process may have written it meanwhile).
    const moved = await db.update(modules).set({ lastHeartbeatAt: now }).where(and(
      inArray(modules.id, refresh), eq(modules.online, true),
      or(isNull(modules.lastHeartbeatAt), lt(modules.lastHeartbeatAt, new Date(stale))),
    )).returning({ id: modules.id });
    result.refreshed = moved.length;
  }
  return result;
}

/**
 * The simulated heartbeat (SIMULATOR on): a look (simulateModuleHeartbeats) every simulated minute
 * (simHeartbeatTickMs), started by the server beside the command worker. Looks never overlap; a
 * failed one (the database away) is logged and the next one tries again.
 */
export class SimulatedHeartbeat extends PeriodicJob<SimHeartbeatResult> {
  constructor(
    private db: Db,
    private now: () => Date,
    private options: SimHeartbeatOptions & {
      /** Time between looks (default simHeartbeatTickMs(timeScale)). */
      tickMs?: number;
      /** Called after a look that took modules offline or brought them back. */
      onChange?: (result: SimHeartbeatResult) => void;
      log?: (message: string, error?: unknown) => void;
    },
  ) {
    super('simulated heartbeat', options.log);
  }

  /** Starts the looks; resolves when the first one is done (it never rejects). */
  start(): Promise<SimHeartbeatResult | undefined> {
    return this.startEvery(this.options.tickMs ?? simHeartbeatTickMs(this.options.timeScale));
  }

  /** One look now (skipped while the previous one runs). */
  tick(): Promise<SimHeartbeatResult | undefined> {
    return this.runNow();
  }

  protected async runOnce() {
    const result = await simulateModuleHeartbeats(this.db, this.now(), this.options);
    if (result.wentOffline.length || result.cameBack.length) this.options.onChange?.(result);
    return result;
  }
}
