import { useRecordContext, useTranslate } from 'react-admin';
import { RecordAside } from '../../../components/record/RecordAside';
import { StateChip } from '../../../components/list/columns';
import { useFormatDateTime } from '../../../components/dateTime';
import { KEEP_SUPPLY, ONLINE, RELAY, SET_KINDS, type ElectricMeter } from '../electric/model';
import { num } from '../electric/columns';
import { SetHistoryPanel } from '../../../components/devices/SetHistory';

/** The meter as it is now: relay, online, keep-supply, last reading (rates, V, A, kW), parameter sets; the sets sent to it (issue 30). */
export function ElectricMeterAside() {
  const record = useRecordContext<ElectricMeter>();
  const translate = useTranslate();
  const format = useFormatDateTime();
  if (!record) return null;
  const field = (name: string) => `resources.dianbiaoguanli.fields.${name}`;
  const none = translate('app.none');
  const value = (v: number | null, unit: string, digits = 2) => (v === null ? none : `${num(v, digits)} ${unit}`);
  return (
    <RecordAside
      title="electric.record.state"
      facts={[
        { label: field('relayState'), value: <StateChip style={RELAY[record.relayState]} value={record.relayState} /> },
        { label: field('online'), value: <StateChip style={ONLINE[String(record.online)]} value={record.online} /> },
        { label: field('keepSupply'), value: <StateChip style={KEEP_SUPPLY[String(record.keepSupply)]} value={record.keepSupply} /> },
        { label: field('tenantName'), value: record.tenantName ? `${record.tenantName}${record.tenantPhone ? ` · ${record.tenantPhone}` : ''}` : none },
        { label: field('lastTotal'), value: record.lastTotal === null ? none : `${num(record.lastTotal)} kWh · ${format(record.lastReadAt)}` },
        { label: 'electric.record.rates', value: record.lastTotal === null ? none : [record.lastSharp, record.lastPeak, record.lastFlat, record.lastValley].map((v) => num(v)).join(' / ') },
        { label: 'electric.record.electrical', value: `${value(record.lastVoltage, 'V', 1)} · ${value(record.lastCurrent, 'A')} · ${value(record.lastPowerKw, 'kW', 3)}` },
        ...SET_KINDS.map((kind) => ({ label: field(`${kind}SetName`), value: record[`${kind}SetName`] ?? none })),
      ]}
    >
      <SetHistoryPanel meter={record} />
    </RecordAside>
  );
}
