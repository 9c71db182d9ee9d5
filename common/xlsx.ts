import type { CsvKind } from './csv';

/**
 * The Excel export (.xlsx), written as it goes: the server streams one batch of rows at a time
 * (server/http/csvStream.ts), the console writes a list's rows (src/components/list/xlsx.ts), both
 * through this writer. A workbook of one sheet in SpreadsheetML, zipped with fflate's streaming Zip
 * (8 kB, no dependencies, Node and browsers alike; the sheet's part is deflated as its rows arrive,
 * so a whole filtered result never sits in memory as a workbook). common/ imports no package: each
 * side hands the writer fflate (`ZipKit`).
 *
 * Cells are typed by their column's kind (common/csv.ts `CsvKind`):
 * - `text`, `code`: text cells (an inline string, never a formula: no apostrophe is needed); a code
 *   (address, room code, order number, phone) keeps its leading zeros and gets the text format `@`;
 *   a `text` value that is exactly a calendar day (`YYYY-MM-DD`, a day that exists) is a real date
 *   (`yyyy-mm-dd`) instead, so that a day-only column declared without a kind (入住日期, 开始日期) sorts
 *   and filters as dates in Excel on every screen;
 * - `money`, `quantity`: numbers with two decimals and thousands separators (`#,##0.00`);
 * - `number`: a count (`#,##0`);
 * - `time`, `date`: real Excel dates (`yyyy-mm-dd hh:mm`, `yyyy-mm-dd`) of the wall time the value
 *   is written in (`YYYY-MM-DD HH:mm`, the platform's time zone: common/formats.ts);
 * - `value`: a number when it is one, a date when it reads as one, text otherwise.
 * A value that does not read as its kind (a '' or a word in a number column) is written as text.
 */

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A file of the archive, deflated as its data is pushed (fflate's `ZipDeflate`). */
interface ZipFile {
  push(chunk: Uint8Array, final?: boolean): void;
}

/** What the writer needs of fflate (`import { Zip, ZipDeflate } from 'fflate'`): a streaming archive and its deflated files. */
export interface ZipKit {
  /** `add` takes the kit's own `ZipDeflate` files (typed `never` here: fflate's file type is its own). */
  Zip: new (callback: (error: Error | null, chunk: Uint8Array, final: boolean) => void) => { add(file: never): void; end(): void };
  ZipDeflate: new (name: string, options?: { level?: typeof DEFLATE_LEVEL }) => ZipFile;
}

/**
 * Deflate level 1: a 100,000-row export of 13 columns is written in 3.9 s and 8.2 MB, against 5.8 s
 * and 6.0 MB at level 6 (docs/performance.md); the server deflates one batch at a time on its event loop.
 */
const DEFLATE_LEVEL = 1;

const encoder = new TextEncoder();
const strToU8 = (text: string) => encoder.encode(text);

export interface XlsxColumn {
  label: string;
  kind?: CsvKind;
}

/** Style indexes of styles.xml's cellXfs, in order. */
const STYLE = { general: 0, text: 1, decimal: 2, count: 3, time: 4, date: 5, header: 6 } as const;

const STYLES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">\
<numFmts count="2"><numFmt numFmtId="164" formatCode="yyyy\\-mm\\-dd\\ hh:mm"/><numFmt numFmtId="165" formatCode="yyyy\\-mm\\-dd"/></numFmts>\
<fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font><font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts>\
<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>\
<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>\
<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>\
<cellXfs count="7">\
<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>\
<xf numFmtId="49" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>\
<xf numFmtId="4" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>\
<xf numFmtId="3" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>\
<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>\
<xf numFmtId="165" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>\
<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>\
</cellXfs>\
<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>\
</styleSheet>`;

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">\
<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>\
<Default Extension="xml" ContentType="application/xml"/>\
<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>\
<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>\
<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>\
</Types>`;

const ROOT_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">\
<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/>\
</Relationships>`;

const WORKBOOK_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">\
<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>\
<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>\
</Relationships>`;

const workbook = (sheetName: string) => `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">\
<sheets><sheet name="${xmlText(sheetName)}" sheetId="1" r:id="rId1"/></sheets></workbook>`;

/** Characters XML 1.0 cannot carry (control characters, lone surrogates, U+FFFE/U+FFFF). */
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text as XML character data (escaped, characters XML cannot carry left out). */
export function xmlText(text: string): string {
  return text.replace(NOT_XML, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** A sheet's name as Excel allows it: at most 31 characters, none of : \ / ? * [ ]. */
export function sheetNameOf(name: string): string {
  const clean = name.replace(/[:\\/?*[\]]/g, ' ').replace(NOT_XML, '').trim().slice(0, 31);
  return clean || 'Sheet1';
}

/** The column letters of a 0-based index (0 → A, 26 → AA). */
export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** A calendar day alone, as the database and the lists write it. */
const DAY = /^\d{4}-\d{2}-\d{2}$/;

const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/**
 * The Excel serial date (days since 1899-12-30, the time of day as its fraction) of a wall time
 * written `YYYY-MM-DD[ HH:mm[:ss]]`; undefined for anything else. The wall time is kept as it is
 * written (the platform's time zone): Excel dates have no zone.
 */
export function excelDate(text: string): number | undefined {
  const match = WALL_TIME.exec(text);
  if (!match) return undefined;
  const [year, month, day, hour = 0, minute = 0, second = 0] = match.slice(1).map((part) => (part === undefined ? undefined : Number(part))) as number[];
  const at = Date.UTC(year, month - 1, day, hour, minute, second);
  const check = new Date(at);
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || hour > 23 || minute > 59 || second > 59) return undefined;
  return Math.round((at / 86_400_000 + 25_569) * 1e8) / 1e8;
}

const NUMBER = /^-?\d+(?:\.\d+)?$/;

/** A value as a number if it is one (a number, or digits as text); undefined otherwise. */
function numberOf(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && NUMBER.test(value.trim())) {
    const number = Number(value);
    return Number.isFinite(number) ? number : undefined;
  }
  return undefined;
}

/** Excel's most characters in a cell. */
const CELL_MAX = 32_767;

const textCell = (ref: string, value: unknown, style: number) => {
  const text = String(value).slice(0, CELL_MAX);
  const space = /^\s|\s$/.test(text) ? ' xml:space="preserve"' : '';
  return `<c r="${ref}" t="inlineStr"${style ? ` s="${style}"` : ''}><is><t${space}>${xmlText(text)}</t></is></c>`;
};
const numberCell = (ref: string, value: number, style: number) => `<c r="${ref}"${style ? ` s="${style}"` : ''}><v>${value}</v></c>`;

/** One cell's XML (nothing for an empty value). */
export function xlsxCell(ref: string, value: unknown, kind: CsvKind = 'text'): string {
  if (value === null || value === undefined || value === '') return '';
  if (value instanceof Date) value = value.toISOString();
  switch (kind) {
    case 'code':
      return textCell(ref, value, STYLE.text);
    case 'money':
    case 'quantity':
    case 'number': {
      const number = numberOf(value);
      return number === undefined ? textCell(ref, value, STYLE.general) : numberCell(ref, number, kind === 'number' ? STYLE.count : STYLE.decimal);
    }
    case 'time':
    case 'date': {
      const serial = typeof value === 'string' ? excelDate(value) : undefined;
      return serial === undefined ? textCell(ref, value, STYLE.general) : numberCell(ref, serial, kind === 'date' || !/\d:\d/.test(value as string) ? STYLE.date : STYLE.time);
    }
    case 'value': {
      const number = numberOf(value);
      if (number !== undefined) return numberCell(ref, number, STYLE.general);
      const serial = typeof value === 'string' ? excelDate(value) : undefined;
      if (serial !== undefined) return numberCell(ref, serial, /\d:\d/.test(value as string) ? STYLE.time : STYLE.date);
      return textCell(ref, value, STYLE.general);
    }
    default: {
      // A day in a text column (a day-only field declared without a kind) is a date all the same.
      const serial = typeof value === 'string' && DAY.test(value) ? excelDate(value) : undefined;
      return serial === undefined ? textCell(ref, value, STYLE.general) : numberCell(ref, serial, STYLE.date);
    }
  }
}

/** Width of a text in Excel's character units (a CJK character counts two). */
const widthOf = (text: string) => [...text].reduce((width, char) => width + (char.charCodeAt(0) > 0x2e7f ? 2 : 1), 0);

/** A column's width: its header's, at least what its kind's values need. */
function columnWidth(column: XlsxColumn): number {
  const least = { time: 17, date: 11, money: 13, quantity: 12, number: 9, code: 15, value: 12, text: 12 }[column.kind ?? 'text'];
  return Math.min(60, Math.max(least, widthOf(column.label) + 2));
}

export interface XlsxWriter {
  /** Adds rows (one value per column, in the columns' order). */
  rows(rows: readonly (readonly unknown[])[]): void;
  /** Closes the sheet and the archive (the last chunk is emitted before it returns). */
  end(): void;
}

/**
 * A streaming workbook: `emit` receives the file's bytes in order, as they are made (synchronously,
 * within `xlsxWriter`, `rows` and `end`). The header row is written bold and frozen.
 */
export function xlsxWriter({ Zip, ZipDeflate }: ZipKit, columns: readonly XlsxColumn[], emit: (chunk: Uint8Array) => void, sheetName = 'Sheet1'): XlsxWriter {
  let failure: Error | null = null;
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else emit(chunk);
  });
  const fixed = (name: string, text: string) => {
    const file = new ZipDeflate(name, { level: DEFLATE_LEVEL });
    zip.add(file as never);
    file.push(strToU8(text), true);
  };
  fixed('[Content_Types].xml', CONTENT_TYPES);
  fixed('_rels/.rels', ROOT_RELS);
  fixed('xl/workbook.xml', workbook(sheetNameOf(sheetName)));
  fixed('xl/_rels/workbook.xml.rels', WORKBOOK_RELS);
  fixed('xl/styles.xml', STYLES);
  const sheet = new ZipDeflate('xl/worksheets/sheet1.xml', { level: DEFLATE_LEVEL });
  zip.add(sheet as never);
  const letters = columns.map((_, index) => columnName(index));
  const kinds = columns.map((column) => column.kind);
  const check = () => {
    if (failure) throw failure;
  };
  sheet.push(strToU8(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">\
<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>\
<sheetFormatPr defaultRowHeight="15"/>\
${columns.length ? `<cols>${columns.map((column, index) => `<col min="${index + 1}" max="${index + 1}" width="${columnWidth(column)}" customWidth="1"/>`).join('')}</cols>` : ''}\
<sheetData><row r="1">${columns.map((column, index) => textCell(`${letters[index]}1`, column.label, STYLE.header)).join('')}</row>`));
  check();
  let row = 1;
  return {
    rows(rows) {
      if (!rows.length) return;
      let xml = '';
      for (const values of rows) {
        row += 1;
        xml += `<row r="${row}">`;
        for (let index = 0; index < letters.length; index++) xml += xlsxCell(`${letters[index]}${row}`, values[index], kinds[index]);
        xml += '</row>';
      }
      sheet.push(strToU8(xml));
      check();
    },
    end() {
      sheet.push(strToU8('</sheetData></worksheet>'), true);
      zip.end();
      check();
    },
  };
}

/** A whole workbook in memory (small exports: a chart's data, the console's page of rows). */
export function xlsxBytes(zip: ZipKit, columns: readonly XlsxColumn[], rows: readonly (readonly unknown[])[], sheetName?: string): Uint8Array {
  const chunks: Uint8Array[] = [];
  const writer = xlsxWriter(zip, columns, (chunk) => chunks.push(chunk), sheetName);
  writer.rows(rows);
  writer.end();
  const out = new Uint8Array(chunks.reduce((size, chunk) => size + chunk.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}
