/**
 * Money in integer fen (DOMAIN.md: money is never floating point), as the console and the server
 * both write and read it: yuan text, operator entry, the ¥ price and the capital amount of receipts.
 */

/** Integer fen → "1234.50", "-7.00" (messages, receipts and inputs; never used for arithmetic). */
export const yuanText = (fen: number) => `${fen < 0 ? '-' : ''}${Math.floor(Math.abs(fen) / 100)}.${String(Math.abs(fen) % 100).padStart(2, '0')}`;

/** Integer fen → yuan text with two decimals (money is never floating point on the way in). */
export const fenToYuan = (fen: number | null | undefined) => (fen === null || fen === undefined ? '' : yuanText(fen));

/**
 * Yuan typed by an operator → integer fen, exactly (no floating point): null for an empty entry,
 * undefined for text that is not an amount of at most two decimals.
 */
export const yuanToFen = (yuan: string | number | null | undefined): number | null | undefined => {
  if (yuan === null || yuan === undefined) return null;
  const text = String(yuan).trim();
  if (text === '') return null;
  const match = /^(-?)(\d{1,9})(?:\.(\d{0,2}))?$/.exec(text);
  if (!match) return undefined;
  const fen = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  return match[1] ? -fen : fen;
};

const CAPITAL_DIGITS = '零壹贰叁肆伍陆柒捌玖';
const CAPITAL_UNITS = ['', '拾', '佰', '仟'];
const CAPITAL_GROUPS = ['', '万', '亿', '万亿'];

/** 1…9999 in capital digits, zeros inside read once (壹仟零壹). */
function capitalGroup(value: number): string {
  let text = '';
  let zero = false;
  for (let place = 3; place >= 0; place--) {
    const digit = Math.floor(value / 10 ** place) % 10;
    if (digit === 0) {
      if (text) zero = true;
      continue;
    }
    if (zero) text += '零';
    zero = false;
    text += CAPITAL_DIGITS[digit] + CAPITAL_UNITS[place];
  }
  return text;
}

/**
 * Integer fen → the Chinese capital amount of receipts and vouchers (大写金额):
 * 1234560 → 壹万贰仟叁佰肆拾伍元陆角整, 105 → 壹元零伍分, 0 → 零元整. Integer arithmetic only.
 */
export function rmbCapital(fen: number): string {
  if (!Number.isSafeInteger(fen)) return '';
  const sign = fen < 0 ? '负' : '';
  const abs = Math.abs(fen);
  const yuan = Math.floor(abs / 100);
  const jiao = Math.floor(abs / 10) % 10;
  const cent = abs % 10;
  if (abs === 0) return '零元整';
  let text = '';
  if (yuan > 0) {
    const groups: number[] = [];
    for (let rest = yuan; rest > 0; rest = Math.floor(rest / 10_000)) groups.push(rest % 10_000);
    let gap = false;
    for (let g = groups.length - 1; g >= 0; g--) {
      if (groups[g] === 0) {
        gap = text !== '';
        continue;
      }
      if (text && (gap || groups[g] < 1000)) text += '零';
      gap = false;
      text += capitalGroup(groups[g]) + CAPITAL_GROUPS[g];
    }
    text += '元';
  }
  if (jiao === 0 && cent === 0) return `${sign}${text}整`;
  if (jiao > 0) text += `${CAPITAL_DIGITS[jiao]}角`;
  else if (yuan > 0) text += '零';
  return `${sign}${text}${cent > 0 ? `${CAPITAL_DIGITS[cent]}分` : '整'}`;
}

/** Integer fen as a price on screen and on receipts: ¥12.30, −¥7.00 (the sign before the currency). */
export const formatYuan = (fen: number) => (fen < 0 ? `-¥${fenToYuan(-fen)}` : `¥${fenToYuan(fen)}`);
