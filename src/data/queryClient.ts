import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { accessNow, permissionsNow } from '../auth/authProvider';

/**
 * react-admin's query client, which answers the rights checks at once when it can.
 *
 * react-admin asks `authProvider.canAccess` (and `getPermissions`) through react-query: the list
 * waits for its `list` check before it reads, the create button for `create`, the bulk delete for
 * `delete`, the kit's row buttons for theirs, and every answer renders the page again. The
 * platform's rights come from the role's menu tree and the operator, both read as soon as the login
 * answers (src/auth/firstScreen.ts): once they are in, a check created afterwards starts with its
 * answer as initial data (no request, no second render), and is not asked again in the session
 * (the menu tree is read once per login; `forgetSessionAnswers` empties the checks at every login,
 * whichever way the last session ended).
 * A new client per rendered console (tests render many).
 */
export function createQueryClient(): QueryClient {
  const client = new QueryClient();
  const defaults = client.defaultQueryOptions.bind(client);
  client.defaultQueryOptions = ((options: Parameters<typeof defaults>[0]) => {
    const defaulted = defaults(options);
    const known = defaulted.initialData === undefined ? knownAnswer(defaulted.queryKey) : undefined;
    return known === undefined ? defaulted : { ...defaulted, initialData: known.data, staleTime: Infinity };
  }) as typeof client.defaultQueryOptions;
  return client;
}

/** At a login: the last session's rights are not this one's. */
export function forgetSessionAnswers(client: QueryClient) {
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

/** The console's query client (tests give each rendered screen a new one). */
export const queryClient = createQueryClient();
