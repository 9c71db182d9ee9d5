import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { fieldLabel, labelOf, resourceOf } from '../../server/http/fieldLabels';
import type { Lang } from '../../server/http/i18n';
import { apiClient, loginAs, startTestBackend, type TestBackend } from '../support/testApp';

/**
 * Issue 34: a server message names the field as the console's form labels it, in the operator's
 * language (`房间号：至少 1 个字符`, not `roomCode: 至少 1 个字符`), and every input of every route
 * has a label (server.fields / server.resourceFields of i18n/server/fields/).
 */
let backend: TestBackend;
let api: ReturnType<typeof apiClient>;
let token: string;
const LANGS: Lang[] = ['zh-chs', 'zh-cht', 'en', 'ja'];

beforeAll(async () => {
  backend = await startTestBackend();
  token = await loginAs(backend.app, 'admin');
  api = apiClient(backend.app, token);
});
afterAll(() => backend.close());

const rows = async <T>(query: ReturnType<typeof sql>) => ((await backend.database.db.execute(query)) as unknown as { rows: T[] }).rows;
/** A call in the operator's language (the console's `lang` cookie). */
const inLang = (lang: Lang) => ({ 'X-Token': token, Cookie: `lang=${lang}` });
const post = async (path: string, body: unknown, lang: Lang = 'zh-chs') =>
  apiClient(backend.app).call('POST', path, { body, headers: inLang(lang) });

describe('messages about an input', () => {
  let building: { id: number; name: string };
  beforeAll(async () => {
    const projectId = (await api.get('project/findByCondition', { pageSize: 1, sortField: 'name' })).body.data.records[0].id as number;
    building = (await api.post('building/addBuilding', { projectId, name: '字段标签楼', floors: 5 })).body.data;
  });
  const roomsOf = async (buildingId: number) => Number((await rows<{ n: string }>(sql`SELECT count(*) AS n FROM rooms WHERE building_id = ${buildingId}`))[0].n);

  it('a bad room code names 房间号 (zh-chs) and Room no. (en), as the room form labels it, and writes nothing', async () => {
    const before = await roomsOf(building.id);
    const zh = await post('room/addRoom', { buildingId: building.id, roomCode: '', floor: 1 });
    expect([zh.status, zh.body.msg]).toEqual([400, '房间号：至少 1 个字符']);
    const en = await post('room/addRoom', { buildingId: building.id, roomCode: 'x'.repeat(21), floor: 1 }, 'en');
    expect(en.status).toBe(400);
    expect(en.body.msg).toMatch(/^Room no\.: /);
    expect(en.body.msg).not.toMatch(/roomCode/);
    const size = await post('room/addRoom', { buildingId: building.id, roomCode: '101', floor: 1, size: -1 });
    expect(size.body.msg).toBe('面积（m²）：不能小于 0');
    expect(await roomsOf(building.id)).toBe(before);
  });

  it('names each field of several failures, in the language\'s own separators', async () => {
    const zh = await post('room/addRoom', { buildingId: building.id, roomCode: '', floor: 0 });
    expect(zh.body.msg).toMatch(/^(房间号|楼层)：[^；]+；(房间号|楼层)：/);
    const en = await post('room/addRoom', { buildingId: building.id, roomCode: '', floor: 0 }, 'en');
    expect(en.body.msg).toMatch(/^(Room no\.|Floor): [^;]+; (Room no\.|Floor): /);
  });

  it('a field of a list\'s row names its row, and an element of a list its place', async () => {
    const before = await roomsOf(building.id);
    const good = { projectName: 'x', buildingName: building.name, roomCode: '901', floor: '1' };
    const zh = await post('room/importRooms', { rows: [good, { ...good, roomCode: 5 }] });
    expect([zh.status, zh.body.msg]).toEqual([400, expect.stringMatching(/^第 2 行房间号：/)]);
    expect((await post('room/importRooms', { rows: [good, { ...good, roomCode: 5 }] }, 'en')).body.msg).toMatch(/^Room no\. \(row 2\): /);
    expect((await post('room/importRooms', { rows: [good, { ...good, roomCode: 5 }] }, 'ja')).body.msg).toMatch(/^2 行目の部屋番号：/);
    expect((await post('room/importRooms', { rows: [good, { ...good, roomCode: 5 }] }, 'zh-cht')).body.msg).toMatch(/^第 2 行房間號：/);
    expect(await roomsOf(building.id)).toBe(before);
    const devices = await post('command/create', { deviceKind: 'electric', deviceIds: [1, 'x'], type: 'read' });
    expect([devices.status, devices.body.msg]).toEqual([400, expect.stringMatching(/^设备第 2 项：/)]);
    expect((await post('command/create', { deviceKind: 'electric', deviceIds: [1, 'x'], type: 'read' }, 'en')).body.msg).toMatch(/^Devices \(item 2\): /);
  });

  it('a rule beyond the schema (a domain refusal) names its field too', async () => {
    const [room] = await rows<{ id: number }>(sql`SELECT r.id FROM rooms r JOIN accounts a ON a.room_id = r.id AND a.utility = 'electric' WHERE r.area_id = 1 ORDER BY r.id LIMIT 1`);
    const before = await rows<{ n: string }>(sql`SELECT count(*) AS n FROM recharge_orders`);
    const big = await post('account/recharge', { roomId: room.id, utility: 'electric', amountFen: 5_000_001, channel: 'cash', requestId: 'field-label-max' });
    expect([big.status, big.body.msg]).toEqual([400, '金额（元）：超过单笔充值上限¥50,000.00（RECHARGE_MAX_FEN）']);
    const en = await post('account/recharge', { roomId: room.id, utility: 'electric', amountFen: 5_000_001, channel: 'cash', requestId: 'field-label-max' }, 'en');
    expect(en.body.msg).toMatch(/^Amount \(yuan\): above the per-order maximum/);
    expect(await rows<{ n: string }>(sql`SELECT count(*) AS n FROM recharge_orders`)).toEqual(before);
  });

  it('a name a resource labels its own way: the project form\'s 项目名称, the module form\'s 拉合闸密码', () => {
    expect(fieldLabel('zh-chs', 'project', 'name')).toBe('项目名称');
    expect(fieldLabel('zh-chs', 'building', 'name')).toBe('建筑名称');
    expect(fieldLabel('zh-chs', 'tenant', 'name')).toBe('姓名');
    expect(fieldLabel('zh-chs', 'module', 'settings.password')).toBe('拉合闸密码');
    expect(fieldLabel('zh-chs', 'sysUser', 'password')).toBe('密码');
    expect(fieldLabel('en', 'parameterSet', 'values.alarm2Fen')).toBe('Alarm level 2 (yuan)');
    expect(fieldLabel('zh-chs', 'timePeriod', 'segments.0.end')).toBe('第 1 行结束');
    expect(fieldLabel('zh-chs', 'room', '')).toBe('请求内容');
    // A name without a label reads as itself (and the walk below fails for a route's input).
    expect(fieldLabel('zh-chs', 'room', 'noSuchField')).toBe('noSuchField');
    expect(resourceOf('/api/v1/electricity/parameterSet/control/addParameterSet')).toBe('parameterSet');
    expect(resourceOf('/api/v1/quan_xian/deng_lu/login')).toBe('v1');
  });
});

interface Schema { $ref?: string; properties?: Record<string, Schema>; items?: Schema; anyOf?: Schema[]; oneOf?: Schema[]; allOf?: Schema[] }
interface Doc {
  paths: Record<string, Record<string, { parameters?: { name: string; in: string }[]; requestBody?: { content: Record<string, { schema: Schema }> } }>>;
  components?: { schemas?: Record<string, Schema> };
}

/** Every input field of every operation of the OpenAPI document: its resource, and its names at every depth. */
async function inputsOfEveryRoute() {
  const doc = (await (await backend.app.request('/api/openapi.json')).json()) as Doc;
  const operations: { operation: string; resource: string; fields: Set<string> }[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const fields = new Set<string>();
      const walk = (schema: Schema | undefined, depth = 0): void => {
        if (!schema || depth > 10) return;
        const resolved = schema.$ref ? doc.components?.schemas?.[schema.$ref.split('/').pop()!] : schema;
        if (!resolved) return;
        for (const alt of [...(resolved.anyOf ?? []), ...(resolved.oneOf ?? []), ...(resolved.allOf ?? [])]) walk(alt, depth + 1);
        for (const [name, property] of Object.entries(resolved.properties ?? {})) {
          fields.add(name);
          walk(property, depth + 1);
        }
        walk(resolved.items, depth + 1);
      };
      for (const parameter of op.parameters ?? []) if (parameter.in === 'query') fields.add(parameter.name);
      for (const content of Object.values(op.requestBody?.content ?? {})) walk(content.schema);
      operations.push({ operation: `${method.toUpperCase()} ${path}`, resource: resourceOf(path), fields });
    }
  }
  return operations;
}

describe('the label catalogue', () => {
  it('labels every input field of every route in all four languages (add it to i18n/server/fields/ for a new route)', async () => {
    const operations = await inputsOfEveryRoute();
    expect(operations.length).toBeGreaterThan(100);
    const missing = new Set<string>();
    for (const { resource, fields } of operations) {
      for (const field of fields) for (const lang of LANGS) if (labelOf(lang, resource, field) === undefined) missing.add(`${resource}.${field}`);
    }
    expect([...missing].sort()).toEqual([]);
  });

  it('gives the fields of one call labels of their own in every language, so that a message tells which failed', async () => {
    const clashes: string[] = [];
    for (const { operation, resource, fields } of await inputsOfEveryRoute()) {
      for (const lang of LANGS) {
        const byLabel = new Map<string, string>();
        for (const field of fields) {
          const label = labelOf(lang, resource, field)!;
          const other = byLabel.get(label);
          if (other !== undefined) clashes.push(`${lang} ${operation}: ${other} and ${field} are both "${label}"`);
          byLabel.set(label, field);
        }
      }
    }
    expect(clashes).toEqual([]);
  });
});
