import { TextInput, maxLength, regex, required } from 'react-admin';
import { Grid } from '@mui/material';
import { RecordForm } from '../../../components/RecordPages';
import { PHONE } from '../../../../common/identity';

const optionalText = (max: number) => [maxLength(max)];

export function ProjectForm() {
  return (
    <RecordForm sx={{ maxWidth: 720 }}>
      <Grid container columnSpacing={2} rowSpacing={1} sx={{ width: '100%' }}>
        <Grid size={12}><TextInput source="name" validate={[required(), maxLength(100)]} fullWidth /></Grid>
        <Grid size={12}><TextInput source="address" validate={optionalText(200)} fullWidth /></Grid>
        <Grid size={{ xs: 12, sm: 6 }}><TextInput source="contact" validate={optionalText(50)} fullWidth /></Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextInput source="phone" validate={[regex(PHONE, 'estate.validation.phone')]} fullWidth slotProps={{ htmlInput: { inputMode: 'tel', maxLength: 21 } }} />
        </Grid>
        <Grid size={12}><TextInput source="remark" multiline minRows={2} validate={optionalText(200)} fullWidth /></Grid>
      </Grid>
    </RecordForm>
  );
}
