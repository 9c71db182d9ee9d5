/**
 * How an operation record reads to an operator (issue 46): the screens its call serves instead of
 * the API path, the record's name instead of its id alone, and the changed fields as the screens
 * label them instead of their column names.
 */
type Translate = (key: string, options?: Record<string, unknown>) => string;

export interface LoggedRecord {
  call: string | null;
  /** The route names of the screens the call serves (server/http/grants.ts, answered by the server). */
  screens?: string[];
  entityId: string | null;
  before: unknown;
  after: unknown;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A message if the catalogs have it (the current language, else English), else undefined. */
function known(translate: Translate, key: string): string | undefined {
  const text = translate(key, { _: '\u0000' });
  return text && text !== '\u0000' && text !== key ? text : undefined;
}

/** The titles of a call's screens, joined (the whole list: a cell's hover, the details). */
export const screenTitles = (translate: Translate, screens: readonly string[] | undefined): string =>
  (screens ?? []).map((name) => known(translate, `routes.${name}`) ?? name).join(translate('system.listJoin'));

/**
 * The screens of a call in words: `项目管理`, `电表管理、通断控制`; a call more than three screens
 * share (a device command, a recharge) as `26 个功能共用`: naming the first of them would name a
 * screen the operator may not have used.
 */
export function screensText(translate: Translate, screens: readonly string[] | undefined): string {
  const count = screens?.length ?? 0;
  return count > 3 ? translate('system.sharedCall', { count }) : screenTitles(translate, screens);
}

/** The API resource of a logged call (`POST /api/v1/electricity/room/updateRoom` → `room`). */
const apiResourceOf = (call: string | null) => /^[A-Z]+ \/api\/v1\/electricity\/([^/]+)/.exec(call ?? '')?.[1];

/**
 * A field of the record as the screens label it: the label of the call's screen (when the call
 * serves one screen: `resources.<screen>.fields.<field>`), else the log's own word for a field no
 * screen shows (`system.logFields`: sort keys, a mass command's left-out counts), else the server's
 * label for the call's resource or for the name (`server.resourceFields.<resource>.<field>`,
 * `server.fields.<field>`, the labels of the API's messages), else the name itself.
 */
export function fieldLabel(translate: Translate, record: Pick<LoggedRecord, 'call' | 'screens'>, field: string): string {
  const screens = record.screens ?? [];
  const own = screens.length === 1 ? known(translate, `resources.${screens[0]}.fields.${field}`) : undefined;
  if (own) return own;
  const resource = apiResourceOf(record.call);
  return known(translate, `system.logFields.${field}`)
    || (resource && known(translate, `server.resourceFields.${resource}.${field}`))
    || known(translate, `server.fields.${field}`)
    || field;
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : typeof value === 'number' ? String(value) : undefined);

/**
 * The record's name, where its values after (else before) the operation have one: its name (a
 * project, a role, a template, a tenant), a room as its project, building and room code, an account
 * as its user name, a meter as its address, an order by its number.
 */
export function recordName(record: Pick<LoggedRecord, 'before' | 'after'>): string | undefined {
  for (const values of [record.after, record.before]) {
    if (!isObject(values)) continue;
    const named = text(values.name);
    if (named) return named;
    const room = text(values.roomCode);
    if (room) return [text(values.projectName), text(values.buildingName), room].filter(Boolean).join(' ');
    const other = text(values.userName) ?? text(values.address) ?? text(values.orderNo) ?? text(values.tenantName) ?? text(values.title);
    if (other) return other;
  }
  return undefined;
}
