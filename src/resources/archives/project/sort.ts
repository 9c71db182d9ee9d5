import type { SortPayload } from 'react-admin';

/** Projects open in natural name order. */
export const PROJECT_SORT: SortPayload = { field: 'name', order: 'ASC' };
