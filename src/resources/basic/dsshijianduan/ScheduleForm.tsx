import { ArrayInput, FormDataConsumer, SelectInput, SimpleFormIterator, TextInput, maxLength, required, useRecordContext, useTranslate } from 'react-admin';
import { Box, Grid, Typography } from '@mui/material';
import { RecordForm } from '../../../components/RecordPages';
import { formErrors } from '../../../components/templates/ruleValidation';
import { RateLegend, ScheduleBar } from '../../../components/templates/ScheduleBar';
import { RATE_REGISTERS, SWITCH_STATES, scheduleProblem, scheduleUse, withEnds, type Segment } from '../../../../common/tariffs';

const RATES = [...RATE_REGISTERS, ...SWITCH_STATES];
const RATE_CHOICES = RATES.map((rate) => ({ id: rate, name: `tariffs.rate.${rate}` }));

/** The server's rule (common/tariffs.ts): 1–8 segments covering 24 h, no gap, no overlap, rates or on/off. */
export function validateSchedule(values: { segments?: Segment[] }) {
  const segments = (values.segments ?? []).map((s) => ({ start: s?.start ?? '', end: s?.end ?? '', rate: s?.rate ?? '' }));
  const problem = scheduleProblem(segments, RATES);
  if (problem) return formErrors([problem]);
  if (scheduleUse(segments) === 'mixed') return formErrors([{ field: 'segments', key: 'validation.tariff.scheduleMixed' }]);
  return {};
}

const NEW_SCHEDULE = { segments: [{ start: '00:00', end: '08:00', rate: 'valley' }, { start: '08:00', end: '24:00', rate: 'flat' }] };

export function ScheduleForm() {
  const translate = useTranslate();
  const record = useRecordContext<{ segments: Segment[] }>();
  // Rows written before the ends were stored: each segment ends where the next starts.
  const defaults = record ? { segments: withEnds(record.segments) } : NEW_SCHEDULE;
  return (
    <RecordForm sx={{ maxWidth: 760 }} validate={validateSchedule as never} defaultValues={defaults} record={record ? { ...record, ...defaults } : undefined}>
      <Grid container columnSpacing={2} sx={{ width: '100%' }}>
        <Grid size={12}><TextInput source="name" validate={[required(), maxLength(50)]} fullWidth /></Grid>
        <Grid size={12}>
          <Typography variant="subtitle2">{translate('tariffs.segments.title')}</Typography>
          <Typography variant="caption" color="text.secondary">{translate('tariffs.segments.help')}</Typography>
          <FormDataConsumer<{ segments?: Segment[] }>>
            {({ formData }) => (
              <Box sx={{ my: 1.5 }}>
                <ScheduleBar segments={(formData.segments ?? []).filter(Boolean)} scale height={22} />
                <RateLegend rates={RATES} />
              </Box>
            )}
          </FormDataConsumer>
          <ArrayInput source="segments" label={false}>
            <SimpleFormIterator inline disableReordering getItemLabel={(index) => `${index + 1}`}>
              <TextInput source="start" label="tariffs.segments.start" helperText={false} sx={{ width: 110 }} slotProps={{ htmlInput: { placeholder: 'HH:mm', maxLength: 5 } }} />
              <TextInput source="end" label="tariffs.segments.end" helperText={false} sx={{ width: 110 }} slotProps={{ htmlInput: { placeholder: 'HH:mm', maxLength: 5 } }} />
              <SelectInput source="rate" label="tariffs.segments.rate" choices={RATE_CHOICES} helperText={false} sx={{ width: 140 }} />
            </SimpleFormIterator>
          </ArrayInput>
        </Grid>
        <Grid size={12}><TextInput source="remark" multiline minRows={2} validate={maxLength(200)} fullWidth /></Grid>
      </Grid>
    </RecordForm>
  );
}
