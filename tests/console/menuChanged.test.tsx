import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { renderScreen, signIn, sqlRows } from './render';
import { testBackend } from '../msw/setup';
import { apiClient } from '../support/testApp';
import { request } from '../../src/http/client';
import { HttpMessages } from '../../src/layout/HttpMessages';
import { SideMenu } from '../../src/layout/SideMenu';

/**
 * A role's grants changed while its operator is signed in (issue 33): the API's next answer
 * carries a new menu version (X-Menu-Version), and the console reads the menu again — the side
 * menu shows the change without a reload, and the operator is told.
 */
describe('a grant change while signed in', () => {
  it('updates the side menu at the next API call, and says so', async () => {
    const adminSession = await signIn('admin');
    const admin = apiClient(testBackend().app, adminSession.sessinId);
    const idsOf = async (paths: string[]) =>
      (await sqlRows<{ id: number }>(`SELECT id FROM resources WHERE res_url IN (${paths.map((p) => `'${p}'`).join(',')})`)).map((row) => Number(row.id));
    const role = await admin.post('role/addRole', { name: 'menu-change', readOnly: false, resourceIds: await idsOf(['project', 'jianzhuguanli']) });
    expect(role.status).toBe(200);
    expect((await admin.post('sysUser/saveUser', { userName: 'menuchange', password: 'menu-change-1', roleId: role.body.data.id })).status).toBe(200);

    await signIn('menuchange', 'menu-change-1');
    renderScreen('/project', { shell: <><HttpMessages /><SideMenu /></> });
    const sideMenu = await screen.findByRole('navigation', { name: 'side menu' });
    expect(await within(sideMenu).findByText('建筑管理')).toBeInTheDocument();
    expect(within(sideMenu).queryByText('房间管理')).not.toBeInTheDocument();

    // The administrator takes buildings away from the role and grants rooms.
    expect((await admin.put('role/updateRole', { id: role.body.data.id, resourceIds: await idsOf(['project', 'fangjianguanli']) })).status).toBe(200);
    // The operator's next call (any screen's) answers the new version: the menu is read again.
    await act(() => request({ method: 'get', url: 'sysUser/currentUser' }));
    expect(await within(sideMenu).findByText('房间管理')).toBeInTheDocument();
    await waitFor(() => expect(within(sideMenu).queryByText('建筑管理')).not.toBeInTheDocument());
    expect(await screen.findByText('您的权限已变更，菜单已更新')).toBeInTheDocument();
  });
});
