import { useEffect, useState } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField, Typography,
} from '@mui/material';
import TuneIcon from '@mui/icons-material/Tune';
import type { MeteringDataProvider } from '../../../data/dataProvider';
import { useResourceAccess } from '../../../auth/useResourceAccess';

const RESOURCE = 'danjiabiao';

interface Choice { id: number; name: string }
interface AreaDefaults {
  areaId: number; areaName: string;
  defaultPriceTableId: number | null; defaultPriceTableName: string | null;
  defaultControlSetId: number | null; defaultControlSetName: string | null;
  defaultWaterControlSetId: number | null; defaultWaterControlSetName: string | null;
  priceTables: Choice[]; controlSets: Choice[];
}

/**
 * The area's defaults (issues 29 and 40), from the price-table screen's toolbar: the price table a
 * meter in a room takes when none is chosen, the control set whose limits a new electric account
 * takes when its meter has none, and the one a new water account takes (areaDefaults/findAreaDefaults, updateAreaDefaults; audited by the server). The
 * button names the current default table; a read-only operator sees the values without saving.
 */
export function AreaDefaultsButton() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<MeteringDataProvider>();
  const [open, setOpen] = useState(false);
  const { data } = useQuery({
    queryKey: [RESOURCE, 'areaDefaults'],
    queryFn: () => dataProvider.invoke<AreaDefaults>(RESOURCE, 'areaDefaults'),
  });
  return (
    <>
      <Button size="small" startIcon={<TuneIcon />} onClick={() => setOpen(true)} sx={{ whiteSpace: 'nowrap' }}>
        {translate('areaDefaults.button')}{data?.defaultPriceTableName ? `: ${data.defaultPriceTableName}` : ''}
      </Button>
      {open && data && <AreaDefaultsDialog defaults={data} onClose={() => setOpen(false)} />}
    </>
  );
}

function AreaDefaultsDialog({ defaults, onClose }: { defaults: AreaDefaults; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<MeteringDataProvider>();
  const { canAccess: canEdit = false } = useResourceAccess({ resource: RESOURCE, action: 'edit' });
  const [table, setTable] = useState<number | ''>(defaults.defaultPriceTableId ?? '');
  const [control, setControl] = useState<number | ''>(defaults.defaultControlSetId ?? '');
  const [waterControl, setWaterControl] = useState<number | ''>(defaults.defaultWaterControlSetId ?? '');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setError(null), [table, control, waterControl]);
  const save = useMutation({
    mutationFn: () => dataProvider.invoke<AreaDefaults>(RESOURCE, 'updateAreaDefaults', {
      defaultPriceTableId: table === '' ? null : table, defaultControlSetId: control === '' ? null : control,
      defaultWaterControlSetId: waterControl === '' ? null : waterControl,
    }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: [RESOURCE, 'areaDefaults'] });
      await queryClient.invalidateQueries({ queryKey: ['dianbiaoguanli', 'areaDefaults'] });
      notify('areaDefaults.saved', { type: 'info' });
      onClose();
    },
    onError: (failure: Error) => setError(failure.message),
  });
  const picker = (label: string, value: number | '', choices: Choice[], onChange: (value: number | '') => void, name: string) => (
    <TextField
      select fullWidth size="small" label={translate(label)} value={value} disabled={!canEdit} name={name}
      // "None" shows as the value when nothing is chosen, under its label.
      slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
      onChange={(event) => onChange(event.target.value === '' ? '' : Number(event.target.value))}
    >
      <MenuItem value=""><em>{translate('areaDefaults.none')}</em></MenuItem>
      {choices.map((choice) => <MenuItem key={choice.id} value={choice.id}>{choice.name}</MenuItem>)}
    </TextField>
  );
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="area-defaults-title">
      <DialogTitle id="area-defaults-title">{translate('areaDefaults.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="subtitle2">{translate('areaDefaults.area', { name: defaults.areaName })}</Typography>
          <Typography variant="body2" color="text.secondary">{translate('areaDefaults.help')}</Typography>
          {picker('areaDefaults.priceTable', table, defaults.priceTables, setTable, 'defaultPriceTableId')}
          {picker('areaDefaults.controlSet', control, defaults.controlSets, setControl, 'defaultControlSetId')}
          {picker('areaDefaults.waterControlSet', waterControl, defaults.controlSets, setWaterControl, 'defaultWaterControlSetId')}
          {error && <Alert severity="error">{error}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        {canEdit && (
          <Button variant="contained" onClick={() => save.mutate()} disabled={save.isPending} startIcon={save.isPending ? <CircularProgress size={16} /> : undefined}>
            {translate('ra.action.save')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
