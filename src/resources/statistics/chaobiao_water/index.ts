import { readingResource } from '../readings/resource';

/** 水表抄表记录: the water meters' readings, with the soft delete of a wrong one. */
export default readingResource('chaobiao_water', 'water');
