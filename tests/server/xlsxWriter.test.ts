import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Zip, ZipDeflate } from 'fflate';
import { columnName, excelDate, xlsxBytes, type XlsxColumn } from '../../common/xlsx';
import { readXlsx, recordsOf } from '../support/xlsx';

/** The Excel writer on its own (common/xlsx.ts): what goes in comes back out, typed, whatever the text. */
const book = (columns: XlsxColumn[], rows: unknown[][]) => readXlsx(xlsxBytes({ Zip, ZipDeflate }, columns, rows, 'test'));

/** A reference of the serial date, written apart from the writer: whole days from 1899-12-30, the time as a fraction. */
const serialOf = (y: number, m: number, d: number, hh: number, mm: number) => {
  let days = 0;
  for (let year = 1900; year < y; year++) days += year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 366 : 365;
  const months = [31, y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  for (let month = 1; month < m; month++) days += months[month - 1];
  return days + d + 1 + (hh * 60 + mm) / 1440;
};

describe('xlsx writer', () => {
  it('keeps any text as a text cell, as written (XML escaped, characters XML cannot carry left out)', () => {
    // Any text but a calendar day alone, which is a date (the next test).
    const text = fc.string({ unit: 'binary', maxLength: 40 }).filter((value) => !/^\d{4}-\d{2}-\d{2}$/.test(value));
    fc.assert(fc.property(fc.array(text, { minLength: 1, maxLength: 8 }), (texts) => {
      const rows = recordsOf(book([{ label: 'a', kind: 'text' }, { label: 'b', kind: 'code' }], texts.map((text) => [text, text])).rows);
      const kept = texts.filter((text) => text !== '');
      // Empty cells are left out: rows whose text is empty have no cells.
      expect(rows.flatMap((cells) => (cells.a ? [cells.a.value] : []))).toEqual(kept.map((text) => text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '')));
      expect(rows.every((cells) => !cells.b || (cells.b.type === 'text' && cells.b.format === '@'))).toBe(true);
    }), { numRuns: 60 });
  });

  it('writes a wall time as the serial date of a separately written reference, read back to the minute', () => {
    fc.assert(fc.property(
      fc.integer({ min: 1990, max: 2099 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 28 }), fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }),
      (y, m, d, hh, mm) => {
        const text = `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')} ${String(hh).padStart(2, '0')}:${String(mm).padStart(2, '0')}`;
        expect(excelDate(text)).toBeCloseTo(serialOf(y, m, d, hh, mm), 7);
        const [cells] = recordsOf(book([{ label: 't', kind: 'time' }], [[text]]).rows);
        expect(cells.t).toMatchObject({ type: 'date', value: text, format: 'yyyy-mm-dd hh:mm' });
      },
    ), { numRuns: 80 });
    expect(excelDate('2026-02-30 10:00')).toBeUndefined();
    expect(excelDate('2026-11')).toBeUndefined();
  });

  it('types money, quantities and counts as numbers, and a value that is not one as text', () => {
    const [first, second] = recordsOf(book(
      [{ label: 'money', kind: 'money' }, { label: 'quantity', kind: 'quantity' }, { label: 'count', kind: 'number' }, { label: 'day', kind: 'date' }],
      [['-1234.05', 1503.6, 1216, '2026-11-26'], ['—', 'n/a', '', '2026-11']],
    ).rows);
    expect(first.money).toMatchObject({ type: 'number', value: -1234.05, format: '#,##0.00' });
    expect(first.quantity).toMatchObject({ type: 'number', value: 1503.6, format: '#,##0.00' });
    expect(first.count).toMatchObject({ type: 'number', value: 1216, format: '#,##0' });
    expect(first.day).toMatchObject({ type: 'date', value: '2026-11-26', format: 'yyyy-mm-dd' });
    expect(second.money).toMatchObject({ type: 'text', value: '—' });
    expect(second.quantity).toMatchObject({ type: 'text', value: 'n/a' });
    expect(second.count).toBeUndefined();
    expect(second.day).toMatchObject({ type: 'text', value: '2026-11' });
  });

  it('writes a day in a text column as a date (issue 40: 入住日期 and 开始日期 were text cells), and anything else there as text', () => {
    const [day, notDay, time, code] = recordsOf(book([{ label: 'a', kind: 'text' }, { label: 'b', kind: 'code' }],
      [['2026-11-26', '2026-11-26'], ['2026-02-30', ''], ['2026-11-26 10:00', ''], ['1号楼 101', '']]).rows);
    expect(day.a).toMatchObject({ type: 'date', value: '2026-11-26', format: 'yyyy-mm-dd' });
    // A code stays text whatever it looks like.
    expect(day.b).toMatchObject({ type: 'text', value: '2026-11-26', format: '@' });
    expect(notDay.a).toMatchObject({ type: 'text', value: '2026-02-30' });
    expect(time.a).toMatchObject({ type: 'text', value: '2026-11-26 10:00' });
    expect(code.a).toMatchObject({ type: 'text', value: '1号楼 101' });
  });

  it('names columns as Excel does', () => {
    expect([0, 25, 26, 27, 51, 52, 701, 702].map(columnName)).toEqual(['A', 'Z', 'AA', 'AB', 'AZ', 'BA', 'ZZ', 'AAA']);
  });
});
