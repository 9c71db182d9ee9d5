import { ArrayInput, BooleanInput, FormDataConsumer, SelectInput, SimpleFormIterator, TextInput, maxLength, required, useGetList, useTranslate } from 'react-admin';
import { Alert, Box, Grid, Typography } from '@mui/material';
import { RecordForm } from '../../../components/RecordPages';
import { DecimalInput, MoneyInput } from '../../../components/money';
import { formErrors } from '../../../components/templates/ruleValidation';
import { RateLegend, ScheduleBar } from '../../../components/templates/ScheduleBar';
import { PRICE_KINDS, RATE_REGISTERS, priceTableProblem, scheduleUse, zeroPrices, type PriceTableInput, type Segment } from '../../../../common/tariffs';

type Values = PriceTableInput & { name?: string; zeroConfirmed?: boolean };

/** The tiers as sent: the last one open. */
const sentTiers = (tiers: PriceTableInput['tiers']) => (tiers ?? []).map((tier, i, all) => ({ upTo: i === all.length - 1 ? null : tier?.upTo ?? null, priceFen: tier?.priceFen }));

/**
 * The form's rules are the server's (common/tariffs.ts: prices whole fen ≥ 0, tiers rising with
 * the last open, time of use on a schedule); a zero price is taken only when confirmed.
 */
export function validatePriceTable(values: Values) {
  const table: PriceTableInput = { ...values, tiers: values.kind === 'tiered' ? sentTiers(values.tiers) : null };
  if (table.kind === 'single') table.sharpFen = table.peakFen = table.valleyFen = table.flatFen;
  const errors = formErrors([priceTableProblem(table)]);
  if (zeroPrices(table).length && !values.zeroConfirmed) errors.zeroConfirmed = 'tariffs.zero.needed';
  return errors;
}

const KIND_CHOICES = PRICE_KINDS.map((kind) => ({ id: kind, name: `tariffs.kind.${kind}` }));

function ZeroConfirm({ values }: { values: Values }) {
  const translate = useTranslate();
  const zero = zeroPrices({ ...values, tiers: values.kind === 'tiered' ? sentTiers(values.tiers) : null });
  if (!zero.length) return null;
  const names = zero.map((field) => (field.startsWith('tiers.') ? `${translate('resources.danjiabiao.fields.tiers')} ${Number(field.split('.')[1]) + 1}` : translate(`resources.danjiabiao.fields.${field}`))).join('、');
  return (
    <Alert severity="warning" sx={{ mt: 1 }}>
      {translate('tariffs.zero.fields', { fields: names })}
      <BooleanInput source="zeroConfirmed" label="tariffs.zero.confirm" helperText={false} />
    </Alert>
  );
}

/** The time-of-use schedule picker: the area's rate schedules, the chosen one drawn as a 24-hour bar. */
function SchedulePicker({ scheduleId }: { scheduleId?: number | null }) {
  const translate = useTranslate();
  const { data = [] } = useGetList<{ id: number; name: string; segments: Segment[] }>('dsshijianduan', { pagination: { page: 1, perPage: 100 }, sort: { field: 'name', order: 'ASC' } });
  const schedules = data.filter((schedule) => scheduleUse(schedule.segments) === 'tou');
  const chosen = schedules.find((schedule) => schedule.id === scheduleId);
  return (
    <>
      <SelectInput source="scheduleId" choices={schedules} fullWidth helperText="tariffs.scheduleHelp" validate={required()} />
      {chosen && (
        <Box sx={{ mb: 2 }}>
          <ScheduleBar segments={chosen.segments} scale height={18} />
          <RateLegend rates={RATE_REGISTERS} />
        </Box>
      )}
      {!schedules.length && <Typography variant="caption" color="text.secondary">{translate('tariffs.scheduleHelp')}</Typography>}
    </>
  );
}

export function PriceTableForm() {
  const translate = useTranslate();
  return (
    <RecordForm sx={{ maxWidth: 760 }} validate={validatePriceTable as never} defaultValues={{ kind: 'single', waterFen: 0 }}>
      <Grid container columnSpacing={2} rowSpacing={0} sx={{ width: '100%' }}>
        <Grid size={{ xs: 12, sm: 8 }}><TextInput source="name" validate={[required(), maxLength(50)]} fullWidth /></Grid>
        <Grid size={{ xs: 12, sm: 4 }}><SelectInput source="kind" choices={KIND_CHOICES} validate={required()} fullWidth /></Grid>
        <FormDataConsumer<Values>>
          {({ formData }) => (
            <>
              {formData.kind === 'tou' && (
                <>
                  <Grid size={12}><SchedulePicker scheduleId={formData.scheduleId} /></Grid>
                  {(['sharpFen', 'peakFen', 'flatFen', 'valleyFen'] as const).map((field) => (
                    <Grid key={field} size={{ xs: 6, sm: 3 }}><MoneyInput source={field} /></Grid>
                  ))}
                </>
              )}
              {formData.kind === 'single' && <Grid size={{ xs: 12, sm: 6 }}><MoneyInput source="flatFen" helperText={translate('tariffs.priceHelp')} fullWidth /></Grid>}
              {formData.kind === 'tiered' && (
                <Grid size={12}>
                  <Typography variant="subtitle2">{translate('tariffs.tiers.title')}</Typography>
                  <Typography variant="caption" color="text.secondary">{translate('tariffs.tiers.help')}</Typography>
                  <ArrayInput source="tiers" label={false}>
                    <SimpleFormIterator inline disableReordering>
                      <DecimalInput source="upTo" label="tariffs.tiers.upTo" />
                      <MoneyInput source="priceFen" label="tariffs.tiers.priceFen" />
                    </SimpleFormIterator>
                  </ArrayInput>
                </Grid>
              )}
              <Grid size={{ xs: 12, sm: 6 }}><MoneyInput source="waterFen" fullWidth /></Grid>
              <Grid size={12}><ZeroConfirm values={formData} /></Grid>
            </>
          )}
        </FormDataConsumer>
        <Grid size={12}><TextInput source="remark" multiline minRows={2} validate={maxLength(200)} fullWidth /></Grid>
      </Grid>
    </RecordForm>
  );
}
