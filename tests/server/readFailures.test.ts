import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, loginAs, startTestBackend, type TestBackend } from '../support/testApp';

let backend: TestBackend;
beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(() => backend.close());

interface Device { roomCode: string; deviceAddress: string; deviceType: number }

describe('roomBillingStatement/findReadTheListOfFailuresVo', () => {
  it('lists the open read failures and the offline modules of the caller\'s area only', async () => {
    const mine = (await apiClient(backend.app, await loginAs(backend.app, 'admin')).get('roomBillingStatement/findReadTheListOfFailuresVo')).body.data as Device[];
    const theirs = (await apiClient(backend.app, await loginAs(backend.app, 'admin2')).get('roomBillingStatement/findReadTheListOfFailuresVo')).body.data as Device[];
    const all = [...mine, ...theirs];
    // The demo estate: 8 meters whose last read failed, and 3 modules that never came back.
    expect(all.filter((device) => device.deviceType !== 3)).toHaveLength(8);
    expect(all.filter((device) => device.deviceType === 3)).toHaveLength(3);
    for (const device of all) {
      if (device.deviceType === 3) {
        // A module is in no room: its address says which it is.
        expect(device.roomCode).toBeNull();
        expect(device.deviceAddress).toBeTruthy();
        continue;
      }
      expect(device.roomCode).toMatch(/^\d+$/);
      expect(device.deviceAddress).toMatch(device.deviceType === 1 ? /^\d{12}$/ : /^\d{14}$/);
      expect([1, 2]).toContain(device.deviceType);
    }
    const mineAddresses = new Set(mine.map((d) => d.deviceAddress));
    expect(theirs.some((d) => mineAddresses.has(d.deviceAddress))).toBe(false);
  });

  it('needs a session', async () => {
    expect((await apiClient(backend.app).get('roomBillingStatement/findReadTheListOfFailuresVo')).status).toBe(401);
  });
});
