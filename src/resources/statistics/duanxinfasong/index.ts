import { get, post } from '../../../data/endpoints';
import { defineResource } from '../../defineResource';
import { lazyList } from '../../../components/lazyView';
import { firstPageRead } from '../../../components/list/defaults';
import { PROJECT_BUILDING_READS } from '../../../components/pickers/lookupReads';
import { SMS_SORT } from '../sms/model';

const auto = (params: Record<string, unknown>) => ({ ...params, kind: 'auto' });

/** 短信发送记录 (duanxinfasong): the automatic notices' records with their delivery states; resend of a failed one. */
export default defineResource({
  name: 'duanxinfasong',
  endpoints: {
    getList: get('sms/findByCondition', { request: auto }),
    actions: {
      export: get('sms/exportByCondition', { request: auto, download: true }),
      resend: post('sms/resend'),
    },
  },
  ...lazyList(() => import('./NoticeList')),
  firstReads: [['duanxinfasong', firstPageRead(SMS_SORT)], ...PROJECT_BUILDING_READS],
});
