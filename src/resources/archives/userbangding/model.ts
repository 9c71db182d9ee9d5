import type { RaRecord } from 'react-admin';
import type { FilterSpec } from '../../../components/list/filters';
import { CURRENT_STATES, type BindingRecord } from '../../../components/tenants/BindingHistory';

export type Binding = BindingRecord & RaRecord;

/** The binding list's filters, declared once (room and tenant history are filters of their own: see HistoryScope). */
export const BINDING_FILTERS: FilterSpec[] = [
  { source: 'q', kind: 'search', alwaysOn: true },
  { source: 'projectId', kind: 'project', alwaysOn: true },
  { source: 'buildingId', kind: 'building', alwaysOn: true },
  { source: 'current', kind: 'choice', alwaysOn: true, choices: Object.entries(CURRENT_STATES).map(([id, style]) => ({ id, name: style.label })) },
  { source: 'active', kind: 'dateRange', label: 'resources.userbangding.fields.active' },
];

/** Settlement choices of an unbinding. */
export const SETTLEMENTS = ['refund', 'carryOver'] as const;
export type Settlement = (typeof SETTLEMENTS)[number];

/** One account in the settlement preview. */
export interface PreviewAccount {
  accountId: number; utility: 'electric' | 'water'; balanceFen: number; meterAddress: string | null;
  refund: { refundedFen: number; collectedFen: number; balanceAfterFen: number };
  carryOver: { carriedOverFen: number; balanceAfterFen: number };
}

/** The answer of an unbinding. */
export interface UnbindResult {
  message: string;
  binding: Binding;
  settlements: { utility: string; balanceBeforeFen: number; refundedFen: number; collectedFen: number; carriedOverFen: number; balanceFen: number; text: string }[];
}
