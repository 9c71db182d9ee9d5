import { useState, type ReactNode } from 'react';
import { Confirm, useDataProvider, useNotify, useResourceContext, useTranslate } from 'react-admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Box, Button, CircularProgress, Divider, Typography } from '@mui/material';
import LogoutIcon from '@mui/icons-material/Logout';
import { StateChip, type StateStyle } from '../../../components/list/columns';
import { useFormatDateTime } from '../../../components/dateTime';
import { useResourceAccess } from '../../../auth/useResourceAccess';
import type { MeteringDataProvider } from '../../../data/dataProvider';

const T = 'tenantPortal.portal';

/** The tenant's page for a tenant's phone as `tenant/findPortal` answers it (issue 42). */
export interface TenantPortal {
  phone: string | null;
  signedInAt: string | null;
  sessions: number;
  settings: { lowBalance: boolean; daysLeft: boolean; daysLeftThreshold: number; credited: boolean; supply: boolean };
  /** The phone made its own choices (else the defaults). */
  customized?: boolean;
}

const SWITCH: Record<string, StateStyle> = {
  true: { label: `${T}.on`, color: 'success' },
  false: { label: `${T}.off`, color: 'default' },
};

/**
 * 租户端 on a tenant's record: whether their phone signed in to the tenant's page (the last
 * sign-in, the sessions open now), the SMS notices they chose, and "结束登录", which signs the phone
 * out everywhere after a confirmation.
 */
export function PortalPanel({ tenantId, name }: { tenantId: number; name: string }) {
  const translate = useTranslate();
  const resource = useResourceContext() ?? 'userdangan';
  const dataProvider = useDataProvider<MeteringDataProvider>();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const format = useFormatDateTime();
  const { canAccess: canEdit } = useResourceAccess({ resource, action: 'edit' });
  const key = [resource, 'portal', tenantId];
  const { data: portal, error, isPending } = useQuery({ queryKey: key, queryFn: () => dataProvider.invoke<TenantPortal>(resource, 'portal', { id: tenantId }), staleTime: 0 });
  const [confirming, setConfirming] = useState(false);
  const [ending, setEnding] = useState(false);
  const end = async () => {
    setEnding(true);
    try {
      const { ended } = await dataProvider.invoke<{ ended: number }>(resource, 'endPortalSessions', { id: tenantId });
      notify(`${T}.endedDone`, { type: 'success', messageArgs: { smart_count: ended } });
      await queryClient.invalidateQueries({ queryKey: key });
    } catch (failure) {
      notify(failure instanceof Error ? failure.message : 'ra.notification.http_error', { type: 'error' });
    } finally {
      setEnding(false);
      setConfirming(false);
    }
  };
  const title = translate(`${T}.title`);
  const fact = (label: string, value: ReactNode) => (
    <Box key={label} sx={{ display: 'contents' }}>
      <Typography component="dt" variant="body2" color="text.secondary">{translate(label)}</Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0 }}>{value}</Typography>
    </Box>
  );
  const toggle = (on: boolean) => <StateChip style={SWITCH[String(on)]} value={String(on)} />;
  return (
    <Box component="section" aria-label={title}>
      <Divider sx={{ my: 2 }} />
      <Typography variant="subtitle2" sx={{ mb: 1 }}>{title}</Typography>
      {isPending && <CircularProgress size={20} aria-label={translate('app.loading')} />}
      {error && <Alert severity="error">{(error as Error).message}</Alert>}
      {portal && !portal.phone && <Typography variant="body2" color="text.secondary">{translate(`${T}.noPhone`)}</Typography>}
      {portal && portal.phone && (
        <>
          <Box component="dl" data-testid="tenant-portal" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 1, m: 0, alignItems: 'center' }}>
            {fact(`${T}.signedInAt`, portal.signedInAt ? format(portal.signedInAt) : translate(`${T}.never`))}
            {fact(`${T}.sessions`, translate(`${T}.sessionCount`, { smart_count: portal.sessions }))}
            {fact(`${T}.lowBalance`, toggle(portal.settings.lowBalance))}
            {fact(`${T}.daysLeft`, (
              <Box component="span" sx={{ display: 'inline-flex', gap: 1, alignItems: 'center' }}>
                {toggle(portal.settings.daysLeft)}
                {portal.settings.daysLeft && translate(`${T}.threshold`, { smart_count: portal.settings.daysLeftThreshold })}
              </Box>
            ))}
            {fact(`${T}.credited`, toggle(portal.settings.credited))}
            {fact(`${T}.supply`, toggle(portal.settings.supply))}
          </Box>
          {!portal.customized && <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>{translate(`${T}.defaults`)}</Typography>}
          {canEdit && (
            <Button
              size="small" color="warning" variant="outlined" startIcon={<LogoutIcon />} sx={{ mt: 1.5 }}
              disabled={ending || portal.sessions === 0} onClick={() => setConfirming(true)}
            >
              {translate(`${T}.end`)}
            </Button>
          )}
        </>
      )}
      <Confirm
        isOpen={confirming} loading={ending} title={`${T}.endTitle`} translateOptions={{ name, smart_count: portal?.sessions ?? 0 }} content={`${T}.endContent`}
        confirm={`${T}.end`} confirmColor="warning" onConfirm={() => void end()} onClose={() => setConfirming(false)}
      />
    </Box>
  );
}
