import { recordResource } from '../records/resource';
import { CUT_SORT } from './sort';

/** 断电记录: power cuts with cause, off and on times and duration. */
export default recordResource('continuitytable', 'powerCut/findByCondition', CUT_SORT, () => import('./PowerCutList'));
