import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderScreen, signedInForFile, listRows as rows, fastUser as user, sqlRows as query } from './render';

/** System management screens (issue 33): administrators, permissions, operation records, device command log, front-end log. */
signedInForFile('admin');

const fill = (field: HTMLElement, value: string) => fireEvent.change(field, { target: { value } });

describe('administrators (/sysuser)', () => {
  it('lists the area\'s administrators, marking one\'s own account', async () => {
    renderScreen('/sysuser');
    await waitFor(() => expect(rows().length).toBe(2));
    const headers = [...document.querySelectorAll('main thead th')].map((th) => th.textContent);
    expect(headers).toEqual(expect.arrayContaining(['账号', '姓名', '角色', '区域', '状态']));
    const own = rows().find((row) => row.textContent?.includes('admin'))!;
    expect(own).toHaveTextContent('本人');
    expect(own).toHaveTextContent('平台管理员');
    // One's own row has no "disable" action; another's has.
    expect(within(own).queryByRole('button', { name: '停用' })).toBeNull();
    expect(within(rows().find((row) => row.textContent?.includes('viewer'))!).getByRole('button', { name: '停用' })).toBeInTheDocument();
  });

  it('refuses a common password and a different confirmation as typed, then creates the administrator', async () => {
    const u = user();
    renderScreen('/sysuser/create');
    fill(await screen.findByRole('textbox', { name: /账号/ }), 'console-op');
    fill(screen.getByRole('textbox', { name: /姓名/ }), '界面操作员');
    await u.click(screen.getByRole('combobox', { name: /角色/ }));
    await u.click(await screen.findByRole('option', { name: /只读操作员/ }));
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    const password = screen.getByLabelText(/^密码/);
    fill(password, '1234567');
    fill(screen.getByLabelText(/确认密码/), '1234567');
    await u.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('该密码属于最常见的密码，请换一个')).toBeInTheDocument();
    fill(password, '12345');
    expect(await screen.findByText('密码长度必须大于 6 位！')).toBeInTheDocument();
    fill(password, 'console-pass-9');
    fill(screen.getByLabelText(/确认密码/), 'console-pass-8');
    expect(await screen.findByText('两次密码不相同，请检查！')).toBeInTheDocument();
    expect(await query(`SELECT id FROM sys_users WHERE user_name = 'console-op'`)).toHaveLength(0);
    fill(screen.getByLabelText(/确认密码/), 'console-pass-9');
    await u.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(window.location.pathname).toBe('/sysuser'));
    const [saved] = await query<{ real_name: string; state: number; role: string }>(`SELECT u.real_name, u.state, r.name AS role FROM sys_users u JOIN roles r ON r.id = u.role_id WHERE u.user_name = 'console-op'`);
    expect(saved).toEqual({ real_name: '界面操作员', state: 1, role: '只读操作员' });
  });

  it('disables an account after a confirmation, and resets a password refusing the current one', async () => {
    const u = user();
    renderScreen('/sysuser');
    await waitFor(() => expect(rows().some((row) => row.textContent?.includes('console-op'))).toBe(true));
    const row = () => rows().find((r) => r.textContent?.includes('console-op'))!;
    await u.click(within(row()).getByRole('button', { name: '停用' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('停用账号「console-op」？');
    await u.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(async () => expect(await query(`SELECT state FROM sys_users WHERE user_name = 'console-op'`)).toEqual([{ state: 0 }]));
    await waitFor(() => expect(row()).toHaveTextContent('停用'));

    await u.click(within(row()).getByRole('button', { name: '重置密码' }));
    const reset = await screen.findByRole('dialog');
    const [before] = await query<{ password_hash: string }>(`SELECT password_hash FROM sys_users WHERE user_name = 'console-op'`);
    fill(within(reset).getByLabelText(/^新密码/), 'console-pass-9');
    fill(within(reset).getByLabelText(/确认新密码/), 'console-pass-9');
    await u.click(within(reset).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('密码：不能与当前密码相同')).toBeInTheDocument();
    expect(await query(`SELECT password_hash FROM sys_users WHERE user_name = 'console-op'`)).toEqual([before]);
    fill(within(reset).getByLabelText(/^新密码/), 'console-pass-10');
    fill(within(reset).getByLabelText(/确认新密码/), 'console-pass-10');
    await u.click(within(reset).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((await query<{ password_hash: string }>(`SELECT password_hash FROM sys_users WHERE user_name = 'console-op'`))[0]).not.toEqual(before);
  });
});

describe('permission management (bumen)', () => {
  it('creates a role from the menu tree: a group ticked grants its screens, with half-checked parents', async () => {
    const u = user();
    renderScreen('/bumen/create');
    fill(await screen.findByRole('textbox', { name: /角色名称/ }), '设备巡检员');
    const devices = await screen.findByRole('checkbox', { name: '设备管理' });
    await u.click(devices);
    await u.click(screen.getByRole('button', { name: '设备管理' }));
    const meters = await screen.findByRole('checkbox', { name: '电表管理' });
    expect(meters).toBeChecked();
    await u.click(meters);
    await waitFor(() => expect(devices).toHaveAttribute('data-indeterminate', 'true'));
    await u.click(screen.getByRole('radio', { name: '只读' }));
    await u.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(window.location.pathname).toBe('/bumen'));
    const [role] = await query<{ id: number; read_only: boolean }>(`SELECT id, read_only FROM roles WHERE name = '设备巡检员'`);
    expect(role.read_only).toBe(true);
    const granted = (await query<{ res_url: string; user_type: number }>(`SELECT r.res_url, r.user_type FROM role_resources g JOIN resources r ON r.id = g.resource_id WHERE g.role_id = ${role.id}`));
    const expected = (await query<{ res_url: string }>(`SELECT res_url FROM resources WHERE user_type = 2 AND parent_id = (SELECT id FROM resources WHERE name = '设备管理') AND res_url <> 'dianbiaoguanli'`)).map((r) => r.res_url);
    expect(granted.filter((g) => g.user_type === 2).map((g) => g.res_url).sort()).toEqual(expected.sort());
    expect(granted.filter((g) => g.user_type !== 2)).toHaveLength(2);
  });

  it('lists roles with access and user counts, and names the server\'s refusal of a role in use', async () => {
    renderScreen('/bumen');
    await waitFor(() => expect(rows().some((row) => row.textContent?.includes('设备巡检员'))).toBe(true));
    const viewer = rows().find((row) => row.textContent?.includes('只读操作员'))!;
    expect(viewer).toHaveTextContent('只读');
    const [{ id }] = await query<{ id: number }>(`SELECT id FROM roles WHERE name = '只读操作员'`);
    const u = user();
    renderScreen(`/bumen/${id}`);
    expect(await screen.findByText(/个用户使用此角色/)).toBeInTheDocument();
    await u.click(await screen.findByRole('button', { name: '删除' }));
    const dialog = await screen.findByRole('dialog');
    await u.click(within(dialog).getByRole('button', { name: /确定|删除/ }));
    expect(await screen.findByText(/个用户使用此角色，请先为他们更换角色/)).toBeInTheDocument();
    expect(await query(`SELECT id FROM roles WHERE id = ${id}`)).toHaveLength(1);
  });
});

describe('operation records (caozuojilu)', () => {
  it('lists who did what, and shows before and after side by side', async () => {
    const u = user();
    renderScreen('/caozuojilu');
    const [{ n }] = await query<{ n: number }>(`SELECT count(*)::int AS n FROM operation_log WHERE area_id IN (SELECT id FROM areas WHERE id = 1 OR parent_id = 1)`);
    await waitFor(() => expect(rows().length).toBe(Math.min(n, 25)));
    const headers = [...document.querySelectorAll('main thead th')].map((th) => th.textContent);
    // 区域 is a column of wide windows (issue 46: below 1440 px the record and its changes come first).
    expect(headers).toEqual(expect.arrayContaining(['时间', '操作员', '功能', '记录类型', '操作', '记录']));
    // The call reads as its screen (issue 46), its API path on hover.
    const disabled = rows().find((row) => row.querySelector('[title*="PUT /api/v1/electricity/sysUser/updateUser"]'))!;
    expect(disabled).toHaveTextContent('admin');
    await u.click(within(disabled).getByRole('button', { name: '详情' }));
    const dialog = await screen.findByRole('dialog');
    const table = within(dialog).getByRole('table');
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['字段', '修改前', '修改后']);
    expect(within(dialog).queryByText(/passwordHash|scrypt/)).toBeNull();
    expect(within(table).getAllByRole('row').length).toBeGreaterThan(1);
  });
});

describe('device command log (rizhi) and front-end log (log)', () => {
  it('lists commands newest first with their result and sender (an operator or the platform)', async () => {
    renderScreen('/rizhi');
    const [{ n }] = await query<{ n: number }>(`SELECT count(*)::int AS n FROM commands WHERE area_id IN (SELECT id FROM areas WHERE id = 1 OR parent_id = 1)`);
    await waitFor(() => expect(rows().length).toBe(Math.min(n, 25)));
    const headers = [...document.querySelectorAll('main thead th')].map((th) => th.textContent);
    expect(headers).toEqual(expect.arrayContaining(['设备地址', '指令', '结果', '尝试次数', '发起人']));
    const [newest] = await query<{ operator_id: number | null; state: string }>(`SELECT operator_id, state FROM commands WHERE area_id IN (SELECT id FROM areas WHERE id = 1 OR parent_id = 1) ORDER BY created_at DESC, id DESC LIMIT 1`);
    if (newest.operator_id === null) expect(rows()[0]).toHaveTextContent('平台');
  });

  it('lists front-end errors with the token masked', async () => {
    await query(`INSERT INTO frontend_log (area_id, user_id, user_name, url, message, token_masked) VALUES (1, 1, 'admin', '/waterarchive', 'TypeError: console test', 'abcd****wxyz')`);
    renderScreen('/log');
    await waitFor(() => expect(rows().some((row) => row.textContent?.includes('TypeError: console test'))).toBe(true));
    const row = rows().find((r) => r.textContent?.includes('TypeError: console test'))!;
    expect(row).toHaveTextContent('abcd****wxyz');
    expect(row).toHaveTextContent('/waterarchive');
  });
});
