import { count } from 'drizzle-orm';
import { schema, type Db } from './index';
import { hashPassword, randomPassword } from '../auth/password';
import { seedSystem } from './seed/system';
import { seedEstate, type SeedSummary } from './seed/estate';

export interface BootstrapResult {
  seeded: boolean;
  /** Set when a password was generated (printed once, at first start). */
  generatedPassword?: string;
  summary?: SeedSummary;
}

/** On first start (no users yet): creates and seeds the demo estate. */
export async function bootstrap(db: Db, options: { adminPassword?: string; now?: Date }): Promise<BootstrapResult> {
  const [{ users }] = await db.select({ users: count() }).from(schema.sysUsers);
  if (users > 0) return { seeded: false };
  const password = options.adminPassword ?? randomPassword();
  const system = await seedSystem(db, await hashPassword(password));
  const summary = await seedEstate(db, { areaIds: system.areaIds, operatorId: system.adminId, now: options.now ?? new Date() });
  return { seeded: true, generatedPassword: options.adminPassword ? undefined : password, summary };
}
