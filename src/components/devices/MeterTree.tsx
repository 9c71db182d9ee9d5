import { useState, type ReactNode } from 'react';
import { Button as RaButton, useDataProvider, useNotify, useResourceContext, useTranslate } from 'react-admin';
import {
  Alert, Box, Button, Checkbox, Chip, CircularProgress, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, IconButton,
  Typography,
} from '@mui/material';
import AccountTreeIcon from '@mui/icons-material/AccountTree';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { useQuery } from '@tanstack/react-query';
import type { MeteringDataProvider } from '../../data/dataProvider';

/**
 * The meter tree of the special functions (issue 30: "choose meters: project → building → room tree
 * with multi-select, all in this building"): projects, a project's buildings when it is opened, a
 * building's meters by room when it is opened — each level one call of the resource's `meterTree`
 * action (`electricMeter/findTree`) under the list's filters (current set, online state, …), so that
 * every count is of the meters the action will reach. A building ticked is "all in this building"
 * (its count shown); rooms are ticked one by one. Any screen whose resource has the `meterTree`
 * action uses it (MeterTreeButton: the tree in a dialog, then the screen's own action on the ids).
 */

/** A project or a building of the tree, with the count of its meters under the filters. */
export interface TreeNode { id: number; name: string; count: number }
/** A meter of a building, by room. */
export interface TreeMeter { id: number; address: string; roomId: number; roomCode: string; online: boolean }

/** What is ticked: whole buildings (name and count kept for the words), and single meters. */
export interface MeterChoice {
  buildings: Map<number, TreeNode>;
  meters: Map<number, TreeMeter & { buildingId: number }>;
}
export const emptyChoice = (): MeterChoice => ({ buildings: new Map(), meters: new Map() });
/** How many meters a choice reaches. */
export const choiceCount = (choice: MeterChoice) =>
  [...choice.buildings.values()].reduce((sum, building) => sum + building.count, 0) + choice.meters.size;

/** The filters the tree passes on: only those with a value. */
const cleanFilter = (filter: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined && value !== null && value !== ''));

function useTreeLevel<T>(params: Record<string, unknown>, enabled = true) {
  const resource = useResourceContext()!;
  const dataProvider = useDataProvider<MeteringDataProvider>();
  return useQuery({
    queryKey: [resource, 'meterTree', params],
    queryFn: async () => (await dataProvider.invoke<{ records: T[] }>(resource, 'meterTree', params)).records,
    enabled,
  });
}

const rowSx = { display: 'flex', alignItems: 'center', gap: 0.5, minHeight: 36 } as const;

function Toggle({ open, onClick, label }: { open: boolean; onClick: () => void; label: string }) {
  return (
    <IconButton size="small" onClick={onClick} aria-label={label} aria-expanded={open}>
      {open ? <ExpandMoreIcon fontSize="small" /> : <ChevronRightIcon fontSize="small" />}
    </IconButton>
  );
}

function BuildingMeters({ building, filter, choice, onChange }: { building: TreeNode; filter: Record<string, unknown>; choice: MeterChoice; onChange: (choice: MeterChoice) => void }) {
  const translate = useTranslate();
  const { data: meters, isPending } = useTreeLevel<TreeMeter>({ ...filter, buildingId: building.id });
  if (isPending || !meters) return <CircularProgress size={16} sx={{ ml: 9 }} />;
  const whole = choice.buildings.has(building.id);
  const tick = (meter: TreeMeter, on: boolean) => {
    const next: MeterChoice = { buildings: new Map(choice.buildings), meters: new Map(choice.meters) };
    if (whole) {
      // Unticking one meter of a whole building: the others stay ticked, one by one.
      next.buildings.delete(building.id);
      for (const other of meters) if (other.id !== meter.id) next.meters.set(other.id, { ...other, buildingId: building.id });
    } else if (on) next.meters.set(meter.id, { ...meter, buildingId: building.id });
    else next.meters.delete(meter.id);
    onChange(next);
  };
  return (
    <Box role="group" aria-label={building.name} sx={{ pl: 8 }}>
      {meters.map((meter) => {
        const checked = whole || choice.meters.has(meter.id);
        return (
          <Box key={meter.id} sx={rowSx}>
            <Checkbox size="small" checked={checked} onChange={(event) => tick(meter, event.target.checked)}
              slotProps={{ input: { 'aria-label': `${meter.roomCode} ${meter.address}` } }} />
            <Typography variant="body2" sx={{ minWidth: 72 }}>{meter.roomCode}</Typography>
            <Typography variant="body2" color="text.secondary" sx={{ fontVariantNumeric: 'tabular-nums' }}>{meter.address}</Typography>
            {!meter.online && <Chip size="small" variant="outlined" color="warning" label={translate('meterTree.offline')} sx={{ ml: 1 }} />}
          </Box>
        );
      })}
      {meters.length < building.count && (
        <Typography variant="caption" color="text.secondary">{translate('meterTree.capped', { count: meters.length })}</Typography>
      )}
    </Box>
  );
}

function ProjectBuildings({ project, filter, choice, onChange }: { project: TreeNode; filter: Record<string, unknown>; choice: MeterChoice; onChange: (choice: MeterChoice) => void }) {
  const translate = useTranslate();
  const { data: buildings, isPending } = useTreeLevel<TreeNode>({ ...filter, projectId: project.id });
  const [open, setOpen] = useState<Set<number>>(new Set());
  if (isPending || !buildings) return <CircularProgress size={16} sx={{ ml: 5 }} />;
  const tickBuilding = (building: TreeNode, on: boolean) => {
    const next: MeterChoice = { buildings: new Map(choice.buildings), meters: new Map(choice.meters) };
    // Whole or nothing: its single meters are covered by the whole building, or cleared with it.
    for (const [id, meter] of next.meters) if (meter.buildingId === building.id) next.meters.delete(id);
    if (on) next.buildings.set(building.id, building);
    else next.buildings.delete(building.id);
    onChange(next);
  };
  return (
    <Box role="group" aria-label={project.name} sx={{ pl: 4 }}>
      {buildings.map((building) => {
        const whole = choice.buildings.has(building.id);
        const some = !whole && [...choice.meters.values()].some((meter) => meter.buildingId === building.id);
        const expanded = open.has(building.id);
        const toggle = () => setOpen((current) => {
          const next = new Set(current);
          if (next.has(building.id)) next.delete(building.id); else next.add(building.id);
          return next;
        });
        return (
          <Box key={building.id}>
            <Box sx={rowSx}>
              <Toggle open={expanded} onClick={toggle} label={translate('meterTree.rooms', { name: building.name })} />
              <Checkbox size="small" checked={whole} indeterminate={some} onChange={(event) => tickBuilding(building, event.target.checked)}
                slotProps={{ input: { 'aria-label': translate('meterTree.allIn', { name: building.name, smart_count: building.count }) } }} />
              <Typography variant="body2">{building.name}</Typography>
              <Typography variant="caption" color="text.secondary">{translate('meterTree.count', { smart_count: building.count })}</Typography>
            </Box>
            {expanded && <BuildingMeters building={building} filter={filter} choice={choice} onChange={onChange} />}
          </Box>
        );
      })}
    </Box>
  );
}

/** The tree itself (controlled): projects → buildings → meters, under `filter`. */
export function MeterTree({ filter, choice, onChange }: { filter: Record<string, unknown>; choice: MeterChoice; onChange: (choice: MeterChoice) => void }) {
  const translate = useTranslate();
  const clean = cleanFilter(filter);
  const { data: projects, isPending } = useTreeLevel<TreeNode>(clean);
  const [open, setOpen] = useState<Set<number>>(new Set());
  if (isPending || !projects) return <CircularProgress size={20} aria-label={translate('meterTree.loading')} />;
  if (!projects.length) return <DialogContentText>{translate('meterTree.empty')}</DialogContentText>;
  return (
    <Box role="tree" aria-label={translate('meterTree.title')} sx={{ maxHeight: 420, overflow: 'auto', border: 1, borderColor: 'divider', borderRadius: 1, p: 0.5 }}>
      {projects.map((project) => {
        const expanded = open.has(project.id);
        return (
          <Box key={project.id}>
            <Box sx={rowSx}>
              <Toggle open={expanded} label={translate('meterTree.buildings', { name: project.name })} onClick={() => setOpen((current) => {
                const next = new Set(current);
                if (next.has(project.id)) next.delete(project.id); else next.add(project.id);
                return next;
              })} />
              <Typography variant="body2" sx={{ fontWeight: 500 }}>{project.name}</Typography>
              <Typography variant="caption" color="text.secondary">{translate('meterTree.count', { smart_count: project.count })}</Typography>
            </Box>
            {expanded && <ProjectBuildings project={project} filter={clean} choice={choice} onChange={onChange} />}
          </Box>
        );
      })}
    </Box>
  );
}

/** The most meters one choice sends as ids (the server's list of ids). */
export const CHOICE_MAX = 5000;

/** The ids a choice reaches: its single meters, and every meter of its whole buildings (asked under the same filters). */
export function useResolveChoice() {
  const resource = useResourceContext()!;
  const dataProvider = useDataProvider<MeteringDataProvider>();
  return async (choice: MeterChoice, filter: Record<string, unknown>) => {
    const ids = new Set(choice.meters.keys());
    for (const building of choice.buildings.values()) {
      const { records } = await dataProvider.invoke<{ records: TreeMeter[] }>(resource, 'meterTree', { ...cleanFilter(filter), buildingId: building.id });
      for (const meter of records) ids.add(meter.id);
    }
    return [...ids];
  };
}

/** The words of a choice: the whole buildings (each with its count) and the single rooms. */
export function ChoiceWords({ choice }: { choice: MeterChoice }) {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
      {[...choice.buildings.values()].map((building) => (
        <Chip key={building.id} size="small" color="primary" label={translate('meterTree.allIn', { name: building.name, smart_count: building.count })} />
      ))}
      {choice.meters.size > 0 && <Chip size="small" color="primary" variant="outlined" label={translate('meterTree.singleRooms', { smart_count: choice.meters.size })} />}
    </Box>
  );
}

/**
 * A screen action: "choose by building" — the tree in a dialog under the list's filters (shown in
 * words), the count of what is ticked, then `onChosen` with the meters' ids and the choice in words
 * (e.g. the assign flow's dialog with the scope `{ filter: { ...filters, ids } }`).
 */
export function MeterTreeButton({ filter, filterWords, onChosen }: {
  filter: Record<string, unknown>;
  filterWords?: ReactNode;
  onChosen: (ids: number[], words: ReactNode) => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const resolve = useResolveChoice();
  const [open, setOpen] = useState(false);
  const [choice, setChoice] = useState<MeterChoice>(emptyChoice);
  const [busy, setBusy] = useState(false);
  const count = choiceCount(choice);
  const next = async () => {
    setBusy(true);
    try {
      const ids = await resolve(choice, filter);
      setOpen(false);
      onChosen(ids, <ChoiceWords choice={choice} />);
      setChoice(emptyChoice());
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <RaButton label="meterTree.open" onClick={() => setOpen(true)}><AccountTreeIcon /></RaButton>
      {open && (
        <Dialog open onClose={() => setOpen(false)} maxWidth="sm" fullWidth>
          <DialogTitle>{translate('meterTree.title')}</DialogTitle>
          <DialogContent>
            {filterWords && (
              <Box sx={{ mb: 1.5 }}>
                <DialogContentText component="div" sx={{ mb: 0.5 }}>{translate('meterTree.filters')}</DialogContentText>
                {filterWords}
              </Box>
            )}
            <MeterTree filter={filter} choice={choice} onChange={setChoice} />
            <Typography variant="body2" role="status" sx={{ mt: 1.5 }}>{translate('meterTree.chosen', { smart_count: count })}</Typography>
            {count > CHOICE_MAX && <Alert severity="warning" sx={{ mt: 1 }}>{translate('meterTree.tooMany', { max: CHOICE_MAX })}</Alert>}
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setOpen(false)}>{translate('ra.action.cancel')}</Button>
            <Button variant="contained" disabled={!count || count > CHOICE_MAX || busy} onClick={next}>{translate('meterTree.next')}</Button>
          </DialogActions>
        </Dialog>
      )}
    </>
  );
}
