import { useMemo, type ReactElement, type ReactNode } from 'react';
import {
  CreateButton, DataTable, ExportButton, FilterButton, List, TopToolbar, useLocaleState, useResourceContext,
  useResourceDefinition, useTranslate, type Exporter, type RaRecord, type SortPayload,
} from 'react-admin';
import { Box, useMediaQuery, type Theme } from '@mui/material';
import { WIDE_SCREEN_PX } from '../../config';
import { ListPagination } from './ListPagination';
import { NEGATIVE_CELL, NUMBER_CELL, csvColumns, defaultHidden, renderColumns, type Column } from './columns';
import { exportCsv, exportXlsx } from './exportCsv';
import { LIST_PER_PAGE, LIST_SORT } from './defaults';
import { BulkDeleteWithImpact } from '../delete/DeleteWithImpact';
import { COLUMNS_UNDER_ACTIONS, useColumnsUnderActions } from './columnsUnderActions';
import { useResourceAccess } from '../../auth/useResourceAccess';
import { RowTips } from './RowTips';
import { ListBody } from './ListBody';
import { ColumnChooserButton, ColumnChooserScope, ListColumn } from './columnChooser';
import { listBodyStyles } from './listBodyStyles';
import { ExcelIcon } from './ServerExportButton';

/** The most rows a list exports from the browser (every matching row, paged through 100 at a time). */
const EXPORT_MAX_ROWS = 100_000;

export interface ListScreenProps<R extends RaRecord> {
  /** The columns, declared once (table, column chooser and CSV export). */
  columns: Column<R>[];
  /** Filter inputs (react-admin filter elements; `alwaysOn` ones stay in view). */
  filters?: ReactElement[];
  /** Screen actions shown before "create" and "export" (bulk device actions, resets…). */
  toolbar?: ReactNode;
  /** Buttons for the selected rows, beside "delete". */
  bulkActions?: ReactNode;
  /** Buttons of each row (rendered in the row's record context), kept in view at the right. */
  rowActions?: ReactNode;
  sort?: SortPayload;
  /** Other content in the list's context (e.g. dialogs of the screen's actions). */
  children?: ReactNode;
  /** False for a list whose records are not deleted from it (e.g. bindings, which end instead). */
  deletable?: boolean;
  /** The export controls in place of the default (the client-side CSV and Excel of every matching row), e.g. the server's streamed export (ServerExportButton). */
  exportButton?: ReactNode;
  /** Content between the toolbar and the table (a statistics list's totals, a chart). */
  summary?: ReactNode;
  /** Filters a first visit starts with (e.g. this month on a statistics screen over millions of rows). */
  filterDefaultValues?: Record<string, unknown>;
  /** False: an empty list keeps its toolbar and table (whose actions start the records), not react-admin's empty page. */
  empty?: false;
  /** The title's message key (the exports' file name), when the list is not its route's own (a screen's second tab): default `routes.<resource>`. */
  title?: string;
}

/**
 * The standard list frame (DESIGN.md, "Kits"): filters, column chooser, screen actions, create and
 * export in the toolbar; server-side paging (up to 100 rows) and sorting; a table whose header and
 * row actions stay in view while it scrolls both ways; CSV and Excel export of every matching row from the
 * same column declaration; the operator's rights decide which write controls exist.
 *
 * The table is laid out to fit (compact cells, headers that wrap between words) and scrolls
 * sideways only when its columns cannot fit: the row actions then stay at the right edge, over the
 * columns still to the right, and a shadow on their edge says so until the table is scrolled to
 * its end, where every column lies beside them.
 */
export function ListScreen<R extends RaRecord>({ columns, filters, toolbar, bulkActions, rowActions, sort, children, deletable = true, exportButton, summary, empty, filterDefaultValues, title: titleKey }: ListScreenProps<R>) {
  const resource = useResourceContext()!;
  const { hasCreate } = useResourceDefinition();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const wide = useMediaQuery(`(min-width: ${WIDE_SCREEN_PX}px)`, { noSsr: true });
  const { canAccess: mayDelete } = useResourceAccess({ resource, action: 'delete' });
  const canDelete = deletable && mayDelete;
  // Bulk actions change things: an operator who may not edit gets no row selection at all.
  const { canAccess: canEdit } = useResourceAccess({ resource, action: 'edit' });
  const title = translate(titleKey ?? `routes.${resource}`);
  // One declaration, two files: CSV and Excel (.xlsx) of every matching row, written in the browser.
  const exporters = useMemo(() => {
    const exportColumns = () => csvColumns(resource, columns, translate, locale);
    const csv: Exporter<R> = (records) => exportCsv(records, exportColumns(), title);
    const xlsx: Exporter<R> = (records) => exportXlsx(records, exportColumns(), title);
    return { csv, xlsx };
  }, [resource, columns, translate, locale, title]);
  const hiddenColumns = useMemo(() => defaultHidden(columns as Column<never>[], wide), [columns, wide]);
  const frame = useColumnsUnderActions();
  // The table's columns as elements, made again only when the declaration or the row actions change:
  // the body renders every row again when its columns do (ListBody), so a re-render of the screen
  // (rights answered, store, language) must not hand it new ones.
  const tableColumns = useMemo(() => [
    ...renderColumns(resource, columns),
    rowActions && (
      <ListColumn key=" row-actions" label="app.actions" disableSort cellClassName="row-actions" headerClassName="row-actions">
        <div className="row-actions-box">{rowActions}</div>
      </ListColumn>
    ),
  ], [resource, columns, rowActions]);
  const bulk = canDelete || (canEdit && bulkActions) ? <>{canEdit && bulkActions}{canDelete && <BulkDeleteWithImpact />}</> : false;

  return (
    <ColumnChooserScope>
      <List
        filters={filters}
        filterDefaultValues={filterDefaultValues}
        actions={(
          <TopToolbar sx={{ flexWrap: 'wrap', rowGap: 0.5 }}>
            {filters?.some((filter) => !(filter.props as { alwaysOn?: boolean }).alwaysOn) && <FilterButton />}
            <ColumnChooserButton storeKey={`${resource}.datatable`} />
            {toolbar}
            {hasCreate && <CreateButton />}
            {exportButton ?? (
              <>
                <ExportButton maxResults={EXPORT_MAX_ROWS} label="exports.csv" />
                <ExportButton maxResults={EXPORT_MAX_ROWS} label="exports.xlsx" icon={<ExcelIcon />} exporter={exporters.xlsx} />
              </>
            )}
          </TopToolbar>
        )}
        exporter={exporters.csv}
        sort={sort ?? LIST_SORT}
        perPage={LIST_PER_PAGE}
        pagination={<ListPagination />}
        title={title}
        storeKey={`${resource}.list`}
        {...(empty === false ? { empty: false as const } : {})}
        sx={{
          // The filters and the toolbar's buttons share a row when both fit whole; otherwise the buttons
          // go beneath and the filters keep one row (the form's basis is its filters side by side).
          '& .RaList-actions': { flexWrap: 'wrap', alignItems: 'flex-end' },
          '& .RaList-actions > form': { flex: '1 1 auto' },
        }}
      >
        {summary}
        <Box
          ref={frame}
          className="list-table-frame"
          sx={{
            minWidth: 0,
            // Columns lie under the row actions (the table scrolls further right): their edge casts a
            // shadow, with a divider line that dark themes show too.
            [`&[${COLUMNS_UNDER_ACTIONS}] .row-actions`]: {
              boxShadow: (theme: Theme) => `inset 1px 0 0 ${theme.palette.divider}, -8px 0 8px -6px rgba(0,0,0,.4)`,
            },
          }}
        >
          <RowTips>
            <DataTable
              bulkActionButtons={bulk}
              rowClick={false}
              storeKey={`${resource}.datatable`}
              hiddenColumns={hiddenColumns}
              body={ListBody}
              sx={[listBodyStyles, {
                // The table scrolls inside its frame, so both scroll bars are in view; header and row actions stay put.
                '& .RaDataTable-tableWrapper': { overflow: 'auto', maxHeight: 'calc(100vh - 260px)', minHeight: 200, scrollbarGutter: 'stable' },
                // Values never wrap (codes, tags, times stay whole); headers wrap between words, not inside
                // them (keep-all: 总电量 / （kWh）, not 总电 / 量), and cells are compact: the columns of a
                // list fit at 1280 px wherever they can, instead of scrolling under the row actions.
                '& .MuiTableCell-root': { whiteSpace: 'nowrap' },
                // 6 px a side: the water archive's 14 columns fit a 1440 px window beside the side menu, 抄表时间
                // whole rather than under the row actions.
                '& .MuiTableCell-root:not(.MuiTableCell-paddingCheckbox)': { px: 0.75 },
                '& .RaDataTable-thead .MuiTableCell-head': {
                  position: 'sticky', top: 0, zIndex: 3, bgcolor: 'background.paper',
                  whiteSpace: 'normal', wordBreak: 'keep-all', overflowWrap: 'normal',
                },
                // A column's sort arrow takes room only while the list is sorted by it: the arrow of the
                // other sortable columns (shown on hover) lies over the header's edge instead of widening
                // each of them by 26 px (the English water archive's 11 sortable columns at 1440 px did
                // not fit beside the row actions for it).
                '& .RaDataTable-thead .MuiTableSortLabel-root:not(.Mui-active) .MuiTableSortLabel-icon': {
                  position: 'absolute', right: 0, top: 'calc(50% - 9px)', m: 0,
                },
                '& .RaDataTable-thead .MuiTableCell-alignRight .MuiTableSortLabel-root:not(.Mui-active) .MuiTableSortLabel-icon': { right: 'auto', left: 0 },
                '& .MuiTableCell-root.row-actions': { position: 'sticky', right: 0, bgcolor: 'background.paper', zIndex: 2, py: 0, px: 0.5 },
                '& .MuiTableCell-head.row-actions': { zIndex: 4 },
                // Styles of every row's content set once here, not per cell (an `sx` is worked out on each render).
                '& .row-actions-box': { display: 'flex', gap: 0.25, justifyContent: 'flex-end' },
                [`& .${NUMBER_CELL}`]: { fontVariantNumeric: 'tabular-nums' },
                [`& .${NEGATIVE_CELL}`]: { color: 'error.main' },
              }]}
            >
              {tableColumns}
            </DataTable>
          </RowTips>
        </Box>
        {children}
      </List>
    </ColumnChooserScope>
  );
}
