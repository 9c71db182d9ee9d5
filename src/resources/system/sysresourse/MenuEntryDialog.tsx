import { useMemo, useState, type FormEvent } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import { Alert, Autocomplete, Button, Dialog, DialogActions, DialogContent, DialogTitle, Grid, MenuItem, TextField } from '@mui/material';
import { ROUTES, routeName } from '../../../../common/routeCatalog';
import type { MeteringDataProvider } from '../../../data/dataProvider';
import { IconPicker } from './IconPicker';
import { parentChoices, type MenuEntry } from './model';

type Draft = Omit<MenuEntry, 'id'> & { id?: number };

/** Creates or edits one menu entry: name, type, parent, sort value, route path (empty: a temporary entry) and icon. */
export function MenuEntryDialog({ entry, rows, onClose, onSaved }: {
  entry: Draft; rows: MenuEntry[]; onClose: () => void; onSaved: () => void;
}) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<MeteringDataProvider>();
  const [draft, setDraft] = useState<Draft>(entry);
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const parents = useMemo(() => parentChoices(rows, entry.id), [rows, entry.id]);
  const routes = useMemo(() => ROUTES.map((route) => ({ path: route.path, title: translate(`routes.${routeName(route.path)}`) })), [translate]);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  const nameError = !draft.name.trim() ? 'ra.validation.required' : draft.name.trim().length > 50 ? 'menuAdmin.nameTooLong' : undefined;
  const sortError = !Number.isInteger(draft.userSort) || draft.userSort < 0 || draft.userSort > 9999 ? 'menuAdmin.sortRange' : undefined;
  const isRoot = draft.userType === 0;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (nameError || sortError) return;
    setSaving(true);
    setServerError(undefined);
    const body = { name: draft.name.trim(), userType: draft.userType, parentId: draft.parentId, userSort: draft.userSort, resUrl: draft.resUrl, icon: draft.icon };
    try {
      if (draft.id) await dataProvider.invoke('sysresourse', 'update', { id: draft.id, ...body });
      else await dataProvider.invoke('sysresourse', 'save', body);
      onSaved();
    } catch (error) {
      setServerError((error as Error).message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth>
      <form onSubmit={submit} noValidate>
        <DialogTitle>{draft.id ? translate('menuAdmin.editTitle', { name: entry.name }) : translate('menuAdmin.createTitle')}</DialogTitle>
        <DialogContent>
          {serverError && <Alert severity="error" sx={{ mb: 1 }}>{serverError}</Alert>}
          <Grid container columnSpacing={2} rowSpacing={1} sx={{ pt: 1 }}>
            <Grid size={{ xs: 12, sm: 7 }}>
              <TextField
                label={translate('resources.sysresourse.fields.name')} value={draft.name} onChange={(e) => set('name', e.target.value)} required fullWidth autoFocus
                error={touched && !!nameError} helperText={touched && nameError ? translate(nameError, { max: 50 }) : ' '} slotProps={{ htmlInput: { maxLength: 60 } }}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 5 }}>
              <TextField
                select label={translate('resources.sysresourse.fields.userType')} value={draft.userType} fullWidth disabled={isRoot}
                onChange={(e) => set('userType', Number(e.target.value))} helperText=" "
              >
                {isRoot && <MenuItem value={0}>{translate('menuAdmin.type.0')}</MenuItem>}
                <MenuItem value={1}>{translate('menuAdmin.type.1')}</MenuItem>
                <MenuItem value={2}>{translate('menuAdmin.type.2')}</MenuItem>
              </TextField>
            </Grid>
            {!isRoot && (
              <Grid size={{ xs: 12, sm: 7 }}>
                <TextField select label={translate('resources.sysresourse.fields.parentId')} value={draft.parentId} fullWidth onChange={(e) => set('parentId', Number(e.target.value))} helperText=" ">
                  <MenuItem value={0}>{translate('menuAdmin.noParent')}</MenuItem>
                  {parents.map((parent) => <MenuItem key={parent.id} value={parent.id}>{parent.name || translate('layout.untitledMenu')}</MenuItem>)}
                </TextField>
              </Grid>
            )}
            <Grid size={{ xs: 12, sm: isRoot ? 12 : 5 }}>
              <TextField
                type="number" label={translate('resources.sysresourse.fields.userSort')} value={Number.isNaN(draft.userSort) ? '' : draft.userSort} fullWidth
                onChange={(e) => set('userSort', e.target.value === '' ? Number.NaN : Number(e.target.value))}
                error={touched && !!sortError} helperText={touched && sortError ? translate(sortError) : translate('menuAdmin.sortHelp')}
                slotProps={{ htmlInput: { min: 0, max: 9999, step: 10 } }}
              />
            </Grid>
            <Grid size={12}>
              <Autocomplete
                options={routes} value={routes.find((route) => route.path === draft.resUrl) ?? null}
                onChange={(_, route) => set('resUrl', route?.path ?? '')}
                getOptionLabel={(route) => `${route.path} · ${route.title}`}
                isOptionEqualToValue={(a, b) => a.path === b.path}
                renderInput={(params) => (
                  <TextField {...params} label={translate('resources.sysresourse.fields.resUrl')} helperText={translate('menuAdmin.tempMenuHelp')} />
                )}
              />
            </Grid>
            <Grid size={12}>
              <IconPicker value={draft.icon} onChange={(icon) => set('icon', icon)} />
            </Grid>
          </Grid>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={saving}>{translate('ra.action.save')}</Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
