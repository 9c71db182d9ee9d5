import { get, post, type EndpointMap } from '../../../data/endpoints';

/**
 * The calls the three electric screens share: the meter list (electricMeter/findByCondition) and
 * the commands (command/create for chosen meters, electricMeter/commandAll for the list's filters),
 * and the meter tree (project → building → room) of the special functions' choice (MeterTree.tsx).
 */
export const electricListEndpoints = (): EndpointMap => ({
  getList: get('electricMeter/findByCondition'),
  getOne: get('electricMeter/findById'),
  actions: {
    createCommands: post('command/create'),
    commandAll: post('electricMeter/commandAll'),
    meterTree: get('electricMeter/findTree'),
  },
});
