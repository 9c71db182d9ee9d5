import type { SortPayload } from 'react-admin';

/** Newest orders first. */
export const ORDER_SORT: SortPayload = { field: 'createdAt', order: 'DESC' };
