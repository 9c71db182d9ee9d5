import type { SortPayload } from 'react-admin';

/**
 * The recharge summary opens newest first: today's (or this month's) row at the top of page 1, not
 * on the last page after a month of days (the chart above keeps time order).
 */
export const SUMMARY_SORT: SortPayload = { field: 'key', order: 'DESC' };
