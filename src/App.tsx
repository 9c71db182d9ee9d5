import { Admin, CustomRoutes, Notification, Resource, localStorageStore } from 'react-admin';
import { BrowserRouter, Route } from 'react-router-dom';
import { authProvider, setRouteNames } from './auth/authProvider';
import LoginPage from './auth/LoginPage';
import { dataProvider } from './data';
import { i18nProvider } from './i18n/i18nProvider';
import { Layout } from './layout/Layout';
import { iconByName } from './layout/icons';
import { APP_ROUTES } from './routes';
import { lookupResources } from './resources/lookups';
import PendingPage from './pages/PendingPage';
import NotFoundPage from './pages/NotFoundPage';
import { RedirectRoute, RefreshRoute } from './pages/hiddenRoutes';
import { useMemo } from 'react';
import { createAppTheme } from './themes/createAppTheme';
import { specOf } from './themes/palettes';
import { PreferencesProvider, usePreferences } from './preferences/PreferencesContext';
import { ERROR_MESSAGE_MS } from './config';

setRouteNames(APP_ROUTES.map((route) => route.name));

const store = localStorageStore('1', 'prepaid-console');

/** SPEC.md section 9: messages show for 5 seconds. */
const FiveSecondNotification = () => <Notification autoHideDuration={ERROR_MESSAGE_MS} />;

/** The console, on browser-history routes (the paths of SPEC.md, not hash routes). */
export default function App() {
  return (
    <BrowserRouter>
      <PreferencesProvider>
        <ThemedAdmin />
      </PreferencesProvider>
    </BrowserRouter>
  );
}

/** react-admin with the theme of the operator's preferences. */
function ThemedAdmin() {
  const { preferences } = usePreferences();
  const theme = useMemo(() => createAppTheme(specOf(preferences.theme), preferences.colour, preferences.size), [preferences.theme, preferences.colour, preferences.size]);
  return (
      <Admin
      title=""
      dataProvider={dataProvider}
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
      {APP_ROUTES.map((route) => (
        <Resource
          key={route.name}
          name={route.name}
          icon={iconByName(route.icon)}
          options={{ label: route.titleKey }}
          list={route.resource?.list ?? PendingPage}
          create={route.resource?.create}
          edit={route.resource?.edit}
          show={route.resource?.show}
          recordRepresentation={route.resource?.recordRepresentation as string | undefined}
        />
      ))}
      {lookupResources.map((resource) => (
        <Resource key={resource.name} name={resource.name} recordRepresentation={resource.recordRepresentation as string | undefined} />
      ))}
      <CustomRoutes>
        <Route path="/refresh" element={<RefreshRoute />} />
        <Route path="/redirect/*" element={<RedirectRoute />} />
      </CustomRoutes>
      </Admin>
  );
}
