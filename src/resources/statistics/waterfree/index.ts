import { recordResource } from '../records/resource';

/** 免费水赠送记录: free water gift records. */
export default recordResource('waterfree', 'giftRecord/findByCondition', { field: 'createdAt', order: 'DESC' }, () => import('../records/GiftList'), { utility: 'water' });
