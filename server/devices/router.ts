import type { DeviceDriver, DeviceOutcome, DeviceTarget } from './driver';

export interface DriverRouterOptions {
  /** Modules of kind `simulator` (the living simulated estate). */
  simulator: DeviceDriver;
  /**
   * Modules of kind `tcp-gateway` and `dtu`: the protocol driver (DL/T 645 / CJ/T 188 over TCP,
   * `createProtocolDriver` of server/devices/protocolDriver.ts). Absent: their commands fail
   * `unsupported` ("protocol driver not running").
   */
  protocol?: DeviceDriver;
}

/** What a module kind is served by. */
export const DRIVER_OF_KIND = { simulator: 'simulator', 'tcp-gateway': 'protocol', dtu: 'protocol' } as const;

/**
 * The pipeline's one driver: picks the driver of each command by the kind of its module
 * (`target.module.kind`). Knows no HTTP and no rules; the pipeline has already failed commands
 * without a module (`no_path`), so a target without one is refused here as well, never guessed.
 */
export function createDriverRouter(options: DriverRouterOptions): DeviceDriver {
  return {
    execute(target: DeviceTarget, type: string, payload: Record<string, unknown>): Promise<DeviceOutcome> {
      const kind = target.module?.kind;
      if (!kind) return Promise.resolve({ ok: false, code: 'unsupported', detail: 'no module' });
      const via = DRIVER_OF_KIND[kind as keyof typeof DRIVER_OF_KIND];
      if (via === 'simulator') return options.simulator.execute(target, type, payload);
      if (via === 'protocol') {
        return options.protocol
          ? options.protocol.execute(target, type, payload)
          : Promise.resolve({ ok: false, code: 'unsupported', detail: 'protocol driver not running' });
      }
      return Promise.resolve({ ok: false, code: 'unsupported', detail: `unknown module kind ${kind}` });
    },
  };
}
