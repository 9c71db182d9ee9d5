import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderScreen, signedInForFile, listRows as rows, fastUser as user, sqlRows as query } from './render';

/** Menu management (/sysresourse), database backup (shujukubeifen) and the demo page (page3). */
signedInForFile('admin');

const fill = (field: HTMLElement, value: string) => fireEvent.change(field, { target: { value } });
let dir: string;
const savedDir = process.env.BACKUP_DIR;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'metering-console-backups-'));
  process.env.BACKUP_DIR = dir;
});
afterAll(() => {
  if (savedDir === undefined) delete process.env.BACKUP_DIR;
  else process.env.BACKUP_DIR = savedDir;
  rmSync(dir, { recursive: true, force: true });
});

const entryRow = (name: string) => screen.getAllByRole('treeitem', { name }).at(0)!.firstElementChild as HTMLElement;

describe('menu management (/sysresourse)', () => {
  it('shows the menu tree, and adds a temporary entry (no path) with an icon after refusing an empty name', async () => {
    const u = user();
    renderScreen('/sysresourse');
    expect(await screen.findByRole('treeitem', { name: '系统管理' })).toBeInTheDocument();
    expect(screen.getByRole('treeitem', { name: '预付费云平台' })).toBeInTheDocument();
    await u.click(within(entryRow('系统管理')).getByRole('button', { name: '新增子菜单' }));
    const dialog = await screen.findByRole('dialog');
    await u.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('必填')).toBeInTheDocument();
    expect(await query(`SELECT id FROM resources WHERE name = '控制台临时入口'`)).toHaveLength(0);

    fill(within(dialog).getByRole('textbox', { name: /菜单名称/ }), '控制台临时入口');
    await u.click(within(dialog).getByRole('button', { name: '选择图标' }));
    await u.click(await screen.findByRole('option', { name: 'Widgets' }));
    await u.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [saved] = await query<{ res_url: string; icon: string; user_type: number }>(`SELECT res_url, icon, user_type FROM resources WHERE name = '控制台临时入口'`);
    expect(saved).toEqual({ res_url: '', icon: 'Widgets', user_type: 2 });
    const row = await screen.findByRole('treeitem', { name: '控制台临时入口' });
    expect(row).toHaveTextContent('临时菜单');
    expect(screen.getAllByText('菜单已保存，刷新页面后侧栏菜单即更新').length).toBeGreaterThan(0);
  });

  it('reorders siblings (move up renumbers their sort values) and deletes an entry after a confirmation', async () => {
    const u = user();
    renderScreen('/sysresourse');
    await screen.findByRole('treeitem', { name: '系统管理' });
    await u.click(screen.getByRole('button', { name: '全部展开' }));
    await screen.findByRole('treeitem', { name: '控制台临时入口' });
    const sortOf = async () => (await query<{ user_sort: number }>(`SELECT user_sort FROM resources WHERE name = '控制台临时入口'`))[0].user_sort;
    const before = await sortOf();
    await u.click(within(entryRow('控制台临时入口')).getByRole('button', { name: '上移' }));
    await waitFor(async () => expect(await sortOf()).toBeLessThan(before));
    await u.click(within(entryRow('控制台临时入口')).getByRole('button', { name: '删除' }));
    const confirm = await screen.findByRole('dialog');
    expect(confirm).toHaveTextContent('删除菜单「控制台临时入口」？');
    await u.click(within(confirm).getByRole('button', { name: '确定' }));
    await waitFor(async () => expect(await query(`SELECT id FROM resources WHERE name = '控制台临时入口'`)).toHaveLength(0));
    await waitFor(() => expect(screen.queryByRole('treeitem', { name: '控制台临时入口' })).toBeNull());
  });
});

describe('database backup (shujukubeifen)', () => {
  it('backs up now, lists the backup, asks for the typed file name before a restore, and deletes it', async () => {
    const u = user();
    renderScreen('/shujukubeifen');
    await u.click(await screen.findByRole('button', { name: '立即备份' }));
    const dialog = await screen.findByRole('dialog');
    fill(within(dialog).getByRole('textbox', { name: /备注/ }), '控制台测试');
    await u.click(within(dialog).getByRole('button', { name: '立即备份' }));
    await waitFor(() => expect(rows().length).toBe(1));
    const [backup] = await query<{ file_name: string }>(`SELECT file_name FROM backups`);
    expect(readdirSync(dir)).toEqual([backup.file_name]);
    expect(rows()[0]).toHaveTextContent(backup.file_name);

    await u.click(within(rows()[0]).getByRole('button', { name: '恢复' }));
    const restore = await screen.findByRole('dialog');
    expect(restore).toHaveTextContent('操作记录（只追加，不可改写）');
    const go = within(restore).getByRole('button', { name: '恢复' });
    fill(within(restore).getByRole('textbox', { name: '备份文件' }), 'backup');
    expect(go).toBeDisabled();
    fill(within(restore).getByRole('textbox', { name: '备份文件' }), backup.file_name);
    expect(go).toBeEnabled();
    await u.click(within(restore).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await u.click(within(rows()[0]).getByRole('button', { name: '删除备份' }));
    const confirm = await screen.findByRole('dialog');
    expect(confirm).toHaveTextContent(backup.file_name);
    await u.click(within(confirm).getByRole('button', { name: '确定' }));
    await waitFor(async () => expect(await query(`SELECT id FROM backups`)).toHaveLength(0));
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe('demo (page3)', () => {
  it('shows the kit: buttons, tags, a list, a validated form with money input, the scope dialog, progress and a chart', async () => {
    const u = user();
    renderScreen('/page3');
    for (const name of ['按钮', '标签', '列表', '表单（带校验）', '范围对话框', '图表']) expect(await screen.findByRole('region', { name })).toBeInTheDocument();
    const form = screen.getByRole('region', { name: '表单（带校验）' });
    fill(within(form).getByRole('textbox', { name: /电表地址/ }), '12345');
    fill(within(form).getByRole('textbox', { name: /金额/ }), '12.5');
    await u.click(within(form).getByRole('button', { name: '校验并提交' }));
    expect(await within(form).findByText('必须是 12 位数字')).toBeInTheDocument();
    expect(within(form).getByText('以分保存：1250 分')).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: '打开范围确认' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent('将对 48 块电表执行「拉闸」。');
  });
});
