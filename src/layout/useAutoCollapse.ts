import { useEffect } from 'react';
import { useSidebarState } from 'react-admin';
import { RESIZE_THROTTLE_MS } from '../config';

/** Below this window width the side menu collapses by itself. */
export const NARROW_WIDTH = 992;

/** Collapses the side menu when the window becomes narrow (resize checks throttled at 300 ms). */
export function useAutoCollapse() {
  const [, setOpen] = useSidebarState();
  useEffect(() => {
    let last = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = () => {
      last = Date.now();
      if (window.innerWidth < NARROW_WIDTH) setOpen(false);
    };
    const onResize = () => {
      const wait = RESIZE_THROTTLE_MS - (Date.now() - last);
      if (wait <= 0) check();
      else if (!timer) timer = setTimeout(() => { timer = undefined; check(); }, wait);
    };
    check();
    window.addEventListener('resize', onResize);
    return () => {
      window.removeEventListener('resize', onResize);
      clearTimeout(timer);
    };
  }, [setOpen]);
}
