/**
 * The signed-in tenant page (issue 42): `/tenant` and the paths under it, served by pay.html like
 * the sticker page (`/pay/<code>`), loaded only on those paths (src/pay/main.tsx). Sign-in by SMS
 * code, then for each room bound to the phone now: an overview, usage, bills and statements,
 * paying, SMS notices and fault reports. Calls: server/routes/tenantPortal.ts, through ./api.ts.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { Utility } from '../api';
import { dateTimeOf } from '../dates';
import { fill, usePayI18n } from '../i18n';
import { PageFrame, usePageLang } from '../PageFrame';
import { storedToken, storeToken, tenantClient, type TenantRoom } from './api';
import { Bills } from './Bills';
import { Faults } from './Faults';
import { clearTenantCache, registerTenantWorker } from './offline';
import { Overview } from './Overview';
import { LoadFailed, Loading } from './parts';
import { TenantContext, useCall, useTenant, type TenantSession } from './session';
import { Settings } from './Settings';
import { SignIn } from './SignIn';
import { StatementView } from './StatementView';
import { TenantPay } from './TenantPay';
import { UsageView } from './UsageView';

export type Tab = 'overview' | 'usage' | 'bills' | 'pay' | 'more';
export const TABS: readonly Tab[] = ['overview', 'usage', 'bills', 'pay', 'more'];
const TAB_PATH: Record<Tab, string> = { overview: '/tenant', usage: '/tenant/usage', bills: '/tenant/bills', pay: '/tenant/pay', more: '/tenant/more' };

export interface TenantRoute {
  tab: Tab;
  /** A statement's month (`/tenant/bills/YYYY-MM`). */
  month?: string;
  /** The utility to pay first (`/tenant/pay?utility=water`). */
  utility?: Utility;
}

/** The page's place from its path (and query): unknown paths are the overview. */
export function routeOf(url: string): TenantRoute {
  const [path, query = ''] = url.split('?');
  const parts = path.replace(/^\/tenant\/?/, '').split('/').filter(Boolean);
  const tab = (TABS as readonly string[]).includes(parts[0]) ? parts[0] as Tab : 'overview';
  const month = tab === 'bills' && /^\d{4}-\d{2}$/.test(parts[1] ?? '') ? parts[1] : undefined;
  const utility = new URLSearchParams(query).get('utility');
  return { tab, month, utility: utility === 'electric' || utility === 'water' ? utility : undefined };
}

const ROOM_KEY = 'tenant.room';
const rememberedRoom = () => {
  try {
    return Number(localStorage.getItem(ROOM_KEY)) || undefined;
  } catch {
    return undefined;
  }
};
const rememberRoom = (roomId: number) => {
  try {
    localStorage.setItem(ROOM_KEY, String(roomId));
  } catch {
    // Private mode: the first room next time.
  }
};

/** The orders being followed of the session's rooms (sessionStorage `pay.order.tenant-…`): forgotten at sign-out. */
function forgetFollowedOrders() {
  try {
    for (const key of Object.keys(sessionStorage)) if (/^pay\.(order|attempt)\.tenant-/.test(key)) sessionStorage.removeItem(key);
  } catch {
    // No session storage: nothing kept.
  }
}

export function TenantApp({ path = `${window.location.pathname}${window.location.search}` }: { path?: string }) {
  const i18n = usePageLang((m) => m.tenant.title);
  const [token, setToken] = useState(storedToken);
  const [ended, setEnded] = useState(false);
  useEffect(registerTenantWorker, []);

  const signedIn = useCallback((next: string) => {
    void clearTenantCache();
    storeToken(next);
    setEnded(false);
    setToken(next);
  }, []);
  const signedOut = useCallback((expired: boolean) => {
    storeToken(undefined);
    forgetFollowedOrders();
    void clearTenantCache();
    setEnded(expired);
    setToken(undefined);
  }, []);

  return (
    <PageFrame i18n={i18n} heading={i18n.m.tenant.title} className="tenant">
      {token
        ? <SignedIn key={token} token={token} initialPath={path} onSignedOut={signedOut} />
        : <SignIn ended={ended ? i18n.m.tenant.signIn.ended : undefined} onSignedIn={signedIn} />}
    </PageFrame>
  );
}

function SignedIn({ token, initialPath, onSignedOut }: { token: string; initialPath: string; onSignedOut(expired: boolean): void }) {
  const { lang, m } = usePayI18n();
  const [url, setUrl] = useState(initialPath);
  const [fromCache, setFromCache] = useState<string | null>(null);
  const endedRef = useRef(onSignedOut);
  endedRef.current = onSignedOut;

  const client = useMemo(() => tenantClient(token, lang, {
    unauthorized: () => endedRef.current(true),
    served: (cachedAt) => setFromCache(cachedAt),
  }), [token, lang]);

  // Links inside the page move without a reload; Back and Forward follow.
  const navigate = useCallback((to: string) => {
    if (to !== `${window.location.pathname}${window.location.search}`) window.history.pushState({}, '', to);
    setUrl(to);
    window.scrollTo(0, 0);
  }, []);
  useEffect(() => {
    const back = () => setUrl(`${window.location.pathname}${window.location.search}`);
    window.addEventListener('popstate', back);
    return () => window.removeEventListener('popstate', back);
  }, []);

  const rooms = useCall(() => client.rooms(), [client]);
  const signOut = useCallback(() => {
    // The session ends on the server too; the page does not wait for it.
    client.logout().catch(() => undefined);
    onSignedOut(false);
  }, [client, onSignedOut]);

  const session: TenantSession | undefined = useMemo(() => rooms.data && {
    client, rooms: rooms.data, reloadRooms: rooms.reload, navigate, signOut,
  }, [client, rooms.data, rooms.reload, navigate, signOut]);

  let content: ReactNode;
  if (!session) {
    content = <main>{rooms.state === 'failed' ? <LoadFailed error={rooms.error} onRetry={rooms.reload} /> : <Loading />}</main>;
  } else if (!session.rooms.length) {
    content = (
      <main>
        <div className="card notice no-room">
          <p>{m.tenant.noRoom}</p>
          <button type="button" className="secondary" onClick={signOut}>{m.tenant.signOut}</button>
        </div>
      </main>
    );
  } else {
    content = (
      <TenantContext.Provider value={session}>
        <RoomPages route={routeOf(url)} />
      </TenantContext.Provider>
    );
  }
  return (
    <>
      {fromCache && <p className="offline-banner" role="status">{fill(m.tenant.offlineBanner, { time: dateTimeOf(fromCache) })}</p>}
      {content}
    </>
  );
}

function RoomPages({ route }: { route: TenantRoute }) {
  const { m } = usePayI18n();
  const { rooms, navigate } = useTenant();
  const [roomId, setRoomId] = useState(() => rememberedRoom());
  const room = rooms.find((candidate) => candidate.roomId === roomId) ?? rooms[0];
  const mainRef = useRef<HTMLElement>(null);
  const first = useRef(true);
  // A new section: focus goes to its content (screen readers hear where they are), not on the first load.
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    mainRef.current?.focus({ preventScroll: true });
  }, [route.tab, route.month]);

  const chooseRoom = (next: number) => {
    rememberRoom(next);
    setRoomId(next);
  };

  let page: ReactNode;
  switch (route.tab) {
    case 'usage': page = <UsageView key={room.roomId} room={room} />; break;
    case 'bills': page = route.month ? <StatementView key={`${room.roomId}-${route.month}`} room={room} month={route.month} /> : <Bills key={room.roomId} room={room} />; break;
    case 'pay': page = <TenantPay key={room.roomId} room={room} utility={route.utility} />; break;
    case 'more': page = <More key={room.roomId} room={room} />; break;
    default: page = <Overview room={room} />;
  }

  // The tabs come before the content (on phones they sit at the bottom of the screen).
  return (
    <>
      <RoomBar rooms={rooms} room={room} onChoose={chooseRoom} />
      <nav className="tenant-nav" aria-label={m.tenant.sections}>
        <ul>
          {TABS.map((tab) => (
            <li key={tab}>
              <a href={TAB_PATH[tab]} aria-current={route.tab === tab ? 'page' : undefined} className={`tab ${tab}`}
                onClick={(event) => {
                  if (event.metaKey || event.ctrlKey || event.shiftKey) return;
                  event.preventDefault();
                  navigate(TAB_PATH[tab]);
                }}>
                <TabIcon tab={tab} />
                <span>{m.tenant.tabs[tab]}</span>
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <main ref={mainRef} tabIndex={-1} className={`tab-${route.tab}`} aria-label={m.tenant.tabs[route.tab]}>
        {page}
      </main>
    </>
  );
}

/** The room shown: its name and tenancy; a switcher when the phone is bound to several. */
function RoomBar({ rooms, room, onChoose }: { rooms: TenantRoom[]; room: TenantRoom; onChoose(roomId: number): void }) {
  const { m } = usePayI18n();
  const label = (candidate: TenantRoom) => [candidate.project, candidate.room].filter(Boolean).join(' ');
  return (
    <div className="room-bar">
      {rooms.length > 1 ? (
        <label className="room-switch">
          <span className="sr-only">{m.tenant.room}</span>
          <select value={room.roomId} onChange={(event) => onChoose(Number(event.target.value))}>
            {rooms.map((candidate) => <option key={candidate.roomId} value={candidate.roomId}>{label(candidate)}</option>)}
          </select>
        </label>
      ) : <p className="room-name">{label(room)}</p>}
      <p className="since">{fill(m.tenant.since, { date: room.since })}</p>
    </div>
  );
}

/** More: the SMS notices, fault reports, sign-out. */
function More({ room }: { room: TenantRoom }) {
  const { m } = usePayI18n();
  const { signOut } = useTenant();
  return (
    <div className="columns more">
      <Settings />
      <Faults room={room} />
      <button type="button" className="secondary sign-out" onClick={signOut}>{m.tenant.signOut}</button>
    </div>
  );
}

/** The tab bar's small line icons (inline SVG, hidden from screen readers: the tab's name says it). */
function TabIcon({ tab }: { tab: Tab }) {
  const paths: Record<Tab, string> = {
    overview: 'M3 11 12 4l9 7v9a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z',
    usage: 'M4 20V10m6 10V4m6 16v-7m5 7H3',
    bills: 'M6 3h12v18l-3-2-3 2-3-2-3 2zM9 8h6M9 12h6',
    pay: 'M3 7h18v11H3zM3 11h18M7 15h3',
    more: 'M5 12h.01M12 12h.01M19 12h.01',
  };
  return (
    <svg className="tab-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={paths[tab]} fill="none" stroke="currentColor" strokeWidth={tab === 'more' ? 3 : 1.8} strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
