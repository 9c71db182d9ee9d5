import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fastUser, renderScreen, signIn, signedInForFile, listRows as rows } from './render';
import { COLUMNS_UNDER_ACTIONS, hasMoreRight } from '../../src/components/list/columnsUnderActions';
import { authProvider } from '../../src/auth/authProvider';
import { loadCurrentUser, loadMenu } from '../../src/auth/menu';
import { readCookie } from '../../src/auth/cookies';
import { dataProvider } from '../../src/appDataProvider';
import { appRouteOfPath } from '../../src/routes';
import { firstScreenRows } from '../../src/components/list/ListBody';

/**
 * The list kit's table layout (ListScreen): columns must never lie unseen under the sticky row
 * actions. jsdom has no layout, so this checks the contract the browser works from — values that
 * stay whole, headers that may wrap between words, row actions sticky at the right, and the mark
 * (with its shadow) set exactly while the table can still scroll to columns under the actions.
 * The compact padding is left out: jsdom's computed styles ignore selector specificity, so MUI's
 * own cell padding wins there. What it looks like at 1280 and 1440 px is checked on screenshots.
 */
const file = signedInForFile('admin');

/** Gives the table's scroll box the sizes a browser would measure; the mark follows at the next frame. */
async function measure(wrapper: HTMLElement, sizes: { scrollWidth: number; clientWidth: number; scrollLeft: number }) {
  for (const [name, value] of Object.entries(sizes)) Object.defineProperty(wrapper, name, { configurable: true, value });
  fireEvent.scroll(wrapper);
  await new Promise((resolve) => requestAnimationFrame(resolve));
}

describe('list kit table layout', () => {
  it('knows when a scroll box has more to its right', () => {
    expect(hasMoreRight({ scrollWidth: 1500, clientWidth: 1000, scrollLeft: 0 })).toBe(true);
    expect(hasMoreRight({ scrollWidth: 1500, clientWidth: 1000, scrollLeft: 490 })).toBe(true);
    expect(hasMoreRight({ scrollWidth: 1500, clientWidth: 1000, scrollLeft: 500 })).toBe(false);
    // Sub-pixel rounding at the end of the scroll is not "more".
    expect(hasMoreRight({ scrollWidth: 1000.5, clientWidth: 1000, scrollLeft: 0 })).toBe(false);
  });

  for (const route of ['fangjianguanli', 'dianbiaoguanli']) {
    it(`${route}: values kept whole, headers wrapping, row actions sticky and marked while columns are under them`, async () => {
      renderScreen(`/${route}`);
      await waitFor(() => expect(rows().length).toBeGreaterThan(0));
      const wrapper = document.querySelector<HTMLElement>('main .RaDataTable-tableWrapper')!;
      const frame = wrapper.closest<HTMLElement>('.list-table-frame')!;
      expect(frame).not.toBeNull();
      const actionsHeader = document.querySelector<HTMLElement>('main thead th.row-actions')!;
      const actionsCell = rows()[0].querySelector<HTMLElement>('td.row-actions')!;
      const dataCell = rows()[0].querySelector<HTMLElement>('td:not(.row-actions):not(.MuiTableCell-paddingCheckbox)')!;
      const dataHeader = document.querySelector<HTMLElement>('main thead th:not(.row-actions):not(.MuiTableCell-paddingCheckbox)')!;

      // Values stay whole on one line, headers may wrap between words (not inside a CJK word).
      expect(getComputedStyle(dataCell).whiteSpace).toBe('nowrap');
      expect(getComputedStyle(dataHeader).whiteSpace).toBe('normal');
      expect(getComputedStyle(dataHeader).wordBreak).toBe('keep-all');
      // The row actions stay at the right edge, above the cells and under nothing.
      for (const cell of [actionsHeader, actionsCell]) {
        expect(getComputedStyle(cell).position).toBe('sticky');
        expect(getComputedStyle(cell).right).toBe('0px');
      }

      // Everything fits: no mark, no shadow.
      await measure(wrapper, { scrollWidth: 1000, clientWidth: 1000, scrollLeft: 0 });
      expect(frame).not.toHaveAttribute(COLUMNS_UNDER_ACTIONS);
      expect(getComputedStyle(actionsCell).boxShadow).toBe('');
      // Columns run on under the actions: the frame is marked and the actions' edge casts a shadow.
      await measure(wrapper, { scrollWidth: 1500, clientWidth: 1000, scrollLeft: 0 });
      expect(frame).toHaveAttribute(COLUMNS_UNDER_ACTIONS);
      expect(getComputedStyle(actionsCell).boxShadow).toMatch(/rgba\(0, ?0, ?0, ?\.?0?\.4\)/);
      // Scrolled to the end: every column lies beside the actions, the mark goes.
      await measure(wrapper, { scrollWidth: 1500, clientWidth: 1000, scrollLeft: 500 });
      expect(frame).not.toHaveAttribute(COLUMNS_UNDER_ACTIONS);
    });
  }

  it("asks for the operator's rights once per action, not once per row", async () => {
    // Rights are per resource (the role's menu) and operator, never per record: every row's
    // buttons share the list's answer instead of a check each, answered one by one after the rows.
    const checks = vi.spyOn(authProvider, 'canAccess');
    try {
      renderScreen('/waterarchive');
      await waitFor(() => expect(rows().length).toBeGreaterThan(10));
      // Every row has its edit link (the operator may edit, so not "show") and its valve button.
      await waitFor(() => {
        for (const row of rows()) {
          expect(row.querySelector('td.row-actions a')).toHaveAttribute('aria-label', '编辑');
          expect(row.querySelector('td.row-actions button')).not.toBeNull();
        }
      });
      const perAction = new Map<string, number>();
      for (const [params] of checks.mock.calls) perAction.set(params.action, (perAction.get(params.action) ?? 0) + 1);
      // The list asks first; rows mounted once its answer is there may ask again once (a stale check
      // refreshed), but never once each: 25 rows here.
      expect(perAction.get('edit')).toBeGreaterThan(0);
      for (const [action, count] of perAction) expect({ action, asked: count <= 3 }).toEqual({ action, asked: true });
    } finally {
      checks.mockRestore();
    }
  });

  /** As after a login: the session's menu tree and operator have answered before the screen mounts. */
  const sessionAnswered = async () => {
    await loadMenu(readCookie('roleId')!);
    await loadCurrentUser();
  };

  it('knows the rights at once once the session has answered: write controls on the first rows, no check asked', async () => {
    expect(file.session().roleId).toBeGreaterThan(0);
    await sessionAnswered();
    const checks = vi.spyOn(authProvider, 'canAccess');
    try {
      renderScreen('/waterarchive');
      await waitFor(() => expect(rows().length).toBeGreaterThan(10));
      // The rows came with their edit links, valve buttons and selection boxes (the table is not
      // rendered a second time when the checks answer: there are none to answer).
      for (const row of rows()) {
        expect(row.querySelector('td.row-actions a')).toHaveAttribute('aria-label', '编辑');
        expect(row.querySelector('td.row-actions button')).not.toBeNull();
        expect(row.querySelector('input[type="checkbox"]')).not.toBeNull();
      }
      expect(checks.mock.calls.map(([params]) => `${params.resource}:${params.action}`)).toEqual([]);
    } finally {
      checks.mockRestore();
    }
  });

  it('renders the rows of a first page read ahead at once: no loading table, no second read', async () => {
    await sessionAnswered();
    // As on the login click (src/firstScreen.ts): the landing screen's first reads, answered
    // before the screen mounts.
    await dataProvider.prefetchLists(appRouteOfPath('/waterarchive')!.resource!.firstReads!);
    const reads = vi.spyOn(dataProvider, 'getList');
    try {
      renderScreen('/waterarchive');
      await waitFor(() => expect(rows().length).toBeGreaterThan(10));
      // The table was never a loading placeholder: its first rows were the answer's.
      expect(document.querySelector('.RaDataTable-tbody .MuiSkeleton-root')).toBeNull();
      expect(reads.mock.calls.map(([resource]) => resource)).toEqual([]);
      // A read not started ahead (the next page) is made as usual.
      await fastUser().click(screen.getByRole('button', { name: /第 2 页|page 2/i }));
      await waitFor(() => expect(reads.mock.calls.map(([resource, params]) => `${resource}:${params.pagination?.page}`)).toContain('waterarchive:2'));
    } finally {
      reads.mockRestore();
    }
  });

  it('knows a read-only operator at once too: no write control on the first rows', async () => {
    await signIn('viewer');
    await sessionAnswered();
    const checks = vi.spyOn(authProvider, 'canAccess');
    try {
      renderScreen('/waterarchive');
      await waitFor(() => expect(rows().length).toBeGreaterThan(5));
      for (const row of rows()) {
        expect(row.querySelector('td.row-actions a')).toHaveAttribute('aria-label', '查看');
        expect(row.querySelector('td.row-actions button')).toBeNull();
        expect(row.querySelector('input[type="checkbox"]')).toBeNull();
      }
      expect(checks.mock.calls.map(([params]) => `${params.resource}:${params.action}`)).toEqual([]);
    } finally {
      checks.mockRestore();
    }
  });

  it("names a row action in the table's one tooltip: on hover, gone when the pointer leaves", async () => {
    const user = userEvent.setup({ delay: null });
    renderScreen('/waterarchive');
    await waitFor(() => expect(rows().length).toBeGreaterThan(10));
    const edit = await waitFor(() => {
      const link = rows()[3].querySelector<HTMLElement>('td.row-actions a');
      expect(link).toHaveAttribute('aria-label', '编辑');
      return link!;
    });
    // No tooltip is mounted per row: only the shared one, once an action is pointed at.
    expect(document.querySelectorAll('[role="tooltip"]')).toHaveLength(0);
    await user.hover(edit.querySelector('svg')!);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('编辑');
    const valve = rows()[3].querySelector<HTMLElement>('td.row-actions button')!;
    await user.hover(valve);
    await waitFor(() => expect(screen.getByRole('tooltip')).toHaveTextContent(valve.getAttribute('aria-label')!));
    await user.unhover(valve);
    await user.hover(rows()[3].querySelector('td')!);
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
  });

  it('selects rows by their boxes (a range with shift) and counts them; a column hidden in the chooser (its entries made at its first opening) leaves every row', async () => {
    await signIn('admin');
    const user = fastUser();
    renderScreen('/waterarchive');
    await waitFor(() => expect(rows().length).toBeGreaterThan(10));
    const box = (row: number) => within(rows()[row]).getByRole<HTMLInputElement>('checkbox', { name: '选择此行' });
    await user.click(box(1));
    await user.click(box(3));
    await user.keyboard('{Shift>}');
    await user.click(box(5));
    await user.keyboard('{/Shift}');
    await waitFor(() => expect(rows().map((_, row) => box(row).checked)).toEqual(rows().map((_, row) => [1, 3, 4, 5].includes(row))));
    // The count in the operator's language: Chinese counts have one word form, the number changes.
    expect(await screen.findByText('已选择 4 项')).toBeInTheDocument();
    expect(rows().filter((row) => row.classList.contains('Mui-selected'))).toHaveLength(4);
    await user.click(box(3));
    expect(await screen.findByText('已选择 3 项')).toBeInTheDocument();

    expect(rows()[0].querySelector('td.column-buildingName')).not.toBeNull();
    // The chooser's entries are made at its first opening, not with the table: react-admin's chooser
    // has its search box in the closed popover, and no switch beside it.
    const chooser = () => document.getElementById('waterarchive.datatable-columnsSelector');
    await waitFor(() => expect(chooser()?.querySelector('input')).toBeTruthy());
    expect(chooser()!.querySelector('.MuiSwitch-root')).toBeNull();
    expect(screen.queryByRole('switch', { name: '建筑', hidden: true })).toBeNull();
    await user.click(screen.getByRole('button', { name: '列' }));
    await user.click(await screen.findByRole('switch', { name: '建筑' }));
    await waitFor(() => expect(rows().every((row) => row.querySelector('td.column-buildingName') === null)).toBe(true));
    expect(rows()[0].querySelector('td.column-address')).not.toBeNull();
  });

  it('shows a screenful of rows in the table\'s first render and every row of the page right after', async () => {
    // The number of rows of meters each time the table body changes, from its first render on
    // (a loading table's placeholder rows, shown after a second's wait, are not counted).
    const meterRows = () => rows().filter((row) => row.querySelector('td.column-address')?.textContent);
    const counts: number[] = [];
    const observer = new MutationObserver(() => {
      const count = meterRows().length;
      if (count && counts.at(-1) !== count) counts.push(count);
    });
    observer.observe(document.body, { childList: true, subtree: true });
    try {
      renderScreen('/waterarchive');
      await waitFor(() => expect(meterRows()).toHaveLength(25));
    } finally {
      observer.disconnect();
    }
    expect(firstScreenRows()).toBeLessThan(25);
    expect(counts).toEqual([firstScreenRows(), 25]);
    // Every row is whole: its address, its tags, its actions.
    expect(rows()[24].querySelector('td.column-address')?.textContent).toMatch(/^\d{14}$/);
    expect(within(rows()[24]).getAllByRole('link').length + within(rows()[24]).getAllByRole('button').length).toBeGreaterThan(0);
  });
});
