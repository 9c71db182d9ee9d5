/**
 * The state sets that the console shows and the server stores (DOMAIN.md: Recharge order, Command),
 * in one place so that a colour, a filter or a label on screen means what the database holds.
 */

/**
 * The status of a recharge order:
 * - 0 void: the order was voided; its amount was reversed by a `refund` ledger entry.
 * - 1 paid: the money is on the account (the platform's balance); no meter write pending or needed.
 * - 2 written to meter: the order's restore command (close-allowed / valve open, queued when the
 *   recharge lifted an account out of arrears) succeeded on the meter.
 * - 3 failed: that restore command failed or expired (the money stays on the account; a retried
 *   command that succeeds moves the order to 2).
 * SPEC.md's status update call sets 0 (void). A void order keeps 0 whatever its commands do.
 */
export const ORDER_STATUS = { void: 0, paid: 1, written: 2, failed: 3 } as const;
export type OrderStatus = (typeof ORDER_STATUS)[keyof typeof ORDER_STATUS];

/**
 * Remote actions, one command per device (DOMAIN.md, the Command model). Snake case, as stored in
 * `commands.type` and named by `POST command/create`.
 */
export const COMMAND_TYPES = [
  'read', 'trip', 'close_allowed', 'direct_close', 'keep_supply_on', 'keep_supply_off', 'time_sync',
  'set_parameter', 'preset_energy', 'recharge', 'valve_open', 'valve_close',
] as const;
export type CommandType = (typeof COMMAND_TYPES)[number];

/** The relay actions of an electric meter (a subset of the command types). */
export const RELAY_ACTIONS = ['trip', 'close_allowed', 'direct_close', 'keep_supply_on', 'keep_supply_off'] as const satisfies readonly CommandType[];

/** A command's life: queued → sent → succeeded | failed | expired. */
export const COMMAND_STATES = ['queued', 'sent', 'succeeded', 'failed', 'expired'] as const;
export type CommandState = (typeof COMMAND_STATES)[number];

/** The states a command ends in. */
export const FINISHED_COMMAND_STATES = ['succeeded', 'failed', 'expired'] as const satisfies readonly CommandState[];

/** Power-cut causes an operator can give to a trip (DOMAIN.md; `arrears` and the rest come from rules). */
export const TRIP_CAUSES = ['manual', 'arrears', 'overload', 'malignant_load', 'night_limit', 'timed', 'maintenance'] as const;
export type TripCause = (typeof TRIP_CAUSES)[number];

/**
 * Causes of a power failure an operator records from the electricity dashboard (issue 32): the trip
 * causes the rules give, plus a device fault and anything else (with a remark).
 */
export const POWER_FAILURE_CAUSES = ['arrears', 'manual', 'overload', 'malignant_load', 'night_limit', 'timed', 'fault', 'other'] as const;
export type PowerFailureCause = (typeof POWER_FAILURE_CAUSES)[number];
