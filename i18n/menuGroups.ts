/**
 * The default menu groups in simplified Chinese, as the seed names them (zh-chs.ts's `menuGroups`,
 * repeated here so that the side menu can recognise them without the zh-chs catalog; a test checks
 * that both say the same).
 */
export const ZH_CHS_MENU_GROUPS = {
  home: '首页', archives: '档案管理', devices: '设备管理', special: '特殊功能',
  basic: '基础参数', statistics: '统计分析', system: '系统管理',
} as const;
