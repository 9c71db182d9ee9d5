import { cloneElement, createContext, useCallback, useContext, useEffect, useRef, useState, type FocusEvent, type PointerEvent, type ReactElement, type ReactNode } from 'react';
import { Tooltip } from '@mui/material';

/** The attribute that names a row action for the table's shared tooltip (its accessible name is its `aria-label`). */
export const ROW_TIP = 'data-row-tip';

const RowTipsContext = createContext(false);

/** True inside a table with a shared tooltip (`RowTips`): row actions then carry `ROW_TIP` instead of a tooltip each. */
export const useRowTips = () => useContext(RowTipsContext);

/** MUI's tooltip delay before it shows on hover. */
const ENTER_DELAY_MS = 100;

/** Keyboard focus (not a click's): MUI's tooltips show on it too. */
const focusVisible = (element: Element) => {
  try {
    return element.matches(':focus-visible');
  } catch {
    return true; // an engine without the selector
  }
};

const tipOf = (target: EventTarget | null) => (target instanceof Element ? target.closest<HTMLElement>(`[${ROW_TIP}]`) : null);

/**
 * One tooltip for all the row actions of a table (DESIGN.md, "Kits"), shown like MUI's own: after
 * a short hover, or at once on keyboard focus, beside the action's icon, with its name.
 *
 * A tooltip per row action costs its component tree on every row (and a second render each, as it
 * finds its element): with two actions and 25 to 100 rows, 50 to 200 tooltips, nearly all never
 * shown, were a tenth of a page's render. Here the actions carry their name (`ROW_TIP`, and the
 * `aria-label` that screen readers read) and the table listens for the pointer and focus once.
 */
export function RowTips({ children }: { children: ReactNode }) {
  const [tip, setTip] = useState<HTMLElement | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pending = useRef<HTMLElement | null>(null);
  useEffect(() => () => clearTimeout(timer.current), []);
  const show = useCallback((target: HTMLElement | null, delay: number) => {
    clearTimeout(timer.current);
    pending.current = null;
    if (!target || !delay) {
      setTip(target);
      return;
    }
    pending.current = target;
    timer.current = setTimeout(() => {
      pending.current = null;
      setTip(target);
    }, delay);
  }, []);
  const onPointerOver = (event: PointerEvent) => {
    const target = tipOf(event.target);
    if (target !== tip && target !== pending.current) show(target, ENTER_DELAY_MS);
  };
  const hide = () => show(null, 0);
  const onFocus = (event: FocusEvent) => {
    const target = tipOf(event.target);
    if (target && focusVisible(target)) show(target, 0);
  };
  const title = tip?.isConnected ? tip.getAttribute(ROW_TIP) ?? '' : '';
  return (
    <RowTipsContext.Provider value>
      <div style={{ display: 'contents' }} onPointerOver={onPointerOver} onPointerLeave={hide} onFocus={onFocus} onBlur={hide} onClick={hide}>
        {children}
      </div>
      {title && (
        <Tooltip open title={title} disableHoverListener disableFocusListener disableTouchListener slotProps={{ popper: { anchorEl: tip } }}>
          <span hidden />
        </Tooltip>
      )}
    </RowTipsContext.Provider>
  );
}

/** A row action's name: on the table's shared tooltip inside `RowTips`, else a tooltip of its own. */
export function RowTip({ title, children }: { title: string; children: ReactElement<Record<string, unknown>> }) {
  const shared = useRowTips();
  return shared ? cloneElement(children, { [ROW_TIP]: title }) : <Tooltip title={title}>{children}</Tooltip>;
}
