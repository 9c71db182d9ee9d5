import { useMemo, type ComponentType, type ReactNode } from 'react';
import { render, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Admin, localStorageStore } from 'react-admin';
import { BrowserRouter } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, expect } from 'vitest';
import App from '../../src/App';
import { authProvider, setRouteNames } from '../../src/auth/authProvider';
import { writeSessionCookies } from '../../src/auth/cookies';
import { forgetMenu } from '../../src/auth/menu';
import { dataProvider } from '../../src/appDataProvider';
import { createQueryClient } from '../../src/data/queryClient';
import { i18nProvider } from '../../src/i18n/i18nProvider';
import { PreferencesProvider, usePreferences } from '../../src/preferences/PreferencesContext';
import { RealtimeProvider } from '../../src/realtime/RealtimeProvider';
import { appResources } from '../../src/appResources';
import { APP_ROUTES } from '../../src/routes';
import { createAppTheme } from '../../src/themes/createAppTheme';
import { specOf } from '../../src/themes/palettes';
import { TEST_PASSWORD } from '../support/constants';
import { testBackend } from '../msw/setup';

/**
 * The console test kit. Tests render **the screen under test** — one resource's list, create or edit
 * page at a path, or one shell component — inside react-admin with the console's real data provider,
 * auth provider and i18n provider, talking to the real backend through MSW (tests/msw). The whole
 * console (login → menu → tab bar → page) is for the e2e tests; `renderApp` stays for the few
 * behaviours that are about the whole app itself (route guard, root redirect, 404).
 */

// As App.tsx does: the auth provider guards routes by their names.
setRouteNames(APP_ROUTES.map((route) => route.name));

/** react-admin's store as the console keeps it (localStorage, which is cleared after each test). */
const store = localStorageStore('1', 'prepaid-console');

export interface ScreenOptions {
  /** Shell components rendered above the page (e.g. `<AlarmBell />`, `<TabBar />`), as the layout would. */
  shell?: ReactNode;
  /** Wraps the page (e.g. in `<KeepAlive>`), as the layout would. */
  page?: (children: ReactNode) => ReactNode;
}

/**
 * Renders the console's routes at a path (jsdom's location, as a browser would open it) — every
 * route as in App.tsx (built screens, the pending page for the others, the hidden routes) — inside
 * a bare layout: live updates on, but no app bar, side menu, tab bar or page cache unless a test
 * asks for one of them (`shell`, `page`).
 */
export function renderScreen(path: string, options: ScreenOptions = {}) {
  const ScreenLayout = ({ children }: { children: ReactNode }) => (
    <RealtimeProvider>{options.shell}<main>{options.page ? options.page(children) : children}</main></RealtimeProvider>
  );
  window.history.pushState({}, '', path);
  return render(
    <BrowserRouter>
      <PreferencesProvider>
        <ThemedScreen layout={ScreenLayout} />
      </PreferencesProvider>
    </BrowserRouter>,
  );
}

function ThemedScreen({ layout }: { layout: ComponentType<{ children: ReactNode }> }) {
  const { preferences } = usePreferences();
  const theme = useMemo(() => createAppTheme(specOf(preferences.theme), preferences.colour, preferences.size), [preferences.theme, preferences.colour, preferences.size]);
  // The console's query client (rights answered at once once the session is in), new per screen.
  const queryClient = useMemo(() => createQueryClient(dataProvider), []);
  return (
    <Admin
      dataProvider={dataProvider} queryClient={queryClient} authProvider={authProvider} i18nProvider={i18nProvider} store={store} theme={theme}
      layout={layout} requireAuth={false} disableTelemetry
    >
      {appResources()}
    </Admin>
  );
}

/** Renders the whole console at a path: only for behaviours of the app as a whole (route guard, redirects, 404). */
export function renderApp(path: string) {
  window.history.pushState({}, '', path);
  return render(<App />);
}

export interface Session { code: number; sessinId: string; areaId: number; userId: number; roleId: number }

/** Logs in through the API (as the login page does) and stores the session cookies: a fresh session. */
export async function signIn(username = 'admin', password = TEST_PASSWORD): Promise<Session> {
  const response = await fetch('/api/v1/quan_xian/deng_lu/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username, password }),
  });
  const body = (await response.json()) as Session;
  if (body.code !== 200) throw new Error(`sign-in of ${username} failed: ${JSON.stringify(body)}`);
  useSession(body, username);
  return body;
}

/** Stores a session's cookies, as a login does. */
function useSession(session: Session, username: string) {
  writeSessionCookies({ ...session, username });
  forgetMenu();
}

/**
 * One login for the whole file (logins run scrypt on the backend: not once per test): every test
 * of the file starts signed in as `username` with that session. A test that ends the session
 * (logout, password change) must sign in afresh with `signIn` instead.
 */
export function signedInForFile(username = 'admin') {
  let session: Session | undefined;
  beforeAll(async () => {
    session = await signIn(username);
  });
  beforeEach(() => useSession(session!, username));
  afterEach(() => forgetMenu());
  return { session: () => session! };
}

/** The rows of the screen's list table (in `main`). */
export const listRows = () => [...document.querySelectorAll<HTMLElement>('main tbody tr')];

/**
 * A user-event session that types without delays between keys, and clicks as a person does: on a
 * control that is disabled for the moment (a save button while the form re-validates what was just
 * typed, or while the last save is still answering) it waits until the control is enabled, instead
 * of failing on a loaded machine where that moment lasts longer. A control that never comes back
 * still fails the test (the wait's limit).
 */
export const fastUser = () => {
  const user = userEvent.setup({ delay: null });
  return {
    ...user,
    click: async (element: Element) => {
      await waitFor(() => expect(element).toBeEnabled());
      return user.click(element);
    },
  };
};

/** Raw SQL on the file's backend database: what a screen wrote, or left as it was. */
export const sqlRows = async <T,>(text: string) => ((await testBackend().database.db.execute(text as never)) as unknown as { rows: T[] }).rows;
