import { useDataProvider } from 'react-admin';
import type { MeteringDataProvider } from '../../../data/dataProvider';
import { get, post, type EndpointMap } from '../../../data/endpoints';
import type { PowerFailureCause } from '../../../../common/states';

export type Utility = 'electric' | 'water';

/** A figure with the same stretch of the period before (server/domain/dashboard.ts). */
export interface Change { value: number; previous: number }

export interface Summary {
  utility: Utility;
  asOf: string;
  kpi: {
    rooms: number; meters: number; online: number; offline: number; cut: number; lowBattery: number; arrearsRooms: number;
    usageToday: Change; usageMonth: Change; usagePrevMonthTotal: number; rechargeTodayFen: Change; rechargeMonthFen: Change;
  };
  daily: { day: string; usage: number; rechargeFen: number }[];
  top: { roomId: number; roomCode: string; buildingName: string | null; projectName: string | null; usage: number }[];
  arrears: ArrearsRow[];
}

export interface ArrearsRow {
  roomId: number; roomCode: string; buildingName: string | null; projectName: string | null; tenantName: string | null; tenantPhone: string | null;
  balanceFen: number; overdraftFen: number; meterAddress: string | null; supply: string | null;
}

export const ALARM_KINDS = ['arrears', 'lowBalance', 'powerCut', 'fault', 'readFailure', 'noTariff'] as const;
export type AlarmKind = (typeof ALARM_KINDS)[number];
export interface AlarmRow {
  kind: AlarmKind; reason: string; at: string | null; roomId: number | null; roomCode: string | null;
  buildingName: string | null; projectName: string | null; meterAddress: string | null; balanceFen: number | null;
}
export interface Alarms { counts: Record<AlarmKind, number>; rows: AlarmRow[] }

export { POWER_FAILURE_CAUSES, type PowerFailureCause } from '../../../../common/states';

/** The calls of both dashboards (the same map for `index_water` and `index`). */
export const DASHBOARD_ENDPOINTS: EndpointMap = {
  actions: {
    electricSummary: get('dashboard/findElectricSummary'),
    waterSummary: get('dashboard/findWaterSummary'),
    alarms: get('dashboard/findAlarms'),
    addPowerFailure: post('dashboard/addPowerFailure'),
  },
};

/** The query keys of a dashboard: everything under ['dashboard'] refreshes together. */
export const dashboardKey = (utility: Utility, part: string, ...rest: unknown[]) => ['dashboard', utility, part, ...rest];

/** Minimum time between two live refreshes, and the polling fallback while the socket is down. */
export const LIVE_REFRESH_MS = 5_000;
export const POLL_MS = 60_000;

export function useDashboardCalls(resource: string) {
  const dataProvider = useDataProvider<MeteringDataProvider>();
  return {
    summary: (utility: Utility) => dataProvider.invoke<Summary>(resource, utility === 'electric' ? 'electricSummary' : 'waterSummary', {}),
    alarms: (utility: Utility, kind?: AlarmKind) => dataProvider.invoke<Alarms>(resource, 'alarms', kind ? { utility, kind } : { utility }),
    addPowerFailure: (body: { roomId: number; cause: PowerFailureCause; offAt?: string | null; remark?: string | null }) =>
      dataProvider.invoke<{ id: number }>(resource, 'addPowerFailure', body),
  };
}
