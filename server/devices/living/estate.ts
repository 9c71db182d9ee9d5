import type { ElectricRegisters, MeterBank, MeterWallet, RelayAction, RelayState, SimElectricMeter, SimWaterMeter } from '../bank';
import {
  MINUTE_MS, START_SHARES, UNITS_PER_HUNDREDTH, instantLoad, integrate, meterModel, mix, startValue, voltageAt,
  type MeterModel,
} from './model';
import { ELECTRIC_ADDRESS, WATER_ADDRESS } from '../../../common/meterAddress';
import { RECLOSE_MINUTES, causeEnded, tripCauseAt, type MeterParameters, type ParameterCause } from './parameters';

/**
 * What the platform knows of a meter when the estate first sees it (all optional): the simulated
 * meter continues from the platform's last reading and takes its recorded relay / valve state.
 */
export interface MeterHint {
  lastTotal?: number | null;
  lastReadAt?: Date | null;
  relayState?: string | null;
  keepSupply?: boolean | null;
  valveState?: string | null;
  batteryLow?: boolean | null;
  meterType?: string | null;
  /** The parameter sets the meter holds (an electric meter keeps them through a restart of the process). */
  parameters?: Partial<MeterParameters>;
  /** The platform's last sharp, peak, flat and valley registers (kWh): the meter continues them rather than splitting its total anew. */
  lastRegisters?: (number | null)[] | null;
}

export interface EstateOptions {
  /**
   * How fast the meters use energy and water relative to the model's realistic pace (SIM_TIME_SCALE):
   * 1 = real time; 10 = ten times as fast. The calendar is not scaled (hour of day, weekday and
   * month follow the clock, so the rate registers match the platform's time-of-use periods);
   * simulated durations (a tenant pressing the button after close-allowed) last 1/scale as long.
   * The time between the platform's last reading and the estate's first sight of a meter always
   * counts at 1 (the meter kept running in real time while nobody looked).
   */
  timeScale?: number;
  /** Chance that a valve command leaves the valve `abnormal` (a valve fault), 0..1 (default 0). */
  valveFaultRate?: number;
  random?: () => number;
}

/** The longest stretch before first sight that is filled in from the model (bounds the work). */
const MAX_BACKFILL_MS = 400 * 24 * 3_600_000;
/** DL/T 645 error byte of a refused relay control (bit 0: other error), e.g. a trip under keep-supply. */
export const RELAY_REFUSED = 0x01;

const round2 = (n: number) => Math.round(n * 100) / 100;
const hundredths = (units: number) => Math.floor(units / UNITS_PER_HUNDREDTH);

/** Register units of a starting total (two decimals), split among the four rates. */
function splitStart(total: number): number[] {
  const cents = Math.max(0, Math.round(total * 100));
  const rates = START_SHARES.map((share) => Math.floor(cents * share));
  rates.push(cents - rates[0] - rates[1] - rates[2]);
  return rates.map((c) => c * UNITS_PER_HUNDREDTH);
}

abstract class LivingMeter {
  /** Registers in units (electric: sharp, peak, flat, valley; water: [total]). */
  protected units: number[] = [];
  /** The moment the registers are evaluated up to (ms); undefined before first sight. */
  protected at?: number;

  constructor(readonly address: string, protected model: MeterModel, protected estate: LivingEstate, protected hint: MeterHint) {}

  /** Whether the meter uses anything right now (relay on / valve not closed). */
  protected abstract flowing(): boolean;

  /** First sight: the platform's last reading (or a start value from the address), filled in up to `now`. */
  private start(now: number) {
    const last = this.hint.lastTotal;
    const lastAt = this.hint.lastReadAt?.getTime();
    if (typeof last === 'number' && Number.isFinite(last) && last >= 0) {
      this.units = this.initial(last);
      if (lastAt !== undefined && Number.isFinite(lastAt)) {
        if (lastAt >= now) {
          this.at = lastAt;
          return;
        }
        if (this.flowing()) integrate(this.model, Math.max(lastAt, now - MAX_BACKFILL_MS), now, 1, this.units);
      }
    } else {
      this.units = this.initial(startValue(this.model));
    }
    this.at = now;
  }

  protected abstract initial(total: number): number[];

  /** Brings the registers up to `now` (never back: an earlier moment shows the registers as they are). */
  protected advance(now: number) {
    if (this.at === undefined) this.start(now);
    if (now <= this.at!) return;
    this.advanceFlow(this.at!, now);
    this.at = now;
  }

  /** Adds use over [from, to), following state changes that happen by themselves in between. */
  protected advanceFlow(from: number, to: number) {
    if (this.flowing()) integrate(this.model, from, to, this.estate.timeScale, this.units);
  }

  /** The moment the registers stand at (tests). */
  get evaluatedAt() {
    return this.at;
  }
}

/**
 * A trip the meter made by itself under its parameter sets (ms times; `onAt` null while it lasts).
 * The meter keeps the ones the platform has not seen yet and reports them with its next read.
 */
export interface RelayEvent { cause: ParameterCause; offAt: number; onAt: number | null }

/** The longest stretch the meter checks its parameters minute by minute (beyond it the state holds). */
const MAX_STEPPED_MS = 35 * 24 * 3_600_000;

export class LivingElectricMeter extends LivingMeter implements SimElectricMeter {
  private relayState: RelayState;
  private keepSupply: boolean;
  /** close_pending: the moment the tenant presses the button (ms). */
  private pressAt: number | null = null;
  /** The parameter sets the meter holds (written by set_parameter). */
  private params: MeterParameters = {};
  /** The parameter trip in force (the relay is off by it), with the moment it may try to reclose. */
  private paramTrip: { event: RelayEvent; recloseAt: number } | null = null;
  /** Trips opened or ended since the last read. */
  private unreported: RelayEvent[] = [];
  /** Preset energy: the amount kept and the total it was preset at. */
  private preset: { energy: number; fromTotal: number } | null = null;

  constructor(address: string, estate: LivingEstate, hint: MeterHint) {
    super(address, meterModel(address, 'electric'), estate, hint);
    this.relayState = hint.relayState === 'off' || hint.relayState === 'close_pending' ? hint.relayState : 'on';
    this.keepSupply = !!hint.keepSupply;
    this.params = { ...hint.parameters };
    // A meter found waiting for its button: the press comes after a delay counted from first sight.
  }

  protected flowing() {
    return this.relayState === 'on';
  }

  protected initial(total: number) {
    // The platform's own split when it adds up to the total (to the hundredth); else a split of the total.
    const registers = this.hint.lastRegisters;
    if (registers?.length === 4 && registers.every((r) => typeof r === 'number' && Number.isFinite(r) && r >= 0)) {
      const cents = (registers as number[]).map((r) => Math.round(r * 100));
      if (cents.reduce((a, b) => a + b, 0) === Math.round(total * 100)) return cents.map((c) => c * UNITS_PER_HUNDREDTH);
    }
    return splitStart(total);
  }

  private hasParameters() {
    const p = this.params;
    return !!(p.power || p.load || p.night || p.timed);
  }

  protected advanceFlow(from: number, to: number) {
    if (this.hasParameters()) {
      this.advanceWithParameters(from, to);
      return;
    }
    if (this.relayState === 'close_pending') {
      if (this.pressAt === null) this.pressAt = from + this.pressDelay(from);
      if (this.pressAt >= to) return;
      this.relayState = 'on';
      from = Math.max(from, this.pressAt);
      this.pressAt = null;
    }
    super.advanceFlow(from, to);
  }

  /**
   * Minute by minute: the tenant's button (close-allowed), then the parameter sets (a trip, or the
   * end of its cause), then the use of that minute if the relay is on.
   */
  private advanceWithParameters(from: number, to: number) {
    const stepUntil = Math.min(to, from + MAX_STEPPED_MS);
    let t = from;
    while (t < to) {
      const next = t < stepUntil ? Math.min(to, (Math.floor(t / MINUTE_MS) + 1) * MINUTE_MS) : to;
      if (t < stepUntil) {
        if (this.relayState === 'close_pending') {
          if (this.pressAt === null) this.pressAt = t + this.pressDelay(t);
          if (this.pressAt <= t) {
            this.relayState = 'on';
            this.pressAt = null;
          }
        }
        this.checkParameters(t);
      }
      if (this.relayState === 'on') integrate(this.model, t, next, this.estate.timeScale, this.units);
      t = next;
    }
  }

  /**
   * The appliances' demand at `ms` in W (what the room draws with the relay on), at the real pace:
   * SIM_TIME_SCALE makes the registers run faster, not the appliances draw more, so a power or load
   * limit is weighed against what the room really draws.
   */
  demandW(ms: number) {
    return instantLoad(this.model, ms, 1) * 1000;
  }

  private checkParameters(ms: number) {
    const demand = this.demandW(ms);
    if (this.paramTrip && this.relayState === 'off') {
      const { event, recloseAt } = this.paramTrip;
      if (!causeEnded(this.params, event.cause, ms, demand, recloseAt)) return;
      this.endTrip(ms);
      this.relayState = 'on';
    }
    // Keep-supply (保电) holds the relay closed whatever the parameters say.
    if (this.relayState !== 'on' || this.keepSupply) return;
    const cause = tripCauseAt(this.params, ms, demand);
    if (!cause) return;
    const event: RelayEvent = { cause, offAt: ms, onAt: null };
    this.relayState = 'off';
    this.pressAt = null;
    const delay = Math.max(MINUTE_MS, Math.round((RECLOSE_MINUTES * MINUTE_MS) / this.estate.timeScale));
    this.paramTrip = { event, recloseAt: ms + delay };
    this.unreported.push(event);
  }

  /** The parameter trip in force ends at `ms` (its cause ended, or a command took the relay over). */
  private endTrip(ms: number) {
    if (!this.paramTrip) return;
    const { event } = this.paramTrip;
    event.onAt = ms;
    if (!this.unreported.includes(event)) this.unreported.push(event);
    this.paramTrip = null;
  }

  /**
   * Takes a parameter set (set_parameter): its part of the parameters is replaced. A trip whose
   * kind no longer applies ends at the next check. Answers false for values that make no sense.
   */
  setParameters(part: Partial<MeterParameters> | undefined, now: Date): boolean {
    if (!part) return false;
    this.advance(now.getTime());
    this.params = { ...this.params, ...part };
    return true;
  }

  /** The parameter sets the meter holds (tests). */
  get parameters(): Readonly<MeterParameters> {
    return this.params;
  }

  /** Trips opened or ended since the last call (a read reports them), oldest first. */
  takeRelayEvents(): RelayEvent[] {
    const events = this.unreported.map((e) => ({ ...e }));
    this.unreported = [];
    return events;
  }

  /** How long after close-allowed the tenant presses the button: 1–30 simulated minutes (from the address and the moment). */
  private pressDelay(at: number) {
    const minutes = 1 + Math.floor(30 * (mix(this.model.seed ^ 0x68e31da4, Math.floor(at / MINUTE_MS)) / 4294967296));
    return Math.max(1, Math.round((minutes * MINUTE_MS) / this.estate.timeScale));
  }

  read(now: Date): ElectricRegisters & { relayState: RelayState; keepSupply: boolean; remaining?: number } {
    const ms = now.getTime();
    this.advance(ms);
    const [sharp, peak, flat, valley] = this.units.map(hundredths);
    const at = Math.max(ms, this.at!);
    const voltage = voltageAt(this.model, at);
    const powerKw = this.relayState === 'on' ? round2(instantLoad(this.model, at, this.estate.timeScale)) : 0;
    return {
      total: (sharp + peak + flat + valley) / 100, sharp: sharp / 100, peak: peak / 100, flat: flat / 100, valley: valley / 100,
      voltage, current: round2((powerKw * 1000) / voltage), powerKw, relayState: this.relayState, keepSupply: this.keepSupply,
      ...(this.preset ? { remaining: Math.max(0, Math.round((this.preset.energy - ((sharp + peak + flat + valley) / 100 - this.preset.fromTotal)) * 100) / 100) } : {}),
    };
  }

  /** Preset energy (预置电量): the meter keeps `energy` kWh from now on, used up by what it counts. Answers what is left (the amount). */
  presetEnergy(energy: number, now: Date): number {
    const { total } = this.read(now);
    this.preset = { energy, fromTotal: total };
    return energy;
  }

  relay(action: RelayAction, now: Date): { ok: true } | { ok: false; error: number } {
    const ms = now.getTime();
    this.advance(ms);
    switch (action) {
      case 'trip':
        if (this.keepSupply) return { ok: false, error: RELAY_REFUSED };
        // The platform's trip holds the relay open: a parameter trip in force no longer recloses it.
        if (this.paramTrip) this.paramTrip.recloseAt = Number.POSITIVE_INFINITY;
        this.paramTrip = null;
        this.relayState = 'off';
        this.pressAt = null;
        break;
      case 'close_allowed':
        // Closes when the tenant presses the button; a relay already on stays on.
        if (this.relayState !== 'on') {
          this.endTrip(Math.max(ms, this.at!));
          this.relayState = 'close_pending';
          this.pressAt = Math.max(ms, this.at!) + this.pressDelay(ms);
        }
        break;
      case 'direct_close':
        this.endTrip(Math.max(ms, this.at!));
        this.relayState = 'on';
        this.pressAt = null;
        break;
      case 'keep_supply_on':
        this.keepSupply = true;
        break;
      case 'keep_supply_off':
        this.keepSupply = false;
        break;
    }
    return { ok: true };
  }

  /**
   * The meter's clock: off by up to ±3 minutes when first seen and running fast or slow by up to
   * 40 ppm (about 3.5 s a day), both from the address; setting it removes the offset, the drift
   * stays (real time: the clock is not scaled by the time scale).
   */
  private clockOffsetMs?: number;
  private clockSetAt?: number;

  private get driftPpm() {
    return (mix(this.model.seed ^ 0x2f6b1c3d, 11) % 81) - 40;
  }

  setClock(at: Date, now: Date) {
    this.advance(now.getTime());
    this.clockOffsetMs = at.getTime() - now.getTime();
    this.clockSetAt = now.getTime();
  }

  clockAt(now: Date): Date {
    const ms = now.getTime();
    if (this.clockOffsetMs === undefined || this.clockSetAt === undefined) {
      // First sight: an offset of −180…+180 s (whole seconds), counted from this moment.
      this.clockOffsetMs = ((mix(this.model.seed ^ 0x51ed270b, 12) % 361) - 180) * 1000;
      this.clockSetAt = ms;
    }
    const drift = ((ms - this.clockSetAt) * this.driftPpm) / 1_000_000;
    return new Date(Math.round(ms + this.clockOffsetMs + drift));
  }

  /**
   * The meter's discrepancy from the platform's prepaid figures, from the address: about a third
   * of the meters missed one purchase (one count and ¥20–¥100 short), a third drifted by up to
   * ±¥10 in rounding, the rest agree. A calibration write clears it.
   */
  private walletDelta?: MeterWallet;

  private delta(): MeterWallet {
    if (!this.walletDelta) {
      const pick = mix(this.model.seed ^ 0x7a3c9e15, 13);
      const kind = pick % 3;
      this.walletDelta = kind === 0 ? { balanceFen: -(2000 + (pick % 9) * 1000), saleCount: -1 }
        : kind === 1 ? { balanceFen: (pick % 2001) - 1000, saleCount: 0 } : { balanceFen: 0, saleCount: 0 };
    }
    return this.walletDelta;
  }

  wallet(platform: MeterWallet): MeterWallet {
    const delta = this.delta();
    return { balanceFen: platform.balanceFen + delta.balanceFen, saleCount: Math.max(0, platform.saleCount + delta.saleCount) };
  }

  calibrateWallet(platform: MeterWallet): MeterWallet {
    this.walletDelta = { balanceFen: 0, saleCount: 0 };
    return { ...platform };
  }

  /** The relay as it stands at `now` (tests). */
  relayAt(now: Date) {
    this.advance(now.getTime());
    return this.relayState;
  }
}

export class LivingWaterMeter extends LivingMeter implements SimWaterMeter {
  readonly meterType: 'cold' | 'hot';
  private valveState: 'open' | 'closed' | 'abnormal';
  private batteryLow: boolean;

  constructor(address: string, estate: LivingEstate, hint: MeterHint) {
    const hot = hint.meterType === 'hot' || (hint.meterType == null && address.startsWith('11'));
    super(address, meterModel(address, 'water', hot), estate, hint);
    this.meterType = hot ? 'hot' : 'cold';
    this.valveState = hint.valveState === 'closed' || hint.valveState === 'abnormal' ? hint.valveState : 'open';
    // A few meters (about 1 in 40, from the address) run on a low battery.
    this.batteryLow = !!hint.batteryLow || mix(this.model.seed, 4) % 40 === 0;
  }

  /** A stuck (abnormal) valve still lets water through: only a closed valve stops the flow. */
  protected flowing() {
    return this.valveState !== 'closed';
  }

  protected initial(total: number) {
    return [Math.max(0, Math.round(total * 100)) * UNITS_PER_HUNDREDTH];
  }

  read(now: Date) {
    this.advance(now.getTime());
    return { total: hundredths(this.units[0]) / 100, valveState: this.valveState, batteryLow: this.batteryLow };
  }

  valve(open: boolean, now: Date): { ok: true } | { ok: false } {
    this.advance(now.getTime());
    this.valveState = this.estate.valveFaults() ? 'abnormal' : open ? 'open' : 'closed';
    return { ok: true };
  }
}

/**
 * The living simulated estate: every 12-digit address is an electric meter, every 14-digit one a
 * water meter, created on first sight and kept for the life of the estate. The in-process
 * simulator driver and the TCP meter server read the same meters.
 */
export class LivingEstate implements MeterBank {
  readonly timeScale: number;
  private readonly valveFaultRate: number;
  private readonly random: () => number;
  private readonly electricMeters = new Map<string, LivingElectricMeter>();
  private readonly waterMeters = new Map<string, LivingWaterMeter>();

  constructor(options: EstateOptions = {}) {
    const scale = options.timeScale ?? 1;
    if (!(Number.isFinite(scale) && scale > 0)) throw new Error(`time scale ${scale}: a number above 0`);
    this.timeScale = scale;
    this.valveFaultRate = options.valveFaultRate ?? 0;
    this.random = options.random ?? Math.random;
  }

  /** The electric meter at a 12-digit address (undefined for anything else: no reply). */
  electric(address: string, hint: MeterHint = {}): LivingElectricMeter | undefined {
    if (!ELECTRIC_ADDRESS.test(address)) return undefined;
    let meter = this.electricMeters.get(address);
    if (!meter) this.electricMeters.set(address, (meter = new LivingElectricMeter(address, this, hint)));
    return meter;
  }

  /** Whether the estate has seen the electric meter at this address (it was given its hint then). */
  knowsElectric(address: string): boolean {
    return this.electricMeters.has(address);
  }

  /** The water meter at a 14-digit address (undefined for anything else: no reply). */
  water(address: string, hint: MeterHint = {}): LivingWaterMeter | undefined {
    if (!WATER_ADDRESS.test(address)) return undefined;
    let meter = this.waterMeters.get(address);
    if (!meter) this.waterMeters.set(address, (meter = new LivingWaterMeter(address, this, hint)));
    return meter;
  }

  /** How many meters the estate has seen. */
  get size() {
    return this.electricMeters.size + this.waterMeters.size;
  }

  /** @internal one draw: does this valve command fault? */
  valveFaults() {
    return this.valveFaultRate > 0 && this.random() < this.valveFaultRate;
  }
}

export const createLivingEstate = (options: EstateOptions = {}) => new LivingEstate(options);
