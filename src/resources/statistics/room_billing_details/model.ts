import type { RaRecord, SortPayload } from 'react-admin';
import type { StateStyle } from '../../../components/list/columns';

export interface StatementLine extends RaRecord {
  roomId: number; utility: 'electric' | 'water'; kind: string; amountFen: number; balanceAfterFen: number; energy: number | null;
  refType: string | null; refId: string | null; roomCode: string | null; buildingName: string | null; projectName: string | null;
  operatorName: string | null; remark: string | null; createdAt: string;
}

export const LINE_SORT: SortPayload = { field: 'createdAt', order: 'DESC' };

export const KIND: Record<string, StateStyle> = {
  recharge: { label: 'stats.lineKind.recharge', color: 'success' },
  void: { label: 'stats.lineKind.void', color: 'error' },
  deduction: { label: 'stats.lineKind.deduction', color: 'default' },
  gift: { label: 'stats.lineKind.gift', color: 'warning' },
  calibration: { label: 'stats.lineKind.calibration', color: 'info' },
  refund: { label: 'stats.lineKind.refund', color: 'secondary' },
  settlement: { label: 'stats.lineKind.settlement', color: 'primary' },
  opening: { label: 'stats.lineKind.opening', color: 'default' },
};
