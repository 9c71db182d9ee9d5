import { and, eq } from 'drizzle-orm';
import { schema, type Database } from './db';
import type { ServerConfig } from './config';
import { CommandWorker } from './domain/commands';
import { AutoReader } from './domain/autoRead';
import { BillingJob, billingSettings, configureBilling } from './domain/billingEngine';
import { configureAggregateZone } from './domain/aggregates';
import { upgradeUsageRule } from './domain/usageRule';
import { SmsSenderJob, smsProviderFromConfig } from './domain/smsSender';
import { DaysLeftJob } from './domain/tenantNotices';
import { MonthEndJob } from './domain/statements';
import { GiftDayJob } from './domain/gifts';
import { ScheduledBackupJob } from './domain/backupSchedule';
import { ReadingPartitionJob } from './domain/readingPartitions';
import { meterFirstSight } from './domain/templates';
import { backupDir } from './db/backup';
import { setDtuOnline, SimulatedHeartbeat } from './domain/moduleOnline';
import { createSimulator, sharedEstate } from './devices/simulator';
import { createDriverRouter } from './devices/router';
import { createProtocolDriver } from './devices/protocolDriver';
import { createDtuListener, type DtuListener } from './devices/tcp/dtuListener';
import { createMeterServer, type MeterServer } from './devices/tcp/meterServer';

const { modules } = schema;

/** A DTU's heartbeats move `last_heartbeat_at` at most this often (not one write per packet). */
const HEARTBEAT_WRITE_MS = 30_000;

export interface DevicesOptions {
  database: Database;
  config: Pick<ServerConfig, 'simulator' | 'simTimeScale' | 'simFailureRate' | 'autoRead' | 'readIntervalMinutes' | 'devicePort' | 'simGatewayPort'>
    & Partial<Pick<ServerConfig, 'billingTimeZone' | 'billingIntervalSeconds' | 'smsProvider' | 'smsHttpUrl' | 'smsHttpKey' | 'smsHttpTemplateId' | 'smsSimFailureRate' | 'backupDailyAt' | 'backupKeep'>>;
  now: () => Date;
  log: (message: string, error?: unknown) => void;
}

/**
 * The device side of the server: the command worker (SIMULATOR on) with the driver router —
 * `simulator` modules through the living simulator, `tcp-gateway` and `dtu` modules through the
 * protocol driver —, the simulated modules' heartbeat (SIMULATOR on: their online state and
 * `offline` faults follow the simulator's outage windows), the auto-reader (AUTO_READ), the DTU
 * listener (DEVICE_PORT) and the simulated gateway answering real frames for the simulated meters
 * (SIM_GATEWAY_PORT).
 */
export async function startDevices({ database, config, now, log }: DevicesOptions) {
  const db = database.db;
  const pending = new Set<Promise<unknown>>();
  const track = (work: Promise<unknown>) => {
    const done = work.catch((error) => log('device state update failed', error)).finally(() => pending.delete(done));
    pending.add(done);
  };
  // One simulated estate for the in-process driver and the simulated gateway: the same meters
  // whichever path reaches them.
  const estate = sharedEstate(config.simTimeScale, config.simFailureRate / 3);

  let dtu: DtuListener | undefined;
  if (config.devicePort) {
    const lastWrite = new Map<string, number>();
    dtu = createDtuListener({
      port: config.devicePort,
      accept: async (address) => (await db.select({ id: modules.id }).from(modules)
        .where(and(eq(modules.kind, 'dtu'), eq(modules.address, address))).limit(1)).length > 0,
      onOnline: (address, online, at) => {
        lastWrite.set(address, at.getTime());
        track(setDtuOnline(db, address, online, at));
      },
      onHeartbeat: (address, at) => {
        if (at.getTime() - (lastWrite.get(address) ?? 0) < HEARTBEAT_WRITE_MS) return;
        lastWrite.set(address, at.getTime());
        track(db.update(modules).set({ lastHeartbeatAt: at, online: true }).where(and(eq(modules.kind, 'dtu'), eq(modules.address, address))));
      },
      log: (message) => log(message),
    });
    await dtu.listen();
    console.log(`DTU listener on port ${config.devicePort} (DEVICE_PORT)`);
  }
  const protocol = createProtocolDriver({ dtu, log: (message) => log(message) });

  let gateway: MeterServer | undefined;
  if (config.simGatewayPort) {
    gateway = createMeterServer({ bank: estate, host: '127.0.0.1', port: config.simGatewayPort });
    try {
      await gateway.listen();
      console.log(`Simulated gateway (DL/T 645, CJ/T 188) on 127.0.0.1:${config.simGatewayPort} (SIM_GATEWAY_PORT)`);
    } catch (error) {
      log(`simulated gateway: cannot listen on port ${config.simGatewayPort}`, error);
      gateway = undefined;
    }
  }

  // The billing engine's time zone, and its job for readings waiting for a charge (any number of
  // processes on one PostgreSQL: each reading is claimed by one).
  configureBilling({ timeZone: config.billingTimeZone });
  // The daily aggregates' days are in the same zone (rebuilt once when BILLING_TIME_ZONE changed).
  if (config.billingTimeZone && await configureAggregateZone(db, config.billingTimeZone)) log(`daily aggregates rebuilt for BILLING_TIME_ZONE ${config.billingTimeZone}`);
  // Aggregates and statements written by an older rule of where usage and its charges belong: once.
  const upgrade = await upgradeUsageRule(db, now(), billingSettings.timeZone);
  if (upgrade) log(`usage rule ${upgrade.from} -> ${upgrade.to}: aggregates rebuilt (${upgrade.usageRows} day rows), ${upgrade.statementsChanged} statements of ${upgrade.months.length} months changed (operation log)`);
  // The readings' monthly partitions: last month to three months ahead, at start and daily.
  const partitions = new ReadingPartitionJob(db, now, { log });
  await partitions.start();
  const billing = new BillingJob(db, now, { everyMs: (config.billingIntervalSeconds ?? 60) * 1000, log });
  billing.start();
  const smsProvider = smsProviderFromConfig(config, now);
  const sms = new SmsSenderJob(db, smsProvider, now, { everyMs: (config.billingIntervalSeconds ?? 60) * 1000, log });
  sms.start();
  // The tenants' days-left notices (issue 42): once a day in the morning, the sender woken after.
  const daysLeft = new DaysLeftJob(db, now, { log, onQueued: () => void sms.tick() });
  daysLeft.start();
  // Month end: the month just ended, written once per process when the month changes (hourly look, first 5 minutes after start).
  const monthEnd = new MonthEndJob(db, now, { everyMs: 3_600_000, firstAfterMs: 5 * 60_000, log });
  monthEnd.start();
  // Gift day: hourly, each meter's monthly allowance on its gift set's day (once per meter and month).
  const gifts = new GiftDayJob(db, now, { everyMs: 3_600_000, log });
  gifts.start();
  // The scheduled backup: within the hour after BACKUP_DAILY_AT, once a day, BACKUP_KEEP kept.
  const scheduledBackup = config.backupDailyAt
    ? new ScheduledBackupJob(db, now, { dailyAt: config.backupDailyAt, keep: config.backupKeep ?? 7, timeZone: config.billingTimeZone ?? 'Asia/Shanghai', dir: backupDir() }, { log })
    : undefined;
  scheduledBackup?.start();

  let worker: CommandWorker | undefined;
  let reader: AutoReader | undefined;
  let heartbeat: SimulatedHeartbeat | undefined;
  if (config.simulator) {
    const simulator = createSimulator({
      estate, failureRate: config.simFailureRate, clock: now, timeScale: config.simTimeScale,
      // A meter first seen by this process holds the sets the platform assigned it (as a real meter
      // keeps them) and continues its last rate registers.
      firstSight: (target) => meterFirstSight(db, target.id),
    });
    worker = new CommandWorker(db, createDriverRouter({ simulator, protocol }), now, log);
    // Woken by the notification of queued commands (any process), and at the queue's next moment.
    await worker.start({ listen: database.listen.bind(database) });
    // The simulated modules' heartbeat, with the driver's outage windows (same rate and time
    // scale): a module in an outage is offline with one `offline` fault, so the auto-reader
    // leaves its meters alone until it is back. Its first look is done before the first auto-read.
    heartbeat = new SimulatedHeartbeat(db, now, { failureRate: config.simFailureRate, timeScale: config.simTimeScale, log });
    await heartbeat.start();
    if (config.autoRead) {
      reader = new AutoReader(db, now, { intervalMinutes: config.readIntervalMinutes, onQueued: () => worker?.wake(), log });
      reader.start();
    }
  }

  return {
    worker,
    sms,
    smsInbox: smsProvider.inbox,
    async stop() {
      await reader?.stop();
      await billing.stop();
      await partitions.stop();
      await sms.stop();
      await daysLeft.stop();
      await monthEnd.stop();
      await gifts.stop();
      await scheduledBackup?.stop();
      await heartbeat?.stop();
      await worker?.stop();
      await protocol.close();
      await dtu?.close();
      await gateway?.close();
      await Promise.all(pending);
    },
  };
}
