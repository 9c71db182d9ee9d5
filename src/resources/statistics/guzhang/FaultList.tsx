import { useTranslate, type RaRecord } from 'react-admin';
import { StateCell, type Column } from '../../../components/list/columns';
import { choicesOf } from '../rechargeOrders/model';
import { RecordList, PLACE_FILTERS } from '../records/RecordList';
import { DEVICE_KIND, FAULT_KIND, FAULT_STATE } from '../records/model';
import { ReportButton, ReportDialogs } from './ReportDialog';

interface Fault extends RaRecord { deviceKind: string; deviceAddress: string | null; kind: string; detail: string | null; openedAt: string; clearedAt: string | null }

/**
 * A fault's detail; a tenant's report is stored as `[kind] text` (the tenant side's record): the kind
 * reads in words, `【停水】厨房水龙头没有水`.
 */
const detailText = (row: Fault, translate: (key: string, options?: Record<string, unknown>) => string) => {
  const report = row.kind === 'tenant_report' ? /^\[(\w+)\]\s*([\s\S]*)$/.exec(row.detail ?? '') : null;
  if (!report) return row.detail ?? '';
  return translate('tenantPortal.report.detail', { kind: translate(`tenantPortal.report.kinds.${report[1]}`, { _: report[1] }), text: report[2] });
};

function FaultDetail({ row }: { row: Fault }) {
  const translate = useTranslate();
  return <>{detailText(row, translate)}</>;
}

const COLUMNS: Column<Fault>[] = [
  { source: 'openedAt', kind: 'datetime', priority: 1 },
  { source: 'kind', kind: 'state', states: FAULT_KIND, priority: 1 },
  {
    source: 'state', priority: 1, sortable: false,
    render: (row) => <StateCell style={FAULT_STATE[row.clearedAt ? 'cleared' : 'open']} value={row.clearedAt ? 'cleared' : 'open'} />,
    csv: (row, translate) => translate(FAULT_STATE[row.clearedAt ? 'cleared' : 'open'].label),
  },
  { source: 'clearedAt', kind: 'datetime', priority: 1 },
  { source: 'deviceKind', kind: 'state', states: DEVICE_KIND, priority: 2 },
  { source: 'deviceAddress', kind: 'code', priority: 1, sortable: false },
  { source: 'projectName', priority: 2, sortable: false },
  { source: 'buildingName', priority: 2, sortable: false },
  { source: 'roomCode', kind: 'code', priority: 1, sortable: false },
  // Shown on narrower windows too: a tenant's report is its text (its kind in words before it).
  { source: 'detail', priority: 2, sortable: false, render: (row) => <FaultDetail row={row} />, csv: (row, translate) => detailText(row, translate) },
];

/** The row actions, made once (the table renders its rows again when they change). */
const ROW_ACTIONS = <ReportButton />;

/**
 * 故障记录: offline modules, read failures, tampering, low batteries, valve faults, reading drops;
 * open or cleared; and tenants' fault reports (报修, issue 42), each opened and resolved from its row.
 */
export default function FaultList() {
  return (
    <ReportDialogs>
      <RecordList<Fault>
        columns={COLUMNS} sort={{ field: 'openedAt', order: 'DESC' }} rowActions={ROW_ACTIONS}
        filters={[...PLACE_FILTERS, { source: 'opened', kind: 'dateRange', alwaysOn: true }, { source: 'kind', kind: 'choice', choices: choicesOf(FAULT_KIND), alwaysOn: true },
          { source: 'state', kind: 'choice', choices: choicesOf(FAULT_STATE), alwaysOn: true }, { source: 'deviceKind', kind: 'choice', choices: choicesOf(DEVICE_KIND) }]}
        totals={[{ source: 'count', label: 'stats.totals.faults', kind: 'count' }, { source: 'openCount', label: 'stats.totals.open', kind: 'count' }, { source: 'clearedCount', label: 'stats.totals.cleared', kind: 'count' }]}
      />
    </ReportDialogs>
  );
}
