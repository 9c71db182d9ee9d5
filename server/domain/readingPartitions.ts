import type { Db } from '../db';
import { ensureReadingPartitions } from '../db/partitions';
import { PeriodicJob } from './periodic';

const DAY_MS = 86_400_000;
/** How far ahead the months are made: a month's partition exists long before its first reading. */
export const PARTITION_MONTHS_AHEAD = 3;

/**
 * The readings' partitions job: at start and daily, the months from last month to three months
 * ahead exist (server/db/partitions.ts). A reading of a month without one (a clock far off) still
 * lands, in the default partition.
 */
export class ReadingPartitionJob extends PeriodicJob<number> {
  constructor(private db: Db, private now: () => Date, private options: { everyMs?: number; log?: (message: string, error?: unknown) => void } = {}) {
    super('reading partitions', options.log);
  }

  start() {
    return this.startEvery(this.options.everyMs ?? DAY_MS);
  }

  protected runOnce() {
    const now = this.now().getTime();
    return ensureReadingPartitions(this.db, new Date(now - 31 * DAY_MS), new Date(now + PARTITION_MONTHS_AHEAD * 31 * DAY_MS), { lockTimeoutMs: 3000 });
  }
}
