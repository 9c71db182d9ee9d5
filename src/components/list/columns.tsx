import type { ReactNode } from 'react';
import { useLocaleState, useTranslate, type RaRecord } from 'react-admin';
import { Chip } from '@mui/material';
import { styled } from '@mui/material/styles';
import { fenToYuan } from '../../../common/money';
import { countText, dateText, moneyText, quantityCell, quantityText } from '../../../common/formats';
import { formatDateTime } from '../dateTime';
import { PLATFORM_TIME_ZONE } from '../../config';
import type { CsvColumn, CsvKind } from './csv';
import { ListColumn } from './columnChooser';

export type ChipColor = 'default' | 'primary' | 'secondary' | 'success' | 'error' | 'info' | 'warning';

/** The label (message key) and colour of one value of a state column. */
export interface StateStyle {
  label: string;
  color?: ChipColor;
}

/**
 * One column of a list, declared once: the table, the column chooser and the CSV export all come
 * from it (DESIGN.md, "Kits: columns once").
 */
export interface Column<R extends RaRecord = RaRecord> {
  /** The record's field; also the sort field unless `sortable` is false. */
  source: string;
  /** Message key of the header (default `resources.<resource>.fields.<source>`). */
  label?: string;
  /**
   * What the value is: `text` (default), `code` (addresses, room codes, phones: kept as text in
   * CSV), `number` (a count: thousands separators), `quantity` (a reading, kWh or m³, or an area
   * in m²: two decimals, as stored), `money` (integer fen, shown in yuan with thousands separators), `datetime` and
   * `date` (platform time zone, `YYYY-MM-DD HH:mm` / `YYYY-MM-DD`), `state` (a coloured tag from
   * `states`), `boolean` (yes / no). One written form per kind: common/formats.ts.
   */
  kind?: 'text' | 'code' | 'number' | 'quantity' | 'money' | 'datetime' | 'date' | 'state' | 'boolean';
  /** For `state` and `boolean` columns: label and colour of each value. */
  states?: Record<string, StateStyle>;
  /** Custom cell content (the CSV still writes the value, or `csv`). */
  render?: (record: R) => ReactNode;
  /** The CSV value (default: the shown text); false leaves the column out of exports. */
  csv?: false | ((record: R, translate: (key: string) => string) => unknown);
  /** Server-side sorting on this column (default true). */
  sortable?: boolean;
  /** Hidden until the operator shows it with the column chooser. */
  hidden?: boolean;
  /** 1 essential … 3 detail: priority-3 columns start hidden on windows narrower than WIDE_SCREEN_PX. */
  priority?: 1 | 2 | 3;
  /** Minimum width in px, so that tags and codes are never clipped. */
  minWidth?: number;
}

const NUMERIC = new Set(['number', 'quantity', 'money']);

/** The header of a column: its own label, or the resource's field name. */
export const columnLabel = (resource: string, column: Column) => column.label ?? `resources.${resource}.fields.${column.source}`;

/** A tag that never clips its text (styled once, not per tag). */
const Tag = styled(Chip)({ maxWidth: 'none', '& .MuiChip-label': { overflow: 'visible' } });

/** A state value as a tag that never clips its text. */
export function StateChip({ style, value }: { style?: StateStyle; value: unknown }) {
  const translate = useTranslate();
  if (value === null || value === undefined || value === '') return null;
  return <Tag size="small" variant="outlined" color={style?.color ?? 'default'} label={style ? translate(style.label) : String(value)} />;
}

/** The class name of a list cell's tag (`CellTag`), with `-<colour>` for its colour; styled by the list's table. */
export const TAG = 'cell-tag';

/**
 * A state value as a tag inside a list's table: a plain element looking as the small outlined
 * `StateChip` does (the table styles it once, `listBodyStyles`), without MUI's `Chip` and its
 * styled components on each of a page's hundred or so tags.
 */
export function CellTag({ style, label }: { style?: StateStyle; label: string }) {
  const color = style?.color && style.color !== 'default' ? ` ${TAG}-${style.color}` : '';
  return <span className={`${TAG}${color}`}>{label}</span>;
}

/** Class names of number cells (tabular figures) and negative amounts (in red), styled by the list's table. */
export const NUMBER_CELL = 'cell-number';
export const NEGATIVE_CELL = 'cell-negative';

/** A state cell: its value's tag, translated (nothing for an empty value). */
export function StateCell({ style, value }: { style?: StateStyle; value: unknown }) {
  const translate = useTranslate();
  if (value === null || value === undefined || value === '') return null;
  return <CellTag style={style} label={style ? translate(style.label) : String(value)} />;
}

/** A date and time in the operator's language (the one cell kind that reads the locale). */
function DateTimeCell({ value }: { value: unknown }) {
  const [locale] = useLocaleState();
  return <>{formatDateTime(value as string | null, locale)}</>;
}

/**
 * One cell of a list. Rendered 13 to 20 times per row: it uses no hook of its own, and plain
 * elements with class names (styled once by the table) rather than a styled component per cell.
 */
function Cell<R extends RaRecord>({ column, record }: { column: Column<R>; record: R }) {
  if (column.render) return <>{column.render(record)}</>;
  const value = record[column.source];
  switch (column.kind) {
    case 'money':
      return <span className={typeof value === 'number' && value < 0 ? `${NUMBER_CELL} ${NEGATIVE_CELL}` : NUMBER_CELL}>{moneyText(value as number | null)}</span>;
    case 'number':
      return <span className={NUMBER_CELL}>{typeof value === 'number' ? countText(value) : value === null || value === undefined ? '' : String(value)}</span>;
    case 'quantity':
      return <span className={NUMBER_CELL}>{quantityText(value as number | string | null)}</span>;
    case 'datetime':
      return <DateTimeCell value={value} />;
    case 'date':
      return <>{dateText(value as string | null, PLATFORM_TIME_ZONE)}</>;
    case 'state':
    case 'boolean':
      return <StateCell style={column.states?.[String(value)]} value={value} />;
    default:
      return <>{value === null || value === undefined ? '' : String(value)}</>;
  }
}

/** The table columns of a declaration (`ListColumn`s: react-admin's `DataTable.Col`, their chooser entries made on first use). */
export function renderColumns<R extends RaRecord>(resource: string, columns: Column<R>[]) {
  return columns.map((column) => (
    <ListColumn<R>
      key={column.source}
      source={column.source}
      label={columnLabel(resource, column as Column)}
      disableSort={column.sortable === false}
      align={NUMERIC.has(column.kind ?? '') ? 'right' : undefined}
      render={(record) => <Cell column={column} record={record} />}
      sx={column.minWidth ? { minWidth: column.minWidth } : undefined}
    />
  ));
}

/** The columns hidden by default: declared hidden, and priority 3 on a narrow window. */
export const defaultHidden = (columns: Column<never>[], wide: boolean) =>
  columns.filter((column) => column.hidden || (!wide && column.priority === 3)).map((column) => column.source);

/** How each kind of column is written to CSV and typed in the Excel export (common/csv.ts, common/xlsx.ts). */
const EXPORT_KINDS: Partial<Record<NonNullable<Column['kind']>, CsvKind>> = {
  code: 'code', money: 'money', quantity: 'quantity', number: 'number', datetime: 'time', date: 'date',
};

/** The export columns of a declaration (CSV and Excel): every column but those marked `csv: false`, labelled and written as on screen. */
export function csvColumns<R extends RaRecord>(resource: string, columns: Column<R>[], translate: (key: string, options?: object) => string, locale: string): CsvColumn<R>[] {
  return columns.filter((column) => column.csv !== false).map((column) => {
    const kind: CsvKind = EXPORT_KINDS[column.kind ?? 'text'] ?? 'text';
    const value = (record: R): unknown => {
      if (typeof column.csv === 'function') return column.csv(record, translate);
      const raw = record[column.source];
      switch (column.kind) {
        case 'money': return fenToYuan(raw as number | null);
        case 'quantity': return quantityCell(raw as number | string | null);
        case 'datetime': return formatDateTime(raw as string | null, locale);
        case 'date': return dateText(raw as string | null, PLATFORM_TIME_ZONE);
        case 'state':
        case 'boolean': {
          const style = column.states?.[String(raw)];
          return style ? translate(style.label) : raw;
        }
        default: return raw;
      }
    };
    return { label: translate(columnLabel(resource, column as Column)), value, kind };
  });
}
