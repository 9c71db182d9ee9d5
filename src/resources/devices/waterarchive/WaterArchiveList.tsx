import { useCallback, useMemo, useState } from 'react';
import {
  BooleanField, BulkDeleteButton, CreateButton, DataTable, EditButton, ExportButton, FilterButton, FunctionField,
  List, NumberField, ReferenceInput, SearchInput, ColumnsButton, SelectInput, TextField, TopToolbar, useListContext,
  useRefresh, useTranslate, type Exporter, type RaRecord,
} from 'react-admin';
import { Chip } from '@mui/material';
import { MoneyField, fenToYuan } from '../../../components/money';
import { exportCsv } from '../../../components/csv';
import { ACCOUNT, METER_TYPES, ONLINE, VALVE_STATES, YES_NO } from './labels';
import { OpenAccountsButton, ValveAllButton, ValveButton, FreeResetButton } from './actions';
import { CommandProgress } from '../../../components/CommandProgress';
import { DateTimeField } from '../../../components/DateTimeField';

export interface WaterMeter extends RaRecord {
  address: string; meterType: 'cold' | 'hot'; roomId: number | null; roomCode: string | null; buildingName: string | null;
  projectName: string | null; tenantName: string | null; tenantPhone: string | null; priceFen: number;
  valveState: 'open' | 'closed' | 'abnormal'; batteryLow: boolean; online: boolean; accountOpened: boolean;
  freeAllowance: number; lastReading: number | null; lastReadAt: string | null; remark: string | null; createdAt: string;
}

const VALVE_COLORS = { open: 'success', closed: 'default', abnormal: 'error' } as const;

function ProjectScopedBuildingInput(props: { source: string; alwaysOn?: boolean }) {
  const { filterValues } = useListContext();
  return (
    <ReferenceInput {...props} reference="buildings" filter={filterValues.projectId ? { projectId: filterValues.projectId } : {}} perPage={100} sort={{ field: 'name', order: 'ASC' }}>
      <SelectInput optionText="name" label="resources.waterarchive.fields.buildingId" />
    </ReferenceInput>
  );
}

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <ReferenceInput key="projectId" source="projectId" reference="projects" alwaysOn perPage={100}>
    <SelectInput optionText="name" label="resources.waterarchive.fields.projectId" />
  </ReferenceInput>,
  <ProjectScopedBuildingInput key="buildingId" source="buildingId" alwaysOn />,
  <SelectInput key="valveState" source="valveState" choices={VALVE_STATES} />,
  <SelectInput key="meterType" source="meterType" choices={METER_TYPES} />,
  <SelectInput key="accountOpened" source="accountOpened" choices={ACCOUNT} />,
  <SelectInput key="online" source="online" choices={ONLINE} />,
  <SelectInput key="batteryLow" source="batteryLow" choices={YES_NO} />,
];

function ListActions({ onCommands }: { onCommands: (ids: number[]) => void }) {
  return (
    <TopToolbar>
      <FilterButton />
      <ColumnsButton storeKey="waterarchive.datatable" />
      <ValveAllButton onCommands={onCommands} />
      <FreeResetButton />
      <CreateButton />
      <ExportButton maxResults={100_000} />
    </TopToolbar>
  );
}

function BulkActions() {
  return (
    <>
      <OpenAccountsButton />
      <BulkDeleteButton mutationMode="pessimistic" />
    </>
  );
}

export default function WaterArchiveList() {
  const translate = useTranslate();
  const refresh = useRefresh();
  const [commandIds, setCommandIds] = useState<number[]>([]);
  const field = (name: string) => translate(`resources.waterarchive.fields.${name}`);

  const exporter = useMemo<Exporter<WaterMeter>>(() => (records) => exportCsv(records, [
    { label: field('address'), value: (r) => r.address },
    { label: field('meterType'), value: (r) => translate(`water.meterType.${r.meterType}`) },
    { label: field('projectName'), value: (r) => r.projectName },
    { label: field('buildingName'), value: (r) => r.buildingName },
    { label: field('roomCode'), value: (r) => r.roomCode },
    { label: field('tenantName'), value: (r) => r.tenantName },
    { label: field('tenantPhone'), value: (r) => r.tenantPhone },
    { label: field('priceFen'), value: (r) => fenToYuan(r.priceFen) },
    { label: field('valveState'), value: (r) => translate(`water.valve.${r.valveState}`) },
    { label: field('batteryLow'), value: (r) => translate(r.batteryLow ? 'water.battery.low' : 'water.battery.ok') },
    { label: field('online'), value: (r) => translate(`water.online.${r.online}`) },
    { label: field('accountOpened'), value: (r) => translate(r.accountOpened ? 'water.account.opened' : 'water.account.notOpened') },
    { label: field('freeAllowance'), value: (r) => r.freeAllowance },
    { label: field('lastReading'), value: (r) => r.lastReading },
    { label: field('lastReadAt'), value: (r) => r.lastReadAt },
    { label: field('remark'), value: (r) => r.remark },
  ], translate('routes.waterarchive')), [translate]); // eslint-disable-line react-hooks/exhaustive-deps

  const onFinished = useCallback(() => refresh(), [refresh]);

  return (
    <>
      <List
        filters={filters}
        actions={<ListActions onCommands={setCommandIds} />}
        exporter={exporter}
        sort={{ field: 'id', order: 'ASC' }}
        perPage={25}
        title={translate('routes.waterarchive')}
        storeKey="waterarchive.list"
      >
        <DataTable
          bulkActionButtons={<BulkActions />}
          storeKey="waterarchive.datatable"
          hiddenColumns={['tenantPhone', 'freeAllowance', 'createdAt']}
          sx={{
            '& .MuiTableCell-root': { whiteSpace: 'nowrap' },
            // The actions stay in view while the other columns scroll.
            '& .row-actions': { position: 'sticky', right: 0, bgcolor: 'background.paper', zIndex: 2, boxShadow: '-4px 0 6px -4px rgba(0,0,0,.15)' },
          }}
        >
          <DataTable.Col source="address" />
          <DataTable.Col source="meterType" render={(r: WaterMeter) => translate(`water.meterType.${r.meterType}`)} />
          <DataTable.Col source="projectName" />
          <DataTable.Col source="buildingName" />
          <DataTable.Col source="roomCode" />
          <DataTable.Col source="tenantName" />
          <DataTable.Col source="tenantPhone" field={TextField} />
          <DataTable.Col source="priceFen" align="right" field={MoneyField} />
          <DataTable.Col source="valveState" render={(r: WaterMeter) => (
            <Chip size="small" variant="outlined" color={VALVE_COLORS[r.valveState]} label={translate(`water.valve.${r.valveState}`)} />
          )} />
          <DataTable.Col source="online" disableSort field={BooleanField} />
          <DataTable.Col source="batteryLow" disableSort render={(r: WaterMeter) => (
            r.batteryLow ? <Chip size="small" color="warning" label={translate('water.battery.low')} /> : translate('water.battery.ok')
          )} />
          <DataTable.Col source="accountOpened" disableSort render={(r: WaterMeter) => translate(r.accountOpened ? 'water.account.opened' : 'water.account.notOpened')} />
          <DataTable.NumberCol source="freeAllowance" field={NumberField} />
          <DataTable.NumberCol source="lastReading" field={NumberField} />
          <DataTable.Col source="lastReadAt" field={DateTimeField} />
          <DataTable.Col source="createdAt" field={DateTimeField} />
          <DataTable.Col label="app.actions" disableSort cellClassName="row-actions" headerClassName="row-actions">
            <FunctionField render={() => <><EditButton /><ValveButton onCommands={setCommandIds} /></>} />
          </DataTable.Col>
        </DataTable>
      </List>
      <CommandProgress ids={commandIds} onClose={() => setCommandIds([])} onFinished={onFinished} />
    </>
  );
}
