import type { RaRecord } from 'react-admin';
import type { StateStyle } from '../../../components/list/columns';

/** One SMS record as sms/findByCondition answers it (the phone masked for a read-only operator). */
export interface SmsRecord extends RaRecord {
  auto: number; reason: string | null; state: string; attempts: number;
  roomId: number | null; roomCode: string | null; buildingName: string | null; projectName: string | null;
  tenantName: string | null; tenantPhone: string; content: string; templateId: number | null; templateName: string | null;
  operatorName: string | null; createdAt: string; sentAt: string | null; nextAttemptAt: string | null;
}

export const SMS_STATE: Record<string, StateStyle> = {
  queued: { label: 'sms.state.queued', color: 'info' },
  sending: { label: 'sms.state.sending', color: 'primary' },
  sent: { label: 'sms.state.sent', color: 'success' },
  failed: { label: 'sms.state.failed', color: 'error' },
};

/** The automatic notices' kinds (the billing engine's alarm levels and the arrears cut-off). */
export const SMS_REASON: Record<string, StateStyle> = {
  alarm1: { label: 'sms.reason.alarm1', color: 'warning' },
  alarm2: { label: 'sms.reason.alarm2', color: 'warning' },
  arrears: { label: 'sms.reason.arrears', color: 'error' },
};

export const SMS_SORT = { field: 'createdAt', order: 'DESC' } as const;
