import type { SortPayload } from 'react-admin';

/** Rooms open by building, then code (the server's default order, named). */
export const ROOM_SORT: SortPayload = { field: 'buildingName', order: 'ASC' };
