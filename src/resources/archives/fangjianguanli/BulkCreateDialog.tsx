import { useEffect, useMemo, useState } from 'react';
import {
  Button, Form, NumberInput, TextInput, maxValue, minValue, number, required, useDataProvider, useGetOne, useNotify, useRefresh,
  useTranslate,
} from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import {
  Alert, Box, Button as MuiButton, Chip, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Grid, Typography,
} from '@mui/material';
import AddHomeWorkIcon from '@mui/icons-material/AddHomeWork';
import type { MeteringDataProvider } from '../../../data/dataProvider';
import { BuildingInput, ProjectInput } from '../../../components/pickers/ProjectBuilding';
import { DecimalInput } from '../../../components/money';
import { BULK_MAX, FLOORS_MAX } from '../model';
import { integer } from './RoomForm';
import { useResourceAccess } from '../../../auth/useResourceAccess';

/** What the bulk calls take (server/routes/room.ts, BulkFields). */
interface BulkValues {
  projectId?: number; buildingId?: number; floorFrom?: number; floorTo?: number; numberFrom?: number; numberTo?: number; pattern?: string; size?: number | null;
}
interface Planned { roomCode: string; floor: number; exists: boolean; duplicate: boolean }
interface Preview { rooms: Planned[]; total: number; toCreate: number; existing: number; duplicates: number }

const PLACEHOLDERS = /\{(floor|n|nn|nnn)\}/g;
/** The pattern's client rules, mirroring the server's. */
export const patternRule = (value: unknown) => {
  const text = typeof value === 'string' ? value.trim() : '';
  if (!text) return undefined;
  if (!/\{(n|nn|nnn)\}/.test(text)) return 'estate.validation.patternNumber';
  if (/[{}]/.test(text.replace(PLACEHOLDERS, ''))) return 'estate.validation.patternPlaceholders';
  return undefined;
};

/** Whether the values make a call the server takes (else no preview is asked for). */
function complete(values: BulkValues): values is Required<Omit<BulkValues, 'projectId' | 'size'>> & BulkValues {
  const ints = [values.floorFrom, values.floorTo, values.numberFrom, values.numberTo];
  if (!values.buildingId || !ints.every((v) => typeof v === 'number' && Number.isInteger(v))) return false;
  if (!values.pattern || patternRule(values.pattern)) return false;
  const [ff, ft, nf, nt] = ints as number[];
  return ff >= 1 && ft >= ff && nf >= 0 && nt >= nf && nt <= 999 && (ft - ff + 1) * (nt - nf + 1) <= BULK_MAX;
}

const bodyOf = (values: BulkValues) => ({
  buildingId: values.buildingId, floorFrom: values.floorFrom, floorTo: values.floorTo, numberFrom: values.numberFrom, numberTo: values.numberTo,
  pattern: values.pattern?.trim(), ...(typeof values.size === 'number' ? { size: values.size } : {}),
});

/** The codes the pattern makes, floor by floor; existing and repeated ones marked (they are skipped). */
function LivePreview({ onPreview }: { onPreview: (preview: Preview | undefined) => void }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<MeteringDataProvider>();
  const values = useWatch() as BulkValues;
  const key = JSON.stringify(bodyOf(values));
  const ready = complete(values);
  const [state, setState] = useState<{ key: string; preview?: Preview; error?: string }>();
  useEffect(() => {
    if (!ready) { onPreview(undefined); return undefined; }
    let current = true;
    const timer = setTimeout(() => {
      dataProvider.invoke<Preview>('fangjianguanli', 'previewBulk', JSON.parse(key))
        .then((preview) => { if (current) { setState({ key, preview }); onPreview(preview); } })
        .catch((error: Error) => { if (current) { setState({ key, error: error.message }); onPreview(undefined); } });
    }, 300);
    return () => { current = false; clearTimeout(timer); };
  }, [key, ready]); // eslint-disable-line react-hooks/exhaustive-deps
  const floors = useMemo(() => {
    const byFloor = new Map<number, Planned[]>();
    for (const room of state?.preview?.rooms ?? []) byFloor.set(room.floor, [...(byFloor.get(room.floor) ?? []), room]);
    return [...byFloor.entries()];
  }, [state?.preview]);
  if (!ready) return <Typography variant="body2" color="text.secondary">{translate('estate.bulk.fillIn', { max: BULK_MAX })}</Typography>;
  if (!state || state.key !== key) return <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}><CircularProgress size={18} /><Typography variant="body2">{translate('estate.bulk.previewing')}</Typography></Box>;
  if (state.error) return <Alert severity="error">{state.error}</Alert>;
  const preview = state.preview!;
  return (
    <Box>
      <Alert severity={preview.toCreate ? 'info' : 'warning'} sx={{ mb: 1 }}>
        {translate('estate.bulk.summary', { total: preview.total, toCreate: preview.toCreate, existing: preview.existing, duplicates: preview.duplicates })}
      </Alert>
      <Box sx={{ display: 'flex', gap: 1, mb: 1, flexWrap: 'wrap' }}>
        <Chip size="small" variant="outlined" label={translate('estate.bulk.legendNew')} />
        <Chip size="small" color="warning" label={translate('estate.bulk.legendExists')} />
        <Chip size="small" color="error" label={translate('estate.bulk.legendDuplicate')} />
      </Box>
      <Box sx={{ maxHeight: 300, overflow: 'auto', border: 1, borderColor: 'divider', borderRadius: 1, p: 1 }} aria-label={translate('estate.bulk.preview')} role="region">
        {floors.map(([floor, rooms]) => (
          <Box key={floor} sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, mb: 0.5 }}>
            <Typography variant="caption" sx={{ minWidth: 48, pt: 0.5 }}>{translate('estate.bulk.floor', { floor })}</Typography>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
              {rooms.map((room, index) => (
                <Chip
                  key={`${room.roomCode}-${index}`} size="small" label={room.roomCode}
                  color={room.exists ? 'warning' : room.duplicate ? 'error' : 'default'} variant={room.exists || room.duplicate ? 'filled' : 'outlined'}
                  title={room.exists ? translate('estate.bulk.legendExists') : room.duplicate ? translate('estate.bulk.legendDuplicate') : undefined}
                  sx={room.exists || room.duplicate ? { textDecoration: 'line-through' } : undefined}
                />
              ))}
            </Box>
          </Box>
        ))}
      </Box>
    </Box>
  );
}

/** floorTo: not below floorFrom, not above the building's floors. */
function FloorToInput() {
  const buildingId = useWatch({ name: 'buildingId' });
  const floorFrom = useWatch({ name: 'floorFrom' });
  const { data: building } = useGetOne('buildings', { id: buildingId }, { enabled: !!buildingId });
  const notBelow = (value: unknown) => (typeof value === 'number' && typeof floorFrom === 'number' && value < floorFrom ? 'estate.validation.rangeOrder' : undefined);
  return <NumberInput source="floorTo" label="estate.bulk.floorTo" validate={[required(), number(), integer, minValue(1), maxValue(building?.floors ?? FLOORS_MAX), notBelow]} fullWidth />;
}

function NumberToInput() {
  const numberFrom = useWatch({ name: 'numberFrom' });
  const notBelow = (value: unknown) => (typeof value === 'number' && typeof numberFrom === 'number' && value < numberFrom ? 'estate.validation.rangeOrder' : undefined);
  return <NumberInput source="numberTo" label="estate.bulk.numberTo" validate={[required(), number(), integer, minValue(0), maxValue(999), notBelow]} fullWidth />;
}

function CreateActions({ onClose, preview }: { onClose: () => void; preview?: Preview }) {
  const translate = useTranslate();
  const { formState } = useFormContext();
  return (
    <DialogActions>
      <MuiButton onClick={onClose}>{translate('ra.action.cancel')}</MuiButton>
      <MuiButton type="submit" variant="contained" disabled={!preview || preview.toCreate === 0 || formState.isSubmitting}>
        {translate('estate.bulk.create', { smart_count: preview?.toCreate ?? 0 })}
      </MuiButton>
    </DialogActions>
  );
}

function BulkCreateDialog({ onClose }: { onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<MeteringDataProvider>();
  const [preview, setPreview] = useState<Preview>();
  const submit = async (values: BulkValues) => {
    try {
      const result = await dataProvider.invoke<{ created: number; skipped: number }>('fangjianguanli', 'addBulk', bodyOf(values));
      notify('estate.bulk.done', { type: 'info', messageArgs: { created: result.created, skipped: result.skipped } });
      refresh();
      onClose();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    }
  };
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby="bulk-title">
      <Form onSubmit={submit as never} mode="onChange" defaultValues={{ floorFrom: 1, floorTo: 6, numberFrom: 1, numberTo: 20, pattern: '{floor}{nn}' }} noValidate>
        <DialogTitle id="bulk-title">{translate('estate.bulk.title')}</DialogTitle>
        <DialogContent dividers>
          <Grid container columnSpacing={2} sx={{ width: '100%' }}>
            <Grid size={{ xs: 12, sm: 6 }}><ProjectInput fullWidth /></Grid>
            <Grid size={{ xs: 12, sm: 6 }}><BuildingInput validate={required()} fullWidth /></Grid>
            <Grid size={{ xs: 6, sm: 3 }}><NumberInput source="floorFrom" label="estate.bulk.floorFrom" validate={[required(), number(), integer, minValue(1), maxValue(FLOORS_MAX)]} fullWidth /></Grid>
            <Grid size={{ xs: 6, sm: 3 }}><FloorToInput /></Grid>
            <Grid size={{ xs: 6, sm: 3 }}><NumberInput source="numberFrom" label="estate.bulk.numberFrom" validate={[required(), number(), integer, minValue(0), maxValue(999)]} fullWidth /></Grid>
            <Grid size={{ xs: 6, sm: 3 }}><NumberToInput /></Grid>
            <Grid size={{ xs: 12, sm: 8 }}>
              <TextInput source="pattern" label="estate.bulk.pattern" helperText="estate.bulk.patternHelp" validate={[required(), patternRule]} fullWidth />
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }}><DecimalInput source="size" label="resources.fangjianguanli.fields.size" decimals={2} validate={[minValue(0), maxValue(100_000)]} fullWidth /></Grid>
          </Grid>
          <LivePreview onPreview={setPreview} />
        </DialogContent>
        <CreateActions onClose={onClose} preview={preview} />
      </Form>
    </Dialog>
  );
}

/** Toolbar button: create the rooms of floors a…b × numbers x…y by a code pattern, with a live preview. */
export function BulkCreateButton() {
  const { canAccess } = useResourceAccess({ resource: 'fangjianguanli', action: 'create' });
  const [open, setOpen] = useState(false);
  if (!canAccess) return null;
  return (
    <>
      <Button label="estate.bulk.button" onClick={() => setOpen(true)}><AddHomeWorkIcon /></Button>
      {open && <BulkCreateDialog onClose={() => setOpen(false)} />}
    </>
  );
}
