/** Messages of the area defaults (issue 29: the area's default price table and control set), zh-chs; merged into i18n/zh-chs.ts. */
const areaDefaults = {
  areaDefaults: {
    button: '区域默认',
    title: '区域默认单价表与控制参数',
    area: '区域：%{name}',
    help: '房间内的电表未选择单价表时，按区域默认单价表计费。新开电费账户时电表没有控制参数，按电费账户默认控制参数设置告警金额、透支额度和囤积上限；新开水费账户按水费账户默认控制参数设置。',
    priceTable: '默认单价表',
    controlSet: '电费账户默认控制参数',
    waterControlSet: '水费账户默认控制参数',
    none: '无',
    saved: '区域默认已保存',
    meterFormDefault: '不选时使用区域默认单价表：%{name}',
    meterFormNoDefault: '区域未设默认单价表：房间内的电表不选单价表将不计费并告警',
  },
  electricSets: {
    pending: '保存后下发到电表（参数设置指令），电表执行成功后生效',
    queued: '已向电表下发%{smart_count}个参数方案，执行成功后生效',
  },
  server: {
    errors: {
      areaDefaults: { priceTableNotFound: '您的区域内没有编号为%{id}的单价表' },
    },
  },
};

export default areaDefaults;
