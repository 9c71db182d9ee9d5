import type { RaRecord } from 'react-admin';
import type { StateStyle } from '../../../components/list/columns';
import type { FilterSpec } from '../../../components/list/filters';

export interface Tenant extends RaRecord {
  name: string; phone: string | null; idType: 'resident' | 'other'; idNumber: string | null; remark: string | null; createdAt: string;
  bound: boolean; roomCode: string | null; buildingName: string | null; projectName: string | null; bindingStart: string | null; bindingCount: number;
  rooms: { bindingId: number; roomId: number; roomCode: string; buildingName: string | null; projectName: string | null; startDate: string }[];
}

export const ID_TYPE: Record<string, StateStyle> = {
  resident: { label: 'bindings.idType.resident', color: 'default' },
  passport: { label: 'bindings.idType.passport', color: 'secondary' },
  other: { label: 'bindings.idType.other', color: 'info' },
};
export const BOUND: Record<string, StateStyle> = {
  true: { label: 'bindings.bound.true', color: 'success' },
  false: { label: 'bindings.bound.false', color: 'default' },
};

/** The user archive's filters, declared once. */
export const TENANT_FILTERS: FilterSpec[] = [
  { source: 'q', kind: 'search', alwaysOn: true },
  { source: 'projectId', kind: 'project', alwaysOn: true },
  { source: 'buildingId', kind: 'building', alwaysOn: true },
  { source: 'bound', kind: 'choice', alwaysOn: true, choices: Object.entries(BOUND).map(([id, style]) => ({ id, name: style.label })) },
];
