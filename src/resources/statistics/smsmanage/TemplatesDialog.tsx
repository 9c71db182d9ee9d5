import { useState } from 'react';
import { Confirm, useDataProvider, useNotify, useResourceContext, useTranslate } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import {
  Alert, Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, Stack, Table, TableBody, TableCell,
  TableHead, TableRow, TextField, Tooltip, MenuItem, Typography,
} from '@mui/material';
import EditIcon from '@mui/icons-material/EditOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import AddIcon from '@mui/icons-material/Add';
import type { MeteringDataProvider } from '../../../data/dataProvider';
import { SMS_CONTENT_MAX, SMS_TEMPLATE_NAME_MAX } from '../../../../common/sms';
import { DEFAULT_NOTICE_TEXTS, NOTICE_KINDS, type NoticeKind } from '../../../../common/tenantNotices';
import { NoticePlaceholderChips, PlaceholderChips, contentProblem } from './placeholders';
import { useSmsTemplates, type SmsTemplate } from './ComposeDialog';

const T = 'sms.templates';
/** The tenant notices' words (issue 42). */
const N = 'tenantPortal.notices';

/** Adds or changes one template: name and text (placeholders checked as the server checks them). */
function TemplateForm({ template, onDone }: { template: Partial<SmsTemplate>; onDone: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const resource = useResourceContext()!;
  const dataProvider = useDataProvider<MeteringDataProvider>();
  const queryClient = useQueryClient();
  const [name, setName] = useState(template.name ?? '');
  const [content, setContent] = useState(template.content ?? '');
  const [noticeKind, setNoticeKind] = useState<NoticeKind | ''>((template.noticeKind as NoticeKind | null | undefined) ?? '');
  const [touched, setTouched] = useState(false);
  // The wording the notice takes while no template of the area is marked as its kind.
  const defaultText = noticeKind ? DEFAULT_NOTICE_TEXTS[noticeKind] : undefined;
  const [busy, setBusy] = useState(false);
  const nameMissing = !name.trim();
  const problem = contentProblem(content);
  const save = async () => {
    setTouched(true);
    if (nameMissing || problem) return;
    setBusy(true);
    try {
      const body = { name: name.trim(), content: content.trim(), noticeKind: noticeKind || null };
      await dataProvider.invoke(resource, template.id ? 'updateTemplate' : 'saveTemplate', template.id ? { ...body, id: template.id } : body);
      notify(`${T}.saved`, { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: [resource, 'templates'] });
      onDone();
    } catch (error) {
      notify(error instanceof Error ? error.message : 'ra.notification.http_error', { type: 'error' });
      setBusy(false);
    }
  };
  return (
    <Box sx={{ p: 2, mb: 2, borderRadius: 1, bgcolor: 'action.hover' }} component="form" noValidate onSubmit={(event) => { event.preventDefault(); void save(); }}>
      <TextField
        label={translate(`${T}.name`)} value={name} onChange={(event) => setName(event.target.value)} size="small" fullWidth required margin="dense"
        error={touched && nameMissing} helperText={touched && nameMissing ? translate(`${T}.nameRequired`) : undefined}
        slotProps={{ htmlInput: { maxLength: SMS_TEMPLATE_NAME_MAX } }}
      />
      <TextField
        select label={translate(`${N}.usedFor`)} value={noticeKind} onChange={(event) => setNoticeKind(event.target.value as NoticeKind | '')}
        size="small" fullWidth margin="dense" helperText={translate(noticeKind ? `${N}.usedForHelp` : `${N}.manualHelp`)}
      >
        <MenuItem value="">{translate(`${N}.none`)}</MenuItem>
        {NOTICE_KINDS.map((kind) => <MenuItem key={kind} value={kind}>{translate(`${N}.kinds.${kind}`)}</MenuItem>)}
      </TextField>
      <TextField
        label={translate(`${T}.content`)} value={content} onChange={(event) => setContent(event.target.value)} size="small" fullWidth required multiline minRows={3} margin="dense"
        placeholder={defaultText} slotProps={defaultText ? { inputLabel: { shrink: true } } : undefined}
        error={(touched || Boolean(content)) && Boolean(problem)}
        helperText={(touched || content) && problem ? translate(problem.key, problem.values) : translate('sms.compose.contentHelp', { length: content.trim().length, max: SMS_CONTENT_MAX })}
      />
      {defaultText && !content.trim() && (
        <Box data-testid="notice-default-text" sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mt: 0.5 }}>
          <Typography variant="caption" color="text.secondary">{translate(`${N}.defaultHint`)}</Typography>
          <Button size="small" onClick={() => setContent(defaultText)}>{translate(`${N}.useDefault`)}</Button>
        </Box>
      )}
      <PlaceholderChips onInsert={(token) => setContent((text) => `${text}${token}`)} />
      {noticeKind && <NoticePlaceholderChips onInsert={(token) => setContent((text) => `${text}${token}`)} />}
      <Stack direction="row" spacing={1} sx={{ mt: 1.5, justifyContent: 'flex-end' }}>
        <Button onClick={onDone} disabled={busy}>{translate('ra.action.cancel')}</Button>
        <Button type="submit" variant="contained" disabled={busy}>{translate(`${T}.save`)}</Button>
      </Stack>
    </Box>
  );
}

/** The SMS templates of the area: list, add, change, delete (an operator who may edit). */
export function TemplatesDialog({ canEdit, onClose }: { canEdit: boolean; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const resource = useResourceContext()!;
  const dataProvider = useDataProvider<MeteringDataProvider>();
  const queryClient = useQueryClient();
  const { data: templates, isPending, error } = useSmsTemplates();
  const [editing, setEditing] = useState<Partial<SmsTemplate> | null>(null);
  const [deleting, setDeleting] = useState<SmsTemplate | null>(null);
  const remove = async () => {
    if (!deleting) return;
    try {
      await dataProvider.invoke(resource, 'deleteTemplate', { id: deleting.id });
      notify(`${T}.deleted`, { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: [resource, 'templates'] });
    } catch (failure) {
      notify(failure instanceof Error ? failure.message : 'ra.notification.http_error', { type: 'error' });
    }
    setDeleting(null);
  };
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby="sms-templates-title">
      <DialogTitle id="sms-templates-title">{translate(`${T}.title`)}</DialogTitle>
      <DialogContent dividers>
        {canEdit && !editing && (
          <Button startIcon={<AddIcon />} onClick={() => setEditing({})} sx={{ mb: 1 }}>{translate(`${T}.add`)}</Button>
        )}
        {editing && <TemplateForm key={editing.id ?? 'new'} template={editing} onDone={() => setEditing(null)} />}
        {isPending ? <CircularProgress size={20} />
          : error ? <Alert severity="error">{(error as Error).message}</Alert>
            : !templates?.length ? <Alert severity="info">{translate(`${T}.empty`)}</Alert>
              : (
                <Table size="small" aria-label={translate(`${T}.title`)}>
                  <TableHead>
                    <TableRow>
                      <TableCell>{translate(`${T}.name`)}</TableCell>
                      <TableCell>{translate(`${N}.usedFor`)}</TableCell>
                      <TableCell>{translate(`${T}.content`)}</TableCell>
                      <TableCell align="right">{translate(`${T}.used`)}</TableCell>
                      {canEdit && <TableCell />}
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {templates.map((row) => (
                      <TableRow key={row.id}>
                        <TableCell sx={{ whiteSpace: 'nowrap' }}>{row.name}</TableCell>
                        <TableCell sx={{ whiteSpace: 'nowrap' }}>{row.noticeKind ? translate(`${N}.kinds.${row.noticeKind}`, { _: row.noticeKind }) : translate(`${N}.manual`)}</TableCell>
                        <TableCell sx={{ wordBreak: 'break-word' }}>{row.content}</TableCell>
                        <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>{row.used.toLocaleString('en-US')}</TableCell>
                        {canEdit && (
                          <TableCell sx={{ whiteSpace: 'nowrap' }}>
                            <Tooltip title={translate(`${T}.edit`)}><IconButton size="small" aria-label={translate(`${T}.edit`)} onClick={() => setEditing(row)}><EditIcon fontSize="small" /></IconButton></Tooltip>
                            <Tooltip title={translate('ra.action.delete')}><IconButton size="small" color="error" aria-label={translate('ra.action.delete')} onClick={() => setDeleting(row)}><DeleteIcon fontSize="small" /></IconButton></Tooltip>
                          </TableCell>
                        )}
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.close')}</Button>
      </DialogActions>
      <Confirm
        isOpen={deleting !== null} title={translate(`${T}.deleteTitle`, { name: deleting?.name ?? '' })} content={`${T}.deleteText`}
        onConfirm={remove} onClose={() => setDeleting(null)}
      />
    </Dialog>
  );
}
