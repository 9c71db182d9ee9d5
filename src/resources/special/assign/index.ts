import { get } from '../../../data/endpoints';
import { defineResource } from '../../defineResource';
import { lazyList } from '../../../components/lazyView';
import { firstPageRead } from '../../../components/list/defaults';
import { PROJECT_BUILDING_READS } from '../../../components/pickers/lookupReads';
import { electricListEndpoints } from '../../devices/electric/endpoints';
import { ROOM_SORT } from '../../devices/electric/model';
import type { AssignRoute } from './kinds';

/**
 * The assign screens of special functions (issue 30): the electric meter list, and assigning a
 * parameter set of the screen's kind over the selected meters or the list's filters
 * (electricMeter/commandAll type set_parameter: dry run with the changes, then the commands); a
 * meter's history of sets sent (parameterAssignment/findByMeter).
 */
const assignResource = (name: AssignRoute) => defineResource({
  name,
  endpoints: (() => {
    const endpoints = electricListEndpoints();
    return { ...endpoints, actions: { ...endpoints.actions, setHistory: get('parameterAssignment/findByMeter') } };
  })(),
  ...lazyList(() => import('./AssignSetScreen')),
  firstReads: [[name, firstPageRead(ROOM_SORT)], ...PROJECT_BUILDING_READS],
  recordRepresentation: 'address',
});

export const kongzhiset = assignResource('kongzhiset');
export const nightset = assignResource('nightset');
export const fuzaiset = assignResource('fuzaiset');
export const TimedOnOffControl = assignResource('TimedOnOffControl');
