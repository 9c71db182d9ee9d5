import type { RaRecord, SortPayload } from 'react-admin';
import type { StateStyle } from '../../../components/list/columns';
import type { MeterLine } from '../../../../common/meterLines';

export interface RoomStatement extends RaRecord {
  roomId: number; utility: 'electric' | 'water'; month: string; roomCode: string | null; buildingName: string | null; projectName: string | null;
  tenantName: string | null; openingReading: number | null; closingReading: number | null;
  /** The month's readings per meter (two or more when a meter was replaced): common/meterLines.ts. */
  meterLines: MeterLine[] | null; usage: number; openingBalanceFen: number; chargeFen: number;
  rechargeFen: number; voidFen: number; refundFen: number; giftFen: number; adjustFen: number; closingBalanceFen: number;
  /** The current month, to the time it was written (closed at month end into the same row). */
  running: true | null;
}

/** Newest month first. */
export const STATEMENT_SORT: SortPayload = { field: 'month', order: 'DESC' };

export const UTILITY: Record<string, StateStyle> = {
  electric: { label: 'stats.utility.electric', color: 'warning' },
  water: { label: 'stats.utility.water', color: 'info' },
};

/** The address of a statement's lines (room_billing_details filtered to it). */
export const linesPath = (statementId: number | string) => `/room_billing_details?filter=${encodeURIComponent(JSON.stringify({ statementId }))}`;

/** A running statement (the current month) is marked "month to date"; a closed one shows nothing. */
export const RUNNING: Record<string, StateStyle> = {
  true: { label: 'stats.statement.toDate', color: 'info' },
};
