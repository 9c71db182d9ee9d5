import { SelectInput, TextInput, maxLength, required, useTranslate, type Validator } from 'react-admin';
import { Grid } from '@mui/material';
import { useWatch } from 'react-hook-form';
import { RecordForm } from '../../../components/RecordPages';
import { ID_TYPES, PHONE, idNumberProblem, type IdType } from '../../../../common/identity';
import { ID_TYPE } from './model';

/** A phone the server will take: mainland mobile or landline, or international (E.164). */
const phone: Validator = (value: unknown) => (value && !PHONE.test(String(value).trim()) ? 'bindings.validation.phone' : undefined);
/** The id number checked against the kind chosen beside it (a resident id's birth date and check digit). */
const idNumber: Validator = (value: unknown, values: { idType?: IdType }) => {
  if (!value) return undefined;
  const problem = idNumberProblem(String(value).trim(), values.idType ?? 'resident');
  return problem ? `bindings.${problem}` : undefined;
};

function IdNumberInput() {
  const translate = useTranslate();
  const idType = useWatch({ name: 'idType' }) as IdType | undefined;
  return (
    <TextInput
      source="idNumber" validate={[idNumber, maxLength(30)]} fullWidth
      helperText={translate(idType === 'other' ? 'bindings.tenant.otherIdHelp' : idType === 'passport' ? 'bindings.tenant.passportIdHelp' : 'bindings.tenant.residentIdHelp')}
      slotProps={{ htmlInput: { maxLength: 30, autoComplete: 'off' } }}
    />
  );
}

export function TenantForm() {
  const translate = useTranslate();
  return (
    <RecordForm sx={{ maxWidth: 720 }}>
      <Grid container columnSpacing={2} rowSpacing={1} sx={{ width: '100%' }}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextInput source="name" validate={[required(), maxLength(50)]} fullWidth />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextInput
            source="phone" validate={[phone]} fullWidth helperText={translate('bindings.tenant.phoneHelp')}
            slotProps={{ htmlInput: { inputMode: 'tel', maxLength: 20 } }} parse={(value: string) => (value === '' ? null : value)}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <SelectInput source="idType" choices={ID_TYPES.map((id) => ({ id, name: ID_TYPE[id].label }))} defaultValue="resident" validate={required()} fullWidth />
        </Grid>
        <Grid size={{ xs: 12, sm: 8 }}><IdNumberInput /></Grid>
        <Grid size={12}><TextInput source="remark" multiline minRows={2} fullWidth validate={[maxLength(200)]} parse={(value: string) => (value === '' ? null : value)} /></Grid>
      </Grid>
    </RecordForm>
  );
}
