import { createContext, useContext, useMemo, useState, type ComponentProps, type ReactNode } from 'react';
import { ColumnsButton, DataTable, useDataTableRenderContext, type RaRecord } from 'react-admin';

interface ChooserState {
  /** The chooser has been opened once: its entries exist from then on. */
  opened: boolean;
  open(): void;
}

/** Outside a list frame (a table of its own) the entries exist from the start, as react-admin has them. */
const Chooser = createContext<ChooserState>({ opened: true, open: () => undefined });

/**
 * The column chooser of one list frame. react-admin renders the chooser's entries (a switch, a drag
 * handle and a label each: some twenty components per column) into its closed popover as soon as
 * the table mounts, on every list page, in the same work as the first rows, though most operators
 * never open it. Here they are made at its first opening and kept afterwards.
 */
export function ColumnChooserScope({ children }: { children: ReactNode }) {
  const [opened, setOpened] = useState(false);
  const state = useMemo(() => ({ opened, open: () => setOpened(true) }), [opened]);
  return <Chooser.Provider value={state}>{children}</Chooser.Provider>;
}

/**
 * A column of a list's table: react-admin's `DataTable.Col`, but its entry in the column chooser is
 * rendered only once the chooser has been opened (`ColumnChooserScope`).
 */
export function ListColumn<R extends RaRecord>(props: ComponentProps<typeof DataTable.Col<R>>) {
  const { opened } = useContext(Chooser);
  const context = useDataTableRenderContext();
  if (context === 'columnsSelector' && !opened) return null;
  return <DataTable.Col<R> {...props} />;
}

/** The toolbar's column chooser: react-admin's button, which makes the entries at its first click. */
export function ColumnChooserButton({ storeKey }: { storeKey: string }) {
  const { opened, open } = useContext(Chooser);
  // `display: contents`: the wrapper only hears the click (before the button opens its popover, so
  // that the entries are in the same render as the opening); the toolbar lays out the button itself.
  return (
    <span style={{ display: 'contents' }} onClickCapture={opened ? undefined : open}>
      <ColumnsButton storeKey={storeKey} />
    </span>
  );
}
