import { describe, expect, it } from 'vitest';
import en from '../../i18n/en';
import zhChs from '../../i18n/zh-chs';
import zhCht from '../../i18n/zh-cht';
import ja from '../../i18n/ja';
import { ROUTES, routeName } from '../../common/routeCatalog';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/%\{(\w+)\}/g)].map((m) => m[1]).sort();
const english = flatten(en as unknown as Tree);

describe.each([['zh-chs', zhChs], ['zh-cht', zhCht], ['ja', ja]])('%s messages', (_, messages) => {
  const flat = flatten(messages as unknown as Tree);
  it('have every key of English and no other', () => {
    expect([...english.keys()].filter((k) => !flat.has(k))).toEqual([]);
    expect([...flat.keys()].filter((k) => !english.has(k))).toEqual([]);
  });
  it('keep every placeholder and no empty text', () => {
    for (const [key, text] of english) {
      const translated = flat.get(key)!;
      expect(placeholders(translated.split(' |||| ')[0]), key).toEqual(placeholders(text.split(' |||| ')[0]));
      if (text.trim()) expect(translated.trim(), key).not.toBe('');
    }
  });
});

describe('Chinese messages', () => {
  // One word per thing: a building is 建筑 (建築), as DOMAIN.md and the 建筑管理 screen name it,
  // never 楼栋 beside it.
  it.each([['zh-chs', zhChs, '楼栋'], ['zh-cht', zhCht, '樓棟']])('%s names a building one way', (_, messages, other) => {
    for (const [key, text] of flatten(messages as unknown as Tree)) expect(text, key).not.toContain(other);
  });

  // Interpolated words join Chinese text without spaces ("删除水表", not "删除 水表"); numbers and
  // codes may keep theirs.
  const WORDS = ['name', 'action', 'title', 'field', 'field_lower_first', 'order', 'resource'];
  const CJK = '[\\u3400-\\u9fff\\uff01-\\uff5e\\u3000-\\u303f]';
  const stray = new RegExp(`${CJK} %\\{(${WORDS.join('|')})\\}|%\\{(${WORDS.join('|')})\\} ${CJK}`);
  it.each([['zh-chs', zhChs], ['zh-cht', zhCht]])('%s has no stray space around an interpolated word', async (lang) => {
    const ra = (await import(`../../i18n/ra/${lang}.ts`)).default as Tree;
    const app = lang === 'zh-chs' ? zhChs : zhCht;
    for (const [key, text] of [...flatten(app as unknown as Tree), ...flatten(ra)]) expect(text, key).not.toMatch(stray);
  });
});

describe('route titles', () => {
  it('exist for all 61 routes in every language', () => {
    // SPEC.md's 60 routes, and the reconciliation screen (支付对账) that issue 41 added.
    expect(ROUTES).toHaveLength(61);
    for (const messages of [en, zhChs, zhCht, ja]) {
      for (const route of ROUTES) expect((messages.routes as Record<string, string>)[routeName(route.path)], route.path).toBeTruthy();
    }
  });
  it('the SPEC.md messages are word for word in zh-chs', () => {
    expect(zhChs.auth.credentials).toBe('账号或密码错误，请核实');
    expect(zhChs.layout.emptyMenu).toBe('没有侧栏菜单');
    expect(zhChs.layout.untitledMenu).toBe('未命名菜单');
    expect(zhChs.validation.passwordLength).toBe('密码长度必须大于 6 位！');
  });
});

describe('money in messages', () => {
  // A message takes money as the whole text of common/money.ts's formatYuan (`收款%{amount}`): with
  // the currency in the message (`¥%{amount}`, `%{amount} 元`) a negative amount read "¥-18.24" where
  // other screens said "-¥18.24", and the amount had no separators (issue 40).
  it.each([['en', en], ['zh-chs', zhChs], ['zh-cht', zhCht], ['ja', ja]])('%s: no currency sign or word around an amount', (_, messages) => {
    const written = [...flatten(messages as unknown as Tree)].filter(([, text]) =>
      /¥%\{|%\{(amount|balance|most|max|limit|refund|recharge|charge|alarm1|alarm2|costBefore|costAfter)\} ?(元|yuan)/.test(text));
    expect(written).toEqual([]);
  });
});
