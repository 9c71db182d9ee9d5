import { OpenAPIHono, createRoute, z, type RouteConfig } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { AppDeps } from '../deps';
import type { Session } from '../auth/session';
import { ApiError } from './errors';
import { langOf, serverMessage, type Lang } from './i18n';

export type AppEnv = { Variables: { deps: AppDeps; session: Session } };
export type Ctx = Context<AppEnv>;

/**
 * Turns a zod failure into one message naming the field(s), in the caller's language:
 * `address: 必须是 12 位数字`. A schema's own message may be a `server.validation.*` key.
 */
export function describeIssues(error: z.ZodError, lang: Lang): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.length ? issue.path.join('.') : 'body'}: ${issueText(issue, lang)}`)
    .join('; ');
}

function issueText(issue: z.core.$ZodIssue, lang: Lang): string {
  if (issue.message.startsWith('validation.')) return serverMessage(lang, issue.message);
  const i = issue as z.core.$ZodIssue & { minimum?: number | bigint; maximum?: number | bigint; origin?: string; input?: unknown };
  switch (issue.code) {
    case 'invalid_type':
      return i.input === undefined ? serverMessage(lang, 'validation.required') : serverMessage(lang, 'validation.type', { expected: issue.expected });
    case 'too_small':
      return serverMessage(lang, i.origin === 'string' ? 'validation.minLength' : 'validation.min', { min: String(i.minimum) });
    case 'too_big':
      return serverMessage(lang, i.origin === 'string' ? 'validation.maxLength' : 'validation.max', { max: String(i.maximum) });
    case 'invalid_value':
      return serverMessage(lang, 'validation.oneOf', { values: issue.values.map(String).join(', ') });
    case 'invalid_format':
      return serverMessage(lang, 'validation.format');
    default:
      return serverMessage(lang, 'validation.invalid');
  }
}

export function createRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (!result.success) throw new ApiError(400, 'validation', {}, describeIssues(result.error, langOf(c)));
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
    security: spec.public ? [] : [{ XToken: [] }],
    request,
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
        if (!checked.success) throw new ApiError(400, 'validation', {}, describeIssues(checked.error, langOf(c)));
        body = checked.data as In<B>;
      }
    }
    return handler(c, { query, body });
  }) as never);
}

export { z };
