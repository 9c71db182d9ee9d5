import { Admin, Loading, Notification, localStorageStore } from 'react-admin';
import { BrowserRouter, Navigate } from 'react-router-dom';
import { authProvider, loginRedirect, onSessionStart, setRouteNames } from './auth/authProvider';
import { hasToken } from './auth/cookies';
import LoginPage from './pages/LoginPage';
import { dataProvider, queryClient } from './appDataProvider';
import { i18nIsReady, i18nProvider, i18nReady } from './i18n/i18nProvider';
import { shell, startSessionReads } from './firstScreen';
import { APP_ROUTES } from './routes';
import NotFoundPage from './pages/NotFoundPage';
import { appResources } from './appResources';
import { Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import { createAppTheme } from './themes/createAppTheme';
import { specOf } from './themes/palettes';
import { PreferencesProvider, usePreference } from './preferences/PreferencesContext';
import { ERROR_MESSAGE_MS } from './config';

setRouteNames(APP_ROUTES.map((route) => route.name));
onSessionStart(startSessionReads);

const store = localStorageStore('1', 'prepaid-console');

/**
 * The resources and routes, built once: react-admin registers them again (and renders every page
 * again) whenever `<Admin>` receives new children, e.g. when the theme's preferences re-render it.
 */
const RESOURCES = appResources();

/**
 * The shell is its own chunk: the login page does not load it; the login page's idle preload or the
 * login click loads it (src/firstScreen.ts), so that it is there, and renders at once, when the
 * session is.
 */
const LazyShell = shell.View;
function Layout(props: { children: ReactNode }) {
  // SPEC.md route guard, before the shell's code is asked for: no token, straight to login.
  if (!hasToken()) return <Navigate to={loginRedirect()} replace />;
  return (
    <Suspense fallback={<Loading />}>
      <LazyShell {...props} />
    </Suspense>
  );
}

/** SPEC.md section 9: messages show for 5 seconds. */
const FiveSecondNotification = () => <Notification autoHideDuration={ERROR_MESSAGE_MS} />;

/**
 * The console, on browser-history routes (the paths of SPEC.md, not hash routes), rendered once the
 * current language's messages are there (they load with the start code).
 */
export default function App() {
  return (
    <WithMessages>
      <BrowserRouter>
        <PreferencesProvider>
          <ThemedAdmin />
        </PreferencesProvider>
      </BrowserRouter>
    </WithMessages>
  );
}

/** Renders its children once the start catalog is there (at once when it already is). */
function WithMessages({ children }: { children: ReactNode }) {
  const [ready, setReady] = useState(i18nIsReady);
  useEffect(() => {
    if (!ready) i18nReady.then(() => setReady(true), (error: unknown) => console.error('messages not loaded', error));
  }, [ready]);
  return ready ? children : null;
}

/**
 * react-admin with the theme of the operator's preferences. It reads only the theme's three
 * preferences, so it renders again only when the theme changes: the other preferences (open tabs,
 * folded side menu) change often and are read where they are shown.
 */
function ThemedAdmin() {
  const themeName = usePreference('theme');
  const colour = usePreference('colour');
  const size = usePreference('size');
  const theme = useMemo(() => createAppTheme(specOf(themeName), colour, size), [themeName, colour, size]);
  return (
    <Admin
      title=""
      dataProvider={dataProvider}
      queryClient={queryClient}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      layout={Layout}
      loginPage={LoginPage}
      catchAll={NotFoundPage}
      store={store}
      theme={theme}
      notification={FiveSecondNotification}
      requireAuth={false}
      disableTelemetry
    >
      {RESOURCES}
    </Admin>
  );
}
