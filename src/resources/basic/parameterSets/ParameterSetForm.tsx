import type { ReactNode } from 'react';
import {
  BooleanInput, CheckboxGroupInput, NumberInput, SelectInput, TextInput, maxLength, required, useGetList, useResourceContext, useTranslate,
} from 'react-admin';
import { Grid } from '@mui/material';
import { RecordForm } from '../../../components/RecordPages';
import { DecimalInput, MoneyInput } from '../../../components/money';
import { formErrors } from '../../../components/templates/ruleValidation';
import { GIFT_UNITS, LOAD_ACTIONS, parameterValuesProblem, scheduleUse, type ParameterKind, type Segment } from '../../../../common/tariffs';
import { SET_SCREENS, type SetRoute } from './kinds';

/** The server's rule of each kind (common/tariffs.ts), field by field. */
export const validateSet = (kind: ParameterKind) => (form: { values?: Record<string, unknown> }) =>
  formErrors([parameterValuesProblem(kind, form.values ?? {})]);

const half = { xs: 12, sm: 6 } as const;
const watts = (name: string) => <NumberInput source={`values.${name}`} step={100} min={1} fullWidth />;

function SwitchSchedulePicker() {
  const translate = useTranslate();
  const { data = [] } = useGetList<{ id: number; name: string; segments: Segment[] }>('dsshijianduan', { pagination: { page: 1, perPage: 100 }, sort: { field: 'name', order: 'ASC' } });
  const choices = data.filter((schedule) => scheduleUse(schedule.segments) === 'onoff');
  return <SelectInput source="values.timePeriodId" choices={choices} fullWidth helperText={translate('tariffs.switchScheduleHelp')} />;
}

/** The value inputs of each kind. */
function ValueInputs({ kind }: { kind: ParameterKind }): ReactNode {
  const translate = useTranslate();
  switch (kind) {
    case 'power':
      return <Grid size={half}>{watts('maxPowerW')}</Grid>;
    case 'control':
      return (
        <>
          <Grid size={half}><MoneyInput source="values.alarm1Fen" fullWidth /></Grid>
          <Grid size={half}><MoneyInput source="values.alarm2Fen" fullWidth /></Grid>
          <Grid size={half}><MoneyInput source="values.overdraftFen" fullWidth /></Grid>
          <Grid size={half}><MoneyInput source="values.hoardLimitFen" helperText={translate('tariffs.hoardHelp')} fullWidth /></Grid>
          <Grid size={12}><BooleanInput source="values.autoTrip" /></Grid>
        </>
      );
    case 'load':
      return (
        <>
          <Grid size={half}>{watts('maxLoadW')}</Grid>
          <Grid size={half}>{watts('malignantThresholdW')}</Grid>
          <Grid size={half}><SelectInput source="values.action" choices={LOAD_ACTIONS.map((id) => ({ id, name: `tariffs.loadAction.${id}` }))} fullWidth /></Grid>
        </>
      );
    case 'night':
      return (
        <>
          <Grid size={{ xs: 6, sm: 3 }}><TextInput source="values.start" fullWidth slotProps={{ htmlInput: { placeholder: 'HH:mm', maxLength: 5 } }} /></Grid>
          <Grid size={{ xs: 6, sm: 3 }}><TextInput source="values.end" fullWidth slotProps={{ htmlInput: { placeholder: 'HH:mm', maxLength: 5 } }} /></Grid>
          <Grid size={half}>{watts('maxW')}</Grid>
        </>
      );
    case 'timed':
      return (
        <>
          <Grid size={12}><SwitchSchedulePicker /></Grid>
          <Grid size={12}><CheckboxGroupInput source="values.days" choices={[1, 2, 3, 4, 5, 6, 7].map((id) => ({ id, name: `tariffs.days.${id}` }))} /></Grid>
        </>
      );
    case 'gift':
      return (
        <>
          <Grid size={half}><DecimalInput source="values.amount" fullWidth /></Grid>
          <Grid size={half}><SelectInput source="values.unit" choices={GIFT_UNITS.map((id) => ({ id, name: `tariffs.giftUnit.${id}` }))} fullWidth /></Grid>
          <Grid size={half}><NumberInput source="values.dayOfMonth" min={1} max={28} fullWidth /></Grid>
          <Grid size={half}><DecimalInput source="values.carryOverCap" fullWidth /></Grid>
        </>
      );
  }
}

const DEFAULTS: Record<ParameterKind, Record<string, unknown>> = {
  power: { maxPowerW: 2000 },
  control: { alarm1Fen: 2000, alarm2Fen: 500, overdraftFen: 0, hoardLimitFen: 0, autoTrip: true },
  load: { maxLoadW: 2000, malignantThresholdW: 800, action: 'trip' },
  night: { start: '23:00', end: '06:00', maxW: 300 },
  timed: { days: [1, 2, 3, 4, 5, 6, 7] },
  gift: { unit: 'kWh', dayOfMonth: 1, carryOverCap: 0 },
};

export function ParameterSetForm() {
  const resource = useResourceContext() as SetRoute;
  const { kind } = SET_SCREENS[resource];
  return (
    <RecordForm sx={{ maxWidth: 720 }} validate={validateSet(kind) as never} defaultValues={{ values: DEFAULTS[kind] }}>
      <Grid container columnSpacing={2} sx={{ width: '100%' }}>
        <Grid size={12}><TextInput source="name" validate={[required(), maxLength(50)]} fullWidth /></Grid>
        <ValueInputs kind={kind} />
        <Grid size={12}><TextInput source="remark" multiline minRows={2} validate={maxLength(200)} fullWidth /></Grid>
      </Grid>
    </RecordForm>
  );
}
