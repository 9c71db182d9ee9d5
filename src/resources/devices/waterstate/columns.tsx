import { useTranslate } from 'react-admin';
import { Chip } from '@mui/material';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import type { Column, StateStyle } from '../../../components/list/columns';
import { StateCell } from '../../../components/list/columns';
import { BATTERY, METER_TYPE, ONLINE, VALVE, type WaterMeter } from '../waterarchive/model';

/** A state tag that stands out (filled, with a warning sign) when the value needs attention. */
function AttentionChip({ style, value, alarm }: { style?: StateStyle; value: unknown; alarm: boolean }) {
  const translate = useTranslate();
  if (!alarm) return <StateCell style={style} value={value} />;
  return (
    <Chip
      size="small" color={style?.color ?? 'warning'} icon={<WarningAmberIcon />} label={style ? translate(style.label) : String(value)}
      sx={{ fontWeight: 600, maxWidth: 'none', '& .MuiChip-label': { overflow: 'visible' } }}
    />
  );
}

/**
 * The water meter state columns (the water archive's state maps), declared once for the water
 * meter status and switch screens: low battery and an abnormal valve stand out.
 */
export const WATER_STATE_COLUMNS: Column<WaterMeter>[] = [
  { source: 'address', kind: 'code', priority: 1, minWidth: 150 },
  { source: 'meterType', kind: 'state', states: METER_TYPE, priority: 3, hidden: true },
  { source: 'projectName', priority: 2 },
  { source: 'buildingName', priority: 2 },
  { source: 'roomCode', kind: 'code', priority: 1 },
  { source: 'tenantName', priority: 3 },
  {
    source: 'valveState', kind: 'state', states: VALVE, priority: 1,
    render: (record) => <AttentionChip style={VALVE[record.valveState]} value={record.valveState} alarm={record.valveState === 'abnormal'} />,
  },
  {
    source: 'batteryLow', kind: 'state', states: BATTERY, sortable: false, priority: 1,
    render: (record) => <AttentionChip style={BATTERY[String(record.batteryLow)]} value={record.batteryLow} alarm={record.batteryLow} />,
  },
  { source: 'online', kind: 'state', states: ONLINE, sortable: false, priority: 1 },
  { source: 'lastReading', kind: 'quantity', priority: 1 },
  { source: 'lastReadAt', kind: 'datetime', priority: 1 },
];

/** The same columns without the reading ones (the switch screen is about valves). */
export const pickColumns = (sources: string[]) => WATER_STATE_COLUMNS.filter((column) => sources.includes(column.source));
