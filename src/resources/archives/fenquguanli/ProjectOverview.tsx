import { Title, useDataProvider, useLocaleState, useTranslate } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import {
  Alert, Box, Button, Card, CardActions, CardContent, CircularProgress, Grid, LinearProgress, Stack, Tooltip, Typography,
} from '@mui/material';
import RefreshIcon from '@mui/icons-material/Refresh';
import ApartmentIcon from '@mui/icons-material/Apartment';
import MeetingRoomIcon from '@mui/icons-material/MeetingRoom';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import type { MeteringDataProvider } from '../../../data/dataProvider';
import { formatYuan } from '../../../../common/money';
import { filteredList } from '../model';

/** One project's figures (project/findOverview). */
export interface ProjectFigures {
  id: number; name: string; address: string | null;
  buildings: number; rooms: number; occupiedRooms: number; occupancy: number;
  electricMeters: number; waterMeters: number; metersOnline: number; balanceFen: number; accountsInArrears: number;
}

function Figure({ label, value, hint, tone }: { label: string; value: string; hint?: string; tone?: 'error' | 'success' }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary">{label}</Typography>
      <Typography variant="h6" sx={{ fontVariantNumeric: 'tabular-nums', lineHeight: 1.3, color: tone ? `${tone}.main` : undefined }}>{value}</Typography>
      {hint && <Typography variant="caption" color="text.secondary">{hint}</Typography>}
    </Box>
  );
}

function ProjectCard({ project }: { project: ProjectFigures }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const navigate = useNavigate();
  const count = (n: number) => n.toLocaleString(locale === 'en' ? 'en' : 'zh-CN');
  const meters = project.electricMeters + project.waterMeters;
  return (
    <Card variant="outlined" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }} data-testid="project-card">
      <CardContent sx={{ flex: 1 }}>
        <Typography variant="h6" component="h2">{project.name}</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5, minHeight: 20 }}>{project.address ?? ''}</Typography>
        <Grid container spacing={1.5}>
          <Grid size={6}><Figure label={translate('estate.overview.buildings')} value={count(project.buildings)} /></Grid>
          <Grid size={6}><Figure label={translate('estate.overview.rooms')} value={count(project.rooms)} hint={translate('estate.overview.occupied', { count: count(project.occupiedRooms) })} /></Grid>
          <Grid size={12}>
            <Box sx={{ display: 'flex', justifyContent: 'space-between' }}>
              <Typography variant="caption" color="text.secondary">{translate('estate.overview.occupancy')}</Typography>
              <Typography variant="caption" sx={{ fontVariantNumeric: 'tabular-nums' }}>{project.occupancy.toFixed(1)}%</Typography>
            </Box>
            <LinearProgress variant="determinate" value={Math.min(100, project.occupancy)} aria-label={translate('estate.overview.occupancy')} />
          </Grid>
          <Grid size={6}>
            <Figure
              label={translate('estate.overview.metersOnline')} value={`${count(project.metersOnline)} / ${count(meters)}`}
              hint={translate('estate.overview.meterKinds', { electric: count(project.electricMeters), water: count(project.waterMeters) })}
            />
          </Grid>
          <Grid size={6}><Figure label={translate('estate.overview.balance')} value={formatYuan(project.balanceFen)} tone={project.balanceFen < 0 ? 'error' : undefined} /></Grid>
          <Grid size={12}>
            <Figure label={translate('estate.overview.arrears')} value={count(project.accountsInArrears)} tone={project.accountsInArrears ? 'error' : 'success'} />
          </Grid>
        </Grid>
      </CardContent>
      <CardActions sx={{ flexWrap: 'wrap' }}>
        <Button size="small" startIcon={<ApartmentIcon />} onClick={() => navigate(filteredList('jianzhuguanli', { projectId: project.id }))}>{translate('estate.actions.buildings')}</Button>
        <Button size="small" startIcon={<MeetingRoomIcon />} onClick={() => navigate(filteredList('fangjianguanli', { projectId: project.id }))}>{translate('estate.actions.rooms')}</Button>
        {project.accountsInArrears > 0 && (
          <Button size="small" color="error" startIcon={<WarningAmberIcon />} onClick={() => navigate(filteredList('fangjianguanli', { projectId: project.id, arrears: 'true' }))}>
            {translate('estate.actions.arrears')}
          </Button>
        )}
      </CardActions>
    </Card>
  );
}

/**
 * The project overview: a card per project of the operator's area with live figures (aggregates of
 * the server, read again on focus and on "refresh"), drilling down to buildings and rooms.
 */
export default function ProjectOverview() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<MeteringDataProvider>();
  const { data, error, isPending, isFetching, refetch } = useQuery({
    queryKey: ['fenquguanli', 'overview'],
    queryFn: () => dataProvider.invoke<ProjectFigures[]>('fenquguanli', 'overview'),
    refetchOnWindowFocus: true,
    refetchInterval: 60_000,
  });
  const totals = (data ?? []).reduce((sum, p) => ({ rooms: sum.rooms + p.rooms, arrears: sum.arrears + p.accountsInArrears, balanceFen: sum.balanceFen + p.balanceFen }), { rooms: 0, arrears: 0, balanceFen: 0 });
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Title title={translate('routes.fenquguanli')} />
      <Stack direction="row" sx={{ mb: 2, alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1" sx={{ flex: 1 }}>{translate('routes.fenquguanli')}</Typography>
        {data && (
          <Typography variant="body2" color="text.secondary">
            {translate('estate.overview.totals', { projects: data.length, rooms: totals.rooms, arrears: totals.arrears, balance: formatYuan(totals.balanceFen) })}
          </Typography>
        )}
        <Tooltip title={translate('estate.overview.refreshHint')}>
          <span>
            <Button variant="outlined" size="small" startIcon={isFetching ? <CircularProgress size={16} /> : <RefreshIcon />} onClick={() => refetch()} disabled={isFetching}>
              {translate('ra.action.refresh')}
            </Button>
          </span>
        </Tooltip>
      </Stack>
      {isPending && <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}><CircularProgress /></Box>}
      {error && <Alert severity="error" action={<Button onClick={() => refetch()}>{translate('estate.overview.retry')}</Button>}>{(error as Error).message}</Alert>}
      {data && !data.length && <Alert severity="info">{translate('estate.overview.empty')}</Alert>}
      {data && data.length > 0 && (
        <Grid container spacing={2}>
          {data.map((project) => (
            <Grid key={project.id} size={{ xs: 12, sm: 6, lg: 4, xl: 3 }}><ProjectCard project={project} /></Grid>
          ))}
        </Grid>
      )}
    </Box>
  );
}
