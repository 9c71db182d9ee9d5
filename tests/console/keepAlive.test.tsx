import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderScreen, signIn, fastUser } from './render';
import { KeepAlive } from '../../src/layout/KeepAlive';
import { TabBar } from '../../src/layout/TabBar';
import { evict, visit, type CacheEntry } from '../../src/layout/keepAliveCache';
import { routeOfPath } from '../../common/routeCatalog';

/** Puts a value into a field in one change (what is typed key by key is not under test here). */
const fill = (field: HTMLElement, value: string) => fireEvent.change(field, { target: { value } });

const opened = (...keys: string[]) => new Set(keys);

describe('page cache rules', () => {
  it('keeps cacheable pages in first-shown order, updating the location of the one shown', () => {
    let cache: CacheEntry<string>[] = [];
    cache = visit(cache, { key: '/a', location: 'a1', cacheable: true, opened: opened('/a') });
    cache = visit(cache, { key: '/b', location: 'b1', cacheable: true, opened: opened('/a', '/b') });
    cache = visit(cache, { key: '/a', location: 'a2', cacheable: true, opened: opened('/a', '/b') });
    expect(cache.map((e) => [e.key, e.location])).toEqual([['/a', 'a2'], ['/b', 'b1']]);
    expect(visit(cache, { key: '/a', location: 'a2', cacheable: true, opened: opened('/a', '/b') })).toBe(cache);
  });

  it('never keeps a page that is not cacheable, and drops pages whose tab was closed', () => {
    let cache: CacheEntry<string>[] = [];
    cache = visit(cache, { key: '/a', location: 'a', cacheable: true, opened: opened('/a') });
    cache = visit(cache, { key: '/index', location: 'i', cacheable: false, opened: opened('/a', '/index') });
    expect(cache.map((e) => e.key)).toEqual(['/a']);
    cache = visit(cache, { key: '/index', location: 'i', cacheable: false, opened: opened('/index') });
    expect(cache).toEqual([]);
  });

  it('keeps the page being shown even before its tab is recorded, and lets the least recently shown go beyond the limit', () => {
    let cache: CacheEntry<string>[] = [];
    const all = opened('/a', '/b', '/c', '/d');
    for (const key of ['/a', '/b', '/c', '/a', '/d']) cache = visit(cache, { key, location: key, cacheable: true, opened: all, max: 3 });
    expect(cache.map((e) => e.key)).toEqual(['/a', '/c', '/d']);
    cache = visit(cache, { key: '/e', location: '/e', cacheable: true, opened: all, max: 3 });
    expect(cache.map((e) => e.key)).toEqual(['/a', '/d', '/e']);
    expect(evict(cache, '/d').map((e) => e.key)).toEqual(['/a', '/e']);
    expect(evict(cache, '/zzz')).toBe(cache);
  });

  it('flags the home dashboards to re-mount and the other pages to keep their state', () => {
    expect(routeOfPath('/index')?.cacheable).toBe(false);
    expect(routeOfPath('/index_water')?.cacheable).toBe(false);
    expect(routeOfPath('/waterarchive')?.cacheable).toBe(true);
  });
});

describe('switching tabs', () => {
  it('keeps what was typed into a form and the list search when the operator comes back; a closed tab starts afresh', async () => {
    await signIn('admin');
    const user = fastUser();
    renderScreen('/waterarchive', { shell: <TabBar />, page: (children) => <KeepAlive>{children}</KeepAlive> });
    const search = await screen.findByPlaceholderText('搜索');
    fill(search, '0001');
    await waitFor(() => expect(window.location.search).toContain('0001'));

    await user.click(screen.getByRole('link', { name: '新建' }));
    const address = await screen.findByRole('textbox', { name: /表地址/ });
    fill(address, '20261122000042');
    fill(screen.getByRole('textbox', { name: '备注' }), '未保存的备注');

    const bar = screen.getByRole('tablist', { name: '已打开的页面' });
    await user.click(within(bar).getByRole('tab', { name: /^水表档案$/ }));
    await waitFor(() => expect(window.location.pathname).toBe('/waterarchive'));
    expect(screen.getByPlaceholderText('搜索')).toHaveValue('0001');
    // The form is kept, out of sight.
    expect(screen.queryByRole('textbox', { name: /表地址/, hidden: false })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /表地址/, hidden: true })).not.toBeVisible();

    await user.click(within(bar).getByRole('tab', { name: /首页/ }));
    await screen.findByTestId('dashboard-water');
    await user.click(within(bar).getByRole('tab', { name: /水表档案 新建/ }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: /表地址/ })).toHaveValue('20261122000042'));
    expect(screen.getByRole('textbox', { name: '备注' })).toHaveValue('未保存的备注');
    expect(screen.getByRole('button', { name: '保存' })).toBeEnabled();

    await user.click(within(within(bar).getByRole('tab', { name: /水表档案 新建/ })).getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(window.location.pathname).toBe('/waterarchive'));
    await user.click(await screen.findByRole('link', { name: '新建' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: /表地址/ })).toHaveValue(''));
  });
});
