import { useGetList, useResourceContext, useTranslate } from 'react-admin';
import { StateChip, type Column } from '../../../components/list/columns';
import { TemplateList } from '../../../components/templates/TemplateList';
import { ScheduleBar } from '../../../components/templates/ScheduleBar';
import { fenToYuan } from '../../../../common/money';
import type { Segment } from '../../../../common/tariffs';
import { SET_SCREENS, type SetRoute } from './kinds';

export interface ParameterSet { id: number; name: string; kind: string; values: Record<string, unknown>; usedBy: number; remark: string | null }

const value = <T,>(record: ParameterSet, name: string) => record.values[name] as T;
const money = (name: string): Column<ParameterSet> => ({
  source: `values.${name}`, kind: 'money', sortable: false, priority: 1, render: (record) => fenToYuan(value<number>(record, name)), csv: (record) => fenToYuan(value<number>(record, name)),
});
const number = (name: string): Column<ParameterSet> => ({
  source: `values.${name}`, kind: 'number', sortable: false, priority: 1, render: (record) => String(record.values[name] ?? ''), csv: (record) => record.values[name],
});
const YES_NO = { true: { label: 'ra.boolean.true', color: 'success' as const }, false: { label: 'ra.boolean.false' } };
const text = (name: string): Column<ParameterSet> => ({ source: `values.${name}`, sortable: false, priority: 1, render: (record) => String(record.values[name] ?? ''), csv: (record) => record.values[name] });

function Days({ record }: { record: ParameterSet }) {
  const translate = useTranslate();
  return <>{(value<number[]>(record, 'days') ?? []).map((day) => translate(`tariffs.days.${day}`)).join(' ')}</>;
}
function Schedule({ record }: { record: ParameterSet }) {
  const { data = [] } = useGetList<{ id: number; name: string; segments: Segment[] }>('dsshijianduan', { pagination: { page: 1, perPage: 100 }, sort: { field: 'id', order: 'ASC' } });
  const schedule = data.find((s) => s.id === value<number>(record, 'timePeriodId'));
  if (!schedule) return <>{`#${value<number>(record, 'timePeriodId')}`}</>;
  return <div><div>{schedule.name}</div><ScheduleBar segments={schedule.segments} height={8} /></div>;
}
function Translated({ prefix, text }: { prefix: string; text: unknown }) {
  return <>{useTranslate()(`${prefix}.${String(text)}`, { _: String(text) })}</>;
}

/** The columns of each kind's values. */
const COLUMNS: Record<SetRoute, Column<ParameterSet>[]> = {
  gonglvcanshu: [number('maxPowerW')],
  kongzhicanshu: [
    money('alarm1Fen'), money('alarm2Fen'), money('overdraftFen'), money('hoardLimitFen'),
    {
      source: 'values.autoTrip', kind: 'boolean', sortable: false, priority: 1, render: (record) => <StateChip style={YES_NO[String(record.values.autoTrip) as 'true']} value={record.values.autoTrip} />,
      csv: (record, translate) => translate(YES_NO[String(record.values.autoTrip) as 'true'].label),
    },
  ],
  fuzaicanshu: [
    number('maxLoadW'), number('malignantThresholdW'),
    { source: 'values.action', sortable: false, priority: 1, render: (record) => <Translated prefix="tariffs.loadAction" text={record.values.action} /> },
  ],
  night: [
    text('start'), text('end'), number('maxW'),
  ],
  dstongduancanshu: [
    { source: 'values.timePeriodId', sortable: false, priority: 1, minWidth: 180, render: (record) => <Schedule record={record} /> },
    { source: 'values.days', sortable: false, priority: 1, render: (record) => <Days record={record} /> },
  ],
  mianfeidianzscs: [
    number('amount'),
    { source: 'values.unit', sortable: false, priority: 1, render: (record) => <Translated prefix="tariffs.giftUnit" text={record.values.unit} /> },
    number('dayOfMonth'), number('carryOverCap'),
  ],
};

export default function ParameterSetList() {
  const resource = useResourceContext() as SetRoute;
  return <TemplateList<ParameterSet> columns={COLUMNS[resource]} setKind={SET_SCREENS[resource].kind} />;
}
