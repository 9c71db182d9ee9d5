import type { SortPayload } from 'react-admin';

/** Buildings open in natural name order ("2号楼" before "10号楼"). */
export const BUILDING_SORT: SortPayload = { field: 'name', order: 'ASC' };
