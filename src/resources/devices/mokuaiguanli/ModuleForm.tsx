import { NumberInput, SelectInput, TextInput, maxValue, minValue, regex, required, useTranslate, type Validator } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { Accordion, AccordionDetails, AccordionSummary, Grid, Typography } from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { RecordForm } from '../../../components/RecordPages';
import { ProjectInput } from '../../../components/pickers/ProjectBuilding';
import { choicesOf } from '../waterarchive/model';
import { HEX8, KIND, MODULE_ADDRESS, PROTOCOL, SETTING_DEFAULTS, looksLikeHost } from './model';

const validateAddress = [required(), regex(MODULE_ADDRESS, 'moduleScreen.addressInvalid')];
const validateHost: Validator = (value: unknown) => (typeof value === 'string' && value.trim() && !looksLikeHost(value.trim()) ? 'moduleScreen.hostInvalid' : undefined);
const validateHex = regex(HEX8, 'moduleScreen.hex8');
const VALVE_CODES = [{ id: '04', name: 'moduleScreen.valveCode.04' }, { id: '2A', name: 'moduleScreen.valveCode.2A' }];
const DI_ORDERS = [{ id: '901F', name: 'moduleScreen.diOrder.901F' }, { id: '1F90', name: 'moduleScreen.diOrder.1F90' }];

/** Host and port: a TCP gateway's only (the platform connects to it). */
function GatewayFields() {
  const kind = useWatch({ name: 'kind' });
  if (kind !== 'tcp-gateway') return null;
  return (
    <>
      <Grid size={{ xs: 12, sm: 8 }}>
        <TextInput source="host" validate={[required(), validateHost]} helperText="moduleScreen.hostHelp" fullWidth slotProps={{ htmlInput: { autoComplete: 'off', spellCheck: false } }} />
      </Grid>
      <Grid size={{ xs: 12, sm: 4 }}>
        <NumberInput source="port" validate={[required(), minValue(1), maxValue(65_535)]} helperText="moduleScreen.portHelp" fullWidth step={1} />
      </Grid>
    </>
  );
}

/** The kind, with what it means under it. */
function KindInput() {
  const kind = useWatch({ name: 'kind' }) as string | undefined;
  return <SelectInput source="kind" choices={choicesOf(KIND)} validate={required()} defaultValue="simulator" fullWidth helperText={kind ? `moduleScreen.kindHelp.${kind}` : false} />;
}

function AddressInput() {
  const kind = useWatch({ name: 'kind' });
  return (
    <TextInput
      source="address" validate={validateAddress} fullWidth
      helperText={kind === 'dtu' ? 'moduleScreen.addressDtuHelp' : 'moduleScreen.addressHelp'}
      slotProps={{ htmlInput: { maxLength: 32, autoComplete: 'off', spellCheck: false } }}
    />
  );
}

/** The protocol settings, collapsed: real devices' variants, each with its default shown. */
function AdvancedSettings() {
  const translate = useTranslate();
  const protocol = useWatch({ name: 'protocol' });
  const defaultIs = (value: string | number) => translate('moduleScreen.defaultIs', { value });
  return (
    <Accordion variant="outlined" disableGutters sx={{ width: '100%' }}>
      <AccordionSummary expandIcon={<ExpandMoreIcon />}>
        <Typography variant="subtitle2">{translate('moduleScreen.advanced')}</Typography>
      </AccordionSummary>
      <AccordionDetails>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>{translate('moduleScreen.advancedHelp')}</Typography>
        <Grid container columnSpacing={2} rowSpacing={1}>
          {protocol !== 'dlt645' && (
            <>
              <Grid size={{ xs: 12, sm: 6 }}>
                <SelectInput source="settings.valveCode" choices={VALVE_CODES} emptyText={defaultIs(translate(`moduleScreen.valveCode.${SETTING_DEFAULTS.valveCode}`))} helperText={false} fullWidth />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <SelectInput source="settings.diOrder" choices={DI_ORDERS} emptyText={defaultIs(translate(`moduleScreen.diOrder.${SETTING_DEFAULTS.diOrder}`))} helperText={false} fullWidth />
              </Grid>
            </>
          )}
          {protocol !== 'cjt188' && (
            <>
              <Grid size={{ xs: 12, sm: 6 }}>
                <TextInput source="settings.password" validate={validateHex} helperText={defaultIs(SETTING_DEFAULTS.password)} fullWidth slotProps={{ htmlInput: { maxLength: 8, autoComplete: 'off', spellCheck: false } }} />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <TextInput source="settings.operatorCode" validate={validateHex} helperText={defaultIs(SETTING_DEFAULTS.operatorCode)} fullWidth slotProps={{ htmlInput: { maxLength: 8, autoComplete: 'off', spellCheck: false } }} />
              </Grid>
            </>
          )}
          <Grid size={{ xs: 12, sm: 6 }}>
            <NumberInput source="settings.frameTimeoutMs" validate={[minValue(200), maxValue(30_000)]} helperText={defaultIs(SETTING_DEFAULTS.frameTimeoutMs)} fullWidth step={100} />
          </Grid>
        </Grid>
      </AccordionDetails>
    </Accordion>
  );
}

export function ModuleForm() {
  return (
    <RecordForm sx={{ maxWidth: 760 }}>
      <Grid container columnSpacing={2} rowSpacing={1} sx={{ width: '100%' }}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <KindInput />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <SelectInput source="protocol" choices={choicesOf(PROTOCOL)} validate={required()} defaultValue="dlt645" fullWidth helperText="moduleScreen.protocolHelp" />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}><AddressInput /></Grid>
        <Grid size={{ xs: 12, sm: 6 }}><TextInput source="name" fullWidth validate={[]} slotProps={{ htmlInput: { maxLength: 60 } }} /></Grid>
        <GatewayFields />
        <Grid size={12}><ProjectInput fullWidth label="resources.mokuaiguanli.fields.projectId" /></Grid>
        <Grid size={12}><TextInput source="remark" multiline minRows={2} fullWidth validate={[]} /></Grid>
        <Grid size={12}><AdvancedSettings /></Grid>
      </Grid>
    </RecordForm>
  );
}
