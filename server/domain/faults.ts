import { and, eq, inArray, isNull } from 'drizzle-orm';
import { schema, type Db } from '../db';

const { faults } = schema;

/** The device a fault is about. */
export interface FaultDevice { kind: 'electric' | 'water' | 'module'; id: number; areaId: number; roomId: number | null; address?: string }

const openFaultOf = (device: FaultDevice, kind: string) =>
  and(eq(faults.areaId, device.areaId), eq(faults.kind, kind), isNull(faults.clearedAt), eq(faults.deviceKind, device.kind), eq(faults.deviceId, device.id));

/** Opens a fault of this kind for the device unless one is open already. Returns whether one was opened. */
export async function openFault(db: Db, device: FaultDevice, kind: string, detail: string, now: Date): Promise<boolean> {
  const [open] = await db.select({ id: faults.id }).from(faults).where(openFaultOf(device, kind)).limit(1);
  if (open) return false;
  await db.insert(faults).values({ areaId: device.areaId, deviceKind: device.kind, deviceId: device.id, roomId: device.roomId, kind, detail, openedAt: now });
  return true;
}

/** Clears the device's open fault of this kind. Returns whether one was cleared. */
export async function clearFault(db: Db, device: FaultDevice, kind: string, now: Date): Promise<boolean> {
  return (await db.update(faults).set({ clearedAt: now }).where(openFaultOf(device, kind)).returning({ id: faults.id })).length > 0;
}

/** The kinds of fault (schema/events.ts): listed so that a device's open faults are found through the `faults_open` index. */
export const FAULT_KINDS = ['offline', 'read_failure', 'tamper', 'low_battery', 'valve_fault', 'reading_drop', 'no_price'];

/**
 * Clears the open faults of devices being deleted: a fault of a device that is gone is history
 * (it stays, with its time), not an alarm that nobody can clear any more. Returns how many.
 */
export async function clearFaultsOfDeleted(db: Db, kind: 'electric' | 'water' | 'module', devices: { id: number; areaId: number }[], now: Date): Promise<number> {
  if (!devices.length) return 0;
  const cleared = await db.update(faults).set({ clearedAt: now }).where(and(
    inArray(faults.areaId, [...new Set(devices.map((device) => device.areaId))]),
    inArray(faults.kind, FAULT_KINDS),
    isNull(faults.clearedAt),
    eq(faults.deviceKind, kind),
    inArray(faults.deviceId, devices.map((device) => device.id)),
  )).returning({ id: faults.id });
  return cleared.length;
}
