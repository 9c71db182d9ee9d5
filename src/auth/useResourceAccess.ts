import { useCanAccess, type RaRecord } from 'react-admin';

/** Stands for "any record": the check's key then names no record. */
const ANY_RECORD = {} as RaRecord;

/**
 * The operator's right to an action on a resource (authProvider.canAccess), as react-admin's
 * `useCanAccess` gives it, but one check per resource and action wherever it is asked.
 *
 * The platform's rights are per resource (the role's menu tree) and per operator (read-only),
 * never per record, while `useCanAccess` keys its query by the record of the context it is called
 * in: in a list, each row's buttons would ask again, 25 to 100 checks answered one by one, each
 * re-rendering the table after its rows are shown. Here every row shares the list's own answer —
 * known at once when the session's menu tree and operator are in (src/data/queryClient.ts).
 */
export function useResourceAccess({ resource, action }: { resource?: string; action: string }) {
  return useCanAccess({ resource, action, record: ANY_RECORD });
}
