import { Suspense, type ComponentType } from 'react';
import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { lazyView } from '../../src/components/lazyView';

/**
 * The screens' and the shell's chunks (src/components/lazyView.tsx): once loaded ahead, a view
 * renders on its first render — no Suspense fallback, which React would hold on screen for up to
 * 300 ms — and a view mounted before its code keeps working as `React.lazy` does.
 */
const Page = ({ name }: { name: string }) => <p>page {name}</p>;

function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((yes, no) => { resolve = yes; reject = no; });
  return { promise, resolve, reject };
}

const mount = (View: ComponentType<{ name: string }>) => render(<Suspense fallback={<p>loading</p>}><View name="a" /></Suspense>);

describe('lazyView', () => {
  it('renders a preloaded view at once, without a fallback', async () => {
    let loads = 0;
    const view = lazyView(async () => { loads++; return { default: Page }; });
    await view.preload();
    await view.preload();
    mount(view.View);
    // Synchronously after render: no fallback was ever shown.
    expect(screen.getByText('page a')).toBeInTheDocument();
    expect(screen.queryByText('loading')).toBeNull();
    expect(loads).toBe(1);
  });

  it('shows the fallback for a view mounted before its code, then the view, loading it once', async () => {
    let loads = 0;
    const gate = deferred();
    const view = lazyView(async () => { loads++; await gate.promise; return { default: Page }; });
    mount(view.View);
    expect(screen.getByText('loading')).toBeInTheDocument();
    void view.preload();
    await act(async () => gate.resolve());
    expect(await screen.findByText('page a')).toBeInTheDocument();
    expect(loads).toBe(1);
  });

  it('asks again after a failed load', async () => {
    let loads = 0;
    const view = lazyView(async () => {
      loads++;
      if (loads === 1) throw new Error('chunk request failed');
      return { default: Page };
    });
    await expect(view.preload()).rejects.toThrow('chunk request failed');
    await view.preload();
    mount(view.View);
    expect(screen.getByText('page a')).toBeInTheDocument();
    expect(loads).toBe(2);
  });
});
