import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderScreen, signedInForFile, listRows as rows, fastUser } from './render';
import { testBackend } from '../msw/setup';
import { AlarmBell } from '../../src/layout/AlarmBell';
import { apiClient } from '../support/testApp';
import type { DeviceDriver } from '../../server/devices/driver';

const silent: DeviceDriver = { execute: async () => ({ ok: false, code: 'no_reply' }) };

const session = signedInForFile('admin');
beforeEach(() => {
  // No interval ever fires: the 30-minute refresh and command polling are out of the picture, so
  // whatever changes on screen came over the websocket.
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
});
afterEach(() => vi.useRealTimers());

/** Opens the bell's popover until it says updates are live, then closes it; returns the count. */
async function liveBell(user: ReturnType<typeof fastUser>) {
  const bell = await screen.findByRole('button', { name: '设备通讯异常' });
  await waitFor(() => expect(within(bell).getByText(/^\d+$/)).toBeInTheDocument());
  await user.click(bell);
  const popover = await screen.findByRole('dialog', { name: '设备通讯异常' });
  await within(popover).findByText('实时更新中');
  await user.keyboard('{Escape}');
  return { bell, count: Number(within(bell).getByText(/^\d+$/).textContent) };
}

describe('live updates over the websocket', () => {
  it('adds a device to the alarm bell as soon as it stops answering, and removes it when it answers again', async () => {
    const user = fastUser();
    renderScreen('/index', { shell: <AlarmBell /> });
    const { bell, count } = await liveBell(user);

    const backend = testBackend();
    const api = apiClient(backend.app, session.session().sessinId);
    const [meter] = (await api.get('webWaterArchive/findByCondition', { pageSize: 1, online: 'true', valveState: 'open' })).body.data.records as { id: number }[];
    await api.put('webWaterArchive/updateWaterStatus', { id: meter.id, valveState: 'closed' });
    for (let attempt = 1; attempt <= 3; attempt++) {
      await backend.runCommands(silent);
      backend.clock.now = new Date(backend.clock.now.getTime() + 60_000);
    }
    await waitFor(() => expect(within(bell).getByText(String(count + 1))).toBeInTheDocument());

    await api.put('webWaterArchive/updateWaterStatus', { id: meter.id, valveState: 'closed' });
    await backend.runCommands();
    await waitFor(() => expect(within(bell).getByText(String(count))).toBeInTheDocument());
  });

  it('shows a command\'s progress as the device answers', async () => {
    const user = fastUser();
    renderScreen('/waterarchive?filter=%7B%22valveState%22%3A%22open%22%2C%22online%22%3A%22true%22%7D', { shell: <AlarmBell /> });
    await liveBell(user);
    await waitFor(() => expect(rows().length).toBeGreaterThan(0));
    await user.click(await within(rows()[0]).findByRole('button', { name: '关阀' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '确定' }));
    expect(await screen.findByText(/已完成 0\/1/)).toBeInTheDocument();
    await testBackend().runCommands();
    expect(await screen.findByText(/已完成 1\/1：成功 1，失败 0/)).toBeInTheDocument();
  });

  it('says when updates are not live, and the bell still loads', async () => {
    const user = fastUser();
    const { ws } = await import('msw');
    const { server } = await import('../msw/setup');
    // The backend refuses the websocket (as a proxy without websocket support would).
    server.use(ws.link(/websocket-server/).addEventListener('connection', ({ client }) => client.close(1000)));
    renderScreen('/index', { shell: <AlarmBell /> });
    const bell = await screen.findByRole('button', { name: '设备通讯异常' });
    await waitFor(() => expect(within(bell).getByText(/^\d+$/)).toBeInTheDocument());
    await user.click(bell);
    const popover = await screen.findByRole('dialog', { name: '设备通讯异常' });
    expect(await within(popover).findByText('实时连接已断开，每 30 分钟刷新一次')).toBeInTheDocument();
  });
});
