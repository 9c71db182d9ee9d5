import { QueryClient, type QueryKey } from '@tanstack/react-query';
import type { GetListParams } from 'react-admin';
import { accessNow, permissionsNow } from '../auth/authProvider';
import type { MeteringDataProvider } from './dataProvider';
import { PREFETCH_TTL_MS } from './prefetch';

/** Where list answers already brought are found: the console's data provider. */
type Answers = Pick<MeteringDataProvider, 'answeredList'>;

type GivenLists = Map<string, { data: NonNullable<ReturnType<typeof answeredList>>; until: number }>;

/** Per client: the list answers given to queries as their first data (by query hash), while fresh. */
const givenLists = new WeakMap<QueryClient, GivenLists>();

/**
 * react-admin's query client, which answers the rights checks at once when it can.
 *
 * react-admin asks `authProvider.canAccess` (and `getPermissions`) through react-query: the list
 * waits for its `list` check before it reads, the create button for `create`, the bulk delete for
 * `delete`, the kit's row buttons for theirs, and every answer renders the page again. The
 * platform's rights come from the role's menu tree and the operator, both read as soon as the login
 * answers (src/firstScreen.ts): once they are in, a check created afterwards starts with its
 * answer as initial data (no request, no second render), and is not asked again in the session
 * (the menu tree is read once per login; `forgetSessionAnswers` empties the checks at every login,
 * whichever way the last session ended).
 * The same for a list whose first page a read started ahead has already brought (the landing
 * screen's, src/firstScreen.ts): its query starts with that answer, fresh for as long as such
 * an answer may be taken, so the list renders its rows at once rather than a loading table, then
 * the rows.
 * A new client per rendered console (tests render many), over the console's data provider.
 */
export function createQueryClient(answers: Answers): QueryClient {
  const client = new QueryClient();
  const given: GivenLists = new Map();
  givenLists.set(client, given);
  const defaults = client.defaultQueryOptions.bind(client);
  client.defaultQueryOptions = ((options: Parameters<typeof defaults>[0]) => {
    const defaulted = defaults(options);
    if (defaulted.initialData !== undefined) return defaulted;
    const known = knownAnswer(defaulted.queryKey);
    if (known !== undefined) return { ...defaulted, initialData: known.data, staleTime: Infinity };
    // A list answer is taken once, but these options are asked for again and again (before the query
    // is built with them, and at each render): the answer is kept with its query's hash while it is
    // fresh. (The cache's own lookup: `getQueryData` would ask for these options again.)
    const hash = defaulted.queryHash!;
    let answer = given.get(hash);
    if (answer && Date.now() > answer.until) {
      given.delete(hash);
      answer = undefined;
    }
    if (!answer && client.getQueryCache().get(hash)?.state.data === undefined) {
      const data = answeredList(answers, defaulted.queryKey);
      if (data !== undefined) given.set(hash, answer = { data, until: Date.now() + PREFETCH_TTL_MS });
    }
    return answer ? { ...defaulted, initialData: answer.data, staleTime: PREFETCH_TTL_MS } : defaulted;
  }) as typeof client.defaultQueryOptions;
  return client;
}

/** At a login: the last session's rights and first reads are not this one's. */
export function forgetSessionAnswers(client: QueryClient) {
  givenLists.get(client)?.clear();
  client.removeQueries({ queryKey: ['auth', 'canAccess'] });
  client.removeQueries({ queryKey: ['auth', 'getPermissions'] });
}

/** The answer of an auth query already known from the session's answered reads. */
function knownAnswer(queryKey: QueryKey): { data: unknown } | undefined {
  const [scope, kind, params] = queryKey as [unknown, unknown, { resource?: string; action?: string } | undefined];
  if (scope !== 'auth') return undefined;
  if (kind === 'canAccess' && params?.action) {
    const data = accessNow(params.resource, params.action);
    return data === undefined ? undefined : { data };
  }
  if (kind === 'getPermissions') {
    const data = permissionsNow();
    return data === undefined ? undefined : { data };
  }
  return undefined;
}

/** react-admin's `getList` query key (`[resource, 'getList', params]`): the answer already brought, as its query keeps it. */
function answeredList(answers: Answers, queryKey: QueryKey) {
  const [resource, kind, params] = queryKey as [unknown, unknown, GetListParams | undefined];
  if (kind !== 'getList' || typeof resource !== 'string' || !params) return undefined;
  const answer = answers.answeredList(resource, params);
  return answer && { data: answer.data, total: answer.total, pageInfo: undefined, meta: answer.meta };
}

