import { readingResource } from '../readings/resource';

/** 电表抄表记录: the electric meters' readings, with the soft delete of a wrong one. */
export default readingResource('MeterReadingRecordDetails', 'electric');
