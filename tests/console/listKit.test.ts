import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { csvCell, toCsv } from '../../src/components/list/csv';
import { csvColumns, defaultHidden, type Column } from '../../src/components/list/columns';
import { decimalText } from '../../src/components/money';
import { fenToYuan, yuanToFen } from '../../common/money';
import { formatDateTime } from '../../src/components/dateTime';
import { addDays, dayIn, quickRange, startOfDay } from '../../src/components/pickers/dateRanges';

const translate = (key: string) => ({ 'resources.waterarchive.fields.address': '表地址', 'water.valve.open': '开' } as Record<string, string>)[key] ?? key;

describe('CSV cells', () => {
  it('writes addresses, room codes and phones plain (no ="…"), the formula guard still applied', () => {
    expect(csvCell('10251488444919', 'code')).toBe('10251488444919');
    expect(csvCell('0101', 'code')).toBe('0101');
    expect(csvCell('A-101', 'code')).toBe('A-101');
    // A leading + is a formula to a spreadsheet: guarded as any text is.
    expect(csvCell('+86 138 0000 0000', 'code')).toBe("'+86 138 0000 0000");
  });

  it('never writes text that a spreadsheet would run as a formula', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) expect(String(csvCell(`${start}HYPERLINK("http://x")`))).toMatch(/^'/);
    expect(csvCell('=1+1', 'code')).toBe("'=1+1");
    expect(csvCell('plain remark')).toBe('plain remark');
    fc.assert(fc.property(fc.string(), (text) => !/^[=+\-@\t\r]/.test(String(csvCell(text, 'text')))));
  });

  it('writes times in the platform time zone, as on screen', () => {
    const columns: Column[] = [{ source: 'address', kind: 'code' }, { source: 'lastReadAt', kind: 'datetime' }, { source: 'valveState', kind: 'state', states: { open: { label: 'water.valve.open' } } }];
    const csv = csvColumns('waterarchive', columns, translate, 'zh-chs');
    const row = { id: 1, address: '10251488444919', lastReadAt: '2026-11-21T16:30:00.000Z', valveState: 'open' };
    // 16:30 UTC is 00:30 the next day in Asia/Shanghai, whatever the test machine's zone.
    expect(csv.map((c) => c.value(row))).toEqual(['10251488444919', formatDateTime(row.lastReadAt, 'zh-chs'), '开']);
    expect(formatDateTime(row.lastReadAt, 'zh-chs')).toBe('2026-11-22 00:30');
    expect(formatDateTime(row.lastReadAt, 'en')).toBe('2026-11-22 00:30');
    const text = toCsv([row], csv);
    expect(text.startsWith('\uFEFF')).toBe(true);
    // Plain CSV: the code as it is.
    expect(text).toContain('\r\n10251488444919,');
  });

  it('hides priority-3 columns by default on narrow windows only', () => {
    const columns = [{ source: 'a', priority: 1 }, { source: 'b', priority: 3 }, { source: 'c', hidden: true }] as Column<never>[];
    expect(defaultHidden(columns, true)).toEqual(['c']);
    expect(defaultHidden(columns, false)).toEqual(['b', 'c']);
  });
});

describe('money', () => {
  it('turns typed yuan into exact fen, and refuses more than two decimals', () => {
    expect(yuanToFen('4.12')).toBe(412);
    expect(yuanToFen('4.1')).toBe(410);
    expect(yuanToFen('0.29')).toBe(29);
    expect(yuanToFen('4.123')).toBeUndefined();
    expect(yuanToFen('abc')).toBeUndefined();
    expect(yuanToFen('')).toBeNull();
    expect(decimalText(2, 'validation.money')('4.123', {}, {})).toEqual({ message: 'validation.money', args: { decimals: 2 } });
    expect(decimalText(2)('4.12', {}, {})).toBeUndefined();
  });

  it('round-trips every amount of fen through its yuan text (reference: integer arithmetic)', () => {
    fc.assert(fc.property(fc.integer({ min: -99_999_999, max: 99_999_999 }), (fen) => {
      const text = fenToYuan(fen);
      const [whole, cents] = text.replace('-', '').split('.');
      expect((Number(whole) * 100 + Number(cents)) * (fen < 0 ? -1 : 1)).toBe(fen);
      return yuanToFen(text) === fen;
    }));
  });
});

describe('quick date ranges', () => {
  // 2026-11-22 20:30 UTC is Monday 2026-11-23 04:30 in Asia/Shanghai: the platform's day, not UTC's.
  const now = new Date('2026-11-22T20:30:00Z');
  it('are days of the platform\'s time zone, end exclusive', () => {
    expect(dayIn(now, 'Asia/Shanghai')).toBe('2026-11-23');
    expect(quickRange('today', now, 'Asia/Shanghai')).toEqual({ from: '2026-11-23', to: '2026-11-24' });
    expect(quickRange('thisWeek', now, 'Asia/Shanghai')).toEqual({ from: '2026-11-23', to: '2026-11-30' });
    expect(quickRange('thisMonth', now, 'Asia/Shanghai')).toEqual({ from: '2026-11-01', to: '2026-12-01' });
    expect(quickRange('lastMonth', new Date('2026-01-10T00:00:00Z'), 'Asia/Shanghai')).toEqual({ from: '2025-12-01', to: '2026-01-01' });
    expect(quickRange('custom', now)).toBeUndefined();
    expect(startOfDay('2026-11-23', 'Asia/Shanghai')).toBe('2026-11-23T00:00:00+08:00');
    expect(new Date(startOfDay('2026-11-23', 'Asia/Shanghai')).toISOString()).toBe('2026-11-22T16:00:00.000Z');
  });

  it('always start on a Monday and last seven days, whatever the day (reference: UTC calendar)', () => {
    fc.assert(fc.property(fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }), (at) => {
      const week = quickRange('thisWeek', at, 'Asia/Shanghai')!;
      const monday = new Date(`${week.from}T00:00:00Z`);
      return monday.getUTCDay() === 1 && addDays(week.from, 7) === week.to && week.from <= dayIn(at, 'Asia/Shanghai') && dayIn(at, 'Asia/Shanghai') < week.to;
    }));
  });
});
