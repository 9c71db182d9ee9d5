import { OpenAPIHono, createRoute, z, type RouteConfig } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { AppDeps } from '../deps';
import type { Session } from '../auth/session';
import { ApiError } from './errors';
import { langOf, serverMessage, type Lang } from './i18n';
import { fieldMessage, fieldText, joinFieldTexts, resourceOf } from './fieldLabels';
import { listOf, nameOf, type MessageParam } from '../domain/results';

export type AppEnv = { Variables: { deps: AppDeps; session: Session } };

// A missing value is reported as "required", a value of the wrong type as a type error: zod 4
// drops the input from its issues, so the distinction is made while the issue is built.
z.config({
  customError: (issue) => (issue.code === 'invalid_type' && issue.input === undefined ? 'validation.required' : undefined),
});
export type Ctx = Context<AppEnv>;

/**
 * Turns a zod failure into one message naming the field(s) as the console's forms label them, in
 * the caller's language (server/http/fieldLabels.ts): `表地址：必须是 12 位数字`. A schema's own
 * message may be a `server.validation.*` key.
 */
export function describeIssues(error: z.ZodError, lang: Lang, resource: string): string {
  return joinFieldTexts(lang, error.issues.slice(0, 3).map((issue) => fieldText(lang, resource, issue.path, issueText(issue, lang))));
}

/** A zod failure of this request's input as a 400 naming the field(s). */
const validationError = (c: Ctx, error: z.ZodError) => new ApiError(400, 'validation', {}, describeIssues(error, langOf(c), resourceOf(c.req.path)));

/** The value types a message names in words (`names.type.*`); another reads as zod names it. */
const TYPE_NAMES: ReadonlySet<string> = new Set(['number', 'string', 'boolean', 'array', 'object']);

export function issueText(issue: z.core.$ZodIssue, lang: Lang): string {
  if (issue.message.startsWith('validation.')) return serverMessage(lang, issue.message);
  const i = issue as z.core.$ZodIssue & { minimum?: number | bigint; maximum?: number | bigint; origin?: string; input?: unknown };
  switch (issue.code) {
    case 'invalid_type':
      // A missing value has `validation.required` already (z.config above); zod 4 drops the input, so
      // an issue of this kind here is a value of another type (`"all"` for a list), not a missing one.
      return serverMessage(lang, 'validation.type', { expected: TYPE_NAMES.has(issue.expected) ? nameOf('type', issue.expected) : issue.expected });
    case 'too_small':
      return serverMessage(lang, i.origin === 'string' ? 'validation.minLength' : 'validation.min', { min: String(i.minimum) });
    case 'too_big':
      return serverMessage(lang, i.origin === 'string' ? 'validation.maxLength' : 'validation.max', { max: String(i.maximum) });
    case 'invalid_value':
      return serverMessage(lang, 'validation.oneOf', { values: listOf(issue.values.map(String), 20) });
    case 'invalid_format':
      return serverMessage(lang, 'validation.format');
    default:
      return serverMessage(lang, 'validation.invalid');
  }
}

export function createRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (!result.success) throw validationError(c as Ctx, result.error);
    },
  });
}

export const Envelope = z
  .object({ code: z.number().openapi({ example: 200 }), msg: z.string().optional(), data: z.any().optional() })
  .openapi('Envelope');

const FORM = 'application/x-www-form-urlencoded';

interface RouteSpec<Q extends z.ZodType | undefined, B extends z.ZodType | undefined> {
  method: 'get' | 'post' | 'put' | 'delete';
  path: string;
  summary: string;
  tags: string[];
  query?: Q;
  body?: B;
  /** Body accepted form-encoded (as well as JSON), where SPEC.md says form-encoded. */
  form?: boolean;
  /** No session needed (login only). */
  public?: boolean;
  /** Another scheme than the operators' X-Token (the tenant's page: XTenantToken), for the document. */
  security?: 'XTenantToken';
}

type In<T> = T extends z.ZodType ? z.output<T> : undefined;

/**
 * Registers one documented, validated route on a router: the handler receives the parsed
 * query and body (zod-validated; a bad field answers code 400 naming it).
 */
export function defineRoute<Q extends z.ZodType | undefined = undefined, B extends z.ZodType | undefined = undefined>(
  router: OpenAPIHono<AppEnv>,
  spec: RouteSpec<Q, B>,
  handler: (c: Ctx, input: { query: In<Q>; body: In<B> }) => Response | Promise<Response>,
) {
  const request: RouteConfig['request'] = {};
  if (spec.query) request.query = spec.query as never;
  if (spec.body) {
    const content: Record<string, { schema: z.ZodType }> = { 'application/json': { schema: spec.body } };
    if (spec.form) content[FORM] = { schema: spec.body };
    // A form route declares both media types; each validator then runs only for its own
    // content type (`required: false`), and the handler validates a body-less request itself.
    request.body = { content, required: !spec.form } as never;
  }
  const route = createRoute({
    method: spec.method,
    path: spec.path,
    summary: spec.summary,
    tags: spec.tags,
    security: spec.security ? [{ [spec.security]: [] }] : spec.public ? [] : [{ XToken: [] }],
    request,
    // Before zod: the body's media type and syntax, and NUL characters anywhere in the input.
    middleware: [async (c: Ctx, next: () => Promise<void>) => {
      await checkRawInput(c, spec);
      await next();
    }] as never,
    responses: { 200: { content: { 'application/json': { schema: Envelope } }, description: 'code 200 with data, or an error code with msg' } },
  });
  router.openapi(route, (async (c: Ctx) => {
    const valid = c.req as unknown as { valid(target: string): unknown };
    const query = (spec.query ? valid.valid('query') : undefined) as In<Q>;
    let body = undefined as In<B>;
    if (spec.body) {
      const isForm = (c.req.header('content-type') ?? '').startsWith(FORM) && spec.form;
      body = valid.valid(isForm ? 'form' : 'json') as In<B>;
      if (spec.form) {
        const checked = (spec.body as z.ZodType).safeParse(body ?? {});
        if (!checked.success) throw validationError(c, checked.error);
        body = checked.data as In<B>;
      }
    }
    return handler(c, { query, body });
  }) as never);
}

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;
const FORM_TYPE = /^application\/x-www-form-urlencoded\s*(?:;|$)/i;

/** A 400 naming the field (a name or a dotted path: `rows.3.roomCode`) as the forms label it, in the caller's language. */
export const fieldError = (c: Ctx, field: string, key: string, params: Record<string, MessageParam> = {}) =>
  new ApiError(400, 'validation', {}, fieldMessage(c, field, key, params));

/**
 * The path of the first string (or key) holding a NUL character, if any. Iterative: a body may
 * nest arrays hundreds of thousands deep.
 */
function findNul(root: unknown): string[] | undefined {
  const stack: { value: unknown; path: string[] }[] = [{ value: root, path: [] }];
  while (stack.length) {
    const { value, path } = stack.pop()!;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return path;
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], path: path.length < 8 ? [...path, String(i)] : path });
    } else if (value && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        if (key.includes('\u0000')) return [...path, key.replace(/\u0000/g, '\\0')];
        stack.push({ value: item, path: path.length < 8 ? [...path, key] : path });
      }
    }
  }
  return undefined;
}

/**
 * Refuses, with a 400 naming the field: a body in another media type than the route accepts (or
 * none), a body that is not valid JSON, and a NUL character in any query or body value
 * (PostgreSQL cannot store one).
 */
async function checkRawInput(c: Ctx, spec: { body?: unknown; form?: boolean }) {
  const queryNul = findNul(c.req.queries());
  if (queryNul) throw fieldError(c, queryNul[0], 'validation.nul');
  if (!spec.body) return;
  const type = c.req.header('content-type') ?? '';
  if (spec.form && FORM_TYPE.test(type)) {
    let form: Record<string, unknown>;
    try {
      form = await c.req.parseBody({ all: true });
    } catch {
      throw fieldError(c, 'body', 'validation.form');
    }
    const nul = findNul(form);
    if (nul) throw fieldError(c, nul.join('.'), 'validation.nul');
    return;
  }
  if (!JSON_TYPE.test(type)) {
    throw fieldError(c, 'Content-Type', 'validation.contentType', { expected: spec.form ? `application/json, ${FORM}` : 'application/json' });
  }
  let json: unknown;
  try {
    json = await c.req.json();
  } catch {
    throw fieldError(c, 'body', 'validation.json');
  }
  if (json === null || typeof json !== 'object' || Array.isArray(json)) throw fieldError(c, 'body', 'validation.object');
  const nul = findNul(json);
  if (nul) throw fieldError(c, nul.join('.') || 'body', 'validation.nul');
}

export { z };
