import type { GetListParams, SortPayload } from 'react-admin';

/** Rows per page a list opens with. */
export const LIST_PER_PAGE = 25;
/** The order a list opens in (unless a screen gives its own). */
export const LIST_SORT: SortPayload = { field: 'id', order: 'ASC' };

/** The read a list screen makes when it opens without saved filters (what the login click prefetches). */
export const firstPageRead = (sort: SortPayload = LIST_SORT, perPage = LIST_PER_PAGE): GetListParams => ({
  pagination: { page: 1, perPage }, sort, filter: {},
});
