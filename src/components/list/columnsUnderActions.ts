import { useCallback } from 'react';

/** Set on a list's frame while data columns lie under its sticky row actions (the table can still scroll right). */
export const COLUMNS_UNDER_ACTIONS = 'data-columns-under-actions';

/** True when a scroll box has content to the right of what it shows (1 px of rounding allowed). */
export const hasMoreRight = (box: Pick<HTMLElement, 'scrollWidth' | 'clientWidth' | 'scrollLeft'>) =>
  box.scrollWidth - box.clientWidth - Math.abs(box.scrollLeft) > 1;

/**
 * Marks the list frame with `COLUMNS_UNDER_ACTIONS` while the table's wrapper can scroll further
 * right, i.e. while some data columns are under the sticky row actions: the frame's styles then
 * draw the actions column's edge as a shadow, so the operator sees there is more to scroll to. It
 * follows scrolling, resizing and re-rendering (rows, shown columns) without re-rendering the list.
 * Returns the ref to give the frame: a callback ref whose cleanup (React 19) stops the watching, so
 * that mounting the frame sets no state (a state would render the whole list again, all its rows
 * included, right after its first rows are shown).
 */
export function useColumnsUnderActions() {
  return useCallback((root: HTMLElement | null) => {
    if (!root) return undefined;
    // The frame (window resized, side menu folded) and the table (columns shown or hidden, fonts)
    // change size: both are observed (below).
    let table: Element | null = null;
    const update = () => {
      const wrapper = root.querySelector<HTMLElement>('.RaDataTable-tableWrapper');
      const shown = wrapper?.querySelector('table') ?? null;
      if (shown !== table) {
        if (table) resized?.unobserve(table);
        table = shown;
        if (table) resized?.observe(table);
      }
      // A list without row actions (e.g. the meter query) has nothing for columns to lie under.
      const under = !!wrapper && !!wrapper.querySelector('.row-actions') && hasMoreRight(wrapper);
      if (root.hasAttribute(COLUMNS_UNDER_ACTIONS) !== under) root.toggleAttribute(COLUMNS_UNDER_ACTIONS, under);
    };
    // Reading the scroll sizes lays the page out: at most once per frame, before it is painted, and
    // never in the middle of React's commit (each batch of rendered rows would lay out the page
    // again, synchronously, while the operator waits for the list).
    let pending = 0;
    const schedule = () => {
      if (!pending) pending = requestAnimationFrame(() => { pending = 0; update(); });
    };
    const resized = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(schedule);
    resized?.observe(root);
    schedule();
    // Scroll events do not bubble, but they can be caught on the way down.
    root.addEventListener('scroll', schedule, { capture: true, passive: true });
    const rendered = new MutationObserver(schedule);
    rendered.observe(root, { childList: true, subtree: true });
    return () => {
      cancelAnimationFrame(pending);
      root.removeEventListener('scroll', schedule, { capture: true });
      resized?.disconnect();
      rendered.disconnect();
    };
  }, []);
}
