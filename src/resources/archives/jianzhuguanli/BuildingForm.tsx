import { NumberInput, TextInput, maxLength, maxValue, minValue, number, required } from 'react-admin';
import { Grid } from '@mui/material';
import { RecordForm } from '../../../components/RecordPages';
import { ProjectInput } from '../../../components/pickers/ProjectBuilding';
import { FLOORS_MAX } from '../model';

const integer = (value: unknown) => (typeof value === 'number' && !Number.isInteger(value) ? 'estate.validation.integer' : undefined);

export function BuildingForm() {
  return (
    <RecordForm sx={{ maxWidth: 720 }}>
      <Grid container columnSpacing={2} rowSpacing={1} sx={{ width: '100%' }}>
        <Grid size={12}><ProjectInput label="resources.jianzhuguanli.fields.projectId" validate={required()} fullWidth /></Grid>
        <Grid size={{ xs: 12, sm: 8 }}><TextInput source="name" validate={[required(), maxLength(50)]} fullWidth /></Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <NumberInput source="floors" validate={[required(), number(), integer, minValue(1), maxValue(FLOORS_MAX)]} defaultValue={6} fullWidth />
        </Grid>
        <Grid size={12}><TextInput source="remark" multiline minRows={2} validate={[maxLength(200)]} fullWidth /></Grid>
      </Grid>
    </RecordForm>
  );
}
