import { lazy, useState, type ComponentType } from 'react';
import { StableRoute } from './StableRoute';

/**
 * A view in a chunk of its own that renders at once once its code is there.
 *
 * `React.lazy` suspends on its first render even when the chunk was loaded ahead (its import
 * promise is still pending on that render), so the page shows its Suspense fallback for a frame
 * — and React then holds the real page back until 300 ms after that fallback appeared (its
 * throttle of Suspense reveals): on the login path that cost about 150 ms between the shell and
 * the first screen. Here `preload` keeps the loaded component, and a view mounted after it renders
 * that component directly; before, it renders the lazy one as usual. Each mount keeps the kind it
 * started with, so a view never remounts when its code arrives.
 */
export function lazyView<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = () => {
    loading ??= load().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        loading = undefined; // a failed chunk request is tried again on the next preload or render
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(preload) as unknown as ComponentType<P>;
  function View(props: P) {
    const [Component] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return <Component {...props} />;
  }
  return { View, preload };
}

/**
 * A resource's list view in its own chunk: `list` for the route, `preload` for the login path
 * (src/firstScreen.ts). The list sees its route through `StableRoute`: its rows' buttons do not
 * render again each time react-admin renders its routes.
 */
export function lazyList(load: () => Promise<{ default: ComponentType }>) {
  const { View, preload } = lazyView(load);
  const list = () => (
    <StableRoute>
      <View />
    </StableRoute>
  );
  return { list, preload };
}
