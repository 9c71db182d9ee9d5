import { useEffect, useRef } from 'react';
import { Box } from '@mui/material';
import { useFormContext, useWatch } from 'react-hook-form';
import { BuildingInput, ProjectInput } from './ProjectBuilding';
import { RoomInput } from './RoomInput';

/**
 * A room chosen the way operators find it: project → building → room, each narrowing the next (the
 * room typeahead offers the rooms of the lookup `reference` in the chosen project and building).
 * Choosing another project or building forgets a room chosen before. The project and building are
 * form values of their own (`projectSource`, `buildingSource`), not sent by the callers that only
 * want the room.
 */
export function RoomCascade({ reference, source = 'roomId', projectSource = 'projectId', buildingSource = 'buildingId', filter, helperText, label }: {
  reference: string; source?: string; projectSource?: string; buildingSource?: string;
  filter?: Record<string, unknown>; helperText?: string; label?: string;
}) {
  const { setValue } = useFormContext();
  const projectId = useWatch({ name: projectSource });
  const buildingId = useWatch({ name: buildingSource });
  const previous = useRef({ projectId, buildingId });
  useEffect(() => {
    const changed = previous.current.projectId !== projectId || previous.current.buildingId !== buildingId;
    previous.current = { projectId, buildingId };
    if (changed) setValue(source, null, { shouldDirty: true });
  }, [projectId, buildingId, setValue, source]);
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2, rowGap: 1.5, alignItems: 'flex-start', pt: 1 }}>
      <Box sx={{ flex: '1 1 200px' }}><ProjectInput source={projectSource} /></Box>
      <Box sx={{ flex: '1 1 200px' }}><BuildingInput source={buildingSource} projectSource={projectSource} /></Box>
      <Box sx={{ flex: '2 1 100%' }}>
        <RoomInput
          reference={reference} source={source} helperText={helperText} label={label}
          filter={{ ...filter, ...(projectId ? { projectId } : {}), ...(buildingId ? { buildingId } : {}) }}
        />
      </Box>
    </Box>
  );
}
