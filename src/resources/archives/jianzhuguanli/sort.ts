import type { SortPayload } from 'react-admin';

/** Buildings open by project, then name in natural order ("2号楼" before "10号楼"). */
export const BUILDING_SORT: SortPayload = { field: 'projectName', order: 'ASC' };
