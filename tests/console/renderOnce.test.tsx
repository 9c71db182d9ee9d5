import { useState, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Outlet, Route, Routes, useNavigate, useParams } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StableRoute } from '../../src/components/StableRoute';
import { COLUMNS_UNDER_ACTIONS, useColumnsUnderActions } from '../../src/components/list/columnsUnderActions';
import { useMenu } from '../../src/auth/useMenu';
import { loadMenu } from '../../src/auth/menu';
import { readCookie } from '../../src/auth/cookies';
import { signedInForFile } from './render';

/**
 * What keeps the first list from being rendered twice after the login (src/components/StableRoute.tsx,
 * the list frame's callback ref, the menu on its first render): each of these made a whole page of
 * rows, or the shell's tab bars (which lay out the page to measure themselves), render again.
 */
signedInForFile('admin');

/** A page reading its route as rows' buttons do (navigation, parameters), counting its renders. */
function routePage(counts: { renders: number }) {
  return function Page() {
    counts.renders++;
    const navigate = useNavigate();
    const { id } = useParams();
    return <button type="button" onClick={() => navigate(`../${Number(id) + 1}`, { relative: 'path' })}>item {id}</button>;
  };
}

/**
 * Routes that render again (as react-admin's do) when "again" is clicked, on the same route; the
 * page's element is made once, as react-admin's resource elements are.
 */
function Harness({ page }: { page: ReactNode }) {
  const [times, setTimes] = useState(0);
  return (
    <>
      <button type="button" onClick={() => setTimes(times + 1)}>again {times}</button>
      <Routes>
        <Route path="/items/:id" element={page} />
      </Routes>
    </>
  );
}

describe('a page under StableRoute', () => {
  it('does not render again when its routes do on the same route, and does on another route', async () => {
    const user = userEvent.setup();
    const counts = { renders: 0 };
    const Page = routePage(counts);
    render(<MemoryRouter initialEntries={['/items/1']}><Harness page={<StableRoute><Page /></StableRoute>} /></MemoryRouter>);
    expect(screen.getByText('item 1')).toBeInTheDocument();
    const first = counts.renders;
    await user.click(screen.getByText('again 0'));
    await user.click(screen.getByText('again 1'));
    expect(screen.getByText('again 2')).toBeInTheDocument();
    expect(counts.renders).toBe(first);
    // Navigation (relative to the route it sees) still works, and a new route renders the page.
    await user.click(screen.getByText('item 1'));
    expect(await screen.findByText('item 2')).toBeInTheDocument();
    expect(counts.renders).toBeGreaterThan(first);
  });

  it('without it, the same page renders again each time its routes do (what it saves)', async () => {
    const user = userEvent.setup();
    const counts = { renders: 0 };
    const Page = routePage(counts);
    render(<MemoryRouter initialEntries={['/items/1']}><Harness page={<Page />} /></MemoryRouter>);
    const first = counts.renders;
    await user.click(screen.getByText('again 0'));
    expect(counts.renders).toBeGreaterThan(first);
  });

  it('passes a route with child routes through: its outlet follows navigation', async () => {
    const user = userEvent.setup();
    function Links() {
      const navigate = useNavigate();
      return <button type="button" onClick={() => navigate('/parent/b')}>to b</button>;
    }
    render(
      <MemoryRouter initialEntries={['/parent/a']}>
        <Routes>
          <Route path="/parent" element={<StableRoute><Links /><Outlet /></StableRoute>}>
            <Route path="a" element={<p>child a</p>} />
            <Route path="b" element={<p>child b</p>} />
          </Route>
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.getByText('child a')).toBeInTheDocument();
    await user.click(screen.getByText('to b'));
    expect(await screen.findByText('child b')).toBeInTheDocument();
  });
});

describe('the list frame watching for columns under the row actions', () => {
  it('mounts without rendering its list again, and stops watching when unmounted', async () => {
    let renders = 0;
    function Frame() {
      renders++;
      const ref = useColumnsUnderActions();
      return (
        <div ref={ref} data-testid="frame">
          <div className="RaDataTable-tableWrapper"><table><tbody><tr><td className="row-actions" /></tr></tbody></table></div>
        </div>
      );
    }
    const { unmount } = render(<Frame />);
    const frame = screen.getByTestId('frame');
    const wrapper = frame.querySelector<HTMLElement>('.RaDataTable-tableWrapper')!;
    for (const [name, value] of Object.entries({ scrollWidth: 1500, clientWidth: 1000, scrollLeft: 0 })) {
      Object.defineProperty(wrapper, name, { configurable: true, value });
    }
    await act(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    expect(frame.hasAttribute(COLUMNS_UNDER_ACTIONS)).toBe(true);
    expect(renders).toBe(1);
    unmount();
    // Unmounted: a scroll no longer reaches it (the frame keeps the mark it had).
    Object.defineProperty(wrapper, 'scrollLeft', { configurable: true, value: 500 });
    wrapper.dispatchEvent(new Event('scroll'));
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(frame.hasAttribute(COLUMNS_UNDER_ACTIONS)).toBe(true);
  });
});

describe('the role menu', () => {
  it('is there on the first render once it has answered', async () => {
    const roleId = readCookie('roleId')!;
    const menu = await loadMenu(roleId);
    expect(menu.length).toBeGreaterThan(0);
    const seen: unknown[] = [];
    const client = new QueryClient();
    renderHook(() => {
      const { data } = useMenu();
      seen.push(data);
    }, { wrapper: ({ children }) => <QueryClientProvider client={client}>{children}</QueryClientProvider> });
    expect(seen[0]).toBe(menu);
    await waitFor(() => expect(client.isFetching()).toBe(0));
    expect(seen.at(-1)).toBe(menu);
  });

  it('is read on the first render when it has not answered yet', async () => {
    const client = new QueryClient();
    const seen: unknown[] = [];
    renderHook(() => {
      const { data } = useMenu();
      seen.push(data);
    }, { wrapper: ({ children }) => <QueryClientProvider client={client}>{children}</QueryClientProvider> });
    expect(seen[0]).toBeUndefined();
    await waitFor(() => expect(Array.isArray(seen.at(-1)) && (seen.at(-1) as unknown[]).length).toBeGreaterThan(0));
  });
});
