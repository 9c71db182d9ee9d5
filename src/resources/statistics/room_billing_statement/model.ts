import type { RaRecord, SortPayload } from 'react-admin';
import type { StateStyle } from '../../../components/list/columns';

export interface RoomStatement extends RaRecord {
  roomId: number; utility: 'electric' | 'water'; month: string; roomCode: string | null; buildingName: string | null; projectName: string | null;
  tenantName: string | null; openingReading: number | null; closingReading: number | null; usage: number; chargeFen: number; rechargeFen: number;
  refundFen: number; giftFen: number; closingBalanceFen: number;
}

/** Newest month first. */
export const STATEMENT_SORT: SortPayload = { field: 'month', order: 'DESC' };

export const UTILITY: Record<string, StateStyle> = {
  electric: { label: 'stats.utility.electric', color: 'warning' },
  water: { label: 'stats.utility.water', color: 'info' },
};

/** The address of a statement's lines (room_billing_details filtered to it). */
export const linesPath = (statementId: number | string) => `/room_billing_details?filter=${encodeURIComponent(JSON.stringify({ statementId }))}`;
