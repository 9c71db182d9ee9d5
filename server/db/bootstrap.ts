import { count, sql } from 'drizzle-orm';
import { schema, type Db } from './index';
import { hashPassword, randomPassword } from '../auth/password';
import { seedSystem } from './seed/system';
import { seedEstate, type SeedSummary } from './seed/estate';
import { vacuumAnalyze } from './rows';

export interface BootstrapResult {
  seeded: boolean;
  /** Set when a password was generated (printed once, at first start). */
  generatedPassword?: string;
  summary?: SeedSummary;
}

/** The demo users of the system seed. */
const DEMO_USERS = ['admin', 'admin2', 'viewer'];

/**
 * On first start (no users yet): creates and seeds the demo estate, in one transaction, so that
 * a process killed while seeding leaves nothing behind and the next start seeds again. Several
 * processes starting at once on one PostgreSQL seed only once (advisory lock).
 *
 * A database left half-seeded by an older version (the demo users and nothing else: no project,
 * no operation ever logged) is recognised and seeded again from scratch.
 */
export interface BootstrapOptions {
  adminPassword?: string;
  now?: Date;
  log?: (message: string) => void;
  /** The estate's seeder: the demo estate's unless given (a test of the recovery around it gives a stand-in). */
  seedEstate?: typeof seedEstate;
}

export async function bootstrap(db: Db, options: BootstrapOptions): Promise<BootstrapResult> {
  const password = options.adminPassword ?? randomPassword();
  const passwordHash = await hashPassword(password);
  const result = await db.transaction(async (tx): Promise<BootstrapResult> => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(7264001)`);
    const [{ users }] = await tx.select({ users: count() }).from(schema.sysUsers);
    if (users > 0) {
      if (!(await incompleteSeed(tx))) return { seeded: false };
      options.log?.('The demo estate of an earlier first start is incomplete (the process was stopped while seeding): seeding it again');
      for (const table of ['role_resources', 'resources', 'sessions', 'sys_users', 'roles', 'areas']) {
        await tx.execute(sql.raw(`DELETE FROM ${table}`));
      }
    }
    const system = await seedSystem(tx, passwordHash);
    const summary = await (options.seedEstate ?? seedEstate)(tx, { areaIds: system.areaIds, operatorId: system.adminId, now: options.now ?? new Date() });
    return { seeded: true, generatedPassword: options.adminPassword ? undefined : password, summary };
  });
  // The planner's statistics of the tables just filled (until then they look empty to it).
  if (result.seeded) await vacuumAnalyze(db);
  return result;
}

/** Only the demo users, no project and an empty operation log: a system seed without its estate. */
async function incompleteSeed(db: Db): Promise<boolean> {
  const names = (await db.select({ userName: schema.sysUsers.userName }).from(schema.sysUsers)).map((u) => u.userName);
  if (!names.every((name) => DEMO_USERS.includes(name))) return false;
  const [{ projects }] = await db.select({ projects: count() }).from(schema.projects);
  const [{ operations }] = await db.select({ operations: count() }).from(schema.operationLog);
  return projects === 0 && operations === 0;
}
