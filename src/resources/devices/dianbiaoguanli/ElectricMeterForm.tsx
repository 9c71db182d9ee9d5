import { useMemo, useState } from 'react';
import {
  AutocompleteInput, NumberInput, SelectInput, TextInput, maxValue, minValue, regex, required, useDataProvider, useRecordContext, useTranslate,
} from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { Box, Chip, Grid, Typography } from '@mui/material';
import { RecordForm } from '../../../components/RecordPages';
import { RoomCascade } from '../../../components/pickers/RoomCascade';
import { priceSummary, type PricedTable } from '../../../components/templates/priceSummary';
import type { MeteringDataProvider } from '../../../data/dataProvider';
import { ELECTRIC_ADDRESS, SET_KINDS, type ElectricMeter, type SetKind } from '../electric/model';

const RESOURCE = 'dianbiaoguanli';
const validateAddress = [required(), regex(ELECTRIC_ADDRESS, 'electric.addressInvalid')];
const validateChannel = [minValue(1), maxValue(1024)];
const validateCt = [minValue(1), maxValue(10_000)];

interface ModuleChoice { id: number; address: string; name: string | null; online: boolean; projectName: string | null; meters: number }
interface ParameterSet { id: number; kind: SetKind; name: string; values: Record<string, unknown> }
interface PriceTable extends PricedTable { id: number; name: string }

const useInvoke = () => {
  const dataProvider = useDataProvider<MeteringDataProvider>();
  return <T,>(action: string, payload: Record<string, unknown> = {}) => dataProvider.invoke<T>(RESOURCE, action, payload);
};

/** "maxPowerW 10000 · autoTrip ✓": a parameter set's values, compact. */
const valuesText = (values: Record<string, unknown>) => Object.entries(values)
  .map(([key, value]) => `${key} ${Array.isArray(value) ? value.join(',') : typeof value === 'boolean' ? (value ? '✓' : '✗') : String(value)}`).join(' · ');

/** The module picker: DL/T 645 modules of the operator's area only (electricMeter/findModules), online state shown. */
function ModulePicker() {
  const translate = useTranslate();
  const invoke = useInvoke();
  const record = useRecordContext<ElectricMeter>();
  const [q, setQ] = useState('');
  const { data = [], isPending } = useQuery({ queryKey: [RESOURCE, 'modules', q], queryFn: () => invoke<ModuleChoice[]>('modules', q ? { q } : {}) });
  const choices = useMemo(() => {
    const list = [...data];
    if (record?.moduleId && !list.some((m) => m.id === record.moduleId)) {
      list.unshift({ id: record.moduleId, address: record.moduleAddress ?? String(record.moduleId), name: record.moduleName, online: true, projectName: record.projectName, meters: 0 });
    }
    return list;
  }, [data, record]);
  return (
    <AutocompleteInput
      source="moduleId" choices={choices} isPending={isPending} validate={required()} fullWidth
      label="resources.dianbiaoguanli.fields.moduleId"
      helperText={translate('electric.moduleHelp')}
      onInputChange={(_, value, reason) => { if (reason === 'input') setQ(value.split(' · ')[0]); }}
      optionText={(module: ModuleChoice) => `${module.address}${module.name ? ` · ${module.name}` : ''}`}
      inputText={(module: ModuleChoice) => module.address}
      renderOption={(props, module: ModuleChoice) => (
        <Box component="li" {...props} key={module.id} sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          <span>{module.address}{module.name ? ` · ${module.name}` : ''}</span>
          <Chip size="small" variant="outlined" color={module.online ? 'success' : 'default'} label={translate(module.online ? 'water.online.true' : 'water.online.false')} />
          <Typography variant="caption" color="text.secondary">{translate('electric.moduleMeters', { smart_count: module.meters })}</Typography>
        </Box>
      )}
    />
  );
}

/** One parameter set picker per kind, each option showing the set's values. */
function SetPicker({ kind, sets }: { kind: SetKind; sets: ParameterSet[] }) {
  const choices = sets.filter((set) => set.kind === kind);
  // A set chosen anew is sent to the meter after the save (set_parameter); it is the meter's once that succeeds.
  const record = useRecordContext<ElectricMeter>();
  const value = useWatch({ name: `${kind}SetId` }) as number | null | undefined;
  const pending = typeof value === 'number' && value !== (record as Record<string, unknown> | undefined)?.[`${kind}SetId`];
  return (
    <SelectInput
      source={`${kind}SetId`} choices={choices} fullWidth emptyText="app.none" validate={[]}
      label={`resources.dianbiaoguanli.fields.${kind}SetName`}
      helperText={pending ? 'electricSets.pending' : false}
      optionText={(set: ParameterSet) => (
        <Box sx={{ display: 'flex', flexDirection: 'column' }}>
          <span>{set.name}</span>
          <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'normal' }}>{valuesText(set.values)}</Typography>
        </Box>
      )}
      parse={(value) => (value === '' ? null : value)}
      // Closed, the field shows the set's name; its values are listed in the options.
      slotProps={{ select: { renderValue: (id: unknown) => choices.find((set) => set.id === id)?.name ?? '' } }}
    />
  );
}

/** A table's kind and its prices as the kind has them (components/templates/priceSummary.ts), in yuan per kWh. */
function usePricesText() {
  const translate = useTranslate();
  return (table: PriceTable) => translate('tariffs.summary.kindAndPrices', {
    kind: translate(`tariffs.kind.${table.kind}`), prices: priceSummary(table, translate), unit: translate('tariffs.summary.unit'),
  });
}

/**
 * Under the price table: the chosen table's kind and prices; with none chosen, what a meter in a room
 * gets (the area's default table, issue 29).
 */
function PriceTableHelp({ tables }: { tables: PriceTable[] }) {
  const translate = useTranslate();
  const invoke = useInvoke();
  const pricesText = usePricesText();
  const chosen = useWatch({ name: 'priceTableId' }) as number | null | undefined;
  const { data } = useQuery({ queryKey: [RESOURCE, 'areaDefaults'], queryFn: () => invoke<{ defaultPriceTableName: string | null }>('areaDefaults') });
  if (chosen) {
    const table = tables.find((candidate) => candidate.id === chosen);
    return table ? <>{pricesText(table)}</> : null;
  }
  if (!data) return null;
  return <>{data.defaultPriceTableName ? translate('areaDefaults.meterFormDefault', { name: data.defaultPriceTableName }) : translate('areaDefaults.meterFormNoDefault')}</>;
}

/**
 * The price table picker: each option the table's name over its kind and prices (a single rate's
 * price, a time-of-use table's four rates, a tiered table's tiers); closed, the table's name, its
 * prices under the field.
 */
function PriceTablePicker({ tables }: { tables: PriceTable[] }) {
  const pricesText = usePricesText();
  return (
    <SelectInput
      source="priceTableId" choices={tables} emptyText="app.none" fullWidth validate={[]} parse={(value) => (value === '' ? null : value)}
      helperText={<PriceTableHelp tables={tables} />}
      optionText={(table: PriceTable) => (
        <Box sx={{ display: 'flex', flexDirection: 'column' }}>
          <span>{table.name}</span>
          <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'normal' }}>{pricesText(table)}</Typography>
        </Box>
      )}
      slotProps={{ select: { renderValue: (id: unknown) => tables.find((table) => table.id === id)?.name ?? '' } }}
    />
  );
}

export function ElectricMeterForm() {
  const translate = useTranslate();
  const invoke = useInvoke();
  const { data: options } = useQuery({
    queryKey: [RESOURCE, 'formOptions'],
    queryFn: () => invoke<{ parameterSets: ParameterSet[]; priceTables: PriceTable[] }>('formOptions'),
  });
  const sets = options?.parameterSets ?? [];
  return (
    <RecordForm sx={{ maxWidth: 760 }}>
      <Grid container columnSpacing={2} rowSpacing={1} sx={{ width: '100%' }}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextInput source="address" validate={validateAddress} helperText={translate('electric.addressHelp')} fullWidth slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 12 } }} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextInput source="model" fullWidth validate={[]} />
        </Grid>
        <Grid size={{ xs: 12, sm: 8 }}><ModulePicker /></Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <NumberInput source="channel" validate={validateChannel} helperText={translate('electric.channelHelp')} fullWidth min={1} max={1024} />
        </Grid>
        <Grid size={12}>
          <RoomCascade reference="meterRooms" filter={{ withoutElectric: 'true' }} helperText="electric.roomHelp" label="resources.dianbiaoguanli.fields.roomId" />
        </Grid>
        <Grid size={{ xs: 6, sm: 3 }}>
          <SelectInput source="phase" choices={[{ id: 1, name: 'electric.phase.1' }, { id: 3, name: 'electric.phase.3' }]} defaultValue={1} validate={required()} fullWidth sx={{ minWidth: 0 }} />
        </Grid>
        <Grid size={{ xs: 6, sm: 3 }}>
          <NumberInput source="ctRatio" defaultValue={1} validate={validateCt} fullWidth min={1} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <PriceTablePicker tables={options?.priceTables ?? []} />
        </Grid>
        <Grid size={12}><Typography variant="subtitle2" sx={{ mt: 1 }}>{translate('electric.parameterSets')}</Typography></Grid>
        {SET_KINDS.map((kind) => (
          <Grid key={kind} size={{ xs: 12, sm: 6 }}><SetPicker kind={kind} sets={sets} /></Grid>
        ))}
        <Grid size={12}><TextInput source="remark" multiline minRows={2} fullWidth validate={[]} /></Grid>
      </Grid>
    </RecordForm>
  );
}
