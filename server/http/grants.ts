import { ROUTES, routeName, type MenuGroup } from '../../common/routeCatalog';
import { PARAMETER_KINDS, type ParameterKind } from '../../common/tariffs';
import type { Session } from '../auth/session';
import { ApiError } from './errors';
import type { Ctx } from './router';

/**
 * Which screens each API call serves: the one place where the grants of a role (`bumen`: the
 * menu resources granted to it) are enforced on the API, not only in the side menu.
 *
 * A call is declared by its method and path under the API base (`'GET project/findByCondition'`)
 * with one of:
 * - a list of route names of common/routeCatalog.ts (the path without a leading slash:
 *   `sysuser`, `waterarchive`): a role granted none of them gets 403 (`errors.screenNotGranted`);
 *   a call several screens share (a picker, a lookup) lists every screen that uses it;
 * - `SESSION`: every logged-in operator (the session, the menu, the password, the front-end log,
 *   the alarm bell, pickers every screen's filters use);
 * - `PUBLIC`: no session at all (login).
 *
 * A new route adds its line here (tests/server/grants.test.ts walks every route of the app and
 * fails, naming the route, when one has no line). A route without a line is served to any session
 * meanwhile and logged once (`deps.log`): the walk test, not the running server, is the gate.
 */
export const SESSION = 'session' as const;
export const PUBLIC = 'public' as const;
export type Grant = typeof SESSION | typeof PUBLIC | readonly string[];

const names = (groups: MenuGroup[]) => ROUTES.filter((route) => groups.includes(route.group)).map((route) => routeName(route.path));
/** Every screen about the estate (all but system management): its pickers and command progress. */
const ESTATE = names(['home', 'archives', 'devices', 'special', 'basic', 'statistics']);
const HOMES = ['index_water', 'index'];
/** Screens that send device commands and follow their progress. */
const COMMANDS = [
  ...HOMES, 'userJiaofei', 'mokuaiguanli', 'dianbiaoguanli', 'dianbiaoshishijilu', 'tongduankongzhi', 'waterarchive', 'waterstate', 'waterswitch',
  ...names(['special', 'basic']),
];
/** The electric meter lists: the meter screens and the assign screens built on them. */
const ELECTRIC_LISTS = ['dianbiaoguanli', 'dianbiaoshishijilu', 'tongduankongzhi', ...names(['special']), ...names(['basic'])];
const WATER_LISTS = ['waterarchive', 'waterstate', 'waterswitch', 'userJiaofei', 'chongzhiwater', 'chaobiao_water', 'waterfree'];

/** The screens of each kind of parameter set: its template screen and the screen that assigns it. */
const SET_SCREENS: Record<ParameterKind, string[]> = {
  power: ['gonglvcanshu'],
  control: ['kongzhicanshu', 'kongzhiset'],
  load: ['fuzaicanshu', 'fuzaiset'],
  night: ['night', 'nightset'],
  timed: ['dstongduancanshu', 'TimedOnOffControl'],
  gift: ['mianfeidianzscs'],
};

export const ROUTE_GRANTS: Record<string, Grant> = {
  // Session, menu, the shell (every logged-in operator).
  'POST v1/quan_xian/deng_lu/login': PUBLIC,
  'POST v1/quan_xian/deng_lu/logout': SESSION,
  'GET websocket/websocket-server': SESSION,
  // The caller's own role's menu; another role's only with role management (`bumen`): server/routes/resourse.ts.
  'GET resourse/queryResourseByRoleIdTree': SESSION,
  'GET resourse/queryResourseByRoleId': SESSION,
  'GET sysUser/currentUser': SESSION,
  'PUT sysUser/updateUserPwd': SESSION,
  'POST frontLog/addFrontLog': SESSION,
  'GET roomBillingStatement/findReadTheListOfFailuresVo': SESSION,
  // Project and building names: the filters of nearly every list.
  'GET project/findByCondition': SESSION,
  'GET building/findByCondition': SESSION,

  // System management.
  'GET resourse/queryResourse': ['sysresourse', 'bumen'],
  'POST resourse/saveResourse': ['sysresourse'],
  'PUT resourse/updateResourse': ['sysresourse'],
  'DELETE resourse/deleteResourse': ['sysresourse'],
  'GET sysUser/queryUser': ['sysuser'],
  'POST sysUser/saveUser': ['sysuser'],
  'PUT sysUser/updateUser': ['sysuser'],
  'DELETE sysUser/deleteUser': ['sysuser'],
  'GET sysUser/queryOptions': ['sysuser', 'bumen', 'caozuojilu', 'rizhi', 'log'],
  'GET role/findByCondition': ['bumen', 'sysuser'],
  'GET role/findById': ['bumen'],
  'POST role/addRole': ['bumen'],
  'PUT role/updateRole': ['bumen'],
  'DELETE role/deleteRole': ['bumen'],
  'GET operationLog/findByCondition': ['caozuojilu'],
  'GET operationLog/findById': ['caozuojilu'],
  'GET operationLog/entities': ['caozuojilu'],
  'GET commandLog/findByCondition': ['rizhi'],
  'GET frontLog/findByCondition': ['log'],

  // Archives.
  'GET project/findOverview': ['fenquguanli', 'project'],
  'POST project/addProject': ['project'],
  'PUT project/updateProject': ['project'],
  'DELETE project/deleteProject': ['project'],
  'POST building/addBuilding': ['jianzhuguanli'],
  'PUT building/updateBuilding': ['jianzhuguanli'],
  'DELETE building/deleteBuilding': ['jianzhuguanli'],
  'GET room/findByCondition': ESTATE,
  'POST room/addRoom': ['fangjianguanli'],
  'PUT room/updateRoom': ['fangjianguanli'],
  'DELETE room/deleteRoom': ['fangjianguanli'],
  'POST room/previewRoomsInBulk': ['fangjianguanli'],
  'POST room/addRoomsInBulk': ['fangjianguanli'],
  'POST room/importRooms': ['fangjianguanli'],
  'GET tenant/findByCondition': ['userdangan', 'userbangding', 'zhongjianbiao', 'userJiaofei'],
  'POST tenant/addTenant': ['userdangan'],
  'PUT tenant/updateTenant': ['userdangan'],
  'DELETE tenant/deleteTenant': ['userdangan'],
  'POST tenant/importTenants': ['userdangan'],
  // The tenant's page (issue 42) as the tenant record shows it: sign-ins, notice choices, ending the sign-ins.
  'GET tenant/findPortal': ['userdangan'],
  'PUT tenant/endPortalSessions': ['userdangan'],
  'GET tenantBinding/findByCondition': ['userbangding', 'userdangan', 'zhongjianbiao'],
  'GET tenantBinding/findVacantRooms': ['userbangding', 'userdangan'],
  'POST tenantBinding/bindTenant': ['userbangding'],
  'GET tenantBinding/findSettlementPreview': ['userbangding'],
  'POST tenantBinding/unbindTenant': ['userbangding'],
  'GET roomMeter/findByCondition': ['zhongjianbiao', 'userbangding', 'userdangan'],
  'GET roomMeter/findUnattachedMeters': ['zhongjianbiao'],
  'POST roomMeter/attachMeter': ['zhongjianbiao'],
  'POST roomMeter/detachMeter': ['zhongjianbiao'],
  'POST roomMeter/moveMeter': ['zhongjianbiao'],
  'GET account/findRooms': ['userJiaofei', ...HOMES],
  'GET account/findByRoom': ['userJiaofei', ...HOMES],
  'POST account/recharge': ['userJiaofei', ...HOMES],
  'GET account/ledger': ['userJiaofei', ...HOMES],
  // A receipt is printed after the recharge (payment screen, dashboards) and again from the order lists and the room's ledger lines.
  'GET account/findReceiptIssuer': ['userJiaofei', ...HOMES, 'chongzhidingdan', 'chongzhiwater', 'room_billing_details'],
  'GET account/findReceipt': ['userJiaofei', ...HOMES, 'chongzhidingdan', 'chongzhiwater', 'room_billing_details'],

  // Devices.
  'GET module/findByCondition': ESTATE,
  'GET module/findById': ['mokuaiguanli'],
  'POST module/addModule': ['mokuaiguanli'],
  'POST module/updateModule': ['mokuaiguanli'],
  'POST module/deleteModule': ['mokuaiguanli'],
  'GET command/findByIds': COMMANDS,
  'POST command/retry': COMMANDS,
  'POST command/create': COMMANDS,
  'GET electricMeter/findByCondition': ELECTRIC_LISTS,
  'GET electricMeter/findById': ELECTRIC_LISTS,
  'GET electricMeter/findTree': ELECTRIC_LISTS,
  'POST electricMeter/commandAll': ELECTRIC_LISTS,
  'POST electricMeter/addElectricMeter': ['dianbiaoguanli'],
  'POST electricMeter/updateElectricMeter': ['dianbiaoguanli'],
  'POST electricMeter/deleteElectricMeter': ['dianbiaoguanli'],
  'GET electricMeter/findDeleteImpact': ['dianbiaoguanli'],
  'POST electricMeter/importElectricMeters': ['dianbiaoguanli'],
  'GET electricMeter/findModules': ['dianbiaoguanli'],
  'GET electricMeter/findFormOptions': ['dianbiaoguanli'],
  'GET parameterAssignment/findByMeter': [...names(['special']), 'dianbiaoguanli'],
  'GET userParameter/findByCondition': ['basicUserParameters'],
  'POST userParameter/updateUserParameters': ['basicUserParameters'],
  'GET presetEnergyRecord/findByCondition': ['preset_power_record'],
  'GET presetEnergyRecord/exportByCondition': ['preset_power_record'],
  'GET webWaterArchive/findByCondition': WATER_LISTS,
  'POST webWaterArchive/addWebWaterArchive': ['waterarchive'],
  'PUT webWaterArchive/updateWebWaterArchive': ['waterarchive'],
  'DELETE webWaterArchive/deleteWebWaterArchive': ['waterarchive'],
  'GET webWaterArchive/findDeleteImpact': ['waterarchive'],
  'GET webWaterArchive/findUserUnBind': ['waterarchive'],
  'POST webWaterArchive/updateOpenAnAccountInBatches': ['waterarchive', 'userJiaofei', 'zhongjianbiao'],
  'PUT webWaterArchive/updateWaterStatus': ['waterarchive', 'waterswitch', 'waterstate'],
  'PUT webWaterArchive/updateWaterStatusAll': ['waterarchive', 'waterswitch', 'waterstate'],
  'PUT webWaterArchive/updateFreeAll': ['waterarchive'],
  'GET webWaterReadMeterRecord/findByCondition': ['waterarchive', 'waterstate', 'chaobiao_water'],
  'GET webWaterRechargeOrder/findBindRoomCode': ['chongzhiwater', 'userJiaofei', 'waterarchive'],
  'PUT webWaterRechargeOrder/setWebWaterRechargeOrder': ['chongzhiwater', 'userJiaofei'],

  // Basic parameters.
  'GET priceTable/findByCondition': ['danjiabiao', 'dianbiaoguanli', 'waterarchive'],
  'GET priceTable/findUsedBy': ['danjiabiao'],
  'GET areaDefaults/findAreaDefaults': ['danjiabiao', 'dianbiaoguanli'],
  'PUT areaDefaults/updateAreaDefaults': ['danjiabiao'],
  'POST priceTable/addPriceTable': ['danjiabiao'],
  'PUT priceTable/updatePriceTable': ['danjiabiao'],
  'DELETE priceTable/deletePriceTable': ['danjiabiao'],
  'GET timePeriod/findByCondition': ['dsshijianduan', 'dstongduancanshu', 'TimedOnOffControl'],
  'GET timePeriod/findUsedBy': ['dsshijianduan'],
  'POST timePeriod/addTimePeriod': ['dsshijianduan'],
  'PUT timePeriod/updateTimePeriod': ['dsshijianduan'],
  'DELETE timePeriod/deleteTimePeriod': ['dsshijianduan'],
  ...Object.fromEntries(PARAMETER_KINDS.flatMap((kind) => {
    const template = SET_SCREENS[kind].slice(0, 1);
    return [
      [`GET parameterSet/${kind}/findByCondition`, [...SET_SCREENS[kind], 'dianbiaoguanli']],
      [`GET parameterSet/${kind}/findUsedBy`, template],
      [`POST parameterSet/${kind}/addParameterSet`, template],
      [`PUT parameterSet/${kind}/updateParameterSet`, template],
      [`DELETE parameterSet/${kind}/deleteParameterSet`, template],
    ];
  })),

  // Home dashboards and statistics.
  'GET dashboard/findElectricSummary': HOMES,
  'GET dashboard/findWaterSummary': HOMES,
  'GET dashboard/findAlarms': HOMES,
  'POST dashboard/addPowerFailure': HOMES,
  'GET graphicReport/findReport': ['tuxingbaobiao'],
  'GET roomBillingStatement/findRoomBillingStatementPage': ['room_billing_statement'],
  'GET roomBillingStatement/exportRoomBillingStatement': ['room_billing_statement'],
  'GET roomBillingStatement/findRoomBillingDetailsPage': ['room_billing_details', 'room_billing_statement'],
  'GET roomBillingStatement/exportRoomBillingDetails': ['room_billing_details', 'room_billing_statement'],
  'GET webStatsanalysisOrder/findRechargeOrderByParams': ['chongzhidingdan', 'chongzhiwater', 'chongzhihuizong'],
  'GET webStatsanalysisOrder/exportRechargeOrderByParams': ['chongzhidingdan', 'chongzhiwater', 'chongzhihuizong'],
  'PUT webStatsanalysisOrder/updateRechargeOrderById': ['chongzhidingdan', 'chongzhiwater'],
  // Online payments (issue 41): a room's pay link and stickers where rooms are managed and paid; refunds where orders are listed; the day's reconciliation on its screen.
  'GET payLink/findByRoom': ['fangjianguanli', 'userJiaofei', 'zhifuduizhang'],
  'POST payLink/renew': ['fangjianguanli', 'userJiaofei'],
  'GET payLink/findByBuilding': ['fangjianguanli', 'jianzhuguanli'],
  'POST payment/refund': ['chongzhidingdan', 'chongzhiwater', 'userJiaofei', 'zhifuduizhang'],
  'GET payment/findRefunds': ['chongzhidingdan', 'chongzhiwater', 'userJiaofei', 'zhifuduizhang'],
  'POST payment/reconcile': ['zhifuduizhang'],
  'GET payment/findReconciliations': ['zhifuduizhang'],
  'GET payment/findReconciliationItems': ['zhifuduizhang'],
  'GET payment/findConflicts': ['zhifuduizhang'],
  'POST payment/resolve': ['zhifuduizhang'],
  // The alarm bell asks it for every role that has the reconciliation screen (a role without it gets 403, quietly ignored).
  'GET payment/findAlarm': ['zhifuduizhang'],
  'GET powerCut/findByCondition': ['continuitytable'],
  'GET powerCut/exportByCondition': ['continuitytable'],
  'GET fault/findByCondition': ['guzhang'],
  'GET fault/exportByCondition': ['guzhang'],
  // A tenant's fault report (报修, issue 42): read and resolved on the fault records.
  'GET fault/findReport': ['guzhang'],
  'GET fault/findReportPhoto': ['guzhang'],
  'PUT fault/resolveReport': ['guzhang'],
  'GET giftRecord/findByCondition': ['mfdianzengyu', 'waterfree'],
  'GET giftRecord/exportByCondition': ['mfdianzengyu', 'waterfree'],
  'GET monthlySettlement/findByCondition': ['monthly_order'],
  'GET monthlySettlement/exportByCondition': ['monthly_order'],
  'GET meterReadingRecord/findByCondition': ['MeterReadingRecordDetails', 'chaobiao_water'],
  'GET meterReadingRecord/exportByCondition': ['MeterReadingRecordDetails', 'chaobiao_water'],
  'GET meterReadingRecord/previewDelete': ['MeterReadingRecordDetails', 'chaobiao_water'],
  'DELETE meterReadingRecord/deleteReading': ['MeterReadingRecordDetails', 'chaobiao_water'],
  'GET meterReadingRecord/findDeletedByCondition': ['shanchuchaobiaojilu'],
  'GET meterReadingRecord/exportDeletedByCondition': ['shanchuchaobiaojilu'],
  'PUT meterReadingRecord/restoreReading': ['shanchuchaobiaojilu'],
  'DELETE meterReadingRecord/purgeReading': ['shanchuchaobiaojilu'],
  'GET roomUsage/findByCondition': ['chaobiao'],
  'GET roomUsage/findSeries': ['chaobiao'],
  'GET roomUsage/exportByCondition': ['chaobiao'],
  'GET rechargeSummary/findByCondition': ['chongzhihuizong'],
  'GET rechargeSummary/findSeries': ['chongzhihuizong'],
  'GET rechargeSummary/exportByCondition': ['chongzhihuizong'],
  'POST rechargeCalibration/compare': ['chongzhijiaozhun'],
  'GET rechargeCalibration/findComparison': ['chongzhijiaozhun'],
  'POST rechargeCalibration/correct': ['chongzhijiaozhun'],
  'GET rechargeCalibration/findByCondition': ['chongzhijiaozhunjilu', 'chongzhijiaozhun'],
  'GET rechargeCalibration/exportByCondition': ['chongzhijiaozhunjilu', 'chongzhijiaozhun'],
  'GET sms/findByCondition': ['duanxinfasong', 'smsmanage'],
  'GET sms/exportByCondition': ['duanxinfasong', 'smsmanage'],
  'POST sms/resend': ['duanxinfasong', 'smsmanage'],
  'POST sms/previewRecipients': ['smsmanage'],
  'POST sms/send': ['smsmanage'],
  'GET smsTemplate/list': ['smsmanage'],
  'POST smsTemplate/save': ['smsmanage'],
  'PUT smsTemplate/update': ['smsmanage'],
  'DELETE smsTemplate/delete': ['smsmanage'],

  // Database backup (platform administrators only, besides the grant).
  'GET backup/findByCondition': ['shujukubeifen'],
  'POST backup/addBackup': ['shujukubeifen'],
  'GET backup/downloadBackup': ['shujukubeifen'],
  'DELETE backup/deleteBackup': ['shujukubeifen'],
  'POST backup/restoreBackup': ['shujukubeifen'],
};

/**
 * Write calls (POST, PUT, DELETE) that write no operation_log row, each with its reason. Every
 * other write that changes a row logs it (server/audit.ts, inside its transaction);
 * tests/server/auditWalk.test.ts walks every write route and checks it.
 */
export const AUDIT_EXEMPT: Record<string, string> = {
  'POST v1/quan_xian/deng_lu/logout': 'ends the caller\'s own session (session bookkeeping, not operator data)',
  'POST frontLog/addFrontLog': 'the console\'s own error report, kept in the front-end log (screen `log`) instead',
  'POST room/previewRoomsInBulk': 'a preview: computes the rooms a bulk creation would add and writes nothing',
};

/** The declaration key of a call: `GET project/findByCondition` (the path relative to the API base). */
export const grantKey = (method: string, apiPath: string) => `${method.toUpperCase()} ${apiPath.replace(/^\/+/, '')}`;

/** A call's declaration, or undefined when it has none. */
export const grantOf = (method: string, apiPath: string): Grant | undefined => ROUTE_GRANTS[grantKey(method, apiPath)];

/** The route names a role's granted menu resources open (resUrl without a leading slash). */
export const grantedNames = (resUrls: Iterable<string>) => new Set([...resUrls].filter(Boolean).map(routeName));

/** Whether a role granted these route names may make a call with this declaration. */
export function allows(grant: Grant | undefined, granted: ReadonlySet<string>): boolean {
  if (grant === undefined || grant === SESSION || grant === PUBLIC) return true;
  return grant.some((name) => granted.has(name));
}

const undeclaredLogged = new Set<string>();

/**
 * The grant check of a request (after its session is known): 403 with `errors.screenNotGranted`
 * when the caller's role is granted none of the call's screens. Also answers the role's menu
 * version (`X-Menu-Version`) so that an open console notices a change of its grants.
 */
export async function checkGrant(c: Ctx, session: Session, apiPath: string) {
  const { caches, log } = c.get('deps');
  const grants = await caches.roleGrants(session.roleId);
  c.header(MENU_VERSION_HEADER, `${grants.version}${session.readOnly ? 'r' : 'w'}`);
  const grant = grantOf(c.req.method, apiPath);
  if (grant === undefined) {
    const key = grantKey(c.req.method, apiPath);
    if (!undeclaredLogged.has(key)) {
      undeclaredLogged.add(key);
      log(`${key}: no screens declared for this call in server/http/grants.ts (served to any session)`);
    }
    return;
  }
  if (!allows(grant, grants.names)) throw new ApiError(403, 'errors.screenNotGranted');
}

/**
 * Response header of every call with a session: the version of the caller's menu (its role, the
 * resources granted to it, read-only or not). The console refetches the menu when it changes.
 */
export const MENU_VERSION_HEADER = 'X-Menu-Version';
