import { Box, Button, Typography } from '@mui/material';
import { Link, useLocation } from 'react-router-dom';
import { useTranslate } from 'react-admin';

/** Any path that is not a route of the console. */
export default function NotFoundPage() {
  const translate = useTranslate();
  const { pathname } = useLocation();
  return (
    <Box sx={{ textAlign: 'center', mt: 10 }} data-testid="not-found-page">
      <Typography variant="h1" color="primary" sx={{ fontWeight: 700 }}>404</Typography>
      <Typography variant="h6" gutterBottom>{translate('app.notFound')}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>{translate('app.notFoundHint', { path: pathname })}</Typography>
      <Button component={Link} to="/" variant="contained">{translate('app.backHome')}</Button>
    </Box>
  );
}
