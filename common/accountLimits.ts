/**
 * A room account's limits (DOMAIN.md, Account: alarm levels 1 and 2, overdraft, hoarding limit), as
 * the user parameter settings (`basicUserParameters`) change them, checked against the account:
 * the console's form and the server apply the same rule. All integer fen.
 */
import { formatYuan } from './money';

export interface AccountLimitValues {
  alarm1Fen: number;
  alarm2Fen: number;
  overdraftFen: number;
  hoardLimitFen: number;
}

export const ACCOUNT_LIMIT_KEYS = ['alarm1Fen', 'alarm2Fen', 'overdraftFen', 'hoardLimitFen'] as const;

/** The largest limit an operator may set (¥1,000,000: the parameter templates' maximum). */
export const ACCOUNT_LIMIT_MAX_FEN = 100_000_000;

/** A refused setting: the field and a message key (`validation.userParameters.*`) with its parameters. */
export interface AccountLimitProblem {
  field: keyof AccountLimitValues;
  key: string;
  params?: Record<string, string | number>;
}

/**
 * Why these limits cannot be set on an account whose balance is `balanceFen` (undefined: they can).
 * In this order: each value a whole number of fen from 0 to the maximum (the overdraft not
 * negative); alarm level 2 below alarm level 1; the hoarding limit above alarm level 1 and not below
 * the current balance (the message says the balance: the account would hold more than its limit).
 */
export function accountLimitsProblem(limits: AccountLimitValues, balanceFen: number): AccountLimitProblem | undefined {
  for (const field of ACCOUNT_LIMIT_KEYS) {
    const value = limits[field];
    if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0 || value > ACCOUNT_LIMIT_MAX_FEN) {
      return { field, key: field === 'overdraftFen' && typeof value === 'number' && value < 0 ? 'validation.userParameters.overdraftNegative' : 'validation.userParameters.range', params: { max: formatYuan(ACCOUNT_LIMIT_MAX_FEN) } };
    }
  }
  if (limits.alarm2Fen >= limits.alarm1Fen) {
    return { field: 'alarm2Fen', key: 'validation.userParameters.alarmOrder', params: { alarm1: formatYuan(limits.alarm1Fen), alarm2: formatYuan(limits.alarm2Fen) } };
  }
  if (limits.hoardLimitFen <= limits.alarm1Fen) {
    return { field: 'hoardLimitFen', key: 'validation.userParameters.hoardAboveAlarm', params: { alarm1: formatYuan(limits.alarm1Fen) } };
  }
  if (limits.hoardLimitFen < balanceFen) {
    return { field: 'hoardLimitFen', key: 'validation.userParameters.hoardBelowBalance', params: { limit: formatYuan(limits.hoardLimitFen), balance: formatYuan(balanceFen) } };
  }
  return undefined;
}
