import type { CommandType, TripCause } from '../../common/states';
import { nameOf, type MessageParam } from './results';

/** The kinds of parameter set a `set_parameter` command assigns (DOMAIN.md, parameter templates). */
export const PARAMETER_SET_KINDS = ['power', 'control', 'load', 'night', 'timed', 'gift'] as const;
export type ParameterSetKind = (typeof PARAMETER_SET_KINDS)[number];

const ELECTRIC: ReadonlySet<CommandType> = new Set([
  'read', 'trip', 'close_allowed', 'direct_close', 'keep_supply_on', 'keep_supply_off', 'time_sync', 'set_parameter', 'preset_energy', 'recharge',
]);
const WATER: ReadonlySet<CommandType> = new Set(['read', 'valve_open', 'valve_close', 'recharge']);

/** Whether a command type applies to a kind of meter (a valve on an electric meter does not). */
export const commandAllowed = (kind: 'electric' | 'water', type: CommandType) => (kind === 'electric' ? ELECTRIC : WATER).has(type);

/**
 * What a command may carry (which fields each type takes: `checkPayload`). All optional here: `cause` (trip), `remark`, `broadcast` (time sync),
 * `setKind`/`setId` (set parameter: a parameter set of the caller's area), `energy` (preset energy,
 * kWh), `amountFen` (recharge to meter), `orderId` (set by the platform for a recharge's restore).
 * The API's schema of it (server/routes/command.ts) checks each field's type and range.
 */
export type CommandPayload = {
  cause?: TripCause;
  remark?: string;
  broadcast?: boolean;
  setKind?: ParameterSetKind;
  setId?: number;
  energy?: number;
  amountFen?: number;
};

/** The payload fields each command type takes (`remark` goes with any); the required ones first. */
const PAYLOAD_FIELDS: Record<CommandType, { required: (keyof CommandPayload)[]; optional: (keyof CommandPayload)[] }> = {
  read: { required: [], optional: [] },
  trip: { required: [], optional: ['cause'] },
  close_allowed: { required: [], optional: [] },
  direct_close: { required: [], optional: [] },
  keep_supply_on: { required: [], optional: [] },
  keep_supply_off: { required: [], optional: [] },
  time_sync: { required: [], optional: ['broadcast'] },
  set_parameter: { required: ['setKind', 'setId'], optional: [] },
  preset_energy: { required: ['energy'], optional: [] },
  recharge: { required: ['amountFen'], optional: [] },
  valve_open: { required: [], optional: [] },
  valve_close: { required: [], optional: [] },
};

/** A payload refused for its command type: the field (`payload.x`) and a `server.*` message key. */
export interface PayloadProblem {
  field: string;
  key: string;
  params?: Record<string, MessageParam>;
}

/**
 * The per-type payload rules of `command/create`: a field the type needs must be there
 * (set_parameter: `setKind` + `setId`; preset_energy: `energy`; recharge: `amountFen`), a field
 * it does not take is refused (an `energy` on a read is a mistake, not something to ignore), and a
 * trip without a cause is a `manual` one. Returns the payload to store, or the problem.
 */
export function checkPayload(type: CommandType, payload: CommandPayload): { payload: CommandPayload } | { problem: PayloadProblem } {
  const rule = PAYLOAD_FIELDS[type];
  for (const field of Object.keys(payload) as (keyof CommandPayload)[]) {
    if (field !== 'remark' && !rule.required.includes(field) && !rule.optional.includes(field)) {
      return { problem: { field: `payload.${field}`, key: 'errors.payloadNotForType', params: { type: nameOf('command', type) } } };
    }
  }
  for (const field of rule.required) {
    if (payload[field] === undefined) return { problem: { field: `payload.${field}`, key: 'validation.required' } };
  }
  if (type === 'trip') return { payload: { ...payload, cause: payload.cause ?? 'manual' } };
  if (type === 'time_sync') return { payload: { ...payload, broadcast: payload.broadcast ?? false } };
  return { payload };
}
