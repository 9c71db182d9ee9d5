import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderScreen, signedInForFile, listRows as rows, fastUser as user, sqlRows as query } from './render';
import { residentCheckChar } from '../../common/identity';

/** The user archive (userdangan): list, search, create with client and server validation, edit with history, refused delete. */
signedInForFile('admin');

const fill = (field: HTMLElement, value: string) => fireEvent.change(field, { target: { value } });
const saveEnabled = async () => {
  const save = screen.getByRole('button', { name: '保存' });
  await waitFor(() => expect(save).toBeEnabled());
  return save;
};

describe('user archive (userdangan)', () => {
  it('lists tenants with their rooms and finds one by phone', async () => {
    const [tenant] = await query<{ name: string; phone: string; room_code: string }>(`SELECT t.name, t.phone, r.room_code FROM tenants t
      JOIN tenant_bindings b ON b.tenant_id = t.id AND b.end_date IS NULL JOIN rooms r ON r.id = b.room_id WHERE t.area_id = 1 ORDER BY t.id DESC LIMIT 1`);
    renderScreen('/userdangan');
    await waitFor(() => expect(rows().length).toBeGreaterThan(5));
    const headers = [...document.querySelectorAll('main thead th')].map((th) => th.textContent);
    expect(headers).toEqual(expect.arrayContaining(['姓名', '电话', '证件号码', '房间号']));
    fill(screen.getByPlaceholderText('搜索'), tenant.phone);
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]).toHaveTextContent(tenant.name);
    expect(rows()[0]).toHaveTextContent(tenant.room_code);
    expect(rows()[0]).toHaveTextContent('在租');
  });

  it('checks phone and resident id on the client, then creates the tenant', async () => {
    const u = user();
    renderScreen('/userdangan/create');
    const name = await screen.findByRole('textbox', { name: /姓名/ });
    fill(name, '界面测试');
    fill(screen.getByRole('textbox', { name: /电话/ }), '12345');
    fill(screen.getByRole('textbox', { name: /证件号码/ }), '110101199003071234');
    await u.click(await saveEnabled());
    expect(await screen.findByText('请输入 11 位手机号、带区号的固定电话，或以 + 开头的国际号码')).toBeInTheDocument();
    expect(await screen.findByText('身份证号校验位不正确，请核对号码')).toBeInTheDocument();
    const first17 = '11010119900307555';
    fill(screen.getByRole('textbox', { name: /电话/ }), '0571-88886666');
    fill(screen.getByRole('textbox', { name: /证件号码/ }), `${first17}${residentCheckChar(first17)}`);
    await u.click(await saveEnabled());
    await waitFor(() => expect(window.location.pathname).toBe('/userdangan'));
    expect(await query(`SELECT phone, id_type FROM tenants WHERE name = '界面测试'`)).toEqual([{ phone: '0571-88886666', id_type: 'resident' }]);
  });

  it('shows the server\'s refusal of a duplicate id number', async () => {
    const [taken] = await query<{ id_number: string; name: string }>(`SELECT id_number, name FROM tenants WHERE area_id = 1 AND id_number IS NOT NULL ORDER BY id LIMIT 1`);
    const u = user();
    renderScreen('/userdangan/create');
    fill(await screen.findByRole('textbox', { name: /姓名/ }), '重复证件');
    fill(screen.getByRole('textbox', { name: /证件号码/ }), taken.id_number);
    await u.click(await saveEnabled());
    expect(await screen.findByText(`该证件号码已登记给${taken.name}`)).toBeInTheDocument();
  });

  it('edits a tenant beside their binding history', async () => {
    const [tenant] = await query<{ id: number; room_code: string }>(`SELECT t.id, r.room_code FROM tenants t
      JOIN tenant_bindings b ON b.tenant_id = t.id AND b.end_date IS NULL JOIN rooms r ON r.id = b.room_id WHERE t.area_id = 1 ORDER BY t.id LIMIT 1`);
    const u = user();
    renderScreen(`/userdangan/${tenant.id}`);
    const history = await screen.findByRole('table', { name: '该租户的绑定历史' });
    await waitFor(() => expect(history).toHaveTextContent(tenant.room_code));
    expect(within(history).getByText('当前')).toBeInTheDocument();
    fill(screen.getByRole('textbox', { name: '备注' }), '界面改过');
    await u.click(await saveEnabled());
    await waitFor(async () => expect(await query(`SELECT remark FROM tenants WHERE id = ${tenant.id}`)).toEqual([{ remark: '界面改过' }]));
  });

  it('says why a tenant who rents a room cannot be deleted', async () => {
    const [tenant] = await query<{ id: number; name: string }>(`SELECT t.id, t.name FROM tenants t JOIN tenant_bindings b ON b.tenant_id = t.id AND b.end_date IS NULL WHERE t.area_id = 1 ORDER BY t.id LIMIT 1 OFFSET 1`);
    const u = user();
    renderScreen(`/userdangan/${tenant.id}`);
    await u.click(await screen.findByRole('button', { name: '删除' }));
    await u.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '删除' }));
    expect(await screen.findByText(new RegExp(`^${tenant.name}仍租住.*请先解绑`))).toBeInTheDocument();
    expect(await query(`SELECT id FROM tenants WHERE id = ${tenant.id}`)).toHaveLength(1);
  });
});
