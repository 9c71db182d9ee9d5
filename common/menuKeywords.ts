/**
 * What operators type to find a screen besides its title (the menu search): the pinyin of its
 * simplified-Chinese title, syllable by syllable (so that both "yonghujiaofei" and the initials
 * "yhjf" find 用户缴费 — a daily habit of Chinese operators), and words they use for the same thing
 * (充值 finds 用户缴费). Keyed by route name (common/routeCatalog.ts).
 */
export const MENU_KEYWORDS: Record<string, { pinyin: string; synonyms?: string[] }> = {
  index_water: { pinyin: 'shou ye dian', synonyms: ['dashboard', '仪表盘', '电'] },
  index: { pinyin: 'shou ye shui', synonyms: ['dashboard', '仪表盘', '水'] },
  sysuser: { pinyin: 'guan li yuan', synonyms: ['用户', '账号', 'user', 'account'] },
  sysresourse: { pinyin: 'cai dan guan li', synonyms: ['menu'] },
  page3: { pinyin: 'yan shi', synonyms: ['demo'] },
  userJiaofei: { pinyin: 'yong hu jiao fei', synonyms: ['充值', '收费', '缴费', '购电', '交费', 'recharge', 'top up', 'payment', 'チャージ'] },
  tongduankongzhi: { pinyin: 'tong duan kong zhi', synonyms: ['拉闸', '合闸', '断电', '送电', '继电器', 'relay', 'trip'] },
  dianbiaoshishijilu: { pinyin: 'dian biao cha xun', synonyms: ['抄表', '读表', 'read'] },
  mokuaiguanli: { pinyin: 'mo kuai guan li', synonyms: ['DTU', '集中器', '采集器', 'gateway', 'module'] },
  dianbiaoguanli: { pinyin: 'dian biao guan li', synonyms: ['电表', 'meter'] },
  waterarchive: { pinyin: 'shui biao dang an', synonyms: ['水表', '开户', 'water meter'] },
  waterstate: { pinyin: 'shui biao zhuang tai', synonyms: ['电池', '在线', 'battery'] },
  waterswitch: { pinyin: 'shui biao kai guan', synonyms: ['阀门', '开阀', '关阀', 'valve'] },
  zhongjianbiao: { pinyin: 'fang jian bang ding', synonyms: ['装表', '换表', 'attach meter'] },
  chongzhijiaozhun: { pinyin: 'chong zhi jiao zhun', synonyms: ['补写', 'calibration'] },
  TimedOnOffControl: { pinyin: 'ding shi kong zhi she zhi', synonyms: ['定时', 'timer'] },
  jiaozhunshijian: { pinyin: 'jiao zhun shi jian', synonyms: ['对时', '校时', '时钟', 'clock', 'time sync'] },
  basicUserParameters: { pinyin: 'yong hu can shu she zhi', synonyms: ['报警', '透支', '囤积', 'alarm', 'overdraft'] },
  yuzhidianliang: { pinyin: 'yu zhi dian liang', synonyms: ['preset'] },
  nightset: { pinyin: 'ye jian xiao gong lv she zhi', synonyms: ['夜间', 'night'] },
  kongzhiset: { pinyin: 'kong zhi can shu she zhi', synonyms: ['control'] },
  fuzaiset: { pinyin: 'fu zai can shu she zhi', synonyms: ['恶性负载', 'load'] },
  fangjianguanli: { pinyin: 'fang jian guan li', synonyms: ['房号', 'room'] },
  fenquguanli: { pinyin: 'xiang mu gai lan', synonyms: ['分区', '片区', 'overview'] },
  project: { pinyin: 'xiang mu guan li', synonyms: ['小区', 'project'] },
  jianzhuguanli: { pinyin: 'jian zhu guan li', synonyms: ['楼栋', '楼宇', 'building'] },
  userbangding: { pinyin: 'yong hu bang ding', synonyms: ['入住', '退租', '解绑', '退房', 'move in', 'move out'] },
  userdangan: { pinyin: 'yong hu dang an', synonyms: ['租户', '住户', 'tenant'] },
  dsshijianduan: { pinyin: 'ding shi shi jian duan', synonyms: ['分时', '峰谷', '时段', 'time of use', 'schedule'] },
  dstongduancanshu: { pinyin: 'ding shi tong duan can shu', synonyms: ['定时', 'timer'] },
  gonglvcanshu: { pinyin: 'gong lv can shu', synonyms: ['限功率', 'power'] },
  kongzhicanshu: { pinyin: 'kong zhi can shu', synonyms: ['报警', '透支', '囤积', 'alarm', 'overdraft'] },
  fuzaicanshu: { pinyin: 'fu zai can shu', synonyms: ['恶性负载', 'load'] },
  night: { pinyin: 'ye jian xiao gong lv xian zhi', synonyms: ['夜间', 'night'] },
  mianfeidianzscs: { pinyin: 'mian fei dian zeng song can shu', synonyms: ['赠送', '免费', 'gift', 'free'] },
  danjiabiao: { pinyin: 'dan jia biao', synonyms: ['电价', '水价', '价格', '费率', '阶梯', 'tariff', 'price'] },
  chaobiao: { pinyin: 'fang jian yong dian tong ji', synonyms: ['用电量', '电量', 'usage'] },
  MeterReadingRecordDetails: { pinyin: 'dian biao chao biao ji lu', synonyms: ['抄表', '读数', 'reading'] },
  continuitytable: { pinyin: 'duan dian ji lu', synonyms: ['停电', '拉闸', 'power cut'] },
  chaobiao_water: { pinyin: 'shui biao chao biao ji lu', synonyms: ['抄表', '用水量', 'reading'] },
  chongzhidingdan: { pinyin: 'chong zhi ding dan tong ji', synonyms: ['订单', '作废', '流水', 'order', 'void'] },
  chongzhiwater: { pinyin: 'shui fei chong zhi ding dan', synonyms: ['水费', '订单', 'order'] },
  chongzhihuizong: { pinyin: 'chong zhi hui zong', synonyms: ['营收', '报表', 'summary', 'revenue'] },
  zhifuduizhang: { pinyin: 'zhi fu dui zhang', synonyms: ['微信支付', '支付宝', '对账', '退款', '扫码', 'reconciliation', 'wechat', 'alipay', 'refund'] },
  chongzhijiaozhunjilu: { pinyin: 'chong zhi jiao zhun ji lu', synonyms: ['calibration'] },
  duanxinfasong: { pinyin: 'duan xin fa song ji lu', synonyms: ['短信', '通知', 'sms'] },
  guzhang: { pinyin: 'gu zhang ji lu', synonyms: ['报警', '告警', 'fault', 'alarm'] },
  mfdianzengyu: { pinyin: 'mian fei dian zeng song ji lu', synonyms: ['赠送', 'gift'] },
  waterfree: { pinyin: 'mian fei shui zeng song ji lu', synonyms: ['赠送', 'gift'] },
  smsmanage: { pinyin: 'duan xin fa song ji lu', synonyms: ['短信', '模板', '群发', 'sms', 'template'] },
  monthly_order: { pinyin: 'fu fei lv yue jie suan', synonyms: ['月结', '月报', 'settlement', 'monthly'] },
  room_billing_statement: { pinyin: 'fang jian jie suan tong ji', synonyms: ['账单', '对账', 'statement', 'bill'] },
  room_billing_details: { pinyin: 'fang jian jie suan ming xi', synonyms: ['账单', '明细', 'statement'] },
  preset_power_record: { pinyin: 'yu zhi dian liang ji lu', synonyms: ['preset'] },
  tuxingbaobiao: { pinyin: 'tu xing bao biao', synonyms: ['图表', '统计图', 'chart', 'report'] },
  bumen: { pinyin: 'quan xian guan li', synonyms: ['角色', '权限', 'role', 'permission'] },
  caozuojilu: { pinyin: 'cao zuo ji lu', synonyms: ['审计', '日志', 'audit'] },
  rizhi: { pinyin: 'cao zuo ji lu', synonyms: ['指令', '命令', '日志', 'command log'] },
  shanchuchaobiaojilu: { pinyin: 'shan chu chao biao ji lu', synonyms: ['回收站', '恢复', 'deleted', 'restore'] },
  shujukubeifen: { pinyin: 'shu ju ku bei fen', synonyms: ['备份', '恢复', 'backup', 'restore'] },
  log: { pinyin: 'qian duan ri zhi', synonyms: ['错误', 'error', 'log'] },
};

/**
 * How often an operator opens each screen before their own use is known, in opens (the menu search
 * adds the operator's own, src/preferences/screenUse.ts): taking a payment at the counter (用户缴费)
 * is what most of them do all day, so that 充值 or 缴费 finds it first rather than the statistics
 * and the special functions that also have 充值 in their titles; then the screens of daily
 * service (rooms, meters, supply, tenants) and the day's orders. A few opens of another screen
 * outweigh it: the ranking follows the operator.
 */
export const SCREEN_USE_PRIOR: Record<string, number> = {
  userJiaofei: 8,
  fangjianguanli: 3, dianbiaoguanli: 3, tongduankongzhi: 3, chongzhidingdan: 3,
  userdangan: 2, userbangding: 2, waterarchive: 2, dianbiaoshishijilu: 2, chongzhihuizong: 2,
  guzhang: 1, MeterReadingRecordDetails: 1, chaobiao: 1, zhifuduizhang: 1, waterstate: 1,
};

const squash = (text: string) => text.toLowerCase().replace(/[\s'’-]+/g, '');

/**
 * Whether what the operator typed finds a route by its keywords: the full pinyin ("yonghujiaofei",
 * spaces ignored), the initials ("yhjf"), or a synonym (any part of it, any case).
 */
export function keywordsMatch(name: string, typed: string): boolean {
  const entry = MENU_KEYWORDS[name];
  const q = squash(typed);
  if (!entry || !q) return false;
  const syllables = entry.pinyin.split(' ');
  if (syllables.join('').includes(q) || syllables.map((s) => s[0]).join('').includes(q)) return true;
  return (entry.synonyms ?? []).some((word) => squash(word).includes(q));
}
