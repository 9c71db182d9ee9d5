import type { ListRead } from '../../data/prefetch';

/** Sorts choices the way operators count: "2号楼" before "10号楼". */
export const NATURAL_SORT = { field: 'name', order: 'ASC' } as const;
/**
 * Buildings of every project (no project chosen): project by project, each one's buildings in natural
 * order, so that a project's "1号楼" stands beside its "2号楼", not beside another project's "1号楼".
 */
export const BUILDINGS_BY_PROJECT_SORT = { field: 'projectName', order: 'ASC' } as const;
/** Choices a picker loads at once (typing narrows them on the server). */
export const PICKER_PAGE = 100;

/** The reads the project and building pickers make when they open empty (prefetched with a screen). */
export const PROJECT_BUILDING_READS: ListRead[] = [
  ['projects', { pagination: { page: 1, perPage: PICKER_PAGE }, sort: { ...NATURAL_SORT }, filter: {} }],
  ['buildings', { pagination: { page: 1, perPage: PICKER_PAGE }, sort: { ...BUILDINGS_BY_PROJECT_SORT }, filter: {} }],
];
