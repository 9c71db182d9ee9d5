import { fieldError, type Ctx } from './router';
import { conflict } from './errors';
import { Bool, Text } from './input';
import { massConfirmAbove } from '../config';
import { needsConfirmedCount, supplyEffectOf } from '../../common/supply';

/**
 * The confirmation of a command over a scope (issue 40): the count the operator confirmed
 * (`expectedCount`) against the count the server would act on now.
 * - A supply command (common/supply.ts) over more devices than MASS_CONFIRM_ABOVE needs it, equal to
 *   that count: without it, or with another, a 400 naming `expectedCount` (the console types the
 *   count it showed; a tool sends the dry run's `count`).
 * - Otherwise an `expectedCount` that is given must still match: 409 (the scope changed meanwhile).
 */
export function checkConfirmedCount(c: Ctx, type: string, count: number, expectedCount: number | undefined) {
  const above = massConfirmAbove();
  if (needsConfirmedCount(type, count, above)) {
    if (expectedCount === undefined) throw fieldError(c, 'expectedCount', 'errors.supply.countRequired', { count, above });
    if (expectedCount !== count) throw fieldError(c, 'expectedCount', 'errors.supply.countDiffers', { count, expected: expectedCount });
    return;
  }
  if (expectedCount !== undefined && expectedCount !== count) throw conflict('errors.scopeChanged', { expected: expectedCount, count });
}

/** The opt-in of a restore to devices in arrears: `includeArrears` with the operator's `overrideReason` (written to the operation log). */
export const ArrearsOverride = {
  /** A restore (direct close, close allowed, valve open) reaches the devices whose account is in arrears too; needs `overrideReason`. */
  includeArrears: Bool.optional(),
  /** Why supply comes back to accounts in arrears (2–200 characters): the operation log keeps it. */
  overrideReason: Text(200, 2).optional(),
};

/**
 * Checks the opt-in: only a restore takes `includeArrears`, and a restore that uses it (not a dry
 * run) needs `overrideReason`. Answers whether devices in arrears are included.
 */
export function checkArrearsOverride(c: Ctx, type: string, body: { includeArrears?: boolean; overrideReason?: string; dryRun?: boolean }): boolean {
  if (!body.includeArrears) return false;
  if (supplyEffectOf(type) !== 'restore') throw fieldError(c, 'includeArrears', 'errors.supply.arrearsRestoreOnly');
  if (!body.dryRun && !body.overrideReason) throw fieldError(c, 'overrideReason', 'errors.supply.reasonRequired');
  return true;
}
