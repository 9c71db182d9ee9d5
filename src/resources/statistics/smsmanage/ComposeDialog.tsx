import { useEffect, useMemo, useRef, useState } from 'react';
import {
  AutocompleteArrayInput, BooleanInput, Form, RadioButtonGroupInput, SelectInput, TextInput, useDataProvider, useGetList, useNotify,
  useRefresh, useResourceContext, useTranslate,
} from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import {
  Alert, Box, Button, Chip, CircularProgress, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Divider, Stack, Typography,
} from '@mui/material';
import { BuildingInput, ProjectInput, ReferenceName } from '../../../components/pickers/ProjectBuilding';
import { roomLabel, type RoomChoice } from '../../../components/pickers/RoomInput';
import type { MeteringDataProvider } from '../../../data/dataProvider';
import { SMS_CONTENT_MAX } from '../../../../common/sms';
import { PlaceholderChips, contentProblem } from './placeholders';

const T = 'sms.compose';

/** A template as `smsTemplate/list` answers it; `noticeKind`: the kind of tenant notice it words (issue 42), null for a manual template. */
export interface SmsTemplate { id: number; name: string; content: string; used: number; noticeKind?: string | null }

interface Preview {
  count: number; rooms: number; skipped: number; max: number;
  recipients: { roomId: number; roomCode: string; buildingName: string | null; projectName: string | null; tenantName: string; tenantPhone: string; content: string }[];
}

interface Values {
  templateId?: number | ''; content?: string; utility?: 'electric' | 'water';
  projectId?: number | null; buildingId?: number | null; roomIds?: number[]; all?: boolean; arrearsOnly?: boolean;
}

/** The templates of the caller's area (smsmanage's `templates` action). */
export function useSmsTemplates() {
  const resource = useResourceContext()!;
  const dataProvider = useDataProvider<MeteringDataProvider>();
  return useQuery({ queryKey: [resource, 'templates'], queryFn: () => dataProvider.invoke<SmsTemplate[]>(resource, 'templates') });
}

/** The call's audience from the form (only what is chosen). */
const audienceOf = (values: Values) => ({
  utility: values.utility ?? 'electric',
  ...(values.roomIds?.length ? { roomIds: values.roomIds } : {}),
  ...(values.projectId ? { projectId: values.projectId } : {}),
  ...(values.buildingId ? { buildingId: values.buildingId } : {}),
  ...(values.all ? { all: true } : {}),
  ...(values.arrearsOnly ? { arrearsOnly: true } : {}),
});
const hasAudience = (values: Values) => Boolean(values.roomIds?.length || values.projectId || values.buildingId || values.all);

/** Rooms picked by typing (code, tenant), within the project and building chosen beside. */
function RoomsInput() {
  const translate = useTranslate();
  const projectId = useWatch({ name: 'projectId' });
  const buildingId = useWatch({ name: 'buildingId' });
  const chosen = (useWatch({ name: 'roomIds' }) as number[] | undefined) ?? [];
  const [q, setQ] = useState('');
  const known = useRef(new Map<number, string>());
  const { data = [], isPending } = useGetList<RoomChoice & { id: number }>('rooms', {
    pagination: { page: 1, perPage: 50 }, sort: { field: 'buildingName', order: 'ASC' },
    filter: { ...(projectId ? { projectId } : {}), ...(buildingId ? { buildingId } : {}), ...(q ? { q } : {}) },
  });
  const choices = useMemo(() => {
    for (const room of data) known.current.set(room.id, roomLabel(room));
    const list = data.map((room) => ({ id: room.id, name: known.current.get(room.id)! }));
    for (const id of chosen) if (!list.some((choice) => choice.id === id)) list.push({ id, name: known.current.get(id) ?? `#${id}` });
    return list;
  }, [data, chosen]);
  return (
    <AutocompleteArrayInput
      source="roomIds" label={`${T}.rooms`} choices={choices} isPending={isPending} fullWidth
      helperText={translate(`${T}.roomsHelp`)}
      onInputChange={(_, value, reason) => { if (reason === 'input') setQ(value); }}
      filterToQuery={(text) => ({ q: text })}
    />
  );
}

/** "Goes to": the audience in words. */
function ScopeWords({ values }: { values: Values }) {
  const translate = useTranslate();
  const utility = translate(`${T}.${values.utility ?? 'electric'}`);
  const chips = [
    values.all && <Chip key="all" size="small" color="primary" label={translate(`${T}.scopeAll`)} />,
    values.projectId && <Chip key="p" size="small" label={<><ReferenceName reference="projects" id={values.projectId} /></>} />,
    values.buildingId && <Chip key="b" size="small" label={<><ReferenceName reference="buildings" id={values.buildingId} withProject={!values.projectId} /></>} />,
    values.roomIds?.length ? <Chip key="r" size="small" color="primary" label={translate(`${T}.scopeRooms`, { count: values.roomIds.length })} /> : null,
    values.arrearsOnly && <Chip key="a" size="small" color="warning" label={translate(`${T}.scopeArrears`, { utility })} />,
  ].filter(Boolean);
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, alignItems: 'center' }} data-testid="sms-scope">
      <Typography variant="body2" color="text.secondary">{translate(`${T}.scope`)}</Typography>
      {chips}
    </Box>
  );
}

function ComposeBody({ onClose }: { onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const resource = useResourceContext()!;
  const dataProvider = useDataProvider<MeteringDataProvider>();
  const { setValue, getValues } = useFormContext();
  const values = useWatch() as Values;
  const { data: templates = [] } = useSmsTemplates();
  const content = values.content ?? '';
  const problem = contentProblem(content);
  const audience = audienceOf(values);
  const ready = hasAudience(values);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [counting, setCounting] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [sending, setSending] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const previewKey = JSON.stringify({ audience, content: problem ? '' : content, templateId: values.templateId || undefined });

  useEffect(() => {
    if (!ready) { setPreview(null); return undefined; }
    let current = true;
    setCounting(true);
    const timer = setTimeout(() => {
      const { audience: body, content: text, templateId } = JSON.parse(previewKey) as { audience: Record<string, unknown>; content: string; templateId?: number };
      // The count does not depend on the text: while it is not valid yet, count with a stand-in and show no messages.
      dataProvider.invoke<Preview>(resource, 'preview', { ...body, content: text || '-', ...(templateId ? { templateId } : {}) })
        .then((answer) => { if (current) setPreview(text ? answer : { ...answer, recipients: [] }); })
        .catch((error: Error) => { if (current) { setPreview(null); notify(error.message, { type: 'error' }); } })
        .finally(() => { if (current) setCounting(false); });
    }, 300);
    return () => { current = false; clearTimeout(timer); };
  }, [previewKey, ready, attempt]); // eslint-disable-line react-hooks/exhaustive-deps

  const pickTemplate = (id: unknown) => {
    const template = templates.find((row) => row.id === Number(id));
    if (template) setValue('content', template.content, { shouldDirty: true });
  };
  const insert = (token: string) => setValue('content', `${(getValues('content') as string | undefined) ?? ''}${token}`, { shouldDirty: true });
  const count = preview?.count ?? 0;
  const canSend = ready && !problem && !counting && preview !== null && count > 0 && count <= preview.max;

  const send = async () => {
    setSending(true);
    try {
      const answer = await dataProvider.invoke<{ queued: number }>(resource, 'send', {
        ...audience, content: content.trim(), expectedCount: count, ...(values.templateId ? { templateId: values.templateId } : {}),
      });
      notify(translate(`${T}.done`, { count: answer.queued }), { type: 'success' });
      refresh();
      onClose();
    } catch (error) {
      notify(error instanceof Error ? error.message : 'ra.notification.http_error', { type: 'error' });
      setConfirming(false);
      setSending(false);
      // The recipients may have changed: count again.
      setAttempt((n) => n + 1);
    }
  };

  return (
    <>
      <DialogContent dividers>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={3}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <SelectInput
              source="templateId" label={`${T}.template`} fullWidth emptyText={`${T}.noTemplate`}
              choices={templates.map((row) => ({ id: row.id, name: row.name }))}
              onChange={(event) => pickTemplate(event.target.value)} helperText={false}
            />
            <TextInput
              source="content" label={`${T}.content`} multiline minRows={4} fullWidth
              error={Boolean(problem && content)}
              helperText={problem && content ? translate(problem.key, problem.values) : translate(`${T}.contentHelp`, { length: content.trim().length, max: SMS_CONTENT_MAX })}
            />
            <PlaceholderChips onInsert={insert} />
            <Divider sx={{ my: 2 }} />
            <Typography variant="subtitle2" sx={{ mb: 1 }}>{translate(`${T}.recipients`)}</Typography>
            <RadioButtonGroupInput
              source="utility" label={`${T}.utility`} row helperText={false}
              choices={[{ id: 'electric', name: `${T}.electric` }, { id: 'water', name: `${T}.water` }]}
            />
            <Stack direction="row" spacing={1}>
              <ProjectInput fullWidth />
              <BuildingInput fullWidth />
            </Stack>
            <RoomsInput />
            <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap' }}>
              <BooleanInput source="arrearsOnly" label={`${T}.arrearsOnly`} helperText={false} />
              <BooleanInput source="all" label={`${T}.all`} helperText={false} />
            </Stack>
          </Box>
          <Box sx={{ flex: 1, minWidth: 0 }} aria-live="polite">
            <ScopeWords values={values} />
            <Box sx={{ my: 1.5 }} role="status" data-testid="sms-count">
              {!ready ? <Alert severity="info">{translate(`${T}.noScope`)}</Alert>
                : counting || !preview ? <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}><CircularProgress size={16} /><Typography variant="body2">{translate(`${T}.counting`)}</Typography></Box>
                  : preview.count === 0 ? <Alert severity="warning">{translate(`${T}.none`)}</Alert>
                    : preview.count > preview.max ? <Alert severity="error">{translate(`${T}.tooMany`, { max: preview.max })}</Alert>
                      : (
                        <Alert severity="success">
                          {translate(`${T}.count`, { count: preview.count, rooms: preview.rooms })}
                          {preview.skipped > 0 && <Box component="span" sx={{ display: 'block' }}>{translate(`${T}.skipped`, { skipped: preview.skipped })}</Box>}
                        </Alert>
                      )}
            </Box>
            {ready && !counting && preview && preview.recipients.length > 0 && (
              <Box>
                <Typography variant="subtitle2">{translate(`${T}.preview`)}</Typography>
                <Typography variant="caption" color="text.secondary">{translate(`${T}.previewMore`, { shown: preview.recipients.length, count: preview.count })}</Typography>
                <Box sx={{ maxHeight: 360, overflowY: 'auto', mt: 1 }} data-testid="sms-preview">
                  {preview.recipients.map((row) => (
                    <Box key={row.roomId} sx={{ py: 1, borderBottom: 1, borderColor: 'divider' }}>
                      <Typography variant="caption" color="text.secondary">
                        {[row.projectName, row.buildingName, row.roomCode].filter(Boolean).join(' / ')} · {row.tenantName} · {row.tenantPhone}
                      </Typography>
                      <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{row.content}</Typography>
                    </Box>
                  ))}
                </Box>
              </Box>
            )}
          </Box>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" disabled={!canSend} onClick={() => setConfirming(true)}>{translate(`${T}.send`)}</Button>
      </DialogActions>
      <Dialog open={confirming} onClose={sending ? undefined : () => setConfirming(false)} maxWidth="xs" fullWidth aria-labelledby="sms-confirm-title">
        <DialogTitle id="sms-confirm-title">{translate(`${T}.confirmTitle`, { count })}</DialogTitle>
        <DialogContent>
          <ScopeWords values={values} />
          <DialogContentText sx={{ mt: 1.5 }}>{translate(`${T}.confirmText`)}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)} disabled={sending}>{translate('ra.action.cancel')}</Button>
          <Button variant="contained" onClick={send} disabled={sending}>{translate('ra.action.confirm')}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

/**
 * Sends an SMS to chosen rooms' tenants: a template or free text with placeholders; the recipients
 * (rooms chosen, or a project, a building, the whole area; arrears only) counted and previewed by
 * the server as they are chosen, the scope said in words, and the count confirmed before the
 * messages are queued in the outbox (the server refuses a count that changed meanwhile).
 */
export function ComposeDialog({ onClose }: { onClose: () => void }) {
  const translate = useTranslate();
  return (
    <Dialog open onClose={onClose} maxWidth="lg" fullWidth aria-labelledby="sms-compose-title">
      <DialogTitle id="sms-compose-title">{translate(`${T}.title`)}</DialogTitle>
      <Form defaultValues={{ utility: 'electric', content: '', roomIds: [], all: false, arrearsOnly: false }} onSubmit={() => undefined}>
        <ComposeBody onClose={onClose} />
      </Form>
    </Dialog>
  );
}
