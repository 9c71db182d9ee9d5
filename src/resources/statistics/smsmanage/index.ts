import { del, get, post, put } from '../../../data/endpoints';
import { defineResource } from '../../defineResource';
import { lazyList } from '../../../components/lazyView';
import { firstPageRead } from '../../../components/list/defaults';
import { PROJECT_BUILDING_READS } from '../../../components/pickers/lookupReads';
import { SMS_SORT } from '../sms/model';

const manual = (params: Record<string, unknown>) => ({ ...params, kind: 'manual' });

/**
 * 短信管理 (smsmanage): the templates (with placeholders), a message sent to chosen rooms' tenants
 * (the recipients previewed and counted, the count confirmed; queued in the outbox), and the
 * records of those sends with their delivery states.
 */
export default defineResource({
  name: 'smsmanage',
  endpoints: {
    getList: get('sms/findByCondition', { request: manual }),
    actions: {
      export: get('sms/exportByCondition', { request: manual, download: true }),
      resend: post('sms/resend'),
      preview: post('sms/previewRecipients'),
      send: post('sms/send'),
      templates: get('smsTemplate/list'),
      saveTemplate: post('smsTemplate/save'),
      updateTemplate: put('smsTemplate/update'),
      deleteTemplate: del('smsTemplate/delete'),
    },
  },
  ...lazyList(() => import('./SmsManage')),
  firstReads: [['smsmanage', firstPageRead(SMS_SORT)], ...PROJECT_BUILDING_READS],
});
