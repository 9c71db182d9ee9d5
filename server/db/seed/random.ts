/**
 * Deterministic pseudo-random helpers for the demo seed.
 *
 * Everything here is driven by a 32-bit seed (mulberry32), so the same seed always produces the
 * same sequence on every platform. The person generators produce realistic-looking but fake data:
 * mobile numbers 1[3-9]xxxxxxxxx and 18-digit resident id numbers with a valid GB 11643 check digit.
 */

/** mulberry32: tiny, fast, good enough for demo data. Returns a function giving floats in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Hashes a string to a 32-bit seed (FNV-1a), e.g. to derive independent streams by name. */
export function hashSeed(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

export class Rng {
  private readonly next: () => number;

  constructor(seed: number | string) {
    this.next = mulberry32(typeof seed === 'string' ? hashSeed(seed) : seed);
  }

  /** A new independent generator derived from this one and a label (keeps streams stable when code is added). */
  fork(label: string): Rng {
    return new Rng((hashSeed(label) ^ Math.floor(this.next() * 4294967296)) >>> 0);
  }

  /** Float in [0, 1). */
  float(): number;
  /** Float in [min, max). */
  float(min: number, max: number): number;
  float(min = 0, max = 1): number {
    return min + (max - min) * this.next();
  }

  /** Integer in [min, max] (both inclusive). */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** true with probability p. */
  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.next() * items.length)];
  }

  /** Picks by weight: [[value, weight], ...]. */
  weighted<T>(items: readonly (readonly [T, number])[]): T {
    const total = items.reduce((s, [, w]) => s + w, 0);
    let r = this.next() * total;
    for (const [value, w] of items) {
      r -= w;
      if (r < 0) return value;
    }
    return items[items.length - 1][0];
  }

  /** Normal-ish value (sum of 4 uniforms, scaled to the given mean and standard deviation). */
  normal(mean = 0, sd = 1): number {
    const s = this.next() + this.next() + this.next() + this.next() - 2; // variance 4/12
    return mean + sd * s * Math.sqrt(3);
  }

  /** Normal-ish value clamped to [min, max]. */
  normalIn(mean: number, sd: number, min: number, max: number): number {
    return Math.min(max, Math.max(min, this.normal(mean, sd)));
  }

  /** Fisher–Yates shuffle of a copy. */
  shuffle<T>(items: readonly T[]): T[] {
    const a = items.slice();
    for (let i = a.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [a[i], a[j]] = [a[j], a[i]];
    }
    return a;
  }

  /** k distinct items (k clamped to the list length). */
  sample<T>(items: readonly T[], k: number): T[] {
    return this.shuffle(items).slice(0, Math.max(0, Math.min(k, items.length)));
  }

  /** A string of n decimal digits (leading zeros allowed). */
  digits(n: number): string {
    let s = '';
    for (let i = 0; i < n; i++) s += String(Math.floor(this.next() * 10));
    return s;
  }
}

// ---------------------------------------------------------------------------------------------
// People: names, phones, id numbers
// ---------------------------------------------------------------------------------------------

/** Common surnames with rough frequency weights. */
const SURNAMES: readonly (readonly [string, number])[] = [
  ['王', 72], ['李', 71], ['张', 68], ['刘', 54], ['陈', 47], ['杨', 33], ['黄', 24], ['赵', 21], ['吴', 20],
  ['周', 19], ['徐', 15], ['孙', 15], ['马', 14], ['朱', 13], ['胡', 12], ['郭', 12], ['何', 11], ['高', 11],
  ['林', 11], ['罗', 10], ['郑', 10], ['梁', 9], ['谢', 8], ['宋', 7], ['唐', 7], ['许', 7], ['韩', 7],
  ['冯', 7], ['邓', 7], ['曹', 6], ['彭', 6], ['曾', 6], ['肖', 6], ['田', 6], ['董', 6], ['袁', 5], ['潘', 5],
  ['于', 5], ['蒋', 5], ['蔡', 5], ['余', 5], ['杜', 5], ['叶', 5], ['程', 5], ['苏', 4], ['魏', 4], ['吕', 4],
  ['丁', 4], ['任', 4], ['沈', 4], ['姚', 4], ['卢', 4], ['姜', 4], ['崔', 4], ['钟', 3], ['谭', 3], ['陆', 3],
  ['汪', 3], ['范', 3], ['金', 3], ['石', 3], ['廖', 3], ['贾', 3], ['夏', 3], ['韦', 3], ['付', 3], ['方', 3],
  ['白', 3], ['邹', 3], ['孟', 3], ['熊', 3], ['秦', 3], ['邱', 3], ['江', 3], ['尹', 3], ['薛', 2], ['闫', 2],
  ['段', 2], ['雷', 2], ['侯', 2], ['龙', 2], ['史', 2], ['陶', 2], ['黎', 2], ['贺', 2], ['顾', 2], ['毛', 2],
  ['郝', 2], ['龚', 2], ['邵', 2], ['万', 2], ['钱', 2], ['严', 2], ['覃', 2], ['武', 2], ['戴', 2], ['莫', 2],
  ['孔', 2], ['向', 2], ['汤', 2], ['欧阳', 1], ['司马', 0.3], ['上官', 0.3],
];

const GIVEN_MALE = '伟刚勇毅俊峰强军平保东文辉力明永健世广志义兴良海山仁波宁贵福生龙元全国胜学祥才发武新利清飞彬富顺信子杰涛昌成康星光天达安岩中茂进林有坚和彪博诚先敬震振壮会思群豪心邦承乐绍功松善厚庆磊民友裕河哲江超浩亮政谦亨奇固之轮翰朗伯宏言若鸣朋斌梁栋维启克伦翔旭鹏泽晨辰士以建家致树炎德行时泰盛雄琛钧冠策腾楠榕风航弘宇轩昊睿';
const GIVEN_FEMALE = '秀娟英华慧巧美娜静淑惠珠翠雅芝玉萍红娥玲芬芳燕彩春菊兰凤洁梅琳素云莲真环雪荣爱妹霞香月莺媛艳瑞凡佳嘉琼勤珍贞莉桂娣叶璧璐娅琦晶妍茜秋珊莎锦黛青倩婷姣婉娴瑾颖露瑶怡婵雁蓓纨仪荷丹蓉眉君琴蕊薇菁梦岚苑婕馨瑗琰韵融园艺咏卿聪澜纯毓悦昭冰爽琬茗羽希宁欣飘育滢馥筠柔竹霭凝晓欢霄枫芸菲寒伊亚宜可姬舒影荔枝思丽';

export type Gender = 'M' | 'F';

export function chineseName(rng: Rng, gender: Gender): string {
  const surname = rng.weighted(SURNAMES);
  const pool = gender === 'M' ? GIVEN_MALE : GIVEN_FEMALE;
  const single = rng.chance(0.3);
  const a = pool[rng.int(0, pool.length - 1)];
  if (single) return surname + a;
  let b = pool[rng.int(0, pool.length - 1)];
  if (b === a && rng.chance(0.7)) b = pool[rng.int(0, pool.length - 1)];
  return surname + a + b;
}

/** Second/third digits of real mobile prefixes (13x, 14x, 15x, 16x, 17x, 18x, 19x). */
const MOBILE_PREFIXES = [
  '130', '131', '132', '133', '134', '135', '136', '137', '138', '139',
  '145', '147', '150', '151', '152', '153', '155', '156', '157', '158', '159',
  '166', '170', '173', '175', '176', '177', '178',
  '180', '181', '182', '183', '184', '185', '186', '187', '188', '189',
  '191', '193', '195', '198', '199',
];

/** An 11-digit mobile number 1[3-9]xxxxxxxxx. */
export function mobilePhone(rng: Rng): string {
  return rng.pick(MOBILE_PREFIXES) + rng.digits(8);
}

/** Administrative division codes (real prefixes of large urban districts). */
const REGION_CODES = [
  '110101', '110105', '110108', '120101', '130102', '140105', '210102', '220102', '230103', '310101',
  '310104', '310115', '320102', '320106', '320505', '330102', '330106', '330108', '330203', '340104',
  '350102', '350203', '360102', '370102', '370202', '410105', '420106', '420111', '430104', '440103',
  '440106', '440305', '450103', '500103', '510104', '510107', '520102', '530102', '610103', '620102',
];

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK = '10X98765432';

/** GB 11643-1999 check character for the first 17 digits. */
export function idCheckDigit(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * ID_WEIGHTS[i];
  return ID_CHECK[sum % 11];
}

export function isValidIdNumber(id: string): boolean {
  return /^\d{17}[\dX]$/.test(id) && idCheckDigit(id.slice(0, 17)) === id[17];
}

/**
 * An 18-digit resident id number: region, birth date (yyyymmdd), 3-digit sequence whose parity
 * encodes the gender (odd male, even female) and a valid check character.
 */
export function idNumber(rng: Rng, birth: { year: number; month: number; day: number }, gender: Gender): string {
  const region = rng.pick(REGION_CODES);
  const date = `${birth.year}${String(birth.month).padStart(2, '0')}${String(birth.day).padStart(2, '0')}`;
  let seq = rng.int(0, 499) * 2 + (gender === 'M' ? 1 : 0);
  if (seq > 999) seq -= 2;
  const first17 = region + date + String(seq).padStart(3, '0');
  return first17 + idCheckDigit(first17);
}

export interface FakePerson {
  name: string;
  gender: Gender;
  phone: string;
  idNumber: string;
  birthYear: number;
}

/** A fake person aged between minAge and maxAge at `refYear`. */
export function fakePerson(rng: Rng, refYear: number, minAge = 20, maxAge = 60): FakePerson {
  const gender: Gender = rng.chance(0.52) ? 'M' : 'F';
  const year = refYear - rng.int(minAge, maxAge);
  const month = rng.int(1, 12);
  const day = rng.int(1, [31, year % 4 === 0 ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]);
  return {
    name: chineseName(rng, gender),
    gender,
    phone: mobilePhone(rng),
    idNumber: idNumber(rng, { year, month, day }, gender),
    birthYear: year,
  };
}
