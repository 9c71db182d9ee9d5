import { recordResource } from '../records/resource';

/** 免费电赠送记录: free electricity gift records. */
export default recordResource('mfdianzengyu', 'giftRecord/findByCondition', { field: 'createdAt', order: 'DESC' }, () => import('../records/GiftList'), { utility: 'electric' });
