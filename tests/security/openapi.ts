/**
 * The API as the security harness sees it: every operation of the OpenAPI document with its
 * query parameters and body schema, a valid baseline input built from the schemas, and for each
 * field the values that are certainly invalid for it (with fast-check arbitraries for the rest).
 */
import fc from 'fast-check';

export interface Schema {
  type?: string | string[];
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  description?: string;
  default?: unknown;
  anyOf?: Schema[];
  const?: unknown;
}

export interface Operation {
  method: 'get' | 'post' | 'put' | 'delete';
  path: string;
  /** Needs no session (login). */
  public: boolean;
  /** A tenant's call (issue 42): its session is a tenant's (X-Tenant-Token), not an operator's. */
  tenant: boolean;
  query: { name: string; required: boolean; schema: Schema }[];
  body?: { schema: Schema; mediaTypes: string[] };
}

interface Doc {
  paths: Record<string, Record<string, {
    security?: unknown[];
    parameters?: { name: string; in: string; required?: boolean; schema: Schema }[];
    requestBody?: { content: Record<string, { schema: Schema }> };
  }>>;
}

export function operationsOf(doc: Doc): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const content = op.requestBody?.content;
      operations.push({
        method: method as Operation['method'],
        path,
        public: Array.isArray(op.security) && op.security.length === 0,
        tenant: Array.isArray(op.security) && op.security.some((scheme) => !!scheme && typeof scheme === 'object' && 'XTenantToken' in scheme),
        query: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => ({ name: p.name, required: !!p.required, schema: p.schema })),
        body: content ? { schema: Object.values(content)[0].schema, mediaTypes: Object.keys(content) } : undefined,
      });
    }
  }
  return operations;
}

const types = (schema: Schema): string[] => {
  if (schema.anyOf) return schema.anyOf.flatMap(types);
  return Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
};
const nullable = (schema: Schema) => types(schema).includes('null');
const mainType = (schema: Schema) => types(schema).find((t) => t !== 'null') ?? (schema.enum ? 'string' : 'unknown');
/** The values a schema names one by one (`const`, `enum`, in any branch of an `anyOf`). */
const named = (schema: Schema): unknown[] => [
  ...(schema.const !== undefined ? [schema.const] : []), ...(schema.enum ?? []), ...(schema.anyOf ?? []).flatMap(named),
];
const isIdList = (schema: Schema) => mainType(schema) === 'string' && /comma-separated ids/.test(schema.description ?? '');

/** A value the schema accepts (used for the fields a mutation leaves alone). */
export function validValue(schema: Schema): unknown {
  if (schema.enum?.length) return schema.enum.find((v) => v !== '') ?? schema.enum[0];
  switch (mainType(schema)) {
    case 'integer':
    case 'number':
      return Math.min(Math.max(schema.minimum ?? 1, 1), schema.maximum ?? Number.MAX_SAFE_INTEGER);
    case 'boolean':
      return true;
    case 'array':
      return Array.from({ length: Math.max(schema.minItems ?? 1, 1) }, () => validValue(schema.items ?? {}));
    case 'object':
      return validObject(schema);
    case 'string': {
      if (isIdList(schema)) return '1';
      const min = Math.max(schema.minLength ?? 1, 1);
      const candidates = [
        ...(schema.pattern?.match(/\\d\{(\d+)\}/) ? [String(10 ** (Number(schema.pattern.match(/\\d\{(\d+)\}/)![1]) - 1) + 12345).slice(0, Number(schema.pattern.match(/\\d\{(\d+)\}/)![1]))] : []),
        'abcdefgh'.repeat(Math.ceil(min / 8)).slice(0, Math.max(min, 6)),
        '12345678',
      ];
      return candidates.find((c) => (!schema.pattern || new RegExp(schema.pattern).test(c)) && c.length >= min && c.length <= (schema.maxLength ?? Infinity)) ?? 'a'.repeat(min);
    }
    default:
      return 'x';
  }
}

export function validObject(schema: Schema): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  for (const name of schema.required ?? []) object[name] = validValue(schema.properties?.[name] ?? {});
  return object;
}

const SQL_AND_SCRIPT = [
  "1; DROP TABLE sys_users; --", "' OR '1'='1", '1 OR 1=1', '<script>alert(1)</script>', '"><img src=x onerror=alert(1)>',
  '${7*7}', '{{7*7}}', '../../etc/passwd', '%00', '1)::text--',
];
const HUGE = 'x'.repeat(70_000);
const UNICODE = ['\u0000', 'a\u0000b', '\uFEFF1', '١٢٣', '１２３', '\u202E1', '😀', '\uD800'];

/** Values no field of this schema accepts in a JSON body. */
export function invalidBodyValues(schema: Schema, required: boolean): unknown[] {
  const type = mainType(schema);
  // An object with no required property accepts `{}` (e.g. an optional payload with optional fields).
  const values: unknown[] = type === 'array' ? [{}]
    : type === 'object' ? [...((schema.required ?? []).length ? [{}] : []), [], [validValue(schema)], 'x', 5, true]
      : [{}, [], [validValue(schema)]];
  if (!nullable(schema)) values.push(null);
  if (required) values.push(undefined); // missing
  if (type === 'integer' || type === 'number') {
    values.push('', ' ', 'abc', true, false, '1e3', ' 1', '0x10', 'NaN', 'Infinity', HUGE, ...SQL_AND_SCRIPT, ...UNICODE);
    if (schema.maximum !== undefined) values.push(schema.maximum + 1, 2 ** 31, 1e300);
    if (schema.minimum !== undefined) values.push(schema.minimum - 1, -(2 ** 31) - 1);
    if (type === 'integer') values.push(1.5, '2.5');
  } else if (type === 'boolean') {
    values.push('', 'yes', 1, 0, ...SQL_AND_SCRIPT);
  } else if (type === 'string') {
    values.push(5, true, 'a\u0000b');
    if (schema.maxLength !== undefined) values.push('y'.repeat(schema.maxLength + 1));
    if (schema.enum) values.push('not-a-choice', ...SQL_AND_SCRIPT, ...UNICODE.slice(1));
    else if (schema.pattern) values.push(...SQL_AND_SCRIPT.filter((s) => !new RegExp(schema.pattern!).test(s)));
    if ((schema.minLength ?? 0) >= 1) values.push('');
  } else if (type === 'array') {
    values.push(validValue(schema.items ?? {}), 'a,b', [null], [true], ['abc'], [{}]);
    if (schema.maxItems !== undefined) values.push(Array.from({ length: schema.maxItems + 1 }, () => validValue(schema.items ?? {})));
    if ((schema.minItems ?? 0) >= 1) values.push([]);
  }
  return values;
}

/**
 * Query-string values this parameter refuses (a query carries strings; an empty value of an
 * optional parameter means "absent" and is valid, so it is not among them). `string[]` is a
 * repeated parameter.
 */
export function invalidQueryValues(schema: Schema, required: boolean): (string | string[])[] {
  const values: (string | string[])[] = ['a\u0000b'];
  if (required) values.push('');
  const type = mainType(schema);
  if (type === 'integer' || type === 'number') {
    values.push('abc', 'true', '[]', '1e3', ' 1', '0x10', 'NaN', 'Infinity', '99999999999999999999', ['1', '2'], ...SQL_AND_SCRIPT, '١٢٣', '１２３');
    if (schema.maximum !== undefined) values.push(String(schema.maximum + 1), String(2 ** 31));
    if (schema.minimum !== undefined) values.push(String(schema.minimum - 1));
    if (type === 'integer') values.push('1.5');
  } else if (type === 'boolean') {
    values.push('yes', '2', ...SQL_AND_SCRIPT);
  } else if (isIdList(schema)) {
    values.push('abc', '1,abc', '0', '-1', '1.5', '2147483648', '1,,x', ...SQL_AND_SCRIPT, HUGE.slice(0, 5000));
  } else if (type === 'string') {
    if (schema.maxLength !== undefined) values.push('y'.repeat(schema.maxLength + 1));
    if (schema.enum) values.push('not-a-choice', ...SQL_AND_SCRIPT);
  }
  return values;
}

/** Sort and paging extremes a list refuses. */
export const INVALID_PAGING: Record<string, string[]> = {
  pageNum: ['0', '-1', '1000001', '99999999999999999999', 'abc', '1.5'],
  pageSize: ['0', '101', '100000', 'abc'],
  sortField: ['__proto__', 'a b', "x'--", 'x;drop', '_x', 'z'.repeat(65), '1a'],
  sortOrder: ['up', 'asc;', 'random()'],
};

/** Bodies that are not a JSON object at all, by content type. */
export const MALFORMED_BODIES: { contentType: string | undefined; body: string }[] = [
  { contentType: 'application/json', body: '{' },
  { contentType: 'application/json', body: '{"a":' },
  { contentType: 'application/json', body: '[]' },
  { contentType: 'application/json', body: '"text"' },
  { contentType: 'application/json', body: 'null' },
  { contentType: 'application/json', body: '\u0000\u0001\u0002' },
  { contentType: 'application/json', body: '{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}' },
  { contentType: 'application/json', body: `{"deep":${'['.repeat(100_000)}${']'.repeat(100_000)}}` },
  { contentType: 'application/json', body: `{"a\\u0000b":1}` },
  { contentType: 'text/plain', body: '{}' },
  { contentType: 'application/xml', body: '<a/>' },
  { contentType: 'multipart/form-data; boundary=x', body: '--x--' },
  { contentType: undefined, body: '{}' },
];

/** Free-text query parameters (searches): any text is valid there, hostile text included. */
export function freeTextParams(op: Operation) {
  // Not free text: choices, patterns, formats (timestamps…), id lists and sort parameters.
  return op.query.filter((p) => mainType(p.schema) === 'string' && !p.schema.enum && !p.schema.pattern && !p.schema.format && !isIdList(p.schema) && !/^sort/.test(p.name));
}

/** Hostile but valid search text: SQL, script, LIKE wildcards, escapes, unicode (no NUL). */
export const hostileText = (maxLength: number) =>
  fc.oneof(
    fc.constantFrom(...SQL_AND_SCRIPT.filter((s) => !s.includes('%00')), '%', '_', '\\', '%_\\', "'", '"', '\uFEFF', '\u202E', '😀', '\uD800', '١٢٣'),
    fc.string({ unit: 'binary', maxLength }),
    fc.string({ unit: 'grapheme', maxLength }),
  ).map((s) => s.replace(/\u0000/g, '').slice(0, maxLength)).filter((s) => s.length <= maxLength);

/** One invalid request for an operation: which field it makes invalid, and how. */
export type Mutation =
  | { kind: 'query'; field: string; value: string | string[] }
  | { kind: 'body'; field: string; value: unknown }
  | { kind: 'raw'; field: string; contentType: string | undefined; body: string };

/** Every listed invalid value of every field, once each (the deterministic part of the fuzzing). */
export function listedMutations(op: Operation): Mutation[] {
  const list: Mutation[] = [];
  for (const param of op.query) {
    for (const value of [...invalidQueryValues(param.schema, param.required), ...(INVALID_PAGING[param.name] ?? [])]) list.push({ kind: 'query', field: param.name, value });
  }
  const body = op.body?.schema;
  if (body) {
    for (const [name, schema] of Object.entries(body.properties ?? {})) {
      for (const value of invalidBodyValues(schema, (body.required ?? []).includes(name))) list.push({ kind: 'body', field: name, value });
    }
    for (const m of MALFORMED_BODIES) list.push({ kind: 'raw', field: m.contentType?.includes('json') ? 'body' : 'Content-Type', ...m });
  }
  return list;
}

/** A fast-check arbitrary over the invalid requests of an operation; undefined when it takes no input. */
export function mutationsOf(op: Operation): fc.Arbitrary<Mutation> | undefined {
  const options: fc.Arbitrary<Mutation>[] = [];
  for (const param of op.query) {
    const values = [...invalidQueryValues(param.schema, param.required), ...(INVALID_PAGING[param.name] ?? [])];
    options.push(fc.constantFrom(...values).map((value) => ({ kind: 'query' as const, field: param.name, value })));
    if (mainType(param.schema) === 'integer') {
      // Any integer outside the allowed range.
      const outside = fc.oneof(
        fc.bigInt({ min: BigInt(param.schema.maximum ?? 2 ** 31) + 1n, max: 10n ** 30n }),
        fc.bigInt({ min: -(10n ** 30n), max: BigInt(param.schema.minimum ?? 1) - 1n }),
      );
      options.push(outside.map((n) => ({ kind: 'query' as const, field: param.name, value: n.toString() })));
    }
  }
  const body = op.body?.schema;
  if (body) {
    for (const [name, schema] of Object.entries(body.properties ?? {})) {
      const required = (body.required ?? []).includes(name);
      options.push(fc.constantFrom(...invalidBodyValues(schema, required)).map((value) => ({ kind: 'body' as const, field: name, value })));
      const type = mainType(schema);
      if (type === 'integer' || type === 'number') {
        // A field that takes only named numbers (orderStatus: 0) refuses every other one, and
        // none of the named ones is invalid (-0 included: JSON writes it as 0).
        const accepted = named(schema);
        const outside = accepted.length
          ? fc.double({ noNaN: true, noDefaultInfinity: true }).filter((n) => !accepted.some((a) => a === n || String(a) === String(n)))
          : fc.oneof(
            fc.double({ min: (schema.maximum ?? 2 ** 31) + 1, max: 1e308, noNaN: true }),
            fc.double({ min: -1e308, max: (schema.minimum ?? 1) - 1, noNaN: true }),
          );
        options.push(outside.map((value) => ({ kind: 'body' as const, field: name, value })));
      } else if (type === 'string' && schema.maxLength !== undefined) {
        options.push(fc.string({ minLength: schema.maxLength + 1, maxLength: schema.maxLength + 40, unit: 'binary' })
          // zod measures strings in code points (an astral character counts once).
          .filter((s) => [...s.trim()].length > schema.maxLength!)
          .map((value) => ({ kind: 'body' as const, field: name, value })));
      }
    }
    options.push(fc.constantFrom(...MALFORMED_BODIES).map((m) => ({ kind: 'raw' as const, field: m.contentType?.includes('json') ? 'body' : 'Content-Type', ...m })));
  }
  return options.length ? fc.oneof(...options) : undefined;
}
