import { describe, expect, it } from 'vitest';
import { and, count, eq, inArray, isNotNull } from 'drizzle-orm';
import { openDatabase, schema, type Db } from '../../server/db';
import { bootstrap } from '../../server/db/bootstrap';
import { seedSystem } from '../../server/db/seed/system';
import { hashPassword } from '../../server/auth/password';
import { COMMAND_SENT_STALE_MS } from '../../server/domain/commands';
import { startTestBackend, TEST_NOW, TEST_PASSWORD } from '../support/testApp';
import type { SeedOptions, SeedSummary } from '../../server/db/seed/estate';

// The estate itself is the global setup's to seed (every test file starts from it); what is under
// test here is bootstrap's recovery around it, so bootstrap is given a stand-in estate seeder that
// records what it was given and adds a project in the first area (a whole estate: about a minute here).
const estateSeeds: SeedOptions[] = [];
const standInEstate = async (db: Db, options: SeedOptions): Promise<SeedSummary> => {
  estateSeeds.push(options);
  await db.insert(schema.projects).values({ areaId: options.areaIds[0], name: '恢复测试项目' });
  return { projects: 1 } as SeedSummary;
};

describe('restart gaps (issue 8, item 9)', () => {
  it('queues again a command left `sent` by a worker that died, instead of waiting for its deadline', async () => {
    const backend = await startTestBackend();
    const { db } = backend.database;
    // A meter that can answer: online, with a module to reach it through.
    const [meter] = await db.select().from(schema.waterMeters).where(and(eq(schema.waterMeters.online, true), isNotNull(schema.waterMeters.moduleId))).limit(1);
    const sentAt = new Date(backend.clock.now.getTime() - COMMAND_SENT_STALE_MS - 1000);
    const [command] = await db.insert(schema.commands).values({
      areaId: meter.areaId, deviceKind: 'water', deviceId: meter.id, type: 'valve_close', state: 'sent', attempts: 1,
      sentAt, nextAttemptAt: sentAt, deadline: new Date(sentAt.getTime() + 10 * 60_000), createdAt: sentAt,
    }).returning();
    // A fresh one is left alone: its worker may still be talking to the device.
    const [fresh] = await db.insert(schema.commands).values({
      areaId: meter.areaId, deviceKind: 'water', deviceId: meter.id, type: 'valve_open', state: 'sent', attempts: 1,
      sentAt: backend.clock.now, nextAttemptAt: backend.clock.now, deadline: new Date(backend.clock.now.getTime() + 10 * 60_000), createdAt: backend.clock.now,
    }).returning();
    await backend.runCommands();
    const [after] = await db.select().from(schema.commands).where(eq(schema.commands.id, command.id));
    expect(after.state).toBe('succeeded');
    expect(after.attempts).toBe(2);
    const [untouched] = await db.select().from(schema.commands).where(eq(schema.commands.id, fresh.id));
    expect(untouched.state).toBe('sent');
    await backend.close();
  });

  it('seeds again a first start that was killed after the users but before the estate', async () => {
    const database = await openDatabase();
    await seedSystem(database.db, await hashPassword(TEST_PASSWORD));
    const logged: string[] = [];
    const result = await bootstrap(database.db, { adminPassword: TEST_PASSWORD, now: TEST_NOW, log: (m) => logged.push(m), seedEstate: standInEstate });
    expect(result.seeded).toBe(true);
    expect(logged.join()).toContain('incomplete');
    const [{ projects }] = await database.db.select({ projects: count() }).from(schema.projects);
    const [{ users }] = await database.db.select({ users: count() }).from(schema.sysUsers);
    expect(projects).toBe(1);
    expect(users).toBe(3);
    // The estate was seeded once, into the areas and for the admin of the system seeded again.
    expect(estateSeeds).toHaveLength(1);
    const [{ areaIds, operatorId }] = estateSeeds;
    expect(await database.db.select({ id: schema.areas.id }).from(schema.areas).where(inArray(schema.areas.id, areaIds))).toHaveLength(2);
    const [admin] = await database.db.select({ id: schema.sysUsers.id }).from(schema.sysUsers).where(eq(schema.sysUsers.userName, 'admin'));
    expect(operatorId).toBe(admin.id);
    // A complete estate is left as it is.
    expect((await bootstrap(database.db, { adminPassword: TEST_PASSWORD, seedEstate: standInEstate })).seeded).toBe(false);
    expect(estateSeeds).toHaveLength(1);
    await database.close();
  });
});
