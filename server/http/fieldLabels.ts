import type { Context } from 'hono';
import { langOf, serverCatalog, serverMessage, type Lang } from './i18n';
import type { MessageParam } from '../domain/results';

/**
 * Messages about an input name the field as the console's form labels it, in the caller's
 * language (issue 34): `房间号：至少 1 个字符`, `Room no.: must be at least 1 characters`.
 *
 * Labels are `server.fields.<name>` of i18n/ (i18n/server/fields/), or, looked up first,
 * `server.resourceFields.<resource>.<name>` where a name means something else on one resource's
 * calls; the resource is the API path's first segment (`room` of `/api/v1/electricity/room/addRoom`,
 * see `resourceOf`). A nested name is labelled by its last part, with the row of a list before it
 * (`rows.3.roomCode` → `第 4 行房间号`) or after a list's own label (`deviceIds.2` → `设备第 3 项`).
 * A name without a label reads as itself; tests/server/fieldLabels.test.ts fails for any input of
 * any route without one.
 */
type Labels = Record<string, string>;
interface FieldCatalog {
  fieldFormat: { message: string; join: string; row: string; item: string };
  fields: Labels;
  resourceFields: Record<string, Labels>;
}
const catalogs = Object.fromEntries((['zh-chs', 'zh-cht', 'en', 'ja'] as const).map((lang) => [lang, serverCatalog(lang) as FieldCatalog])) as Record<Lang, FieldCatalog>;

/** The API paths whose first segment names the resource: `/api/v1/electricity/<resource>/…`, the public `/api/v1/pay/…` (`pay`) and `/api/v1/tenant/…` (`tenant`), and login's `/api/v1/…`. */
const RESOURCE = /^\/api\/(?:v1\/electricity\/|v1\/(?=pay\/|tenant\/))?([^/]+)/;

/** The resource of a request: its path's first segment under the API base (`room`, `parameterSet`). */
export const resourceOf = (path: string) => RESOURCE.exec(path)?.[1] ?? '';

const fill = (template: string, params: Record<string, string>) => template.replace(/%\{(\w+)\}/g, (_, name: string) => params[name] ?? '');

/** The label of one name (no dots) on a resource, or undefined without one. */
export function labelOf(lang: Lang, resource: string, name: string): string | undefined {
  const own = (catalog: FieldCatalog) => (Object.hasOwn(catalog.resourceFields, resource) && Object.hasOwn(catalog.resourceFields[resource], name)
    ? catalog.resourceFields[resource][name]
    : Object.hasOwn(catalog.fields, name) ? catalog.fields[name] : undefined);
  return own(catalogs[lang]) ?? own(catalogs.en);
}

const isIndex = (part: string) => /^\d+$/.test(part);

/** How a field path reads to an operator: `rows.3.roomCode` → `第 4 行房间号`; an empty path is the body. */
export function fieldLabel(lang: Lang, resource: string, path: string | readonly PropertyKey[]): string {
  const parts = (typeof path === 'string' ? (path ? path.split('.') : []) : path.map(String));
  if (!parts.length) return labelOf(lang, resource, 'body') ?? 'body';
  const format = catalogs[lang].fieldFormat;
  const last = parts.length - 1;
  const named = (name: string) => labelOf(lang, resource, name) ?? name;
  if (isIndex(parts[last])) {
    // An element of a list: the list's label and its place in it.
    const list = parts.slice(0, last).reverse().find((part) => !isIndex(part));
    return fill(format.item, { field: list ? named(list) : '', n: String(Number(parts[last]) + 1) }).trim();
  }
  // A field of a list's row: the row, then the field (the innermost row when lists nest).
  const row = [...parts].reverse().find(isIndex);
  return row === undefined ? named(parts[last]) : fill(format.row, { field: named(parts[last]), n: String(Number(row) + 1) });
}

/** A message about a field: `房间号：至少 1 个字符` (the language's own separator). */
export const fieldText = (lang: Lang, resource: string, path: string | readonly PropertyKey[], message: string) =>
  fill(catalogs[lang].fieldFormat.message, { field: fieldLabel(lang, resource, path), message });

/** Several such messages as one. */
export const joinFieldTexts = (lang: Lang, texts: string[]) => texts.join(catalogs[lang].fieldFormat.join);

/** A message about a field of this request, in its caller's language: the message key's text after the label. */
export const fieldMessage = (c: Context, path: string | readonly PropertyKey[], key: string, params: Record<string, MessageParam> = {}) => {
  const lang = langOf(c);
  return fieldText(lang, resourceOf(c.req.path), path, serverMessage(lang, key, params));
};
