import { useEffect, useState, type FormEvent } from 'react';
import { useLogin, useNotify, useTranslate, LocalesMenuButton } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { Backdrop, Box, Button, Card, CardContent, CircularProgress, Stack, TextField, Typography } from '@mui/material';
import ElectricBoltIcon from '@mui/icons-material/ElectricBolt';
import { LoginError } from '../auth/authProvider';
import { prepareFirstScreen, preloadFirstScreen } from '../firstScreen';
import { PLATFORM_VERSION } from '../config';
import { useDocumentTitle } from '../layout/useDocumentTitle';

/** Where to go after login: the `redirect` query when it is a path of this console (else react-admin's default). */
export function redirectTarget(value: string | null): string | undefined {
  return value && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/login') ? value : undefined;
}

/**
 * The login page (outside the layout): form-encoded login; code 401 shows 账号或密码错误，请核实
 * and the operator stays here; other failures end the loading and are logged only.
 */
export default function LoginPage() {
  useDocumentTitle();
  const translate = useTranslate();
  const login = useLogin();
  const notify = useNotify();
  const [params] = useSearchParams();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [loading, setLoading] = useState(false);
  const redirect = params.get('redirect');
  // While the operator types: the code of the shell and of the screen they will land on.
  useEffect(() => preloadFirstScreen(redirectTarget(redirect) ?? '/'), [redirect]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setLoading(true);
    const target = redirectTarget(redirect);
    // The login call first: the browser opens a handful of connections per host, and the login must
    // not queue behind the dozens of chunk requests of the shell and the landing screen, whose code
    // then loads while the login call runs.
    const loggedIn = login({ username, password }, target);
    prepareFirstScreen(target ?? '/');
    try {
      await loggedIn;
    } catch (error) {
      if (error instanceof LoginError && error.key) {
        notify(error.key, { type: 'error' });
      } else if (error instanceof LoginError && error.serverMessage) {
        notify(error.serverMessage, { type: 'error' });
      } else {
        console.error('login failed', error);
      }
    } finally {
      setLoading(false);
    }
  };

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', background: 'linear-gradient(135deg, #1f3a5f 0%, #409EFF 100%)' }}>
      <Box sx={{ position: 'absolute', top: 8, right: 8, color: '#fff' }}><LocalesMenuButton /></Box>
      <Card sx={{ width: 380, maxWidth: '92vw' }} elevation={8}>
        <CardContent sx={{ p: 4 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 3 }}>
            <ElectricBoltIcon color="primary" fontSize="large" />
            <Box>
              <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>{translate('app.name')}</Typography>
              <Typography variant="caption" color="text.secondary">{translate('app.version', { version: PLATFORM_VERSION })}</Typography>
            </Box>
          </Stack>
          <form onSubmit={submit} noValidate>
            <Typography variant="subtitle1" sx={{ mb: 1 }}>{translate('auth.title')}</Typography>
            <TextField label={translate('auth.username')} name="username" autoComplete="username" autoFocus fullWidth margin="normal"
              value={username} onChange={(event) => setUsername(event.target.value)} />
            <TextField label={translate('auth.password')} name="password" type="password" autoComplete="current-password" fullWidth margin="normal"
              value={password} onChange={(event) => setPassword(event.target.value)} />
            <Button type="submit" variant="contained" fullWidth size="large" sx={{ mt: 2 }} disabled={loading}>
              {translate(loading ? 'auth.signingIn' : 'auth.submit')}
            </Button>
          </form>
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 2 }}>{translate('auth.demoHint')}</Typography>
        </CardContent>
      </Card>
      <Backdrop open={loading} sx={{ zIndex: (theme) => theme.zIndex.modal + 1, color: '#fff' }} data-testid="login-loading">
        <CircularProgress color="inherit" />
      </Backdrop>
    </Box>
  );
}
