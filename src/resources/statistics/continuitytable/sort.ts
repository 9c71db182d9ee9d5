export const CUT_SORT = { field: 'offAt', order: 'DESC' } as const;
