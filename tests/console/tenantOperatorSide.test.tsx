import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderScreen, signedInForFile, listRows as rows, fastUser as user, sqlRows as query } from './render';
import { DEFAULT_NOTICE_TEXTS } from '../../common/tenantNotices';

/**
 * The operator's side of the tenant's page (issue 42) against the real backend: a tenant's fault
 * report opened from its row of 故障记录 (its photo fetched with the operator's token) and resolved;
 * an SMS template marked as the wording of a kind of notice (短信管理); the tenant's sign-ins and
 * notice choices on their record (用户档案), and ending their sign-ins.
 */
signedInForFile('admin');

const filterPath = (path: string, filter: Record<string, unknown>) => `${path}?filter=${encodeURIComponent(JSON.stringify(filter))}`;
/** A 1×1 PNG, as hex for SQL. */
const PNG_HEX = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64').toString('hex');

interface Tenancy { binding_id: number; room_id: number; area_id: number; tenant_id: number; name: string; phone: string; room_code: string; building: string; project: string }

/** Current tenancies of area 1 whose tenant has a mobile phone of their own. */
const tenancies = (n: number) => query<Tenancy>(`SELECT DISTINCT ON (t.phone) b.id AS binding_id, b.room_id, r.area_id, t.id AS tenant_id, t.name, t.phone, r.room_code,
    bd.name AS building, p.name AS project
  FROM tenant_bindings b JOIN tenants t ON t.id = b.tenant_id JOIN rooms r ON r.id = b.room_id JOIN buildings bd ON bd.id = r.building_id JOIN projects p ON p.id = r.project_id
  WHERE b.end_date IS NULL AND t.deleted_at IS NULL AND r.area_id = 1 AND t.phone ~ '^1[3-9][0-9]{9}$'
    AND (SELECT count(*) FROM tenants t2 WHERE t2.phone = t.phone AND t2.deleted_at IS NULL) = 1
  ORDER BY t.phone, b.id LIMIT ${n}`);

describe('a tenant\'s fault report in 故障记录 (guzhang)', () => {
  it('opens the report from its row with its photo, and resolves it with a resolution', async () => {
    const [tenancy] = await tenancies(1);
    const [fault] = await query<{ id: number }>(`INSERT INTO faults (area_id, device_kind, device_id, room_id, kind, detail, opened_at)
      VALUES (${tenancy.area_id}, 'room', ${tenancy.room_id}, ${tenancy.room_id}, 'tenant_report', '[no_water] 厨房水龙头没有水', now()) RETURNING id`);
    await query(`INSERT INTO tenant_fault_reports (fault_id, area_id, room_id, binding_id, phone, kind, text, photo, photo_type)
      VALUES (${fault.id}, ${tenancy.area_id}, ${tenancy.room_id}, ${tenancy.binding_id}, '${tenancy.phone}', 'no_water', '厨房水龙头没有水', decode('${PNG_HEX}', 'hex'), 'image/png')`);
    const u = user();
    renderScreen(filterPath('/guzhang', { kind: 'tenant_report' }));
    await waitFor(() => expect(rows().some((row) => row.textContent?.includes(tenancy.room_code))).toBe(true));
    const row = rows().find((r) => r.textContent?.includes('厨房水龙头没有水'))!;
    expect(row).toHaveTextContent('【停水】厨房水龙头没有水');
    expect(row).toHaveTextContent('租户报修');
    expect(row).toHaveTextContent('房间');
    expect(row).toHaveTextContent('未消除');

    await u.click(within(row).getByRole('button', { name: '处理报修' }));
    const dialog = await screen.findByRole('dialog', { name: `处理报修 · ${tenancy.project} ${tenancy.building} ${tenancy.room_code}` });
    const report = await within(dialog).findByTestId('tenant-report');
    expect(report).toHaveTextContent('停水');
    expect(report).toHaveTextContent('厨房水龙头没有水');
    expect(report).toHaveTextContent('待处理');
    expect(report).toHaveTextContent(`${tenancy.phone.slice(0, 3)}****${tenancy.phone.slice(-4)}`);
    const photo = await within(dialog).findByRole('img', { name: '报修照片' });
    expect(photo.getAttribute('src')).toBe(`data:image/png;base64,${Buffer.from(PNG_HEX, 'hex').toString('base64')}`);

    // The resolution is required.
    await u.click(within(dialog).getByRole('button', { name: '标记为已处理' }));
    expect(await within(dialog).findByText('请填写处理结果')).toBeInTheDocument();
    expect((await query<{ cleared_at: string | null }>(`SELECT cleared_at FROM faults WHERE id = ${fault.id}`))[0].cleared_at).toBeNull();

    await u.type(within(dialog).getByRole('textbox', { name: /处理结果/ }), '水表阀门被误关，已打开');
    await u.click(within(dialog).getByRole('button', { name: '标记为已处理' }));
    expect(await screen.findByText('报修已处理，租户在租户端可以看到处理结果')).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByTestId('tenant-report')).toHaveTextContent('已处理'));
    expect(within(dialog).getByTestId('tenant-report')).toHaveTextContent('水表阀门被误关，已打开');
    expect(within(dialog).queryByRole('button', { name: '标记为已处理' })).toBeNull();
    const [stored] = await query<{ cleared_at: string | null; resolution: string }>(`SELECT f.cleared_at, r.resolution FROM faults f JOIN tenant_fault_reports r ON r.fault_id = f.id WHERE f.id = ${fault.id}`);
    expect(stored.cleared_at).not.toBeNull();
    expect(stored.resolution).toBe('水表阀门被误关，已打开');
    await waitFor(() => expect(rows().find((r) => r.textContent?.includes('厨房水龙头没有水'))).toHaveTextContent('已消除'));
  });
});

describe('an SMS template as a notice\'s wording in 短信管理 (smsmanage)', () => {
  it('offers the kinds of notice, shows the default wording of the chosen kind, and saves the kind', async () => {
    const u = user();
    renderScreen('/smsmanage');
    await u.click(await screen.findByRole('button', { name: '短信模板' }));
    const dialog = await screen.findByRole('dialog', { name: '短信模板' });
    await u.click(within(dialog).getByRole('button', { name: '新建模板' }));
    await u.type(within(dialog).getByRole('textbox', { name: /名称/ }), '余额二级报警');
    await u.click(within(dialog).getByRole('combobox', { name: '用于通知' }));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option').map((option) => option.textContent);
    expect(options).toEqual(['不用于通知（手动短信模板）', '余额低于一级报警', '余额低于二级报警', '预计可用天数不足', '充值到账', '断电/关阀', '恢复供应']);
    await u.click(screen.getByRole('option', { name: '余额低于二级报警' }));

    const content = within(dialog).getByRole('textbox', { name: /内容/ });
    expect(content).toHaveAttribute('placeholder', DEFAULT_NOTICE_TEXTS.lowBalance2);
    expect(within(dialog).getByTestId('notice-default-text')).toHaveTextContent('按默认文案发送');
    expect(within(dialog).getByText(/\{level\} 报警金额/)).toBeInTheDocument();
    await u.click(within(dialog).getByRole('button', { name: '填入默认文案' }));
    expect(content).toHaveValue(DEFAULT_NOTICE_TEXTS.lowBalance2);
    await u.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await screen.findByText('模板已保存')).toBeInTheDocument();
    await waitFor(async () => expect(await query(`SELECT notice_kind, content FROM sms_templates WHERE name = '余额二级报警'`))
      .toEqual([{ notice_kind: 'lowBalance2', content: DEFAULT_NOTICE_TEXTS.lowBalance2 }]));
    const table = await within(dialog).findByRole('table', { name: '短信模板' });
    await waitFor(() => expect(within(table).getByText('余额二级报警').closest('tr')).toHaveTextContent('余额低于二级报警'));
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toContain('用于通知');
  });
});

describe('the tenant\'s page on the tenant record in 用户档案 (userdangan)', () => {
  it('shows the phone\'s sign-ins and notice choices, and ends its sign-ins after a confirmation', async () => {
    const [, tenancy] = await tenancies(2);
    await query(`INSERT INTO tenant_sessions (token_hash, phone, created_at, last_seen_at, expires_at) VALUES
      ('console-op-side-1', '${tenancy.phone}', '2026-11-20T09:30:00+08:00', '2026-11-20T09:30:00+08:00', '2026-12-20T09:30:00+08:00'),
      ('console-op-side-2', '${tenancy.phone}', '2026-11-01T09:30:00+08:00', '2026-11-15T09:30:00+08:00', '2026-12-15T09:30:00+08:00')`);
    await query(`INSERT INTO tenant_notice_settings (phone, low_balance, days_left, days_left_threshold, credited, supply) VALUES ('${tenancy.phone}', true, true, 7, false, true)`);
    const u = user();
    renderScreen(`/userdangan/${tenancy.tenant_id}`);
    const panel = await screen.findByRole('region', { name: '租户端' });
    const facts = await within(panel).findByTestId('tenant-portal');
    expect(facts).toHaveTextContent('最近登录2026-11-20 09:30');
    expect(facts).toHaveTextContent('2 个有效会话');
    expect(facts).toHaveTextContent('少于 7 天时提醒');
    expect(facts).toHaveTextContent('充值到账通知关');
    expect(facts).toHaveTextContent('余额不足提醒开');
    expect(within(panel).queryByText(/以上为默认设置/)).toBeNull();

    await u.click(within(panel).getByRole('button', { name: '结束登录' }));
    const confirm = await screen.findByRole('dialog', { name: `结束${tenancy.name}的租户端登录？` });
    expect(confirm).toHaveTextContent('2 个会话');
    await u.click(within(confirm).getByRole('button', { name: '结束登录' }));
    expect(await screen.findByText('已结束 2 个登录会话')).toBeInTheDocument();
    expect(await query(`SELECT token_hash FROM tenant_sessions WHERE phone = '${tenancy.phone}'`)).toEqual([]);
    await waitFor(() => expect(within(panel).getByTestId('tenant-portal')).toHaveTextContent('0 个有效会话'));
    expect(within(panel).getByRole('button', { name: '结束登录' })).toBeDisabled();
  });

  it('shows the defaults for a phone that made no choices and never signed in', async () => {
    const [, , tenancy] = await tenancies(3);
    renderScreen(`/userdangan/${tenancy.tenant_id}`);
    const panel = await screen.findByRole('region', { name: '租户端' });
    const facts = await within(panel).findByTestId('tenant-portal');
    expect(facts).toHaveTextContent('从未登录');
    expect(facts).toHaveTextContent('少于 3 天时提醒');
    expect(within(panel).getByText('租户未修改过通知设置：以上为默认设置')).toBeInTheDocument();
  });
});
