import { and, eq, isNull } from 'drizzle-orm';
import { schema, type Db } from '../db';

const { faults } = schema;

export interface FaultDevice {
  kind: 'electric' | 'water' | 'module';
  id: number;
  address: string;
  areaId: number;
  roomId: number | null;
}

/** The device's open read failure (area first, so the faults_open index serves it). */
const openFailure = (device: FaultDevice) =>
  and(eq(faults.areaId, device.areaId), eq(faults.kind, 'read_failure'), isNull(faults.clearedAt), eq(faults.deviceKind, device.kind), eq(faults.deviceId, device.id));

/**
 * Opens a read-failure fault for a device that did not answer (once: a device already in the list
 * stays with its first time). Returns whether the list changed.
 */
export async function markReadFailure(db: Db, device: FaultDevice, commandType: string, now: Date): Promise<boolean> {
  const [open] = await db.select({ id: faults.id }).from(faults).where(openFailure(device)).limit(1);
  if (open) return false;
  await db.insert(faults).values({
    areaId: device.areaId, deviceKind: device.kind, deviceId: device.id, roomId: device.roomId,
    kind: 'read_failure', detail: `表计无应答（${device.address}，${commandType}）`, openedAt: now,
  });
  return true;
}

/** Clears the open read-failure fault of a device that answered. Returns whether the list changed. */
export async function clearReadFailure(db: Db, device: FaultDevice, now: Date): Promise<boolean> {
  const cleared = await db.update(faults).set({ clearedAt: now }).where(openFailure(device)).returning({ id: faults.id });
  return cleared.length > 0;
}
