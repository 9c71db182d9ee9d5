import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Button, useDataProvider, useListContext, useNotify, useResourceContext, useTranslate } from 'react-admin';
import { Alert, Box, Button as MuiButton, CircularProgress, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import BatteryChargingFullIcon from '@mui/icons-material/BatteryChargingFull';
import type { MeteringDataProvider } from '../../../data/dataProvider';
import { ListScreen } from '../../../components/list/ListScreen';
import { FilterSummary, filterInputs } from '../../../components/list/filters';
import { scopeOfFilters, type BulkScope } from '../../../components/bulk/ScopedActionDialog';
import { SelectedMeters } from '../../../components/bulk/SelectedMeters';
import { useCountOf } from '../../../components/delete/DeleteWithImpact';
import { DeviceActionsProvider, useCanCommand, useDeviceActions } from '../../../components/devices/DeviceActions';
import type { ResultColumn } from '../../../components/devices/CommandProgress';
import { electricColumns } from '../../devices/electric/columns';
import { ELECTRIC_FILTERS, ROOM_SORT, type ElectricMeter } from '../../devices/electric/model';

const T = 'presetEnergy';
/** The most kWh one preset writes (the server's limit: electricMeter/commandAll `energy`). */
export const PRESET_ENERGY_MAX = 99_999.99;

/** The kWh typed: a number above 0, at most the maximum, two decimals at most (undefined otherwise). */
export const presetEnergyOf = (text: string): number | undefined => {
  const trimmed = text.trim();
  if (!/^\d{1,5}(\.\d{1,2})?$/.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return value > 0 && value <= PRESET_ENERGY_MAX ? value : undefined;
};

interface DryRun { count: number; offline: number }

/**
 * The preset flow: the scope stated under its own heading (the selected meters by address, or the
 * list's filters in words: a remote write names what it acts on), the kWh typed,
 * the count of meters it will go to (a dry run, with the offline ones counted), confirm (sent with
 * that count: refused if the scope changed meanwhile) → one preset_energy command per meter → live
 * progress with each meter's result and what it now keeps (DeviceActionsProvider), retry the failed.
 */
function PresetDialog({ scope, scopeWords, scopeTitle = 'bulk.scope', onClose, onQueued }: {
  scope: BulkScope;
  scopeWords: ReactNode;
  /** The heading above the scope's words (a message key; default: the list's filters). */
  scopeTitle?: string;
  onClose: () => void;
  onQueued?: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const countOf = useCountOf();
  const resource = useResourceContext()!;
  const dataProvider = useDataProvider<MeteringDataProvider>();
  const { track } = useDeviceActions();
  const [text, setText] = useState('');
  const [dry, setDry] = useState<DryRun | null>(null);
  const [counting, setCounting] = useState(false);
  const [running, setRunning] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const energy = presetEnergyOf(text);
  const body = useMemo(() => ({ ...scope, type: 'preset_energy', energy }), [scope, energy]);

  useEffect(() => {
    if (energy === undefined) return;
    let current = true;
    setCounting(true);
    dataProvider.invoke<DryRun>(resource, 'commandAll', { ...body, dryRun: true })
      .then((answer) => { if (current) setDry(answer); })
      .catch((error: Error) => { if (current) notify(error.message, { type: 'error' }); })
      .finally(() => { if (current) setCounting(false); });
    return () => { current = false; };
  }, [JSON.stringify(body), attempt]); // eslint-disable-line react-hooks/exhaustive-deps

  const confirm = async () => {
    if (!dry || energy === undefined) return;
    setRunning(true);
    try {
      const { ids } = await dataProvider.invoke<{ ids: number[] }>(resource, 'commandAll', { ...body, expectedCount: dry.count });
      onQueued?.();
      track(`${T}.progress`, ids);
      onClose();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
      setAttempt((n) => n + 1);
    } finally {
      setRunning(false);
    }
  };

  const invalid = text.trim() !== '' && energy === undefined;
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="preset-energy-title">
      <DialogTitle id="preset-energy-title">{translate(`${T}.title`)}</DialogTitle>
      <DialogContent>
        <Box sx={{ mb: 2 }}>
          <DialogContentText component="div" sx={{ mb: 0.5 }}>{translate(scopeTitle)}</DialogContentText>
          {scopeWords}
        </Box>
        <TextField
          autoFocus fullWidth size="small" label={translate(`${T}.energy`)} value={text} onChange={(event) => setText(event.target.value)}
          error={invalid} helperText={translate(invalid ? `${T}.energyInvalid` : `${T}.energyHelp`)}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
        {counting && <CircularProgress size={20} sx={{ mt: 2 }} aria-label={translate('bulk.counting')} />}
        {dry && energy !== undefined && !counting && (
          <Box sx={{ mt: 2 }}>
            <DialogContentText role="status">
              {dry.count ? translate(`${T}.question`, { count: countOf(dry.count), energy: energy.toFixed(2) }) : translate('bulk.nothing')}
            </DialogContentText>
            {dry.offline > 0 && <Alert severity="warning" sx={{ mt: 1 }}>{translate(`${T}.offline`, { smart_count: dry.offline })}</Alert>}
            <Alert severity="info" sx={{ mt: 1.5 }}>{translate(`${T}.rule`)}</Alert>
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <MuiButton onClick={onClose}>{translate('ra.action.cancel')}</MuiButton>
        <MuiButton variant="contained" disabled={!dry || !dry.count || energy === undefined || counting || running} onClick={confirm}>{translate('ra.action.confirm')}</MuiButton>
      </DialogActions>
    </Dialog>
  );
}

/** Bulk action: preset energy on the selected meters. */
function PresetSelectedButton() {
  const { selectedIds, onUnselectItems } = useListContext();
  const canCommand = useCanCommand();
  const [open, setOpen] = useState(false);
  if (!canCommand) return null;
  return (
    <>
      <Button label={`${T}.presetSelected`} onClick={() => setOpen(true)}><BatteryChargingFullIcon /></Button>
      {open && (
        <PresetDialog
          scope={{ filter: { ids: selectedIds.join(',') } }}
          scopeWords={<SelectedMeters ids={selectedIds} label={`${T}.selected`} />}
          scopeTitle="bulk.selectedScope"
          onQueued={() => onUnselectItems()} onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}

/** Screen action: preset energy on every meter the filters match, the scope in words. */
function PresetFilteredButton() {
  const { filterValues } = useListContext();
  const resource = useResourceContext()!;
  const canCommand = useCanCommand();
  const [open, setOpen] = useState(false);
  if (!canCommand) return null;
  return (
    <>
      <Button label={`${T}.presetFiltered`} onClick={() => setOpen(true)}><BatteryChargingFullIcon /></Button>
      {open && (
        <PresetDialog
          scope={scopeOfFilters(ELECTRIC_FILTERS, filterValues)}
          scopeWords={<FilterSummary resource={resource} specs={ELECTRIC_FILTERS} values={filterValues} />}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}

/** What each meter keeps after the preset (its answer), beside its result. */
const RESULT_COLUMNS: ResultColumn[] = [
  { label: `${T}.remaining`, align: 'right', render: (command) => (typeof command.result?.remaining === 'number' ? command.result.remaining.toFixed(2) : '') },
];

/** Online state in view: offline meters are queued and retried until their deadline. */
const FILTERS = ELECTRIC_FILTERS.map((filter) => (filter.source === 'online' ? { ...filter, alwaysOn: true } : filter));

/** 预置电量: the electric meters; preset energy on the selected ones or on all the filters match. */
export default function PresetEnergyList() {
  const resource = useResourceContext()!;
  const inputs = useMemo(() => filterInputs(resource, FILTERS), [resource]);
  const columns = useMemo(() => electricColumns(), []);
  return (
    <DeviceActionsProvider resultColumns={RESULT_COLUMNS}>
      <ListScreen<ElectricMeter>
        columns={columns} filters={inputs} sort={ROOM_SORT} deletable={false}
        toolbar={<PresetFilteredButton />} bulkActions={<PresetSelectedButton />}
      />
    </DeviceActionsProvider>
  );
}
