/** What a device driver is asked to do: one command for one device. */
export interface DeviceTarget {
  kind: 'electric' | 'water' | 'module';
  id: number;
  address: string;
  online: boolean;
}

export type DeviceOutcome =
  | { ok: true; data?: Record<string, unknown> }
  | { ok: false; code: 'no_reply' | 'device_error' | 'unsupported'; detail?: string };

/** A device driver: the simulator (default) or a protocol driver speaking DL/T 645 / CJ/T 188. */
export interface DeviceDriver {
  execute(target: DeviceTarget, type: string, payload: Record<string, unknown>): Promise<DeviceOutcome>;
}
