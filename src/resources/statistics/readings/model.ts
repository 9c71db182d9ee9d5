import type { RaRecord } from 'react-admin';
import type { StateStyle } from '../../../components/list/columns';
import { formatDateTime } from '../../../components/dateTime';
import type { RecountRecord } from '../../../../common/readingRecount';

/** A meter reading as the reading record calls answer it (standing or deleted). */
export interface Reading extends RaRecord {
  utility: 'electric' | 'water';
  meterId: number;
  meterAddress: string | null;
  roomId: number | null;
  roomCode: string | null;
  buildingName: string | null;
  projectName: string | null;
  readAt: string;
  total: number;
  sharp: number | null;
  peak: number | null;
  flat: number | null;
  valley: number | null;
  voltage: number | null;
  current: number | null;
  powerKw: number | null;
  consumption: number;
  costFen: number;
  billed: boolean;
  deletedAt: string | null;
  deletedByName: string | null;
  deleteReason: string | null;
  refundedFen: number | null;
  /** What the deletion recounted on the readings after it (a deletion with its charge refunded). */
  recount?: RecountRecord | null;
}

export const UTILITY: Record<string, StateStyle> = {
  electric: { label: 'stats.utility.electric', color: 'warning' },
  water: { label: 'stats.utility.water', color: 'info' },
};

/** A reading's place in words: project / building / room. */
export const placeOf = (row: Pick<Reading, 'projectName' | 'buildingName' | 'roomCode'>) => [row.projectName, row.buildingName, row.roomCode].filter(Boolean).join(' / ');

/** An instant as the dialogs name a reading: `YYYY-MM-DD HH:mm` in the platform's time zone. */
export const readingTime = (at: string) => formatDateTime(at);
