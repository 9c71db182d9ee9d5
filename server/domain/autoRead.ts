import { sql } from 'drizzle-orm';
import type { Db } from '../db';
import { enqueueCommands, type NewCommand } from './commands';
import { PeriodicJob } from './periodic';

/** How often the auto-reader looks (one tick a minute: "readings arriving every minute somewhere"). */
export const AUTO_READ_TICK_MS = 60_000;

export interface AutoReadOptions {
  /** READ_INTERVAL_MINUTES: every meter is read about once per interval. */
  intervalMinutes: number;
  /** Time between ticks (default AUTO_READ_TICK_MS). */
  tickMs?: number;
}

type Row = { kind: 'electric' | 'water'; id: number; area_id: number };

/**
 * A meter (`m`) the platform can reach: it has a module, and the module is online or is a TCP
 * gateway. A meter behind a module that is away (a DTU that left or a simulated module in an outage,
 * each with its own `offline` fault; a simulated module seeded out of service) is not read: every read would fail and put the meter
 * in the read-failure list for what is one module's outage. Its reads start again when the module
 * is back. A TCP gateway's online state comes only from answers through it (a new one starts
 * offline), so its meters are always read: that is how it is found answering.
 */
const reachable = sql`EXISTS (SELECT 1 FROM modules mo WHERE mo.id = m.module_id AND (mo.online OR mo.kind = 'tcp-gateway'))`;

/**
 * One tick of the platform's polling: queues `read` commands (no operator: operator_id NULL) for the
 * meters whose last reading is oldest (never read first), at most ⌈meters × tick / interval⌉ of
 * them, so every meter comes round about once per interval. Only meters reachable (a module, online or a TCP gateway), with no read
 * queued or under way, and none queued within the last interval (a meter that does not answer is
 * tried again an interval later, not on every tick ahead of the others). Electric and water meters
 * share one queue. Returns the ids of the commands queued (in one transaction, which wakes the
 * workers on commit).
 */
export async function queueAutoReads(db: Db, now: Date, options: AutoReadOptions): Promise<number[]> {
  const tickMs = options.tickMs ?? AUTO_READ_TICK_MS;
  const intervalMs = options.intervalMinutes * 60_000;
  const since = new Date(now.getTime() - intervalMs).toISOString();
  return db.transaction(async (tx) => {
    const counted = (await tx.execute(sql`
      SELECT (SELECT count(*) FROM electric_meters m WHERE ${reachable}) + (SELECT count(*) FROM water_meters m WHERE ${reachable}) AS n`)) as unknown as { rows: { n: string | number }[] };
    const meters = Number(counted.rows[0]?.n ?? 0);
    if (!meters) return [];
    const budget = Math.max(1, Math.ceil((meters * tickMs) / intervalMs));
    // Due: last read before the interval began (or never). A read of the last interval (any state) holds the meter back.
    const due = (await tx.execute(sql`
      SELECT kind, id, area_id FROM (
        SELECT 'electric' AS kind, m.id, m.area_id, m.last_read_at FROM electric_meters m
        WHERE ${reachable} AND (m.last_read_at IS NULL OR m.last_read_at <= ${since})
          AND NOT EXISTS (SELECT 1 FROM commands c WHERE c.device_kind = 'electric' AND c.device_id = m.id AND c.type = 'read'
            AND (c.state IN ('queued', 'sent') OR c.created_at > ${since}))
        UNION ALL
        SELECT 'water' AS kind, m.id, m.area_id, m.last_read_at FROM water_meters m
        WHERE ${reachable} AND (m.last_read_at IS NULL OR m.last_read_at <= ${since})
          AND NOT EXISTS (SELECT 1 FROM commands c WHERE c.device_kind = 'water' AND c.device_id = m.id AND c.type = 'read'
            AND (c.state IN ('queued', 'sent') OR c.created_at > ${since}))
      ) d
      ORDER BY last_read_at NULLS FIRST, kind, id
      LIMIT ${budget}`)) as unknown as { rows: Row[] };
    const items: NewCommand[] = due.rows.map((row) => ({ areaId: Number(row.area_id), deviceKind: row.kind, deviceId: Number(row.id), type: 'read' }));
    return enqueueCommands(tx, null, items, now);
  });
}

/**
 * The auto-reader (AUTO_READ, default on): a tick every minute (queueAutoReads), started by the
 * server beside the command worker. Ticks never overlap; a failed tick (the database away) is
 * logged and the next one tries again.
 */
export class AutoReader extends PeriodicJob<number[]> {
  constructor(
    private db: Db,
    private now: () => Date,
    private options: AutoReadOptions & {
      /** Called with the ids queued by a tick (e.g. the command worker's wake()). */
      onQueued?: (ids: number[]) => void;
      log?: (message: string, error?: unknown) => void;
    },
  ) {
    super('auto-read', options.log);
  }

  start() {
    void this.startEvery(this.options.tickMs ?? AUTO_READ_TICK_MS);
  }

  /** One tick now (skipped while the previous one runs); resolves with the ids it queued. */
  async tick(): Promise<number[]> {
    return (await this.runNow()) ?? [];
  }

  protected async runOnce() {
    const ids = await queueAutoReads(this.db, this.now(), this.options);
    if (ids.length) this.options.onQueued?.(ids);
    return ids;
  }
}
