import type { DeviceDriver, DeviceOutcome, DeviceTarget } from './driver';

export interface SimulatorOptions {
  /** Chance that an online device does not answer one attempt (0..1). */
  failureRate?: number;
  random?: () => number;
}

/**
 * The default driver: devices that follow commands. Offline devices never answer; online ones
 * occasionally miss an attempt (the command is then retried).
 */
export function createSimulator(options: SimulatorOptions = {}): DeviceDriver {
  const failureRate = options.failureRate ?? 0.03;
  const random = options.random ?? Math.random;
  return {
    async execute(target: DeviceTarget, type: string, payload: Record<string, unknown>): Promise<DeviceOutcome> {
      if (type === 'time_sync' && payload.broadcast) return { ok: true };
      if (!target.online || random() < failureRate) return { ok: false, code: 'no_reply' };
      switch (type) {
        case 'valve_open':
          return { ok: true, data: { valveState: 'open' } };
        case 'valve_close':
          return { ok: true, data: { valveState: 'closed' } };
        // DL/T 645 relay control N1 1B: the meter may close again (the tenant presses its button).
        case 'close_allowed':
          return { ok: true, data: { relayState: 'close_pending' } };
        default:
          return { ok: false, code: 'unsupported', detail: type };
      }
    },
  };
}
