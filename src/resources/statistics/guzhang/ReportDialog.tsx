import { useState, type ReactNode } from 'react';
import { useDataProvider, useNotify, useRecordContext, useRefresh, useResourceContext, useTranslate } from 'react-admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, TextField, Typography } from '@mui/material';
import AssignmentTurnedInIcon from '@mui/icons-material/AssignmentTurnedInOutlined';
import { createRowDialog } from '../../../components/list/RowDialog';
import { RowIconButton } from '../../../components/list/RowButtons';
import { StateChip, type StateStyle } from '../../../components/list/columns';
import { useFormatDateTime } from '../../../components/dateTime';
import { useResourceAccess } from '../../../auth/useResourceAccess';
import type { MeteringDataProvider } from '../../../data/dataProvider';

const T = 'tenantPortal.report';

/** The longest resolution the server keeps (fault/resolveReport). */
export const RESOLUTION_MAX = 200;

/** A tenant's fault report as `fault/findReport` answers it (its id is the fault's). */
export interface TenantReport {
  id: number; kind: string; text: string; createdAt: string; state: 'open' | 'resolved'; resolution: string | null; resolvedAt: string | null;
  hasPhoto: boolean; roomId: number; room: string; tenantPhone: string;
}

/** A fault row of the list (what the dialog needs of it). */
interface FaultRow { id: number | string; kind: string; roomCode?: string | null; buildingName?: string | null; projectName?: string | null }

export const REPORT_STATE: Record<string, StateStyle> = {
  open: { label: `${T}.state.open`, color: 'error' },
  resolved: { label: `${T}.state.resolved`, color: 'success' },
};

/** A Blob as a data: URL (an <img> source that needs no object URL to revoke, and works wherever the console's tests run). */
async function dataUrlOf(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return `data:${blob.type || 'application/octet-stream'};base64,${btoa(binary)}`;
}

/** The report's photo, fetched with the operator's token through the console's http client. */
function ReportPhoto({ id }: { id: number }) {
  const translate = useTranslate();
  const resource = useResourceContext()!;
  const dataProvider = useDataProvider<MeteringDataProvider>();
  const [large, setLarge] = useState(false);
  const { data, error, isPending } = useQuery({
    queryKey: [resource, 'reportPhoto', id],
    queryFn: async () => dataUrlOf(await dataProvider.invoke<Blob>(resource, 'reportPhoto', { id })),
    staleTime: 5 * 60_000,
  });
  if (isPending) return <CircularProgress size={20} aria-label={translate('app.loading')} />;
  if (error || !data) return <Typography variant="body2" color="error">{translate(`${T}.photoFailed`)}</Typography>;
  return (
    <Box
      component="img" src={data} alt={translate(`${T}.photo`)} onClick={() => setLarge((value) => !value)} title={translate(large ? `${T}.photoSmaller` : `${T}.photoLarger`)}
      sx={{ display: 'block', maxWidth: large ? '100%' : 160, maxHeight: large ? 480 : 120, borderRadius: 1, border: 1, borderColor: 'divider', cursor: 'zoom-in', objectFit: 'contain' }}
    />
  );
}

function ReportForm({ fault, close }: { fault: FaultRow; close: () => void }) {
  const translate = useTranslate();
  const resource = useResourceContext()!;
  const dataProvider = useDataProvider<MeteringDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  const format = useFormatDateTime();
  const { canAccess: canResolve } = useResourceAccess({ resource, action: 'edit' });
  const id = Number(fault.id);
  const key = [resource, 'report', id];
  const { data: report, error } = useQuery({ queryKey: key, queryFn: () => dataProvider.invoke<TenantReport>(resource, 'report', { id }), staleTime: 0 });
  const [resolution, setResolution] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const text = resolution.trim();
  const problem = !text ? `${T}.resolutionRequired` : text.length > RESOLUTION_MAX ? `${T}.resolutionTooLong` : undefined;
  const resolve = async () => {
    setTouched(true);
    if (problem) return;
    setBusy(true);
    try {
      const resolved = await dataProvider.invoke<TenantReport>(resource, 'resolveReport', { id, resolution: text });
      queryClient.setQueryData(key, resolved);
      notify(`${T}.resolved`, { type: 'success' });
      refresh();
    } catch (failure) {
      notify(failure instanceof Error ? failure.message : 'ra.notification.http_error', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const room = report?.room || [fault.projectName, fault.buildingName, fault.roomCode].filter(Boolean).join(' ');
  const fact = (label: string, value: ReactNode) => (
    <Box sx={{ display: 'contents' }}>
      <Typography component="dt" variant="body2" color="text.secondary">{translate(label)}</Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{value}</Typography>
    </Box>
  );
  return (
    <Dialog open onClose={close} maxWidth="sm" fullWidth aria-labelledby="tenant-report-title">
      <DialogTitle id="tenant-report-title">{translate(`${T}.title`, { room })}</DialogTitle>
      <DialogContent dividers>
        {error && <Alert severity="error">{(error as Error).message}</Alert>}
        {!report && !error && <CircularProgress size={20} aria-label={translate('app.loading')} />}
        {report && (
          <>
            <Box component="dl" data-testid="tenant-report" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 1, m: 0, alignItems: 'start' }}>
              {fact(`${T}.state.label`, <StateChip style={REPORT_STATE[report.state]} value={report.state} />)}
              {fact(`${T}.kind`, translate(`${T}.kinds.${report.kind}`, { _: report.kind }))}
              {fact(`${T}.createdAt`, format(report.createdAt))}
              {fact(`${T}.tenantPhone`, report.tenantPhone)}
              {fact(`${T}.text`, report.text)}
              {report.hasPhoto && fact(`${T}.photo`, <ReportPhoto id={report.id} />)}
              {report.state === 'resolved' && fact(`${T}.resolution`, report.resolution ?? '')}
              {report.state === 'resolved' && fact(`${T}.resolvedAt`, format(report.resolvedAt))}
            </Box>
            {report.state === 'open' && canResolve && (
              <TextField
                label={translate(`${T}.resolution`)} value={resolution} onChange={(event) => setResolution(event.target.value)}
                required fullWidth multiline minRows={2} margin="normal" size="small" disabled={busy}
                error={touched && Boolean(problem)}
                helperText={touched && problem ? translate(problem, { max: RESOLUTION_MAX }) : translate(`${T}.resolutionHelp`, { length: text.length, max: RESOLUTION_MAX })}
              />
            )}
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{translate('ra.action.close')}</Button>
        {report?.state === 'open' && canResolve && (
          <Button variant="contained" startIcon={<AssignmentTurnedInIcon />} disabled={busy} onClick={() => void resolve()}>{translate(`${T}.resolve`)}</Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

const { Provider, useOpen } = createRowDialog<FaultRow & { id: number }>((fault, close) => <ReportForm fault={fault} close={close} />);

/** Wraps the fault list: the one report dialog of its rows. */
export const ReportDialogs = Provider;

/** A tenant report's row action "处理报修": the report, its photo, and its resolution (other kinds of fault have none). */
export function ReportButton() {
  const record = useRecordContext<FaultRow & { id: number }>();
  const open = useOpen();
  if (!record || record.kind !== 'tenant_report') return null;
  return <RowIconButton label={`${T}.action`} icon={<AssignmentTurnedInIcon fontSize="small" />} onClick={() => open(record)} />;
}
