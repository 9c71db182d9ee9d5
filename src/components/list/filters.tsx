import type { ReactElement, ReactNode } from 'react';
import { SearchInput, SelectInput, useTranslate } from 'react-admin';
import { Box, Chip } from '@mui/material';
import { BuildingInput, ProjectInput, ReferenceName } from '../pickers/ProjectBuilding';
import { DateRangeInput, rangeKeys } from '../pickers/DateRangeInput';
import { addDays, dayIn } from '../pickers/dateRanges';

/** A choice of a select filter: its value and its message key. */
export interface Choice {
  id: string;
  name: string;
}

/**
 * One filter of a list, declared once: the filter input, and the words that state a bulk action's
 * scope ("项目：阳光公寓 · 阀门：开") both come from it.
 */
export type FilterSpec = { source: string; alwaysOn?: boolean; label?: string } & (
  | { kind: 'search' }
  | { kind: 'choice'; choices: Choice[] }
  | { kind: 'project' }
  | { kind: 'building'; projectSource?: string }
  /** Two values, `${source}From` and `${source}To` (ISO timestamps, end exclusive), with quick ranges. */
  | { kind: 'dateRange' }
);

/** The label of a filter (message key). */
const labelOf = (resource: string, spec: FilterSpec) =>
  spec.label ?? (spec.kind === 'dateRange' ? `resources.${resource}.fields.${spec.source}` : spec.kind === 'search' ? 'ra.action.search' : spec.kind === 'project' ? 'pickers.project' : spec.kind === 'building' ? 'pickers.building' : `resources.${resource}.fields.${spec.source}`);

/** A select filter's margins as the other filters' (the filter bar aligns their bottoms). */
const SELECT_SX = { marginBottom: 0 };

/** The react-admin filter inputs of a declaration. */
export function filterInputs(resource: string, specs: FilterSpec[]): ReactElement[] {
  return specs.map((spec) => {
    const common = { source: spec.source, alwaysOn: spec.alwaysOn, label: labelOf(resource, spec) };
    switch (spec.kind) {
      case 'search': return <SearchInput key={spec.source} source={spec.source} alwaysOn={spec.alwaysOn} />;
      case 'project': return <ProjectInput key={spec.source} {...common} />;
      case 'building': return <BuildingInput key={spec.source} {...common} projectSource={spec.projectSource} />;
      case 'dateRange': return <DateRangeInput key={spec.source} source={spec.source} label={common.label} alwaysOn={spec.alwaysOn} />;
      // MUI's select keeps a dense margin below it (4 px) that the other filters do not have: in the
      // filter bar, whose inputs stand on one baseline, it sat 4 px above its neighbours.
      default: return <SelectInput key={spec.source} {...common} choices={spec.choices} sx={SELECT_SX} />;
    }
  });
}

const present = (value: unknown) => value !== undefined && value !== '' && value !== null;

/** Whether a declared filter has a value (either end, for a date range). */
const isActive = (spec: FilterSpec, values: Record<string, unknown>) =>
  spec.kind === 'dateRange' ? present(values[rangeKeys(spec.source).from]) || present(values[rangeKeys(spec.source).to]) : present(values[spec.source]);

/** Whether any declared filter has a value. */
export const hasFilter = (specs: FilterSpec[], values: Record<string, unknown>) => specs.some((spec) => isActive(spec, values));

/** The active filters in words, as chips; "the whole area" when there is none. */
export function FilterSummary({ resource, specs, values }: { resource: string; specs: FilterSpec[]; values: Record<string, unknown> }) {
  const translate = useTranslate();
  const active = specs.filter((spec) => isActive(spec, values));
  if (!active.length) return <Chip size="small" color="warning" label={translate('bulk.wholeArea')} />;
  const valueOf = (spec: FilterSpec): ReactNode => {
    const value = values[spec.source];
    switch (spec.kind) {
      case 'project': return <ReferenceName reference="projects" id={value} />;
      // A building without its project beside it is named with it ("阳光公寓 · 1号楼").
      case 'building': return <ReferenceName reference="buildings" id={value} withProject={!present(values[spec.projectSource ?? 'projectId'])} />;
      case 'dateRange': {
        const { from, to } = rangeKeys(spec.source);
        const day = (value: unknown) => (present(value) ? dayIn(new Date(String(value))) : '…');
        return `${day(values[from])} – ${present(values[to]) ? addDays(dayIn(new Date(String(values[to]))), -1) : '…'}`;
      }
      case 'choice': {
        const choice = spec.choices.find((c) => c.id === String(value));
        return choice ? translate(choice.name) : String(value);
      }
      default: return `“${String(value)}”`;
    }
  };
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
      {active.map((spec) => (
        <Chip key={spec.source} size="small" variant="outlined" label={<>{translate(labelOf(resource, spec))}{translate('bulk.colon')}{valueOf(spec)}</>} />
      ))}
    </Box>
  );
}
