import type { DeviceDriver } from '../../server/devices/driver';

/**
 * A test driver whose reads always answer, a little further on than the device's last reading
 * (water: +1.25 m³, valve open, battery fine; electric: +2.5 kWh at 220 V); every other command is
 * `unsupported`. For screens that show what a read brought back.
 */
export const steadyReader: DeviceDriver = {
  async execute(target, type) {
    if (type !== 'read') return { ok: false, code: 'unsupported' };
    return target.kind === 'water'
      ? { ok: true, data: { total: Number(target.lastTotal ?? 0) + 1.25, valveState: 'open', batteryLow: false } }
      : { ok: true, data: { total: Number(target.lastTotal ?? 0) + 2.5, sharp: 0, peak: 0, flat: 0, valley: 0, voltage: 220, current: 1, powerKw: 0.2 } };
  },
};
