import { createContext, useContext, useState, type ReactNode } from 'react';
import type { RaRecord } from 'react-admin';

/**
 * A dialog opened from a list row that outlives the row: the action it runs may take the row out
 * of the list (unbinding from a list of current bindings, attaching a meter to a room listed as
 * "without a meter"), and the dialog still has its result to show. The provider wraps the list
 * screen and renders the dialog; the row's button calls `useOpen()(record)`.
 */
export function createRowDialog<R extends RaRecord>(render: (record: R, close: () => void) => ReactNode) {
  const Context = createContext<(record: R) => void>(() => undefined);
  function Provider({ children }: { children: ReactNode }) {
    const [record, setRecord] = useState<R | null>(null);
    return (
      <Context.Provider value={setRecord}>
        {children}
        {record && render(record, () => setRecord(null))}
      </Context.Provider>
    );
  }
  const useOpen = () => useContext(Context);
  return { Provider, useOpen };
}
