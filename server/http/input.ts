import { z } from '@hono/zod-openapi';

/**
 * Strict input helpers: the only way routes read numbers, ids and flags. `z.coerce` is not used
 * anywhere, because it turns "", [], false and null into 0 and `true` or `[5]` into ids.
 *
 * Rules:
 * - A number is a JSON number, or a canonical numeric string (`12`, `-3`, `1.5`: what query
 *   strings and form-encoded bodies carry). Never a boolean, array, object, null, blank or `1e3`.
 * - Ids and integers fit PostgreSQL's int4 (ids 1…2147483647).
 * - An empty string means "absent" only in query strings (`Q.*` helpers), and only for optional
 *   filters; in a body an empty string is refused.
 * - Strings never contain NUL (router.ts refuses NUL anywhere in a query or body, naming the field).
 */
export const INT4_MAX = 2_147_483_647;
const INT_TEXT = /^-?(0|[1-9]\d{0,15})$/;
const NUM_TEXT = /^-?(0|[1-9]\d{0,15})(\.\d{1,6})?$/;

/** Accepts a number, or a string in the given numeric syntax (turned into a number); anything else fails as a type error. */
const numeric = (pattern: RegExp) =>
  z.preprocess(
    (v) => (typeof v === 'string' && pattern.test(v) ? Number(v) : v),
    z.number({ error: (issue) => (issue.input === undefined ? 'validation.required' : 'validation.number') }),
  );

/** An integer within [min, max]. */
export const Int = (min: number, max: number = INT4_MAX) =>
  numeric(INT_TEXT).pipe(z.number().int('validation.integer').min(min).max(max)).openapi({ type: 'integer', minimum: min, maximum: max });

/** A number (decimals allowed) within [min, max]. */
export const Num = (min: number, max: number) =>
  numeric(NUM_TEXT).pipe(z.number().min(min).max(max)).openapi({ type: 'number', minimum: min, maximum: max });

/**
 * Money taken in: integer fen, more than 0, sent as a JSON number only (never as text or with
 * decimals: a payment is not guessed from a string).
 */
export const MoneyFen = z.number({ error: (issue) => (issue.input === undefined ? 'validation.required' : 'validation.type') })
  .int('validation.amountFen').min(1, 'validation.amountFen').max(INT4_MAX)
  .openapi({ type: 'integer', minimum: 1, maximum: INT4_MAX, description: 'integer fen (¥1 = 100); at most RECHARGE_MAX_FEN (default 5,000,000)' });

/**
 * A limit in fen as sent: a JSON integer, negative allowed (an account's alarm levels, overdraft,
 * hoarding limit); the rule that reads it, not the schema, says what range, in the operator's words.
 */
export const LimitFen = z.number({ error: (issue) => (issue.input === undefined ? 'validation.required' : 'validation.type') })
  .int('validation.integer').min(-INT4_MAX).max(INT4_MAX)
  .openapi({ type: 'integer', minimum: -INT4_MAX, maximum: INT4_MAX, description: 'integer fen (¥1 = 100)' });

/** A record id: an integer 1…2147483647. */
export const Id = Int(1, INT4_MAX);

/** A record id or null (clears a reference); documented as such in the OpenAPI document. */
export const NullableId = Id.nullable().openapi({ type: ['integer', 'null'], minimum: 1, maximum: INT4_MAX });

/** A boolean: JSON true/false, or the strings "true"/"false" (query strings, forms). */
export const Bool = z
  .preprocess(
    (v) => (v === 'true' ? true : v === 'false' ? false : v),
    z.boolean({ error: (issue) => (issue.input === undefined ? 'validation.required' : 'validation.boolean') }),
  )
  .openapi({ type: 'boolean' });

/** A list of ids in a JSON body (1…max items). */
export const IdArray = (max: number) => z.array(Id).min(1).max(max);

/** A string field without surrounding blanks, max length (min 1 unless stated). */
export const Text = (max: number, min = 1) => z.string().trim().min(min).max(max);

/** An empty query value ("" or blanks) is treated as not given. */
const blankIsAbsent = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/**
 * Query-string helpers: optional filters where an empty value means "not given" (a cleared
 * filter box sends `projectId=`). A value that is present must be valid.
 */
export const Q = {
  /** An optional id filter. */
  id: () => z.preprocess(blankIsAbsent, Id.optional()).openapi({ type: 'integer', minimum: 1, maximum: INT4_MAX }),
  /** An optional integer filter. */
  int: (min: number, max: number = INT4_MAX) => z.preprocess(blankIsAbsent, Int(min, max).optional()).openapi({ type: 'integer', minimum: min, maximum: max }),
  /** An optional true/false filter. */
  bool: () => z.preprocess(blankIsAbsent, Bool.optional()).openapi({ type: 'boolean' }),
  /** An optional text filter (search box). */
  text: (max: number) => z.preprocess(blankIsAbsent, z.string().max(max).optional()).openapi({ type: 'string', maxLength: max }),
  /** An optional instant: an ISO 8601 timestamp with its offset (`2026-11-22T00:00:00+08:00`). */
  datetime: () => z.preprocess(blankIsAbsent, z.iso.datetime({ offset: true }).optional()).openapi({ type: 'string', format: 'date-time' }),
  /** An optional value of an enumeration. */
  oneOf: <T extends readonly [string, ...string[]]>(values: T) => z.preprocess(blankIsAbsent, z.enum(values).optional()).openapi({ type: 'string', enum: [...values] }),
};

/**
 * An id list in a query string: comma-separated (`ids=1,2,3`) or repeated (`ids=1&ids=2`), each
 * a valid id; 1…max ids. An empty list is refused (never "all").
 */
export const IdListQuery = (max = 5000) =>
  z
    .union([z.string(), z.array(z.string())], { error: 'validation.idList' })
    .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()))
    .pipe(z.array(z.string().regex(/^[1-9]\d{0,9}$/, 'validation.idList').transform(Number).pipe(z.number().max(INT4_MAX, 'validation.idList'))).min(1).max(max))
    .openapi({ type: 'string', description: 'comma-separated ids', example: '1,2,3' });

/**
 * The schema of a partial update: every field optional and no defaults. (`schema.partial()`
 * keeps defaults, so an update that leaves a field out would reset it: a price to 0, a
 * disabled user to enabled.)
 */
export function patchOf<T extends z.ZodRawShape>(schema: z.ZodObject<T>): ReturnType<z.ZodObject<T>['partial']> {
  const shape = Object.fromEntries(
    Object.entries(schema.shape).map(([key, field]) => [key, field instanceof z.ZodDefault ? (field.unwrap() as z.ZodType) : field]),
  );
  return z.object(shape).partial() as never;
}
