import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../i18n/en';
import zhChs from '../../i18n/zh-chs';
import zhCht from '../../i18n/zh-cht';
import ja from '../../i18n/ja';
import { apiClient, loginAs, startTestBackend, type TestBackend } from '../support/testApp';
import { COMMAND_TYPES } from '../../common/states';
import { PARAMETER_KINDS } from '../../common/tariffs';
import { MODULE_KINDS } from '../../server/routes/module';

/**
 * Every message the server can send is a `server.*` key of the four catalogs, answered in the
 * caller's language (issue 46): no refusal carries English (or Chinese-only) text of its own, every
 * key the source names exists in zh-chs, zh-cht, en and ja with the same placeholders, and a refusal
 * given its parameters in place passes every placeholder its message has.
 */
type Tree = { [key: string]: string | Tree };
const LANGS = { 'zh-chs': zhChs, 'zh-cht': zhCht, en, ja } as const;
const servers = Object.fromEntries(Object.entries(LANGS).map(([lang, catalog]) => [lang, (catalog as unknown as { server: Tree }).server])) as Record<keyof typeof LANGS, Tree>;

const lookup = (tree: Tree, key: string): string | Tree | undefined =>
  key.split('.').reduce<string | Tree | undefined>((node, part) => (node && typeof node === 'object' && Object.hasOwn(node, part) ? node[part] : undefined), tree);
const placeholders = (text: string) => [...new Set([...text.matchAll(/%\{(\w+)\}/g)].map((m) => m[1]))].sort();
const strings = (tree: Tree, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([key, value]) => (typeof value === 'string' ? [[`${prefix}${key}`, value] as [string, string]] : strings(value, `${prefix}${key}.`)));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/**
 * The functions that answer a refusal and the place of their message key: the domain's outcomes
 * (server/domain/results.ts), the HTTP errors (server/http/errors.ts), a field's refusal
 * (server/http/router.ts) and the texts the server words itself (serverMessage, fieldMessage).
 * server/paysim/ is left out: it plays Alipay and WeChat Pay, whose answers are theirs (its own
 * `refused(code, subCode, text)` words them as the providers do).
 */
const KEY_ARGUMENT: Record<string, number> = {
  refused: 0, conflict: 0, notFound: 0, unauthorized: 0, tooMany: 0, badRequest: 0, forbidden: 0,
  fieldError: 2, fieldMessage: 2, serverMessage: 1, ApiError: 1, DomainError: 1,
};
const KEY = /^[a-zA-Z]+(\.[a-zA-Z0-9_]+)+$/;

interface Use { where: string; key: string; params?: string[] }
interface Scan { keys: Use[]; prefixes: Use[]; literalTexts: Use[]; joined: Use[] }

function scan(): Scan {
  const out: Scan = { keys: [], prefixes: [], literalTexts: [], joined: [] };
  const files = [...sources('server'), ...sources('common')].filter((file) => !file.startsWith(join('server', 'paysim')) && !file.includes(`${join('server', 'db', 'seed')}`));
  for (const file of files) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const where = (node: ts.Node) => `${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
    const visit = (node: ts.Node) => {
      // Any key of the server's messages the source names (a refusal's, a rule's `{ key }`, a schema's message).
      if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && /^(errors|validation)\.[\w.]+$/.test(node.text)) {
        out.keys.push({ where: where(node), key: node.text });
      }
      if (ts.isTemplateExpression(node) && /^(errors|validation)\.[\w.]*\.$/.test(node.head.text)) {
        out.prefixes.push({ where: where(node), key: node.head.text.slice(0, -1) });
      }
      if (ts.isCallExpression(node) || ts.isNewExpression(node)) {
        const name = ts.isIdentifier(node.expression) ? node.expression.text : ts.isPropertyAccessExpression(node.expression) ? node.expression.name.text : '';
        const at = KEY_ARGUMENT[name];
        const args = node.arguments ?? [];
        if (at !== undefined && args.length > at) {
          const key = args[at];
          const params = args[at + 1];
          // A parameter worded here: texts joined with a separator of one language (`a, b`), or
          // glued to words (`' …'`), rather than `listOf` / a message of the catalog.
          if (params && ts.isObjectLiteralExpression(params)) {
            for (const property of params.properties) {
              if (!ts.isPropertyAssignment(property)) continue;
              const value = property.initializer;
              const literalJoin = ts.isCallExpression(value) && ts.isPropertyAccessExpression(value.expression) && value.expression.name.text === 'join'
                && (value.arguments.length === 0 || ts.isStringLiteral(value.arguments[0]));
              const glued = ts.isBinaryExpression(value) && value.operatorToken.kind === ts.SyntaxKind.PlusToken;
              if (literalJoin || glued) out.joined.push({ where: where(property), key: `${key.getText()} ${property.getText().replace(/\s+/g, ' ').slice(0, 80)}` });
            }
          }
          if (ts.isStringLiteral(key) || ts.isNoSubstitutionTemplateLiteral(key)) {
            // `new ApiError(400, 'validation', {}, text)`: a text already worded from keys (router.ts).
            if (key.text === 'validation' && name === 'ApiError') {
              // nothing to look up
            } else if (!KEY.test(key.text)) out.literalTexts.push({ where: where(node), key: key.text });
            else {
              const names = params && ts.isObjectLiteralExpression(params) && params.properties.every((p) => !ts.isSpreadAssignment(p))
                ? params.properties.map((p) => (p.name && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) ? p.name.text : '?'))
                : undefined;
              out.keys.push({ where: where(node), key: key.text, params: args.length > at + 1 ? names : [] });
            }
          } else if (ts.isTemplateExpression(key) && !KEY.test(`${key.head.text}x`)) {
            out.literalTexts.push({ where: where(node), key: key.getText() });
          }
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return out;
}

const found = scan();

describe('the server\'s messages', () => {
  it('are keys: no refusal of the server words its own text', () => {
    expect(found.literalTexts.map((use) => `${use.where} ${use.key}`)).toEqual([]);
  });

  it('put no text of one language together in their parameters (lists read as the caller\'s language joins them)', () => {
    expect(found.joined.map((use) => `${use.where} ${use.key}`)).toEqual([]);
  });

  it('have a name in the four languages for every meter kind, command, kind of parameter set, module kind and value type they name', () => {
    const families: Record<string, readonly string[]> = {
      utility: ['electric', 'water'], command: COMMAND_TYPES, setKind: PARAMETER_KINDS, moduleKind: MODULE_KINDS,
      type: ['number', 'string', 'boolean', 'array', 'object'], list: ['item', 'join', 'more'],
    };
    const missing = Object.entries(families).flatMap(([family, values]) => values.flatMap((value) => Object.entries(servers)
      .filter(([, server]) => typeof lookup(server, `names.${family}.${value}`) !== 'string')
      .map(([lang]) => `names.${family}.${value} (${lang})`)));
    expect(missing).toEqual([]);
  });

  it('name keys that exist in the four languages', () => {
    expect(found.keys.length).toBeGreaterThan(300);
    const missing = found.keys.flatMap((use) => Object.entries(servers)
      .filter(([, server]) => typeof lookup(server, use.key) !== 'string')
      .map(([lang]) => `${use.where} ${use.key} (${lang})`));
    expect(missing).toEqual([]);
  });

  it('name families of keys (`errors.supply.states.${type}`) that exist in the four languages', () => {
    expect(found.prefixes.length).toBeGreaterThan(0);
    const missing = found.prefixes.flatMap((use) => Object.entries(servers)
      .filter(([, server]) => typeof lookup(server, use.key) !== 'object')
      .map(([lang]) => `${use.where} ${use.key}.* (${lang})`));
    expect(missing).toEqual([]);
  });

  it('have the same placeholders in every language', () => {
    const different: string[] = [];
    for (const [key, text] of strings(servers.en)) {
      for (const [lang, server] of Object.entries(servers)) {
        const translated = lookup(server, key);
        if (typeof translated !== 'string') different.push(`${key} (${lang}: missing)`);
        else if (placeholders(translated).join() !== placeholders(text).join()) different.push(`${key} (${lang}: ${placeholders(translated)} against ${placeholders(text)})`);
      }
    }
    expect(different).toEqual([]);
  });

  it('are given every placeholder their text has', () => {
    const short = found.keys.flatMap((use) => {
      if (!use.params) return [];
      const text = lookup(servers.en, use.key);
      if (typeof text !== 'string') return [];
      const wanted = placeholders(text).filter((name) => !use.params!.includes(name));
      return wanted.length ? [`${use.where} ${use.key}: no ${wanted.join(', ')}`] : [];
    });
    expect(short).toEqual([]);
  });
});

describe('a refusal in the caller\'s language (issue 46)', () => {
  let backend: TestBackend;
  let token: string;
  beforeAll(async () => {
    backend = await startTestBackend();
    token = await loginAs(backend.app, 'admin');
  });
  afterAll(() => backend.close());

  /** A call as the console makes it: its `lang` cookie when the operator chose one, Accept-Language always. */
  const as = (headers: Record<string, string>) => ({
    delete: (path: string, query: Record<string, unknown>) => apiClient(backend.app, token).call('DELETE', path, { query, headers }),
    post: (path: string, body: unknown) => apiClient(backend.app, token).call('POST', path, { body, headers }),
  });

  it('deleting a parameter set in use: “…正被 3 块表使用（A、B、C）” for a Chinese caller, “… is used by 3 meter(s) (A, B, C)” for an English one', async () => {
    const api = apiClient(backend.app, token);
    const sets = (await api.get('parameterSet/load/findByCondition', { pageSize: 100 })).body.data.records as { id: number; name: string; usedBy: number }[];
    const used = sets.filter((set) => set.usedBy > 1).sort((a, b) => a.usedBy - b.usedBy)[0];
    expect(used).toBeDefined();
    const users = ((await api.get('parameterSet/load/findUsedBy', { id: used.id })).body.data.records as { name: string }[]).map((user) => user.name);
    const shown = users.slice(0, 5);
    // The 5 first, and how many more of all that use it (findUsedBy lists 500 at most).
    const more = used.usedBy - shown.length;

    const chinese = `“${used.name}”正被 ${used.usedBy} 块表使用（${shown.join('、')}${more > 0 ? ` 及其他 ${more} 个` : ''}），请先为它们改用其他设置`;
    const english = `“${used.name}” is used by ${used.usedBy} meter(s) (${shown.join(', ')}${more > 0 ? ` and ${more} more` : ''}): assign them another first`;
    // The console's own language (the lang cookie) before the browser's.
    for (const [headers, expected] of [
      [{ 'Accept-Language': 'zh-CN' }, chinese],
      [{ Cookie: 'lang=zh-chs', 'Accept-Language': 'en-US,en;q=0.9' }, chinese],
      [{ 'Accept-Language': 'en' }, english],
      [{ Cookie: 'lang=en', 'Accept-Language': 'zh-CN' }, english],
    ] as const) {
      const refused = await as(headers).delete('parameterSet/load/deleteParameterSet', { id: used.id });
      expect(refused.status).toBe(409);
      expect(refused.body.msg, JSON.stringify(headers)).toBe(expected);
    }
    const japanese = await as({ 'Accept-Language': 'ja' }).delete('parameterSet/load/deleteParameterSet', { id: used.id });
    expect(japanese.body.msg).toContain(`「${used.name}」は ${used.usedBy} 台のメーターで使用中です（${shown.join('、')}`);
  });

  it('names kinds, commands and value types in words, not as the API\'s identifiers', async () => {
    const [meter] = ((await backend.database.db.execute('SELECT id FROM electric_meters WHERE area_id = 1 ORDER BY id LIMIT 1' as never)) as unknown as { rows: { id: number }[] }).rows;
    const valve = { deviceKind: 'electric', deviceIds: [meter.id], type: 'valve_open' };
    const zh = await as({ 'Accept-Language': 'zh-CN' }).post('command/create', valve);
    expect(zh.status).toBe(400);
    expect(zh.body.msg).toContain('电表不支持指令“开阀”');
    const en = await as({ 'Accept-Language': 'en' }).post('command/create', valve);
    expect(en.body.msg).toContain('The command “Open valve” does not apply to electric meters');

    const payload = await as({ 'Accept-Language': 'zh-CN' }).post('command/create', { deviceKind: 'electric', deviceIds: [meter.id], type: 'read', payload: { energy: 5 } });
    expect(payload.body.msg).toContain('不适用于命令“抄表”');

    const typed = await as({ 'Accept-Language': 'zh-CN' }).post('command/create', { deviceKind: 'electric', deviceIds: 'all', type: 'read' });
    expect(typed.status).toBe(400);
    expect(typed.body.msg).toContain('应为列表');
    expect(typed.body.msg).not.toMatch(/array/);

    const missing = await as({ 'Accept-Language': 'zh-CN' }).post('command/create', { deviceKind: 'electric', deviceIds: [meter.id, 2_000_000_000, 2_000_000_001], type: 'read' });
    expect(missing.body.msg).toContain('2000000000、2000000001');
  });
});
