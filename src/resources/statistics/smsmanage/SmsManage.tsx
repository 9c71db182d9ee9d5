import { useState } from 'react';
import { useResourceContext, useTranslate } from 'react-admin';
import { Button } from '@mui/material';
import SendIcon from '@mui/icons-material/Send';
import ArticleIcon from '@mui/icons-material/ArticleOutlined';
import { useResourceAccess } from '../../../auth/useResourceAccess';
import { SmsRecordList } from '../sms/SmsRecordList';
import { ComposeDialog } from './ComposeDialog';
import { TemplatesDialog } from './TemplatesDialog';

/** 短信管理: the manual sends' records, with "send SMS" and "templates" in the toolbar. */
export default function SmsManage() {
  const translate = useTranslate();
  const resource = useResourceContext()!;
  const { canAccess: canEdit } = useResourceAccess({ resource, action: 'edit' });
  const [open, setOpen] = useState<'compose' | 'templates' | null>(null);
  const toolbar = (
    <>
      <Button size="small" startIcon={<ArticleIcon />} onClick={() => setOpen('templates')}>{translate('sms.templates.action')}</Button>
      {canEdit && <Button size="small" variant="contained" startIcon={<SendIcon />} onClick={() => setOpen('compose')}>{translate('sms.compose.action')}</Button>}
    </>
  );
  return (
    <>
      <SmsRecordList kind="manual" toolbar={toolbar} />
      {open === 'compose' && <ComposeDialog onClose={() => setOpen(null)} />}
      {open === 'templates' && <TemplatesDialog canEdit={Boolean(canEdit)} onClose={() => setOpen(null)} />}
    </>
  );
}
