/** Messages of the area defaults (issue 29: the area's default price table and control set), zh-cht; merged into i18n/zh-cht.ts. */
const areaDefaults = {
  areaDefaults: {
    button: '區域預設',
    title: '區域預設電價表與控制參數',
    area: '區域：%{name}',
    help: '房間內的電錶未選擇電價表時，按區域預設電價表計費。新開電費帳戶時電錶沒有控制參數，按電費帳戶預設控制參數設定告警金額、透支額度和囤積上限；新開水費帳戶按水費帳戶預設控制參數設定。',
    priceTable: '預設電價表',
    controlSet: '電費帳戶預設控制參數',
    waterControlSet: '水費帳戶預設控制參數',
    none: '無',
    saved: '區域預設已儲存',
    meterFormDefault: '不選時使用區域預設電價表：%{name}',
    meterFormNoDefault: '區域未設預設電價表：房間內的電錶不選電價表將不計費並告警',
  },
  electricSets: {
    pending: '儲存後下發到電錶（參數設定指令），電錶執行成功後生效',
    queued: '已向電錶下發%{smart_count}個參數方案，執行成功後生效',
  },
  server: {
    errors: {
      areaDefaults: { priceTableNotFound: '您的區域內沒有編號為%{id}的電價表' },
    },
  },
};

export default areaDefaults;
