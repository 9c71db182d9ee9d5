import { useEffect } from 'react';
import { AutocompleteInput, ReferenceInput, useGetOne, useTranslate, type Validator } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { BUILDINGS_BY_PROJECT_SORT, NATURAL_SORT as naturalSort, PICKER_PAGE } from './lookupReads';

/** A building record as building/findByCondition answers it (the fields a picker shows). */
interface BuildingChoice { name?: string | null; projectName?: string | null }

/**
 * A building named with its project ("阳光公寓 · 1号楼"): every project has its "1号楼", so a building
 * among several projects' is not named by its own name alone.
 */
export const buildingWithProject = (building: BuildingChoice | undefined | null) =>
  [building?.projectName, building?.name].filter(Boolean).join(' · ');


/** Project picker (typeahead over the caller's projects). */
export function ProjectInput({ source = 'projectId', label = 'pickers.project', alwaysOn, validate, fullWidth }: {
  source?: string; label?: string; alwaysOn?: boolean; validate?: Validator | Validator[]; fullWidth?: boolean;
}) {
  return (
    <ReferenceInput source={source} reference="projects" perPage={PICKER_PAGE} sort={naturalSort} alwaysOn={alwaysOn}>
      <AutocompleteInput optionText="name" label={label} filterToQuery={(q) => ({ q })} sx={{ minWidth: 180 }} validate={validate} fullWidth={fullWidth} />
    </ReferenceInput>
  );
}

/**
 * Building picker, cascading from the project picked beside it (`projectSource`): it offers that
 * project's buildings only, and forgets a building of another project when a project is chosen.
 * Without a project it offers every project's buildings, project by project, each named with its
 * project ("阳光公寓 · 1号楼"; typing a project's name finds its buildings).
 */
export function BuildingInput({ source = 'buildingId', projectSource = 'projectId', label = 'pickers.building', alwaysOn, validate, fullWidth }: {
  source?: string; projectSource?: string; label?: string; alwaysOn?: boolean; validate?: Validator | Validator[]; fullWidth?: boolean;
}) {
  const { setValue } = useFormContext();
  const projectId = useWatch({ name: projectSource });
  const buildingId = useWatch({ name: source });
  const { data: building } = useGetOne('buildings', { id: buildingId }, { enabled: !!buildingId });
  useEffect(() => {
    // A building alone is a filter of its own; only a building of another project goes.
    if (projectId && building && String(building.projectId) !== String(projectId)) setValue(source, null, { shouldDirty: true });
  }, [projectId, building, setValue, source]);
  return (
    <ReferenceInput
      source={source} reference="buildings" perPage={PICKER_PAGE} sort={projectId ? naturalSort : BUILDINGS_BY_PROJECT_SORT}
      filter={projectId ? { projectId } : {}} alwaysOn={alwaysOn}
    >
      <AutocompleteInput
        optionText={projectId ? 'name' : buildingWithProject} label={label} filterToQuery={(q) => ({ q })}
        sx={{ minWidth: projectId ? 160 : 220 }} validate={validate} fullWidth={fullWidth}
      />
    </ReferenceInput>
  );
}

/**
 * A record's name from a lookup resource (e.g. a project id in a filter summary); `withProject`: a
 * building named with its project, when no project is named beside it.
 */
export function ReferenceName({ reference, id, withProject }: { reference: string; id: unknown; withProject?: boolean }) {
  const translate = useTranslate();
  const { data, isPending } = useGetOne(reference, { id: id as number }, { enabled: id !== undefined && id !== null && id !== '' });
  if (isPending) return <>{translate('app.loading')}</>;
  if (withProject && data?.name) return <>{buildingWithProject(data)}</>;
  return <>{data?.name ?? data?.address ?? `#${String(id)}`}</>;
}
