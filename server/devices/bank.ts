/**
 * The simulated meters as a frame server sees them: the living simulator's estate answers real
 * DL/T 645 and CJ/T 188 frames on a local TCP port (`server/devices/tcp/meterServer.ts`) through
 * this interface, and the in-process simulator driver reads the same meters. Quantities are kWh or
 * m³ with two decimals.
 */
export type RelayAction = 'trip' | 'close_allowed' | 'direct_close' | 'keep_supply_on' | 'keep_supply_off';
export type RelayState = 'on' | 'off' | 'close_pending';

export interface ElectricRegisters {
  total: number; sharp: number; peak: number; flat: number; valley: number;
  voltage: number; current: number; powerKw: number;
}

export interface SimElectricMeter {
  readonly address: string;
  read(now: Date): ElectricRegisters & { relayState: RelayState; keepSupply: boolean };
  /** Relay control; refused (DL/T 645 error reply) e.g. a trip while keep-supply is on. */
  relay(action: RelayAction, now: Date): { ok: true } | { ok: false; error: number };
  setClock(at: Date, now: Date): void;
  /** The meter's own clock at `now` (it drifts until it is set). */
  clockAt?(now: Date): Date;
  /**
   * The meter's prepaid registers (remaining amount in fen, purchase count) when the platform holds
   * `platform`: the simulated meter keeps the platform's figures plus its own discrepancy (a
   * purchase it missed, a rounding drift) until a calibration writes the platform's figures to it.
   */
  wallet?(platform: MeterWallet): MeterWallet;
  /** A calibration write: the meter takes these figures (its discrepancy is gone). */
  calibrateWallet?(platform: MeterWallet): MeterWallet;
  /** A power limit written to the meter (DL/T 645 04 00 0E 01): it trips above it as overload. */
  setParameters?(part: { power?: { maxPowerW: number } }, now: Date): boolean;
}

/** Prepaid registers of a meter: remaining amount (fen, negative when overdrawn) and purchase count. */
export interface MeterWallet {
  balanceFen: number;
  saleCount: number;
}

export interface SimWaterMeter {
  readonly address: string;
  readonly meterType: 'cold' | 'hot';
  read(now: Date): { total: number; valveState: 'open' | 'closed' | 'abnormal'; batteryLow: boolean };
  valve(open: boolean, now: Date): { ok: true } | { ok: false };
}

export interface MeterBank {
  /** The meter at this address (created on first sight when the bank simulates any address), or none: no reply. */
  electric(address: string): SimElectricMeter | undefined;
  water(address: string): SimWaterMeter | undefined;
}
