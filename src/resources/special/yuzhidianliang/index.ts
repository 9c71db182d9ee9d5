import { defineResource } from '../../defineResource';
import { lazyList } from '../../../components/lazyView';
import { firstPageRead } from '../../../components/list/defaults';
import { PROJECT_BUILDING_READS } from '../../../components/pickers/lookupReads';
import { electricListEndpoints } from '../../devices/electric/endpoints';
import { ROOM_SORT } from '../../devices/electric/model';

/**
 * 预置电量 (issue 30): write a preset amount of kWh to the selected meters or to every meter the
 * filters match (electricMeter/commandAll type preset_energy: a dry run counts them, then one
 * command per meter), with live progress per meter; each result is a preset_power_record row.
 */
export default defineResource({
  name: 'yuzhidianliang',
  endpoints: electricListEndpoints(),
  ...lazyList(() => import('./PresetEnergyList')),
  firstReads: [['yuzhidianliang', firstPageRead(ROOM_SORT)], ...PROJECT_BUILDING_READS],
  recordRepresentation: 'address',
});
