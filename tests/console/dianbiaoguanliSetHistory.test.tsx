import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderScreen, signedInForFile, listRows as rows, fastUser as user, sqlRows as query } from './render';
import { testBackend } from '../msw/setup';

/**
 * 电表管理: the sets sent to a meter (issue 30) — on the meter's page (its side panel) and as the
 * list's row action: what was applied, when, by whom, and how it ended, including a send still
 * waiting for its offline module and one that expired because the module stayed offline. And the
 * progress of a command whose module is offline: waiting for its module, not failed.
 */
signedInForFile('admin');

const filterOf = (filter: object) => encodeURIComponent(JSON.stringify(filter));
let meter: { id: number; address: string };
const sets: Record<string, { id: number; name: string }> = {};
let operator: string;

beforeAll(async () => {
  [meter] = await query<{ id: number; address: string }>(`SELECT id, address FROM electric_meters WHERE area_id = 1 AND room_id IS NOT NULL AND module_id IS NOT NULL ORDER BY id LIMIT 1 OFFSET 3`);
  for (const kind of ['control', 'night', 'load']) {
    [sets[kind]] = await query<{ id: number; name: string }>(`SELECT id, name FROM parameter_sets WHERE area_id = 1 AND kind = '${kind}' ORDER BY id LIMIT 1`);
  }
  const [admin] = await query<{ id: number; name: string }>(`SELECT id, coalesce(real_name, user_name) AS name FROM sys_users WHERE user_name = 'admin'`);
  operator = admin.name;
  // A module that is offline: the send through it is held.
  const [away] = await query<{ id: number }>(`INSERT INTO modules (area_id, address, name, kind, protocol, online) VALUES (1, 'HOLD0001', 'held module', 'simulator', 'dlt645', false) RETURNING id`);
  const send = (kind: string, state: string, resultCode: string | null, moduleId: string, at: string) => `INSERT INTO commands
    (area_id, device_kind, device_id, module_id, type, payload, state, attempts, result_code, operator_id, deadline, created_at, finished_at)
    VALUES (1, 'electric', ${meter.id}, ${moduleId}, 'set_parameter', '{"setKind":"${kind}","setId":${sets[kind].id}}', '${state}', ${state === 'succeeded' ? 1 : 0},
      ${resultCode ? `'${resultCode}'` : 'NULL'}, ${admin.id}, now() + interval '1 day', '${at}', ${state === 'queued' ? 'NULL' : `'${at}'`})`;
  await query(send('control', 'succeeded', 'ok', `(SELECT module_id FROM electric_meters WHERE id = ${meter.id})`, '2026-11-20T02:00:00Z'));
  await query(send('night', 'expired', 'module_offline', String(away.id), '2026-11-21T02:00:00Z'));
  await query(send('load', 'queued', null, String(away.id), '2026-11-22T01:00:00Z'));
});

describe('dianbiaoguanli: the sets sent to a meter', () => {
  it('the meter\'s page lists them, latest first: kind and set, result in words, when and by whom', async () => {
    renderScreen(`/dianbiaoguanli/${meter.id}`);
    const panel = await screen.findByRole('region', { name: '方案下发记录' });
    await waitFor(() => expect(within(panel).getAllByRole('listitem')).toHaveLength(3));
    const [load, night, control] = within(panel).getAllByRole('listitem');
    expect(load).toHaveTextContent(`设置负载参数 · ${sets.load.name}`);
    expect(load).toHaveTextContent('等待模块上线');
    expect(night).toHaveTextContent(`设置夜间小功率参数 · ${sets.night.name}`);
    expect(night).toHaveTextContent('已过期');
    expect(night).toHaveTextContent('模块离线，超时未执行');
    expect(control).toHaveTextContent(`设置控制参数 · ${sets.control.name}`);
    expect(control).toHaveTextContent('成功');
    expect(control).toHaveTextContent('2026-11-20');
    expect(control).toHaveTextContent(operator);
  });

  it('the list\'s row action shows the same history in a table', async () => {
    const u = user();
    renderScreen(`/dianbiaoguanli?filter=${filterOf({ q: meter.address })}`);
    await waitFor(() => expect(rows()).toHaveLength(1));
    await u.click(within(rows()[0]).getByRole('button', { name: '方案下发记录' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(`方案下发记录 · ${meter.address}`);
    const table = await within(dialog).findByRole('table', { name: '下发记录' });
    const lines = within(table).getAllByRole('row').slice(1);
    expect(lines.map((line) => line.textContent)).toEqual([
      expect.stringContaining(sets.load.name), expect.stringContaining(sets.night.name), expect.stringContaining(sets.control.name),
    ]);
    expect(lines[0]).toHaveTextContent('等待模块上线');
    expect(lines[1]).toHaveTextContent('模块离线，超时未执行');
    expect(lines[2]).toHaveTextContent(operator);
  });

  it('a meter nothing was sent to says so', async () => {
    const [fresh] = await query<{ id: number }>(`SELECT e.id FROM electric_meters e WHERE e.area_id = 1
      AND NOT EXISTS (SELECT 1 FROM commands c WHERE c.device_kind = 'electric' AND c.device_id = e.id AND c.type = 'set_parameter') ORDER BY e.id LIMIT 1`);
    renderScreen(`/dianbiaoguanli/${fresh.id}`);
    const panel = await screen.findByRole('region', { name: '方案下发记录' });
    expect(await within(panel).findByText('该电表还没有下发过参数方案')).toBeInTheDocument();
  });

  it('the progress of a command through an offline module says it waits for its module, not that it failed', async () => {
    const u = user();
    const [other] = await query<{ id: number; address: string; module_id: number }>(`SELECT id, address, module_id FROM electric_meters WHERE area_id = 1 AND module_id IS NOT NULL AND id <> ${meter.id} ORDER BY id DESC LIMIT 1`);
    await query(`UPDATE modules SET online = false WHERE id = ${other.module_id}`);
    try {
      renderScreen(`/dianbiaoguanli?filter=${filterOf({ q: other.address })}`);
      await waitFor(() => expect(rows()).toHaveLength(1));
      await u.click(await within(rows()[0]).findByRole('button', { name: '设备操作' }));
      await u.click(await screen.findByRole('menuitem', { name: '立即抄表' }));
      await u.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '确定' }));
      expect(await screen.findByText('立即抄表：1 个设备')).toBeInTheDocument();
      await testBackend().runCommands();
      const progress = await screen.findByRole('table', { name: '本次操作的设备' });
      expect(await within(progress).findByText('等待模块上线')).toBeInTheDocument();
      expect(progress).not.toHaveTextContent('失败');
      expect(screen.getByText('1 个设备的通讯模块离线：指令已保留，模块上线后自动下发，超过期限则失效')).toBeInTheDocument();
    } finally {
      await query(`UPDATE modules SET online = true WHERE id = ${other.module_id}`);
    }
  });
});
