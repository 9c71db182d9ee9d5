/**
 * DL/T 645-2007 parameter writes (control code 14, reply 94 / error D4 + error byte): which values of
 * the platform's parameter sets the standard gives a data identifier for, and their frames. Pure
 * functions; nothing here throws.
 *
 * A write's data: DI (4 bytes, low first) + password (PA P0 P1 P2: level, then three bytes low first)
 * + operator code (C0 C1 C2 C3) + the value, every byte +0x33 (`writeRequest` of dlt645.ts). Meters
 * take parameter writes only with a password of write rights (level 02 or 04), the module's setting.
 *
 * The identifiers, from DL/T 645-2007 appendix A, table A.5 (参变量数据标识编码表, parameters 04 xx xx xx):
 * - 04 00 0E 01 正向有功功率上限值 (forward active power upper limit), NN.NNNN kW, 3 bytes BCD:
 *   the power set's `maxPowerW`. The same identifier, name and format are in the public DL/T 645-2007
 *   parser github.com/bobyuxinyang/dlt645_2007 (dlt645_api_07.c, case [04][00][0E]{01}:
 *   "正向有功功率上限值", E_D07_FMT_NN_NNNN, 3 bytes).
 * - 04 00 10 01 报警金额1限值, 04 00 10 02 报警金额2限值, 04 00 10 03 透支金额限值, 04 00 10 04 囤积金额限值
 *   (alarm amount 1 and 2, overdraft limit, hoarding limit), NNNNNN.NN yuan, 4 bytes BCD each:
 *   the control set's `alarm1Fen`, `alarm2Fen`, `overdraftFen`, `hoardLimitFen` (table A.5, the
 *   prepaid-meter parameters 04 00 10 xx; 04 00 10 05 合闸允许金额限值 has no field in our sets).
 *   Prepaid meter firmware publishes the same table (DI 0x04001001 … 0x04001004: Alarm1, Alarm2,
 *   CreditLimit, MaximBalance, 4 bytes, write enabled).
 * The control set's `autoTrip` is the platform's own rule (the arrears trip is a command the platform
 * sends), and a gift set is the platform's allowance: both are held by the platform, nothing is
 * written. Load (max load, malignant-load threshold and action), night low-power and timed on/off have
 * no identifier in DL/T 645-2007 (each vendor has its own extension): `unsupported`.
 */
import { intToBcd } from './bytes';
import { C, writeRequest } from './dlt645';

/** Parameter data identifiers of DL/T 645-2007 appendix A, table A.5 (see the module comment). */
export const PARAMETER_DI = {
  /** 04 00 0E 01 正向有功功率上限值, NN.NNNN kW (3 bytes). */
  powerUpperLimit: 0x04000e01,
  /** 04 00 10 01 报警金额1限值, NNNNNN.NN yuan (4 bytes). */
  alarmAmount1: 0x04001001,
  /** 04 00 10 02 报警金额2限值, NNNNNN.NN yuan (4 bytes). */
  alarmAmount2: 0x04001002,
  /** 04 00 10 03 透支金额限值, NNNNNN.NN yuan (4 bytes). */
  overdraftLimit: 0x04001003,
  /** 04 00 10 04 囤积金额限值, NNNNNN.NN yuan (4 bytes). */
  hoardingLimit: 0x04001004,
} as const;

/** One write: its identifier and value bytes (BCD, low byte first, before the +0x33). */
export interface ParameterWrite { di: number; value: number[]; field: string }

/** What a set asks of a DL/T 645-2007 meter. */
export type ParameterPlan =
  | { kind: 'write'; writes: ParameterWrite[] }
  /** Held by the platform: nothing to write (the command succeeds without a frame). */
  | { kind: 'platform' }
  | { kind: 'unsupported'; detail: string };

/** NN.NNNN kW from W (3 bytes): up to 99.9999 kW. */
export function encodePowerLimit(watts: number): number[] | undefined {
  const tenthWatts = Math.round(watts * 10); // kW × 10,000
  if (!Number.isFinite(tenthWatts) || tenthWatts < 0 || tenthWatts > 999_999) return undefined;
  return intToBcd(tenthWatts, 3);
}

/** NNNNNN.NN yuan from fen (4 bytes): up to 999,999.99 yuan. */
export function encodeMoneyLimit(fen: number): number[] | undefined {
  if (!Number.isInteger(fen) || fen < 0 || fen > 99_999_999) return undefined;
  return intToBcd(fen, 4);
}

const num = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);

/** The writes of a parameter set of a kind with these values (see the module comment). */
export function parameterPlan(kind: string, values: Record<string, unknown> | undefined): ParameterPlan {
  if (kind === 'gift') return { kind: 'platform' };
  if (kind === 'load' || kind === 'night' || kind === 'timed') {
    return { kind: 'unsupported', detail: `DL/T 645-2007 defines no data identifier for a ${kind} set` };
  }
  if (!values) return { kind: 'unsupported', detail: 'no parameter values' };
  if (kind === 'power') {
    const value = encodePowerLimit(num(values.maxPowerW) ?? Number.NaN);
    if (!value) return { kind: 'unsupported', detail: 'maxPowerW outside 04 00 0E 01 (0 … 99.9999 kW)' };
    return { kind: 'write', writes: [{ di: PARAMETER_DI.powerUpperLimit, value, field: 'maxPowerW' }] };
  }
  if (kind === 'control') {
    const fields: [string, number][] = [
      ['alarm1Fen', PARAMETER_DI.alarmAmount1], ['alarm2Fen', PARAMETER_DI.alarmAmount2],
      ['overdraftFen', PARAMETER_DI.overdraftLimit], ['hoardLimitFen', PARAMETER_DI.hoardingLimit],
    ];
    const writes: ParameterWrite[] = [];
    for (const [field, di] of fields) {
      const value = encodeMoneyLimit(num(values[field]) ?? Number.NaN);
      if (!value) return { kind: 'unsupported', detail: `${field} outside ${di.toString(16).padStart(8, '0')} (0 … 999999.99 yuan)` };
      writes.push({ di, value, field });
    }
    return { kind: 'write', writes };
  }
  return { kind: 'unsupported', detail: `unknown parameter set kind ${kind}` };
}

/** The 14 frames of a plan's writes, in order (undefined entries: the address or credentials are invalid). */
export const parameterWriteRequests = (address: string, writes: ParameterWrite[], options: { password?: string; operatorCode?: string }) =>
  writes.map((write) => writeRequest(address, write.di, write.value, options));

export const WRITE_CONTROL = C.write;
