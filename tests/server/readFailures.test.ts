import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, loginAs, startTestBackend, type TestBackend } from '../support/testApp';
import { setModuleOnline } from '../../server/domain/moduleOnline';

let backend: TestBackend;
beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(() => backend.close());

interface Device { roomCode: string | null; deviceAddress: string; deviceType: number }

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

  it('lists a module that went offline until it is deleted', async () => {
    const api = apiClient(backend.app, await loginAs(backend.app, 'admin'));
    const bell = async () => ((await api.get('roomBillingStatement/findReadTheListOfFailuresVo')).body.data as Device[]);
    const address = `RF${Date.now() % 1_000_000}`;
    const { id } = (await api.post('module/addModule', { address, name: '待删模块', kind: 'simulator', protocol: 'cjt188' })).body.data as { id: number };
    await setModuleOnline(backend.database.db, { id }, false, backend.clock.now);
    expect(await bell()).toContainEqual(expect.objectContaining({ roomCode: null, deviceAddress: address, deviceType: 3 }));
    expect((await api.post('module/deleteModule', { id })).body.code).toBe(200);
    const after = await bell();
    expect(after.map((device) => device.deviceAddress)).not.toContain(address);
    expect(after.every((device) => device.deviceAddress)).toBe(true);
  });

  it('needs a session', async () => {
    expect((await apiClient(backend.app).get('roomBillingStatement/findReadTheListOfFailuresVo')).status).toBe(401);
  });
});
