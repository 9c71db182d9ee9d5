import { strFromU8, unzipSync } from 'fflate';

/**
 * A small reader of the workbooks the exports write (tests only): the first sheet's cells with
 * their type as Excel sees it: `text` (a string cell), `number`, or `date` (a number whose format
 * is a date format), with the format code, and a date read back as `YYYY-MM-DD HH:mm` wall time.
 */
export interface SheetCell {
  ref: string;
  type: 'text' | 'number' | 'date';
  /** The text, the number, or the date as `YYYY-MM-DD HH:mm` (`YYYY-MM-DD` for a date-only format). */
  value: string | number;
  format: string;
}

const BUILT_IN: Record<number, string> = { 0: 'General', 2: '0.00', 3: '#,##0', 4: '#,##0.00', 14: 'mm-dd-yy', 22: 'm/d/yy h:mm', 49: '@' };

const unescape = (text: string) => text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');

const wallTime = (serial: number, withTime: boolean) => {
  const at = new Date(Math.round((serial - 25_569) * 86_400_000));
  const text = at.toISOString();
  return withTime ? `${text.slice(0, 10)} ${text.slice(11, 16)}` : text.slice(0, 10);
};

export function readXlsx(bytes: Uint8Array): { files: string[]; sheetName: string; rows: SheetCell[][] } {
  const files = unzipSync(bytes);
  const text = (name: string) => strFromU8(files[name]);
  const styles = text('xl/styles.xml');
  const custom = Object.fromEntries([...styles.matchAll(/<numFmt numFmtId="(\d+)" formatCode="([^"]*)"\/>/g)].map((m) => [Number(m[1]), unescape(m[2]).replace(/\\/g, '')]));
  const xfs = /<cellXfs[^>]*>([\s\S]*?)<\/cellXfs>/.exec(styles)![1];
  const formats = [...xfs.matchAll(/<xf [^>]*numFmtId="(\d+)"/g)].map((m) => custom[Number(m[1])] ?? BUILT_IN[Number(m[1])] ?? `#${m[1]}`);
  const sheetName = unescape(/<sheet name="([^"]*)"/.exec(text('xl/workbook.xml'))![1]);
  const sheet = text('xl/worksheets/sheet1.xml');
  const rows = [...sheet.matchAll(/<row [^>]*>([\s\S]*?)<\/row>/g)].map((row) =>
    [...row[1].matchAll(/<c r="([A-Z]+\d+)"((?: [a-z]+="[^"]*")*)>([\s\S]*?)<\/c>/g)].map((cell): SheetCell => {
      const attrs = Object.fromEntries([...cell[2].matchAll(/ ([a-z]+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
      const format = formats[Number(attrs.s ?? 0)];
      if (attrs.t === 'inlineStr' || attrs.t === 's' || attrs.t === 'str') {
        return { ref: cell[1], type: 'text', value: unescape(/<t[^>]*>([\s\S]*?)<\/t>/.exec(cell[3])?.[1] ?? ''), format };
      }
      const number = Number(/<v>([^<]*)<\/v>/.exec(cell[3])![1]);
      if (/y/.test(format) && /d/.test(format)) return { ref: cell[1], type: 'date', value: wallTime(number, /h/.test(format)), format };
      return { ref: cell[1], type: 'number', value: number, format };
    }));
  return { files: Object.keys(files), sheetName, rows };
}

/** The column letters of a cell reference ("AB12" → "AB"). */
export const columnOf = (ref: string) => ref.replace(/\d+$/, '');

/** The data rows keyed by their header's text (an empty cell is absent). */
export function recordsOf(rows: SheetCell[][]): Record<string, SheetCell>[] {
  const headers = Object.fromEntries(rows[0].map((cell) => [columnOf(cell.ref), String(cell.value)]));
  return rows.slice(1).map((row) => Object.fromEntries(row.map((cell) => [headers[columnOf(cell.ref)], cell])));
}
