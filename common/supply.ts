import type { CommandType } from './states';

/**
 * What a command does to a device's supply (issue 40, "Supply"), one rule for the console and the
 * server:
 * - `cut`: trip, valve close — the room loses power or water;
 * - `restore`: direct close, close allowed, valve open — supply comes back;
 * - `lock`: keep-supply on or off — whether the arrears rule may cut the meter (DOMAIN.md rule 2).
 * A mass action of any of them on more devices than the mass threshold (the server's
 * MASS_CONFIRM_ABOVE, which the console reads from `sysUser/currentUser`) is confirmed by its count:
 * typed in the console, `expectedCount` at the API.
 */
export type SupplyEffect = 'cut' | 'restore' | 'lock';

const EFFECTS: Partial<Record<CommandType, SupplyEffect>> = {
  trip: 'cut', valve_close: 'cut',
  direct_close: 'restore', close_allowed: 'restore', valve_open: 'restore',
  keep_supply_on: 'lock', keep_supply_off: 'lock',
};

/** The supply effect of a command type, or undefined for one that leaves supply alone (read, time sync…). */
export const supplyEffectOf = (type: string): SupplyEffect | undefined => EFFECTS[type as CommandType];

/** The server's mass threshold when it does not say (MASS_CONFIRM_ABOVE's default). */
export const MASS_CONFIRM_ABOVE_DEFAULT = 50;

/** Whether an action of `type` on `count` devices must be confirmed by its count (typed, `expectedCount`). */
export const needsConfirmedCount = (type: string, count: number, above: number) => supplyEffectOf(type) !== undefined && count > above;

/**
 * Why a mass action leaves a device out (each device counted under the first reason that applies):
 * - `alreadyInState`: the device is already where the action would bring it (a trip of a meter that
 *   is off, a valve open of an open valve, keep-supply on of a meter already kept);
 * - `keepSupply`: the keep-supply lock forbids the action (a trip of a kept meter: release it first);
 * - `inArrears`: a restore of a device whose account is in arrears — its balance at or below minus its
 *   overdraft, where the arrears rule cuts it — unless the operator opts in (`includeArrears`, with an
 *   `overrideReason` written to the operation log). A kept meter is never left out for arrears: the
 *   lock says it stays on.
 */
export const LEFT_OUT_REASONS = ['alreadyInState', 'keepSupply', 'inArrears'] as const;
export type LeftOutReason = (typeof LEFT_OUT_REASONS)[number];
export type LeftOut = Record<LeftOutReason, number>;

export const noneLeftOut = (): LeftOut => ({ alreadyInState: 0, keepSupply: 0, inArrears: 0 });

/**
 * What a dry run of a command over devices answers, and the command's answer too: `count` devices
 * get a command, `leftOut` says how many were left out and why, `inArrears` how many of the devices a
 * restore reaches are in arrears (left out, or included with `includeArrears`).
 */
export interface SupplyPreview {
  count: number;
  leftOut: LeftOut;
  inArrears: number;
}
