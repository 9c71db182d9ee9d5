import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { fastUser as user, renderScreen, signedInForFile, listRows as rows, sqlRows as query } from './render';

/**
 * The SMS screens against the real backend: the automatic notices with their delivery states and
 * the resend of a failed one (duanxinfasong); the manual send with its counted, previewed recipients
 * and the scope said before sending, bad text refused, and the templates (smsmanage).
 */
signedInForFile('admin');

const filterPath = (path: string, filter: Record<string, unknown>) => `${path}?filter=${encodeURIComponent(JSON.stringify(filter))}`;
const totalOf = (source: string) => screen.getByTestId('list-totals').querySelector(`[data-total="${source}"]`)?.textContent;
const AREA = 'area_id IN (SELECT id FROM areas WHERE id = 1 OR parent_id = 1)';
const one = async (text: string) => (await query<Record<string, string | number>>(text))[0];

describe('duanxinfasong', () => {
  it('lists the failed notices from the address with their totals, and resends one', async () => {
    const u = user();
    renderScreen(filterPath('/duanxinfasong', { state: 'failed' }));
    await waitFor(() => expect(rows().length).toBeGreaterThan(0));
    for (const row of rows()) expect(row).toHaveTextContent('失败');
    await screen.findByTestId('list-totals');
    const ref = await one(`SELECT count(*) AS n FROM sms_records WHERE auto = 1 AND state = 'failed' AND ${AREA}`);
    expect(totalOf('count')).toBe(Number(ref.n).toLocaleString('en-US'));
    expect(screen.getByRole('columnheader', { name: /发送状态/ })).toBeInTheDocument();

    const phone = within(rows()[0]).getByText(/^1\d{10}$/).textContent!;
    await u.click(within(rows()[0]).getByRole('button', { name: '重发' }));
    const dialog = await screen.findByRole('dialog', { name: '重发这条短信？' });
    expect(dialog).toHaveTextContent(phone);
    await u.click(within(dialog).getByRole('button', { name: '重发' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [resent] = await query<{ state: string }>(`SELECT state FROM sms_records WHERE phone = '${phone}' AND state = 'queued' AND auto = 1`);
    expect(resent?.state).toBe('queued');
    await waitFor(async () => expect(totalOf('count')).toBe((Number(ref.n) - 1).toLocaleString('en-US')));
  });
});

describe('smsmanage', () => {
  it('counts and previews the recipients, states the scope, refuses bad text, and queues one message per tenant', async () => {
    const u = user();
    renderScreen('/smsmanage');
    await u.click(await screen.findByRole('button', { name: '发送短信' }));
    const dialog = await screen.findByRole('dialog', { name: '给租户发送短信' });
    expect(within(dialog).getByText('请选择房间、项目或建筑（或本区域的全部房间）')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: '发送' })).toBeDisabled();

    const text = within(dialog).getByRole('textbox', { name: /短信内容/ });
    await u.click(text);
    await u.paste('您好 {foo}');
    expect(await within(dialog).findByText('未知的占位符：{foo}')).toBeInTheDocument();
    await u.clear(text);
    await u.click(within(dialog).getByText(/\{tenant\} 租户姓名/));
    await u.click(text);
    await u.paste('您好，{room}本月停水检修');

    await u.click(within(dialog).getByLabelText('本区域的全部房间'));
    const ref = await one(`SELECT count(*) AS n FROM rooms r JOIN tenant_bindings tb ON tb.room_id = r.id AND tb.end_date IS NULL
      JOIN tenants t ON t.id = tb.tenant_id WHERE r.${AREA} AND t.phone IS NOT NULL AND t.phone <> ''`);
    const count = Number(ref.n);
    const status = within(dialog).getByTestId('sms-count');
    await waitFor(() => expect(status).toHaveTextContent(`${count} 位收件人`), { timeout: 20_000 });
    expect(within(dialog).getByTestId('sms-scope')).toHaveTextContent('本区域的全部房间');
    const preview = within(dialog).getByTestId('sms-preview');
    expect(preview.textContent).toMatch(/[^\s{}]+您好，[^{}]+本月停水检修/);

    const before = Number((await one('SELECT count(*) AS n FROM sms_records WHERE auto = 0')).n);
    await u.click(within(dialog).getByRole('button', { name: '发送' }));
    const confirm = await screen.findByRole('dialog', { name: `发送 ${count} 条短信？` });
    expect(confirm).toHaveTextContent('本区域的全部房间');
    await u.click(within(confirm).getByRole('button', { name: /确认|确定/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 20_000 });
    const after = await one(`SELECT count(*) AS n, count(*) FILTER (WHERE state = 'queued' AND reason = 'manual' AND content LIKE '%本月停水检修') AS mine FROM sms_records WHERE auto = 0`);
    expect(Number(after.n) - before).toBe(count);
    expect(Number(after.mine)).toBe(count);
    await waitFor(() => expect(rows().length).toBeGreaterThan(0));
    expect(rows()[0]).toHaveTextContent('本月停水检修');
  });

  it('adds a template with placeholders; an empty name is refused on the spot', async () => {
    const u = user();
    renderScreen('/smsmanage');
    await u.click(await screen.findByRole('button', { name: '短信模板' }));
    const dialog = await screen.findByRole('dialog', { name: '短信模板' });
    await within(dialog).findByText('欠费停电通知');
    await u.click(within(dialog).getByRole('button', { name: '新建模板' }));
    await u.click(within(dialog).getByRole('textbox', { name: /内容/ }));
    await u.paste('{tenant}您好，{room}余额{balance}元');
    await u.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('请填写模板名称')).toBeInTheDocument();
    await u.type(within(dialog).getByRole('textbox', { name: /名称/ }), '余额通知');
    await u.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(within(dialog).getByText('{tenant}您好，{room}余额{balance}元')).toBeInTheDocument());
    const [row] = await query<{ name: string }>(`SELECT name FROM sms_templates WHERE content = '{tenant}您好，{room}余额{balance}元'`);
    expect(row.name).toBe('余额通知');
  });
});
