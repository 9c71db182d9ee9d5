import { SmsRecordList } from '../sms/SmsRecordList';

/** 短信发送记录 (automatic notices): the billing engine's low-balance and arrears notices, their delivery, resend of a failed one. */
export default function NoticeList() {
  return <SmsRecordList kind="auto" />;
}
