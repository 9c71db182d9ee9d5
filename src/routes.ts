import { ROUTE_INFO, routeOfPath, type RouteInfo } from '../common/routeCatalog';
import type { ResourceDefinition } from './resources/defineResource';
import waterarchive from './resources/devices/waterarchive';
import project from './resources/archives/project';
import jianzhuguanli from './resources/archives/jianzhuguanli';
import fangjianguanli from './resources/archives/fangjianguanli';
import fenquguanli from './resources/archives/fenquguanli';
import userdangan from './resources/archives/userdangan';
import userbangding from './resources/archives/userbangding';
import zhongjianbiao from './resources/archives/zhongjianbiao';
import userJiaofei from './resources/archives/userJiaofei';
import mokuaiguanli from './resources/devices/mokuaiguanli';
import waterstate from './resources/devices/waterstate';
import waterswitch from './resources/devices/waterswitch';
import dianbiaoguanli from './resources/devices/dianbiaoguanli';
import dianbiaoshishijilu from './resources/devices/dianbiaoshishijilu';
import tongduankongzhi from './resources/devices/tongduankongzhi';
import danjiabiao from './resources/basic/danjiabiao';
import dsshijianduan from './resources/basic/dsshijianduan';
import { dstongduancanshu, fuzaicanshu, gonglvcanshu, kongzhicanshu, mianfeidianzscs, night } from './resources/basic/parameterSets';
import sysuser from './resources/system/sysuser';
import bumen from './resources/system/bumen';
import caozuojilu from './resources/system/caozuojilu';
import rizhi from './resources/system/rizhi';
import frontLog from './resources/system/log';
import sysresourse from './resources/system/sysresourse';
import shujukubeifen from './resources/system/shujukubeifen';
import page3 from './resources/system/page3';
import indexWater from './resources/home/index_water';
import indexHome from './resources/home/index';
import tuxingbaobiao from './resources/statistics/tuxingbaobiao';
import { TimedOnOffControl, fuzaiset, kongzhiset, nightset } from './resources/special/assign';
import { chongzhijiaozhun, jiaozhunshijian } from './resources/special/calibration';
import chongzhijiaozhunjilu from './resources/statistics/chongzhijiaozhunjilu';
import basicUserParameters from './resources/special/basicUserParameters';
import yuzhidianliang from './resources/special/yuzhidianliang';
import presetPowerRecord from './resources/statistics/preset_power_record';
import chongzhidingdan from './resources/statistics/chongzhidingdan';
import chongzhiwater from './resources/statistics/chongzhiwater';
import roomBillingStatement from './resources/statistics/room_billing_statement';
import roomBillingDetails from './resources/statistics/room_billing_details';
import continuitytable from './resources/statistics/continuitytable';
import guzhang from './resources/statistics/guzhang';
import mfdianzengyu from './resources/statistics/mfdianzengyu';
import waterfree from './resources/statistics/waterfree';
import monthlyOrder from './resources/statistics/monthly_order';
import duanxinfasong from './resources/statistics/duanxinfasong';
import smsmanage from './resources/statistics/smsmanage';
import chaobiao from './resources/statistics/chaobiao';
import MeterReadingRecordDetails from './resources/statistics/MeterReadingRecordDetails';
import chaobiaoWater from './resources/statistics/chaobiao_water';
import chongzhihuizong from './resources/statistics/chongzhihuizong';
import zhifuduizhang from './resources/statistics/zhifuduizhang';
import shanchuchaobiaojilu from './resources/system/shanchuchaobiaojilu';

/** Screens built so far, by route name; every other route shows the "not yet available" page. */
const BUILT: Record<string, ResourceDefinition> = {
  waterarchive, project, jianzhuguanli, fangjianguanli, fenquguanli, userdangan, userbangding, zhongjianbiao, userJiaofei,
  mokuaiguanli, waterstate, waterswitch,
  dianbiaoguanli, dianbiaoshishijilu, tongduankongzhi,
  danjiabiao, dsshijianduan, gonglvcanshu, kongzhicanshu, fuzaicanshu, night, dstongduancanshu, mianfeidianzscs,
  sysuser, bumen, caozuojilu, rizhi, log: frontLog,
  sysresourse, shujukubeifen, page3,
  index_water: indexWater, index: indexHome, tuxingbaobiao,
  chongzhidingdan, chongzhiwater, room_billing_statement: roomBillingStatement, room_billing_details: roomBillingDetails,
  continuitytable, guzhang, mfdianzengyu, waterfree, monthly_order: monthlyOrder,
  duanxinfasong, smsmanage,
  chaobiao, MeterReadingRecordDetails, chaobiao_water: chaobiaoWater, chongzhihuizong, zhifuduizhang, shanchuchaobiaojilu,
  kongzhiset, nightset, fuzaiset, TimedOnOffControl,
  jiaozhunshijian, chongzhijiaozhun, chongzhijiaozhunjilu,
  basicUserParameters, yuzhidianliang, preset_power_record: presetPowerRecord,
};

export interface AppRoute extends RouteInfo {
  resource?: ResourceDefinition;
}

/**
 * The route table: the 60 routes of SPEC.md and the platform's own (issue 41: 支付对账), in the
 * shared catalog's order (`index` first), each with its screen when it is built. App composes the
 * console from it; the shell and the core read the catalog (common/routeCatalog.ts) instead.
 */
export const APP_ROUTES: AppRoute[] = ROUTE_INFO.map((route) => ({ ...route, resource: BUILT[route.name] }));

const byName = new Map(APP_ROUTES.map((route) => [route.name, route]));

/** The route a location belongs to, with its screen (`/waterarchive/12` → waterarchive). */
export const appRouteOfPath = (pathname: string): AppRoute | undefined => {
  const route = routeOfPath(pathname);
  return route && byName.get(route.name);
};
