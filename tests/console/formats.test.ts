import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { countText, dateText, dateTimeText, groupedDecimal, moneyText, quantityCell, quantityText } from '../../common/formats';
import { formatYuan } from '../../common/money';

/**
 * One written form per kind of value (common/formats.ts), checked against references written here
 * in another way (string arithmetic on fen and hundredths, not the kit's own rounding).
 */
const SHANGHAI = 'Asia/Shanghai';

/** Reference: digits grouped by three from the right, by slicing. */
function groupRef(digits: string): string {
  const out: string[] = [];
  for (let end = digits.length; end > 0; end -= 3) out.unshift(digits.slice(Math.max(0, end - 3), end));
  return out.join(',');
}

describe('one written form per kind of value', () => {
  it('writes an instant as YYYY-MM-DD HH:mm in the platform time zone, whatever the machine', () => {
    expect(dateTimeText('2026-11-25T16:05:09Z', SHANGHAI)).toBe('2026-11-26 00:05');
    expect(dateTimeText('2026-11-25T16:05:09Z', SHANGHAI, true)).toBe('2026-11-26 00:05:09');
    expect(dateTimeText(null, SHANGHAI)).toBe('');
    expect(dateTimeText('not a date', SHANGHAI)).toBe('');
  });

  it('writes a day as YYYY-MM-DD, a calendar date as it is', () => {
    expect(dateText('2025-07-29', SHANGHAI)).toBe('2025-07-29');
    expect(dateText('2025-07-26T16:00:00Z', SHANGHAI)).toBe('2025-07-27');
  });

  it('money in fen: yuan with two decimals and thousands separators, for any amount', () => {
    expect(moneyText(18000836)).toBe('180,008.36');
    expect(moneyText(-5)).toBe('-0.05');
    expect(moneyText(0)).toBe('0.00');
    expect(moneyText(null)).toBe('');
    fc.assert(fc.property(fc.integer({ min: -1e13, max: 1e13 }), (fen) => {
      const abs = String(Math.abs(fen)).padStart(3, '0');
      const expected = `${fen < 0 ? '-' : ''}${groupRef(abs.slice(0, -2))}.${abs.slice(-2)}`;
      expect(moneyText(fen)).toBe(expected);
    }));
  });

  it('money text of dialogs and messages: one formatter, the sign before the currency, separators (issue 40)', () => {
    // As the issue found them: "本次最多可充¥4957.17", "收款¥1234.50", "¥-18.24" beside "-¥18.24".
    expect(formatYuan(495_717)).toBe('¥4,957.17');
    expect(formatYuan(123_450)).toBe('¥1,234.50');
    expect(formatYuan(-1_824)).toBe('-¥18.24');
    expect(formatYuan(0)).toBe('¥0.00');
    fc.assert(fc.property(fc.integer({ min: -1e13, max: 1e13 }), (fen) => {
      const abs = String(Math.abs(fen)).padStart(3, '0');
      expect(formatYuan(fen)).toBe(`${fen < 0 ? '-' : ''}¥${groupRef(abs.slice(0, -2))}.${abs.slice(-2)}`);
    }));
  });

  it('readings: two decimals on screen and in exports, separators on screen only', () => {
    expect(quantityText(1503.6)).toBe('1,503.60');
    expect(quantityCell(1503.6)).toBe('1503.60');
    expect(quantityText('12.345')).toBe('12.35');
    fc.assert(fc.property(fc.integer({ min: 0, max: 1e12 }), (hundredths) => {
      const digits = String(hundredths).padStart(3, '0');
      expect(quantityText(hundredths / 100)).toBe(`${groupRef(digits.slice(0, -2))}.${digits.slice(-2)}`);
      expect(quantityCell(hundredths / 100)).toBe(`${digits.slice(0, -2)}.${digits.slice(-2)}`);
    }));
  });

  it('counts with separators, and nothing for no value', () => {
    expect(countText(1216)).toBe('1,216');
    expect(countText(999)).toBe('999');
    expect(groupedDecimal(undefined, 2)).toBe('');
    expect(quantityText(Number.NaN)).toBe('');
  });
});
