import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Button, useDataProvider, useGetList, useListContext, useNotify, useResourceContext, useTranslate, type RaRecord, type SortPayload } from 'react-admin';
import {
  Alert, Box, Button as MuiButton, Chip, CircularProgress, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, MenuItem,
  Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography,
} from '@mui/material';
import SettingsRemoteIcon from '@mui/icons-material/SettingsRemote';
import ArrowRightAltIcon from '@mui/icons-material/ArrowRightAlt';
import type { MeteringDataProvider } from '../../data/dataProvider';
import { ListScreen } from '../list/ListScreen';
import { FilterSummary, filterInputs, hasFilter, type FilterSpec } from '../list/filters';
import type { Column } from '../list/columns';
import { scopeOfFilters, type BulkScope } from '../bulk/ScopedActionDialog';
import { SelectedMeters } from '../bulk/SelectedMeters';
import { useCountOf } from '../delete/DeleteWithImpact';
import { DeviceActionsProvider, useCanCommand, useDeviceActions } from './DeviceActions';
import { formatYuan } from '../../../common/money';
import { SetHistoryButton } from './SetHistory';
import { MeterTreeButton } from './MeterTree';

/** A parameter set as its list (`parameterSet/<kind>/findByCondition`) answers it. */
export interface AssignableSet extends RaRecord { id: number; name: string; values: Record<string, unknown>; usedBy?: number }

/** One meter of a dry run: what changes on it (its current set → the chosen one). */
export interface AssignChange { id: number; address: string; roomCode: string | null; buildingName: string | null; online: boolean; fromSetId: number | null; fromSetName: string | null }
interface DryRun { count: number; unchanged: number; changes: AssignChange[] }

/** What the screen declares: the kind, the parameter-set resource listing its sets, its meter list. */
export interface AssignSetSpec<R extends RaRecord> {
  /** parameter_sets.kind (`night`, `control`, `load`, `timed`, …): the payload's setKind. */
  setKind: string;
  /** The resource of that kind's sets (its getList is `parameterSet/<kind>/findByCondition`). */
  setResource: string;
  columns: Column<R>[];
  /** The meter list's filters; the kit adds "current set" (`${setKind}SetId`). */
  filters: FilterSpec[];
  sort?: SortPayload;
  /** The set's values in the order shown (the others follow). */
  valueOrder?: readonly string[];
  /** A hook giving the text of one value of a set, where the default (money in yuan for `…Fen`, yes/no, days, plain) will not do. */
  useFormatValue?: () => (key: string, value: unknown) => string | undefined;
}

const rank = (order: readonly string[], key: string) => (order.includes(key) ? order.indexOf(key) : order.length);
const noFormat = () => undefined;
const useNoFormat = () => noFormat;

const setFilterSource = (setKind: string) => `${setKind}SetId`;

/** A set's values as `label: value` chips (labels `resources.<setResource>.fields.values.<key>`). */
export function SetValues({ set, setResource, order = [], formatValue }: { set: AssignableSet; setResource: string; order?: readonly string[]; formatValue?: (key: string, value: unknown) => string | undefined }) {
  const translate = useTranslate();
  const text = (key: string, value: unknown): string => {
    const custom = formatValue?.(key, value);
    if (custom !== undefined) return custom;
    if (value === null || value === undefined || value === '') return '—';
    if (/Fen$/.test(key) && typeof value === 'number') return formatYuan(value);
    if (typeof value === 'boolean') return translate(`ra.boolean.${value}`);
    if (key === 'days' && Array.isArray(value)) return value.map((day) => translate(`tariffs.days.${day}`)).join(' ');
    if (key === 'action') return translate(`tariffs.loadAction.${String(value)}`, { _: String(value) });
    if (key === 'unit') return translate(`tariffs.giftUnit.${String(value)}`, { _: String(value) });
    return String(value);
  };
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75 }} aria-label={translate('specialAssign.values')}>
      {Object.entries(set.values ?? {}).sort(([a], [b]) => rank(order, a) - rank(order, b)).map(([key, value]) => (
        <Chip key={key} size="small" variant="outlined" label={`${translate(`resources.${setResource}.fields.values.${key}`, { _: key })}: ${text(key, value)}`} />
      ))}
    </Box>
  );
}

/**
 * The assign flow (issue 30, "one flow for all of them"): the meters chosen (rows, or everything
 * the filters match, the scope stated in words) → the set chosen (its values shown) → what changes
 * per meter (current → new; the meters already on it left out and counted; electricMeter/commandAll
 * dry run) → confirm (the count; sent as expectedCount, refused if the scope changed meanwhile) →
 * one `set_parameter` command per meter → live progress (DeviceActionsProvider), retry the failed.
 * A meter's set changes only when its command succeeds (server/domain/templates.ts).
 */
function AssignDialog<R extends RaRecord>({ spec, scope, scopeWords, scopeTitle = 'bulk.scope', onClose, onQueued }: {
  spec: AssignSetSpec<R>;
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
  const { data: sets = [], isPending: setsPending } = useGetList<AssignableSet>(spec.setResource, { pagination: { page: 1, perPage: 100 }, sort: { field: 'name', order: 'ASC' } });
  const formatValue = (spec.useFormatValue ?? useNoFormat)();
  const [setId, setSetId] = useState<number | ''>('');
  const [dry, setDry] = useState<DryRun | null>(null);
  const [counting, setCounting] = useState(false);
  const [running, setRunning] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const chosen = sets.find((set) => set.id === setId);
  const body = useMemo(() => ({ ...scope, type: 'set_parameter', setKind: spec.setKind, setId }), [scope, spec.setKind, setId]);

  useEffect(() => {
    if (setId === '') return;
    let current = true;
    setDry(null);
    setCounting(true);
    dataProvider.invoke<DryRun>(resource, 'commandAll', { ...body, dryRun: true })
      .then((answer) => { if (current) setDry(answer); })
      .catch((error: Error) => { if (current) notify(error.message, { type: 'error' }); })
      .finally(() => { if (current) setCounting(false); });
    return () => { current = false; };
  }, [JSON.stringify(body), attempt]); // eslint-disable-line react-hooks/exhaustive-deps

  const confirm = async () => {
    if (!dry || !chosen) return;
    setRunning(true);
    try {
      const { ids } = await dataProvider.invoke<{ ids: number[] }>(resource, 'commandAll', { ...body, expectedCount: dry.count });
      onQueued?.();
      track(`specialAssign.progress.${spec.setKind}`, ids);
      onClose();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
      setAttempt((n) => n + 1);
    } finally {
      setRunning(false);
    }
  };

  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth>
      <DialogTitle>{translate('specialAssign.title', { kind: translate(`specialAssign.kinds.${spec.setKind}`) })}</DialogTitle>
      <DialogContent>
        <Box sx={{ mb: 2 }}>
          <DialogContentText component="div" sx={{ mb: 0.5 }}>{translate(scopeTitle)}</DialogContentText>
          {scopeWords}
        </Box>
        <TextField
          select fullWidth size="small" label={translate('specialAssign.set')} value={setId}
          onChange={(event) => setSetId(Number(event.target.value))} disabled={setsPending}
          helperText={!setsPending && !sets.length ? translate('specialAssign.noSets') : undefined}
        >
          {sets.map((set) => <MenuItem key={set.id} value={set.id}>{set.name}</MenuItem>)}
        </TextField>
        {chosen && <Box sx={{ mt: 1.5 }}><SetValues set={chosen} setResource={spec.setResource} order={spec.valueOrder} formatValue={formatValue} /></Box>}
        {counting && <CircularProgress size={20} sx={{ mt: 2 }} aria-label={translate('bulk.counting')} />}
        {dry && chosen && (
          <Box sx={{ mt: 2 }}>
            <DialogContentText role="status">
              {dry.count
                ? translate('specialAssign.question', { count: countOf(dry.count), name: chosen.name })
                : translate('specialAssign.nothing', { name: chosen.name })}
            </DialogContentText>
            {dry.unchanged > 0 && <Alert severity="info" sx={{ mt: 1 }}>{translate('specialAssign.unchanged', { smart_count: dry.unchanged, name: chosen.name })}</Alert>}
            {dry.changes.some((change) => !change.online) && <Alert severity="warning" sx={{ mt: 1 }}>{translate('specialAssign.offline')}</Alert>}
            {dry.changes.length > 0 && (
              <Table size="small" sx={{ mt: 1 }} aria-label={translate('specialAssign.changes')}>
                <TableHead>
                  <TableRow>
                    <TableCell>{translate('specialAssign.meter')}</TableCell>
                    <TableCell>{translate('specialAssign.room')}</TableCell>
                    <TableCell>{translate('specialAssign.change')}</TableCell>
                    <TableCell>{translate('specialAssign.online')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {dry.changes.map((change) => (
                    <TableRow key={change.id}>
                      <TableCell sx={{ fontFamily: 'monospace' }}>{change.address}</TableCell>
                      <TableCell>{[change.buildingName, change.roomCode].filter(Boolean).join(' ')}</TableCell>
                      <TableCell>
                        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
                          <span>{change.fromSetName ?? translate('specialAssign.none')}</span>
                          <ArrowRightAltIcon fontSize="small" color="action" />
                          <strong>{chosen.name}</strong>
                        </Box>
                      </TableCell>
                      <TableCell>{translate(change.online ? 'specialAssign.isOnline' : 'specialAssign.isOffline')}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
            {dry.count > dry.changes.length && (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>{translate('specialAssign.more', { smart_count: dry.count - dry.changes.length })}</Typography>
            )}
            <Alert severity="info" sx={{ mt: 1.5 }}>{translate('specialAssign.rule')}</Alert>
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <MuiButton onClick={onClose}>{translate('ra.action.cancel')}</MuiButton>
        <MuiButton variant="contained" disabled={!dry || !dry.count || counting || running} onClick={confirm}>{translate('ra.action.confirm')}</MuiButton>
      </DialogActions>
    </Dialog>
  );
}

/** Bulk action: assign a set to the selected meters (the scope: those ids). */
function AssignSelectedButton<R extends RaRecord>({ spec }: { spec: AssignSetSpec<R> }) {
  const { selectedIds, onUnselectItems } = useListContext();
  const canCommand = useCanCommand();
  const [open, setOpen] = useState(false);
  if (!canCommand) return null;
  return (
    <>
      <Button label="specialAssign.assignSelected" onClick={() => setOpen(true)}><SettingsRemoteIcon /></Button>
      {open && (
        <AssignDialog
          spec={spec}
          scope={{ filter: { ids: selectedIds.join(',') } }}
          scopeWords={<SelectedMeters ids={selectedIds} label="specialAssign.selected" />}
          scopeTitle="specialAssign.selectedScope"
          onQueued={() => onUnselectItems()}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}

/** Screen action: assign a set to every meter the filters match ("all in this building"), the scope stated. */
function AssignFilteredButton<R extends RaRecord>({ spec, filters }: { spec: AssignSetSpec<R>; filters: FilterSpec[] }) {
  const { filterValues } = useListContext();
  const resource = useResourceContext()!;
  const canCommand = useCanCommand();
  const [open, setOpen] = useState(false);
  if (!canCommand) return null;
  return (
    <>
      <Button label="specialAssign.assignFiltered" onClick={() => setOpen(true)}><SettingsRemoteIcon /></Button>
      {open && (
        <AssignDialog
          spec={spec}
          scope={scopeOfFilters(filters, filterValues)}
          scopeWords={<FilterSummary resource={resource} specs={filters} values={filterValues} />}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}

/**
 * Screen action: choose the meters in the tree (project → building → room, "all in this building"),
 * under the list's filters (current set, online state), then assign to them: the scope is those
 * meters' ids with the same filters (the server counts and checks it again).
 */
function AssignByTreeButton<R extends RaRecord>({ spec, filters }: { spec: AssignSetSpec<R>; filters: FilterSpec[] }) {
  const { filterValues } = useListContext();
  const resource = useResourceContext()!;
  const canCommand = useCanCommand();
  const [chosen, setChosen] = useState<{ ids: number[]; words: ReactNode } | null>(null);
  if (!canCommand) return null;
  return (
    <>
      <MeterTreeButton
        filter={filterValues}
        filterWords={hasFilter(filters, filterValues) ? <FilterSummary resource={resource} specs={filters} values={filterValues} /> : undefined}
        onChosen={(ids, words) => setChosen({ ids, words })}
      />
      {chosen && (
        <AssignDialog
          spec={spec}
          scope={{ filter: { ...filterValues, ids: chosen.ids.join(',') } }}
          scopeWords={chosen.words}
          scopeTitle="meterTree.scope"
          onClose={() => setChosen(null)}
        />
      )}
    </>
  );
}

const ROW_ACTIONS = <SetHistoryButton />;

/**
 * An assign screen, declared: the electric meter list (its columns and filters, plus "current set of
 * this kind"), "assign to the selected" and "assign to all filtered", the progress of the commands.
 */
export function AssignSetList<R extends RaRecord>({ spec }: { spec: AssignSetSpec<R> }) {
  const resource = useResourceContext()!;
  const { data: sets = [] } = useGetList<AssignableSet>(spec.setResource, { pagination: { page: 1, perPage: 100 }, sort: { field: 'name', order: 'ASC' } });
  const filters = useMemo<FilterSpec[]>(() => [
    ...spec.filters,
    { source: setFilterSource(spec.setKind), kind: 'choice', alwaysOn: true, label: 'specialAssign.currentSet', choices: sets.map((set) => ({ id: String(set.id), name: set.name })) },
  ], [spec.filters, spec.setKind, sets]);
  const inputs = useMemo(() => filterInputs(resource, filters), [resource, filters]);
  return (
    <DeviceActionsProvider>
      <ListScreen<R>
        columns={spec.columns}
        filters={inputs}
        sort={spec.sort}
        deletable={false}
        toolbar={<><AssignByTreeButton spec={spec} filters={filters} /><AssignFilteredButton spec={spec} filters={filters} /></>}
        bulkActions={<AssignSelectedButton spec={spec} />}
        rowActions={ROW_ACTIONS}
      />
    </DeviceActionsProvider>
  );
}
