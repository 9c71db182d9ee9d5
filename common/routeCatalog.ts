/**
 * Every route of SPEC.md (path exactly as written) with its menu group and icon. Pure data,
 * shared by the console's route table and the server's default menu seed. Titles are the
 * message keys `routes.<name>` (name = path without a leading slash) in i18n/.
 */
export type MenuGroup = 'home' | 'archives' | 'devices' | 'special' | 'basic' | 'statistics' | 'system';

export interface RouteEntry {
  path: string;
  group: MenuGroup;
  /** A @mui/icons-material icon name. */
  icon: string;
  /** Keeps its state when the operator switches tabs. */
  cacheable?: boolean;
}

export const MENU_GROUPS: { group: MenuGroup; icon: string }[] = [
  { group: 'home', icon: 'Home' },
  { group: 'archives', icon: 'Inventory2' },
  { group: 'devices', icon: 'Memory' },
  { group: 'special', icon: 'AutoFixHigh' },
  { group: 'basic', icon: 'Tune' },
  { group: 'statistics', icon: 'Insights' },
  { group: 'system', icon: 'Settings' },
];

const r = (path: string, group: MenuGroup, icon: string, cacheable = true): RouteEntry => ({ path, group, icon, cacheable });

export const ROUTES: RouteEntry[] = [
  // The home dashboards re-mount when shown again, so their figures are current.
  r('index_water', 'home', 'ElectricBolt', false),
  r('index', 'home', 'WaterDrop', false),
  r('fenquguanli', 'archives', 'Dashboard'),
  r('project', 'archives', 'Apartment'),
  r('jianzhuguanli', 'archives', 'Business'),
  r('fangjianguanli', 'archives', 'MeetingRoom'),
  r('userdangan', 'archives', 'Badge'),
  r('userbangding', 'archives', 'Link'),
  r('zhongjianbiao', 'archives', 'SettingsInputComponent'),
  r('userJiaofei', 'archives', 'Payments'),
  r('dianbiaoguanli', 'devices', 'ElectricMeter'),
  r('mokuaiguanli', 'devices', 'Router'),
  r('dianbiaoshishijilu', 'devices', 'ManageSearch'),
  r('tongduankongzhi', 'devices', 'PowerSettingsNew'),
  r('waterarchive', 'devices', 'WaterDrop'),
  r('waterstate', 'devices', 'Opacity'),
  r('waterswitch', 'devices', 'ToggleOn'),
  r('chongzhijiaozhun', 'special', 'Balance'),
  r('TimedOnOffControl', 'special', 'Schedule'),
  r('jiaozhunshijian', 'special', 'AccessTime'),
  r('basicUserParameters', 'special', 'ManageAccounts'),
  r('yuzhidianliang', 'special', 'BatteryChargingFull'),
  r('nightset', 'special', 'Bedtime'),
  r('kongzhiset', 'special', 'SettingsRemote'),
  r('fuzaiset', 'special', 'Speed'),
  r('danjiabiao', 'basic', 'PriceChange'),
  r('dsshijianduan', 'basic', 'ViewTimeline'),
  r('dstongduancanshu', 'basic', 'Timer'),
  r('gonglvcanshu', 'basic', 'Bolt'),
  r('kongzhicanshu', 'basic', 'Gavel'),
  r('fuzaicanshu', 'basic', 'Scale'),
  r('night', 'basic', 'NightsStay'),
  r('mianfeidianzscs', 'basic', 'CardGiftcard'),
  r('chaobiao', 'statistics', 'BarChart'),
  r('MeterReadingRecordDetails', 'statistics', 'ReceiptLong'),
  r('chaobiao_water', 'statistics', 'Water'),
  r('continuitytable', 'statistics', 'PowerOff'),
  r('guzhang', 'statistics', 'ReportProblem'),
  r('chongzhidingdan', 'statistics', 'Receipt'),
  r('chongzhiwater', 'statistics', 'LocalDrink'),
  r('chongzhihuizong', 'statistics', 'Summarize'),
  // Issue 41: the online payments' daily reconciliation with the providers, and the payments a person must decide.
  r('zhifuduizhang', 'statistics', 'AccountBalance'),
  r('chongzhijiaozhunjilu', 'statistics', 'FactCheck'),
  r('preset_power_record', 'statistics', 'History'),
  r('mfdianzengyu', 'statistics', 'Redeem'),
  r('waterfree', 'statistics', 'VolunteerActivism'),
  r('duanxinfasong', 'statistics', 'Sms'),
  r('smsmanage', 'statistics', 'Forum'),
  r('monthly_order', 'statistics', 'CalendarMonth'),
  r('room_billing_statement', 'statistics', 'RequestQuote'),
  r('room_billing_details', 'statistics', 'ListAlt'),
  r('tuxingbaobiao', 'statistics', 'PieChart'),
  r('/sysuser', 'system', 'AdminPanelSettings'),
  r('/sysresourse', 'system', 'AccountTree'),
  r('bumen', 'system', 'Groups'),
  r('caozuojilu', 'system', 'TrackChanges'),
  r('rizhi', 'system', 'Terminal'),
  r('shanchuchaobiaojilu', 'system', 'DeleteSweep'),
  r('shujukubeifen', 'system', 'Backup'),
  r('log', 'system', 'BugReport'),
  r('page3', 'system', 'Widgets'),
];

/** The route's name: its path without a leading slash (react-admin resource name, message key). */
export const routeName = (path: string) => path.replace(/^\//, '');

/** A route of the catalog with its name and title key (what the shell shows of it). */
export interface RouteInfo extends RouteEntry {
  /** Route name = react-admin resource name = message key under `routes.`. */
  name: string;
  titleKey: string;
}

/**
 * Every route with its name and title key. `index` comes first so that the root redirects to it
 * (react-admin sends `/` to the first resource).
 */
export const ROUTE_INFO: RouteInfo[] = [...ROUTES]
  .sort((a, b) => (a.path === 'index' ? -1 : b.path === 'index' ? 1 : 0))
  .map((route) => ({ ...route, name: routeName(route.path), titleKey: `routes.${routeName(route.path)}` }));

const byName = new Map(ROUTE_INFO.map((route) => [route.name, route]));

/** The route a location belongs to (`/waterarchive/12` → waterarchive). */
export function routeOfPath(pathname: string): RouteInfo | undefined {
  const first = pathname.replace(/^\/+/, '').split('/')[0];
  return byName.get(decodeURIComponent(first));
}

/** The title key of a location: its route's, or the hidden routes' and login's own. */
export function titleKeyOfPath(pathname: string): string | undefined {
  // The root redirects to the route named index.
  if (pathname === '/' || pathname === '') return 'routes.index';
  const route = routeOfPath(pathname);
  if (route) return route.titleKey;
  if (pathname.startsWith('/login')) return 'routes.login';
  if (pathname.startsWith('/refresh') || pathname.startsWith('/redirect')) return 'routes.refresh';
  return undefined;
}
