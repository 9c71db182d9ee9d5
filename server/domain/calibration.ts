import { and, eq, sql } from 'drizzle-orm';
import { schema, type Db } from '../db';

const { calibrationRecords, commands } = schema;

/**
 * Recharge calibration (DOMAIN.md rule 4, issue 30), carried by `recharge` commands whose payload
 * has `calibration`:
 * - `compare`: the meter reads its prepaid registers (purchase count, remaining amount); the
 *   command's result holds them beside the platform's figures of the moment it was queued;
 * - `correct`: the platform's figures (its sale counter and balance, the truth) are written to the
 *   meter; `amountFen` is the correction the meter takes (platform − meter, signed).
 * A correction is recorded (a `calibration_records` row: before, after, difference, operator,
 * reason) only when its command succeeds, in the pipeline's transaction, and at most once per
 * command. The platform's ledger is not touched: the balance stays the sum of its ledger and the
 * meter is brought to it (a correction never overwrites a ledger).
 */
export const CALIBRATION_PHASES = ['compare', 'correct'] as const;
export type CalibrationPhase = (typeof CALIBRATION_PHASES)[number];

export interface CalibrationPayload {
  phase: CalibrationPhase;
  platformBalanceFen: number;
  platformSaleCount: number;
  /** correct: what the compare read from the meter, its command, and the operator's reason. */
  meterBalanceFen?: number;
  meterSaleCount?: number;
  compareCommandId?: number;
  reason?: string;
  /**
   * compare: the platform has corrected this meter before (a calibration record exists), so its
   * registers were written with the platform's figures (the simulator, which keeps no state across
   * restarts, takes the meter's discrepancy as cleared).
   */
  calibratedBefore?: boolean;
}

export const calibrationOf = (payload: Record<string, unknown> | null | undefined): CalibrationPayload | undefined => {
  const value = payload?.calibration as CalibrationPayload | undefined;
  if (!value || !CALIBRATION_PHASES.includes(value.phase)) return undefined;
  if (!Number.isSafeInteger(value.platformBalanceFen) || !Number.isSafeInteger(value.platformSaleCount)) return undefined;
  return value;
};

const int = (value: unknown) => (typeof value === 'number' && Number.isSafeInteger(value) ? value : null);

/**
 * A correction's record, written when its command succeeded (inside the pipeline's transaction).
 * Returns whether a record was written: not for other commands, and not a second time for one
 * command (the row names its command in `detail.commandId`).
 */
export async function recordCalibration(
  tx: Db,
  command: { id: number; deviceKind: string; deviceId: number; type: string; payload: Record<string, unknown> },
  data: Record<string, unknown>,
  now: Date,
): Promise<boolean> {
  if (command.type !== 'recharge' || command.deviceKind !== 'electric') return false;
  const calibration = calibrationOf(command.payload);
  if (calibration?.phase !== 'correct') return false;
  const [source] = await tx.select({ areaId: commands.areaId, operatorId: commands.operatorId }).from(commands).where(eq(commands.id, command.id));
  const [meter] = await tx.select({ roomId: schema.electricMeters.roomId }).from(schema.electricMeters).where(eq(schema.electricMeters.id, command.deviceId));
  const roomId = meter?.roomId ?? null;
  if (!source || roomId === null) return false;
  const [already] = await tx.select({ id: calibrationRecords.id }).from(calibrationRecords)
    .where(and(eq(calibrationRecords.meterId, command.deviceId), sql`${calibrationRecords.detail}->>'commandId' = ${String(command.id)}`)).limit(1);
  if (already) return false;
  // What the meter held before the write (its answer; else what the compare read) and after it.
  const beforeFen = int(data.meterBalanceFenBefore) ?? int(calibration.meterBalanceFen);
  const beforeCount = int(data.meterSaleCountBefore) ?? int(calibration.meterSaleCount);
  const afterFen = int(data.meterBalanceFen) ?? calibration.platformBalanceFen;
  const afterCount = int(data.meterSaleCount) ?? calibration.platformSaleCount;
  await tx.insert(calibrationRecords).values({
    areaId: source.areaId, roomId, utility: 'electric', meterId: command.deviceId,
    platformSaleCount: calibration.platformSaleCount, meterSaleCount: beforeCount,
    platformBalanceFen: calibration.platformBalanceFen, meterBalanceFen: beforeFen,
    correctionFen: beforeFen === null ? 0 : afterFen - beforeFen,
    ledgerEntryId: null,
    detail: {
      commandId: command.id, compareCommandId: calibration.compareCommandId ?? null, reason: calibration.reason ?? null,
      meterBalanceFenAfter: afterFen, meterSaleCountAfter: afterCount,
    },
    operatorId: source.operatorId, createdAt: now,
  });
  return true;
}
