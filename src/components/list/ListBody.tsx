import { Children, isValidElement, memo, useDeferredValue, useMemo, type MouseEvent, type ReactNode } from 'react';
import {
  DataTableClasses, RecordContextProvider, useDataTableCallbacksContext, useDataTableConfigContext, useDataTableDataContext,
  useDataTableSelectedIdsContext, useDataTableStoreContext, useStore, useTranslate, type Identifier, type RaRecord,
} from 'react-admin';

/** What the body reads of a `DataTable.Col` element (the header and the column chooser read the rest). */
interface ColumnProps {
  source?: string;
  label?: ReactNode;
  render?: (record: RaRecord) => ReactNode;
  children?: ReactNode;
  align?: 'left' | 'right' | 'center';
  cellClassName?: string;
  sx?: { minWidth?: number };
}

/** Class names of the body's own rows and cells (styled by `listBodyStyles`, with MUI's names kept). */
export const LIST_ROW = 'list-row';
export const LIST_CELL = 'list-cell';
export const ROW_CHECK = 'row-check';

const CELL_CLASSES = `MuiTableCell-root MuiTableCell-body MuiTableCell-sizeSmall ${LIST_CELL}`;
const CHECKED = 'M19 3H5c-1.11 0-2 .9-2 2v14c0 1.1.89 2 2 2h14c1.11 0 2-.9 2-2V5c0-1.1-.89-2-2-2zm-9 14l-5-5 1.41-1.41L10 14.17l7.59-7.59L19 8l-9 9z';
const UNCHECKED = 'M19 5v14H5V5h14m0-2H5c-1.1 0-2 .9-2 2v14c0 1.1.9 2 2 2h14c1.1 0 2-.9 2-2V5c0-1.1-.9-2-2-2z';

type Toggle = (id: Identifier, event: MouseEvent) => void;

/**
 * A row's selection box: a native checkbox under MUI's checkbox icons, looking as MUI's `Checkbox`
 * does in a small table. MUI's is some twenty components (button base, ripple, switch base, icon);
 * a list page has 25 to 100 of them.
 */
function RowCheckbox({ id, checked, label, onToggle }: { id: Identifier; checked: boolean; label: string; onToggle: Toggle }) {
  return (
    <span className={checked ? `${ROW_CHECK} Mui-checked` : ROW_CHECK}>
      <input
        type="checkbox"
        className={`select-item ${DataTableClasses.checkbox}`}
        aria-label={label}
        checked={checked}
        // The selection is the list's (a shift-click selects a range): the click tells it, the box shows it.
        onChange={noop}
        onClick={(event) => {
          event.stopPropagation();
          onToggle(id, event);
        }}
      />
      <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d={checked ? CHECKED : UNCHECKED} /></svg>
    </span>
  );
}

const noop = () => undefined;

interface RowProps {
  record: RaRecord;
  index: number;
  columns: ColumnProps[];
  /** Undefined when the rows are not selectable (no bulk actions for this operator). */
  selected?: boolean;
  onToggle?: Toggle;
  selectLabel: string;
}

/** One row: plain table elements with MUI's class names; rendered again only when its record, selection or columns change. */
const ListRow = memo(function ListRow({ record, index, columns, selected, onToggle, selectLabel }: RowProps) {
  const parity = index % 2 ? DataTableClasses.rowOdd : DataTableClasses.rowEven;
  return (
    <RecordContextProvider value={record}>
      <tr className={`MuiTableRow-root MuiTableRow-hover ${LIST_ROW} ${DataTableClasses.row} ${parity}${selected ? ' Mui-selected' : ''}`}>
        {onToggle && (
          <td className={`${CELL_CLASSES} MuiTableCell-paddingCheckbox`}>
            <RowCheckbox id={record.id} checked={!!selected} label={selectLabel} onToggle={onToggle} />
          </td>
        )}
        {columns.map((column) => (
          <td
            key={column.source ?? String(column.label)}
            className={`${CELL_CLASSES} ${DataTableClasses.rowCell}${column.align === 'right' ? ' MuiTableCell-alignRight' : ''}${column.cellClassName ? ` ${column.cellClassName}` : ''}${column.source ? ` column-${column.source}` : ''}`}
            style={column.sx?.minWidth ? { minWidth: column.sx.minWidth } : undefined}
          >
            {column.children ?? (column.render ? column.render(record) : valueText(record[column.source ?? '']))}
          </td>
        ))}
      </tr>
    </RecordContextProvider>
  );
});

const valueText = (value: unknown) => (value === null || value === undefined ? null : String(value));

/** A row's height and what lies above and below a list's table (header, tabs, filters, pagination), in px: for `firstScreenRows`. */
const ROW_PX = 36;
const OUTSIDE_TABLE_PX = 320;

/**
 * About how many rows the window shows of a list's table (at least 10): at 900 px, 17 (16 are in
 * view). A page of 25 to 100 rows is some 80 components a row; a table shows these in its first
 * render and the rest right after, in a background render (`useDeferredValue`), so the first
 * screen of rows is painted without waiting for rows below it.
 */
export const firstScreenRows = () => Math.max(10, Math.ceil((window.innerHeight - OUTSIDE_TABLE_PX) / ROW_PX));

/**
 * The body of every list's table (DESIGN.md, "Kits"), in place of react-admin's `DataTableBody`:
 * the same rows, cells, classes, hidden columns and selection, in plain table elements.
 *
 * react-admin's body renders each cell through its own memoised cell, MUI's `TableCell` and two
 * styled components, each reading the hidden columns from the store again, and each row's box
 * through MUI's checkbox: about 270 components per row of a 13-column list, 6,700 for a page of
 * 25, which was the longest task between the login and the first rows. Here a row is its cells'
 * content and a dozen elements; the hidden columns and the selection are read once per table, and
 * a row renders again only when its own record or selection changes. The first render holds a
 * screenful of rows (`firstScreenRows`), the rest follow at once.
 */
export const ListBody = memo(function ListBody({ children }: { children?: ReactNode }) {
  const data = useDataTableDataContext();
  const { storeKey, defaultHiddenColumns } = useDataTableStoreContext();
  const [hiddenColumns] = useStore<string[]>(storeKey, defaultHiddenColumns);
  const { hasBulkActions } = useDataTableConfigContext();
  const { handleToggleItem } = useDataTableCallbacksContext();
  const selectedIds = useDataTableSelectedIdsContext();
  const translate = useTranslate();
  const columns = useMemo(
    () => Children.toArray(children)
      .filter(isValidElement)
      .map((element) => element.props as ColumnProps)
      .filter((column) => !hiddenColumns.includes((column.source ?? column.label) as string)),
    [children, hiddenColumns],
  );
  const onToggle = hasBulkActions && handleToggleItem ? (handleToggleItem as Toggle) : undefined;
  // The table's first render shows a screenful of rows, the next one (in the background) all. Later
  // pages render whole at once; a larger page shows the former number of rows first, then all.
  const count = data?.length ?? 0;
  const shown = useDeferredValue(count, Math.min(count, firstScreenRows()));
  const selectLabel = translate('ra.action.select_row', { _: 'Select this row' });
  return (
    <tbody className={`MuiTableBody-root datatable-body ${DataTableClasses.tbody}`}>
      {data?.slice(0, shown).map((record, index) => (
        <ListRow
          key={record.id ?? `row${index}`}
          record={record}
          index={index}
          columns={columns}
          selected={onToggle ? !!selectedIds?.includes(record.id) : undefined}
          onToggle={onToggle}
          selectLabel={selectLabel}
        />
      ))}
    </tbody>
  );
});
