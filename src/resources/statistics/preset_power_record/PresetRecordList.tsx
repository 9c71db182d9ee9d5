import { TextInput, useTranslate, type RaRecord } from 'react-admin';
import type { Column, StateStyle } from '../../../components/list/columns';
import { choicesOf } from '../rechargeOrders/model';
import { RecordList, PLACE_FILTERS } from '../records/RecordList';

interface PresetRecord extends RaRecord { meterAddress: string | null; energy: number; state: string; reason: string | null; operatorName: string | null; createdAt: string }

/** A preset's result (server/domain/presetEnergy.ts). */
export const PRESET_RESULT: Record<string, StateStyle> = {
  succeeded: { label: 'presetEnergy.result.succeeded', color: 'success' },
  failed: { label: 'presetEnergy.result.failed', color: 'error' },
  unsupported: { label: 'presetEnergy.result.unsupported', color: 'warning' },
  expired: { label: 'presetEnergy.result.expired', color: 'default' },
};

/** Why a preset did not succeed, in words (its command's result code). */
function ReasonText({ code }: { code: string }) {
  const translate = useTranslate();
  return <>{translate(`commands.reasons.${code}`, { _: code })}</>;
}

const COLUMNS: Column<PresetRecord>[] = [
  { source: 'createdAt', kind: 'datetime', priority: 1 },
  { source: 'meterAddress', kind: 'code', priority: 1, sortable: false },
  { source: 'projectName', priority: 2, sortable: false },
  { source: 'buildingName', priority: 2, sortable: false },
  { source: 'roomCode', kind: 'code', priority: 1, sortable: false },
  // kWh with its two decimals (a count would round it).
  { source: 'energy', kind: 'quantity', priority: 1 },
  { source: 'state', kind: 'state', states: PRESET_RESULT, priority: 1 },
  { source: 'reason', priority: 2, sortable: false, render: (row) => (row.reason ? <ReasonText code={row.reason} /> : null), csv: (row, translate) => (row.reason ? translate(`commands.reasons.${row.reason}`) : '') },
  { source: 'operatorName', priority: 1, sortable: false },
];

const EXTRA = [
  <TextInput key="meterAddress" source="meterAddress" label="resources.preset_power_record.fields.meterAddress" alwaysOn resettable={false} sx={{ width: 150 }} />,
  <TextInput key="operator" source="operator" label="resources.preset_power_record.fields.operator" alwaysOn resettable={false} sx={{ width: 120 }} />,
];

/** 预置电量记录: each preset's result per meter, filtered by place, meter, operator, result and time; totals and the CSV of the filtered set. */
export default function PresetRecordList() {
  return (
    <RecordList<PresetRecord>
      columns={COLUMNS} sort={{ field: 'createdAt', order: 'DESC' }} extra={EXTRA}
      filters={[...PLACE_FILTERS, { source: 'created', kind: 'dateRange', alwaysOn: true }, { source: 'state', kind: 'choice', choices: choicesOf(PRESET_RESULT), alwaysOn: true }]}
      totals={[{ source: 'count', label: 'presetEnergy.totals.count', kind: 'count' }, { source: 'succeeded', label: 'presetEnergy.totals.succeeded', kind: 'count' }, { source: 'energy', label: 'presetEnergy.totals.energy', kind: 'quantity' }]}
    />
  );
}
