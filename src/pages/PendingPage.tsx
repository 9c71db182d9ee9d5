import { Box, Button, Card, CardContent, Typography } from '@mui/material';
import ConstructionIcon from '@mui/icons-material/Construction';
import { Link, useLocation } from 'react-router-dom';
import { AccessDenied, LoadingIndicator, useTranslate } from 'react-admin';
import { routeOfPath, titleKeyOfPath } from '../../common/routeCatalog';
import { useResourceAccess } from '../auth/useResourceAccess';

/** A route whose screen is not built yet: says so plainly (no fake data), to operators the role tree grants it to. */
export default function PendingPage() {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const titleKey = titleKeyOfPath(pathname);
  const { canAccess, isPending } = useResourceAccess({ resource: routeOfPath(pathname)?.name ?? pathname, action: 'list' });
  if (isPending) return <LoadingIndicator />;
  if (!canAccess) return <AccessDenied />;
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', mt: 6 }}>
      <Card sx={{ maxWidth: 560 }} data-testid="pending-page">
        <CardContent sx={{ textAlign: 'center', p: 4 }}>
          <ConstructionIcon color="action" sx={{ fontSize: 56, mb: 1 }} />
          <Typography variant="h6" gutterBottom>{translate('app.pending')}</Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
            {translate('app.pendingHint', { title: titleKey ? translate(titleKey) : pathname })}
          </Typography>
          <Button component={Link} to="/" variant="outlined">{translate('app.backHome')}</Button>
        </CardContent>
      </Card>
    </Box>
  );
}
