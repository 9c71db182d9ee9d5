/**
 * The amount a tenant types, in yuan, read into integer fen exactly (by its digits, never through a
 * floating-point number): at most two decimals, more than zero. A phone's full-width digits and
 * point (３５．５), a leading ¥ and spaces are accepted; anything else is refused before any call.
 */
import { yuanToFen } from '../../common/money';

export const PRESETS_FEN = [2_000, 5_000, 10_000, 20_000] as const;

export type AmountResult = { fen: number } | { error: 'amountMissing' | 'amountFormat' | 'amountZero' };

const FULL_WIDTH = /[\uff10-\uff19\uff0e]/g;

export function parseAmount(text: string): AmountResult {
  const plain = text.replace(FULL_WIDTH, (c) => (c === '\uff0e' ? '.' : String.fromCharCode(c.charCodeAt(0) - 0xfee0)))
    .replace(/\s+/g, '').replace(/^[¥￥]/, '');
  if (plain === '') return { error: 'amountMissing' };
  // Up to seven digits of yuan: above any per-order maximum, which the server tells in its own words.
  if (!/^\d{1,7}(\.\d{0,2})?$/.test(plain)) return { error: 'amountFormat' };
  const fen = yuanToFen(plain);
  if (typeof fen !== 'number') return { error: 'amountFormat' };
  if (fen <= 0) return { error: 'amountZero' };
  return { fen };
}
