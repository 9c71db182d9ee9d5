import { useEffect } from 'react';
import { AutocompleteInput, ReferenceInput, useGetOne, useTranslate, type Validator } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { NATURAL_SORT as naturalSort, PICKER_PAGE } from './lookupReads';


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
    <ReferenceInput source={source} reference="buildings" perPage={PICKER_PAGE} sort={naturalSort} filter={projectId ? { projectId } : {}} alwaysOn={alwaysOn}>
      <AutocompleteInput optionText="name" label={label} filterToQuery={(q) => ({ q })} sx={{ minWidth: 160 }} validate={validate} fullWidth={fullWidth} />
    </ReferenceInput>
  );
}

/** A record's name from a lookup resource (e.g. a project id in a filter summary). */
export function ReferenceName({ reference, id }: { reference: string; id: unknown }) {
  const translate = useTranslate();
  const { data, isPending } = useGetOne(reference, { id: id as number }, { enabled: id !== undefined && id !== null && id !== '' });
  if (isPending) return <>{translate('app.loading')}</>;
  return <>{data?.name ?? data?.address ?? `#${String(id)}`}</>;
}
