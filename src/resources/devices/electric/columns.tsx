import type { Column } from '../../../components/list/columns';
import { KEEP_SUPPLY, ONLINE, RELAY, SET_KINDS, type ElectricMeter } from './model';

const num = (value: number | null | undefined, digits = 2) => (value === null || value === undefined ? '' : Number(value).toFixed(digits));

/**
 * The electric meter columns, declared once for the three electric screens (table, column chooser,
 * CSV). Rates, voltage, current and power and the parameter sets start hidden or as detail columns.
 */
export function electricColumns(): Column<ElectricMeter>[] {
  return [
    { source: 'address', kind: 'code', priority: 1, minWidth: 130 },
    { source: 'projectName', priority: 3 },
    { source: 'buildingName', priority: 2 },
    { source: 'roomCode', kind: 'code', priority: 1 },
    { source: 'tenantName', priority: 2 },
    { source: 'moduleAddress', kind: 'code', priority: 3, sortable: false, label: 'electric.fields.module' },
    { source: 'channel', kind: 'number', priority: 3 },
    { source: 'relayState', kind: 'state', states: RELAY, priority: 1, minWidth: 90 },
    { source: 'online', kind: 'state', states: ONLINE, sortable: false, priority: 1 },
    { source: 'keepSupply', kind: 'state', states: KEEP_SUPPLY, sortable: false, priority: 2 },
    { source: 'lastTotal', kind: 'quantity', priority: 1 },
    { source: 'lastReadAt', kind: 'datetime', priority: 2 },
    { source: 'lastSharp', kind: 'quantity', priority: 3, sortable: false },
    { source: 'lastPeak', kind: 'quantity', priority: 3, sortable: false },
    { source: 'lastFlat', kind: 'quantity', priority: 3, sortable: false },
    { source: 'lastValley', kind: 'quantity', priority: 3, sortable: false },
    { source: 'lastVoltage', kind: 'quantity', hidden: true, sortable: false },
    { source: 'lastCurrent', kind: 'quantity', hidden: true, sortable: false },
    { source: 'lastPowerKw', kind: 'quantity', hidden: true, sortable: false },
    ...SET_KINDS.map((kind): Column<ElectricMeter> => ({ source: `${kind}SetName`, hidden: true, sortable: false })),
    { source: 'priceTableName', hidden: true, sortable: false },
    { source: 'model', hidden: true, sortable: false },
    { source: 'phase', kind: 'number', hidden: true, sortable: false },
    { source: 'remark', hidden: true, sortable: false },
    { source: 'createdAt', kind: 'datetime', hidden: true },
  ];
}

/** A read's values as the progress table shows them (command/findByIds `result`). */
export const READ_VALUE_COLUMNS = [
  { key: 'total', label: 'electric.read.total', digits: 2 },
  { key: 'sharp', label: 'electric.read.sharp', digits: 2 },
  { key: 'peak', label: 'electric.read.peak', digits: 2 },
  { key: 'flat', label: 'electric.read.flat', digits: 2 },
  { key: 'valley', label: 'electric.read.valley', digits: 2 },
  { key: 'voltage', label: 'electric.read.voltage', digits: 1 },
  { key: 'current', label: 'electric.read.current', digits: 2 },
  { key: 'powerKw', label: 'electric.read.powerKw', digits: 3 },
] as const;

export { num };
