import { moneyText } from './formats';
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

/**
 * Integer fen as money text: ¥12.30, ¥1,234.50, -¥7.00 — the sign before the currency, thousands
 * separators, two decimals (common/formats.ts). The one money text of prices, receipts, dialogs and
 * messages, the console's and the server's alike: a message takes the whole text as its parameter
 * (`收款%{amount}`, never `收款¥%{amount}`). Inputs, exports and SMS variables keep plain yuan
 * (yuanText), which a person or a spreadsheet reads back.
 */
export const formatYuan = (fen: number) => (fen < 0 ? `-¥${moneyText(-fen)}` : `¥${moneyText(fen)}`);

const TRADITIONAL: Record<string, string> = { 贰: '貳', 叁: '參', 陆: '陸', 万: '萬', 亿: '億', 负: '負' };

const EN_ONES = ['', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve',
  'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen'];
const EN_TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
const EN_GROUPS = ['', 'thousand', 'million', 'billion', 'trillion'];

/** 0…999 in English words (hundred and tens hyphenated: "one hundred twenty-three"). */
function englishHundreds(value: number): string {
  const hundred = Math.floor(value / 100);
  const rest = value % 100;
  const tens = rest < 20 ? EN_ONES[rest] : `${EN_TENS[Math.floor(rest / 10)]}${rest % 10 ? `-${EN_ONES[rest % 10]}` : ''}`;
  return [hundred ? `${EN_ONES[hundred]} hundred` : '', tens].filter(Boolean).join(' ');
}

/** A whole number in English words ("twelve thousand three hundred forty-five"; 0 → "zero"). */
function englishNumber(value: number): string {
  if (value === 0) return 'zero';
  const parts: string[] = [];
  for (let group = 0, rest = value; rest > 0; group++, rest = Math.floor(rest / 1000)) {
    const chunk = rest % 1000;
    if (chunk) parts.unshift(`${englishHundreds(chunk)}${EN_GROUPS[group] ? ` ${EN_GROUPS[group]}` : ''}`);
  }
  return parts.join(' ');
}

const JA_DIGITS = ['', '一', '二', '三', '四', '五', '六', '七', '八', '九'];
const JA_PLACES = ['', '十', '百', '千'];
const JA_GROUPS = ['', '万', '億', '兆'];

/** A whole number in Japanese kanji numerals (一万二千三百四十五; 0 → 零). */
function japaneseNumber(value: number): string {
  if (value === 0) return '零';
  let text = '';
  for (let group = 0, rest = value; rest > 0; group++, rest = Math.floor(rest / 10_000)) {
    const chunk = rest % 10_000;
    let part = '';
    for (let place = 3; place >= 0; place--) {
      const digit = Math.floor(chunk / 10 ** place) % 10;
      if (digit) part += `${digit === 1 && place > 0 ? '' : JA_DIGITS[digit]}${JA_PLACES[place]}`;
    }
    if (part) text = `${part}${JA_GROUPS[group]}${text}`;
  }
  return text;
}

/**
 * Integer fen → the amount in words of a receipt in its language: the Chinese capital amount
 * (大写金额, traditional characters for zh-cht), English words ("fifty yuan only", "twelve yuan and
 * five fen"), or Japanese kanji numerals (五十元、十二元五分). Integer arithmetic only.
 */
export function amountInWords(fen: number, locale: string): string {
  if (!Number.isSafeInteger(fen)) return '';
  if (locale === 'zh-chs') return rmbCapital(fen);
  if (locale === 'zh-cht') return rmbCapital(fen).replace(/[贰叁陆万亿负]/g, (char) => TRADITIONAL[char]);
  const sign = fen < 0;
  const abs = Math.abs(fen);
  const yuan = Math.floor(abs / 100);
  const cents = abs % 100;
  if (locale === 'ja') {
    const jiao = Math.floor(cents / 10);
    const fenPart = cents % 10;
    return `${sign ? 'マイナス' : ''}${japaneseNumber(yuan)}元${jiao ? `${JA_DIGITS[jiao]}角` : ''}${fenPart ? `${JA_DIGITS[fenPart]}分` : ''}`;
  }
  const words = `${sign ? 'minus ' : ''}${englishNumber(yuan)} yuan${cents ? ` and ${englishNumber(cents)} fen` : ' only'}`;
  return `${words.charAt(0).toUpperCase()}${words.slice(1)}`;
}

/**
 * Consumption split over the rates in proportion to weights, in whole hundredths summing to the
 * consumption (largest remainders, ties to the earlier rate): the per-rate usage a statement shows.
 */
export function splitUnits(consumption: number, weights: readonly number[]): number[] {
  const total = weights.reduce((a, b) => a + b, 0);
  if (!(total > 0) || consumption <= 0) return [0, 0, Math.max(0, consumption), 0];
  const exact = weights.map((w) => BigInt(consumption) * BigInt(w));
  const units = exact.map((e) => Number(e / BigInt(total)));
  let left = consumption - units.reduce((a, b) => a + b, 0);
  const order = exact.map((e, i) => ({ i, rem: e % BigInt(total) })).sort((a, b) => (a.rem === b.rem ? a.i - b.i : a.rem > b.rem ? -1 : 1));
  for (const { i } of order) {
    if (left <= 0) break;
    units[i] += 1;
    left -= 1;
  }
  return units;
}
