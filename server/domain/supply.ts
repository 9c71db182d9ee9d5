import { and, sql, type SQL } from 'drizzle-orm';
import { schema, type Db } from '../db';
import { noneLeftOut, supplyEffectOf, type LeftOutReason, type SupplyPreview } from '../../common/supply';
import { refused, type Message } from './results';

const { electricMeters, waterMeters } = schema;

/**
 * One rule for what a command over many devices includes (issue 40, common/supply.ts): every mass
 * action — electric and water, chosen rows or a filter — leaves out the devices already in the
 * action's target state and those whose keep-supply lock forbids it, and a restore leaves out the
 * devices whose account is in arrears unless the operator opts in. The callers (command/create,
 * electricMeter/commandAll, webWaterArchive/updateWaterStatusAll and updateWaterStatus) give the
 * devices as a condition on their meter table; the plan says which get a command and how many were
 * left out and why, for the dry run, the confirmation and the operation log.
 */
export type SupplyKind = 'electric' | 'water';

/** A device that gets a command. */
export interface PlannedDevice {
  id: number;
  areaId: number;
  moduleId: number | null;
  address: string;
}

export interface SupplyPlan extends SupplyPreview {
  devices: PlannedDevice[];
  /** The first addresses left out for each reason (for a refusal's message). */
  leftOutAddresses: Record<LeftOutReason, string[]>;
  /** Devices in arrears that get a restore all the same (`includeArrears`): the operation log names them. */
  arrearsIncluded: number[];
}

/** How many addresses a refusal names per reason. */
const ADDRESSES_NAMED = 10;

/**
 * An account at or below minus its overdraft: where DOMAIN.md rule 2 cuts supply (a restore there is
 * cut again by the next charge). Written against the meter table by hand (`"electric_meters"."room_id"`):
 * a select from one table renders its own columns unqualified, and inside the subquery `room_id`
 * would be the account's.
 */
const inArrears = (kind: SupplyKind) => sql<boolean>`EXISTS (SELECT 1 FROM accounts ac WHERE ac.utility = ${kind}
  AND ac.room_id = ${sql.raw(kind === 'electric' ? '"electric_meters"."room_id"' : '"water_meters"."room_id"')} AND ac.balance_fen <= -ac.overdraft_fen)`;

const never = sql<boolean>`false`;

/** The devices already where a command of `type` would bring them. */
function alreadyThere(kind: SupplyKind, type: string): SQL<boolean> {
  if (kind === 'water') {
    if (type === 'valve_close') return sql`(${waterMeters.valveState} = 'closed')`;
    if (type === 'valve_open') return sql`(${waterMeters.valveState} = 'open')`;
    return never;
  }
  switch (type) {
    case 'trip': return sql`(${electricMeters.relayState} = 'off')`;
    case 'direct_close': return sql`(${electricMeters.relayState} = 'on')`;
    case 'close_allowed': return sql`(${electricMeters.relayState} IN ('on', 'close_pending'))`;
    case 'keep_supply_on': return sql`${electricMeters.keepSupply}`;
    case 'keep_supply_off': return sql`(NOT ${electricMeters.keepSupply})`;
    default: return never;
  }
}

/** The devices whose keep-supply lock forbids a command of `type` (DOMAIN.md rule 2: a kept meter is not tripped). */
const lockedAgainst = (kind: SupplyKind, type: string): SQL<boolean> => (kind === 'electric' && type === 'trip' ? sql`${electricMeters.keepSupply}` : never);

/** The devices a restore would bring back although their account is in arrears (a kept meter is not: the lock keeps it on). */
const arrearsOf = (kind: SupplyKind, type: string): SQL<boolean> => {
  if (supplyEffectOf(type) !== 'restore') return never;
  return kind === 'electric' ? sql`(NOT ${electricMeters.keepSupply} AND ${inArrears(kind)})` : inArrears(kind);
};

interface Row { id: number; areaId: number; moduleId: number | null; address: string; already: boolean; locked: boolean; arrears: boolean }

/**
 * The plan of a command of `type` over the devices of `kind` matching `where` (scope and filters, or
 * chosen ids: a condition on the meter table alone), in id order. `includeArrears`: a restore
 * reaches the devices in arrears too. `keepAlreadyThere`: a one-device row action (updateWaterStatus)
 * sends its command whatever the recorded state, as before; only the arrears rule applies to it.
 */
export async function planSupplyAction(db: Db, kind: SupplyKind, type: string, where: SQL | undefined, options: { includeArrears?: boolean; keepAlreadyThere?: boolean } = {}): Promise<SupplyPlan> {
  const table = kind === 'electric' ? electricMeters : waterMeters;
  const rows = await db.select({
    id: table.id, areaId: table.areaId, moduleId: table.moduleId, address: table.address,
    already: options.keepAlreadyThere ? never : alreadyThere(kind, type), locked: lockedAgainst(kind, type), arrears: arrearsOf(kind, type),
  }).from(table).where(and(where)).orderBy(table.id) as Row[];
  const leftOut = noneLeftOut();
  const leftOutAddresses: SupplyPlan['leftOutAddresses'] = { alreadyInState: [], keepSupply: [], inArrears: [] };
  const devices: PlannedDevice[] = [];
  const arrearsIncluded: number[] = [];
  let arrearsCount = 0;
  const leave = (reason: LeftOutReason, row: Row) => {
    leftOut[reason]++;
    if (leftOutAddresses[reason].length < ADDRESSES_NAMED) leftOutAddresses[reason].push(row.address);
  };
  for (const row of rows) {
    if (row.already) leave('alreadyInState', row);
    else if (row.locked) leave('keepSupply', row);
    else {
      if (row.arrears) arrearsCount++;
      if (row.arrears && !options.includeArrears) leave('inArrears', row);
      else {
        if (row.arrears) arrearsIncluded.push(row.id);
        devices.push({ id: row.id, areaId: row.areaId, moduleId: row.moduleId, address: row.address });
      }
    }
  }
  return { devices, count: devices.length, leftOut, inArrears: arrearsCount, leftOutAddresses, arrearsIncluded };
}

/** What a dry run answers of a plan (and the command's answer beside its ids). */
export const previewOf = (plan: SupplyPlan): SupplyPreview => ({ count: plan.count, leftOut: plan.leftOut, inArrears: plan.inArrears });

const named = (addresses: string[], total: number) => addresses.join(', ') + (total > addresses.length ? ` (+${total - addresses.length})` : '');

/** Why devices were left out, as messages (each reason that left some out, with their addresses). */
export function leftOutReasons(plan: SupplyPlan, type: string): Message[] {
  const reasons: Message[] = [];
  const { leftOut, leftOutAddresses: addresses } = plan;
  if (leftOut.alreadyInState) {
    reasons.push({ key: 'errors.supply.already', params: { state: { key: `errors.supply.states.${type}` }, addresses: named(addresses.alreadyInState, leftOut.alreadyInState) } });
  }
  if (leftOut.keepSupply) reasons.push({ key: 'errors.keepSupplyTrip', params: { addresses: named(addresses.keepSupply, leftOut.keepSupply) } });
  if (leftOut.inArrears) reasons.push({ key: 'errors.supply.inArrears', params: { addresses: named(addresses.inArrears, leftOut.inArrears) } });
  return reasons;
}

/** A command over chosen devices that leaves every one of them out: refused (naming `deviceIds`), saying why. */
export function nothingLeftRefusal(plan: SupplyPlan, type: string, field = 'deviceIds') {
  return refused('errors.supply.nothingLeft', { reasons: { items: leftOutReasons(plan, type), joinKey: 'errors.supply.join' } }, field);
}

/** The operation log's record of what a plan left out and whom it restored in arrears (with the operator's reason). */
export const planLog = (plan: SupplyPlan, overrideReason?: string) => ({
  leftOut: plan.leftOut,
  ...(plan.arrearsIncluded.length ? { arrearsOverride: { reason: overrideReason ?? null, count: plan.arrearsIncluded.length, deviceIds: plan.arrearsIncluded.slice(0, 200) } } : {}),
});
