import type { DeepStrings } from '../../types';
import type en from './en';

const messages: DeepStrings<typeof en> = {
  resources: {
    userJiaofei: {
      name: '繳費',
      empty: '依房間號、租戶姓名或電話查找房間：輸入後以 ↑ ↓ 選擇，Enter 確定。',
      tenant: '租戶',
      vacant: '空置（無租戶）',
      noMeter: '無錶',
      online: '在線',
      offline: '離線',
      arrears: '欠費',
      cutOff: '欠費斷供',
      rechargeUtility: '%{utility}儲值',
      browse: { button: '按專案和建築選擇', title: '選擇房間：專案 → 建築 → 房間', room: '房間', take: '選擇此房間' },
      search: {
        label: '房間號、租戶或電話',
        placeholder: '如 1203、張、138…',
        hint: '輸入房間號、租戶姓名或電話號碼',
        none: '沒有符合的房間'
      },
      utility: {
        electric: '電費',
        water: '水費'
      },
      fields: {
        balanceFen: '餘額',
        freeLeft: '剩餘免費額度',
        overdraftFen: '透支額度',
        alarm1Fen: '一級警報',
        alarm2Fen: '二級警報',
        hoardLimitFen: '囤積限額',
        saleCount: '儲值次數',
        meterAddress: '錶地址'
      },
      states: {
        on: '合閘',
        off: '拉閘（斷電）',
        close_pending: '允許合閘',
        open: '開閥',
        closed: '關閥',
        abnormal: '閥門異常'
      },
      openAccount: { button: '開戶', done: '水錶帳戶已開戶，可以儲值了' },
      blocked: {
        noMeter: '房間沒有此類錶：請先在房間綁定中綁定',
        notOpened: '水錶帳戶尚未開戶，開戶後即可儲值'
      },
      ledger: {
        since: '自 %{date} 入住起的流水（入住時餘額 %{amount}）；之前的流水見房間結算明細',
        title: '最近流水',
        empty: '暫無流水',
        time: '時間',
        kind: '類型',
        amount: '金額（元）',
        balanceAfter: '餘額（元）',
        ref: '單號',
        copy: '複製單號',
        copied: '已複製單號%{orderId}'
      },
      kinds: {
        opening: '期初',
        recharge: '儲值',
        deduction: '扣費',
        gift: '贈送',
        calibration: '校準',
        refund: '退款',
        settlement: '結算'
      },
      channels: {
        cash: '現金',
        wechat: '微信',
        alipay: '支付寶',
        card: '銀行卡',
        gift: '贈送',
        calibration: '校準'
      },
      status: {
        0: '已作廢',
        1: '已支付',
        2: '已寫錶',
        3: '寫錶失敗'
      },
      restore: {
        electric: '允許合閘',
        water: '開閥'
      },
      dialog: {
        title: '%{utility}儲值：%{room}',
        balance: '目前餘額%{balance}，本次最多可儲%{most}',
        amount: '金額（元）',
        channel: '付款方式',
        remark: '備註',
        submit: '收款%{amount}',
        sending: '提交中…',
        amountRequired: '請輸入金額',
        amountPositive: '金額必須大於0',
        amountMost: '本次最多可儲%{most}',
        done: '已收款%{amount}：訂單%{orderId}',
        /** A recharge of a room without a current tenant: said, not refused (a landlord's top-up is legitimate). */
        vacant: '該房間目前空置（無租戶），儲值將留在房間帳戶上'
      },
      order: {
        title: '最近訂單',
        commands: '命令進度',
        receipt: '列印收據'
      },
      receipt: {
        dialogTitle: '收據',
        title: '繳費收據',
        paper: '紙張',
        thermal80: '80毫米熱感紙',
        a5: 'A5',
        print: '列印',
        meter: '錶號',
        unitPrice: '單價',
        remark: '備註',
        seal: '收款專用章',
        orderId: '訂單號',
        room: '房間',
        tenant: '租戶',
        utility: '類型',
        amount: '金額',
        capital: '大寫金額',
        channel: '付款方式',
        balanceAfter: '儲值後餘額',
        operator: '操作員',
        time: '時間',
        thanks: '謝謝惠顧，請妥善保管本收據。',
        reprint: '補印',
        reprintTitle: '繳費收據（補印）',
        reprintedAt: '補印時間',
        voided: '本訂單已作廢',
        reprintAction: '補印收據'
      }
    }
  },
  server: {
    errors: {
      rechargeAmount: '儲值金額必須是大於0的整數（單位：分）',
      rechargeMax: '超過單筆儲值上限%{max}（RECHARGE_MAX_FEN）',
      hoardLimit: '囤積限額：餘額不得超過%{limit}；目前餘額%{balance}，本次最多可儲%{most}',
      noElectricMeter: '房間%{room}沒有電錶：請先綁定電錶再收電費',
      noWaterMeter: '房間%{room}沒有水錶：請先綁定水錶再收水費',
      waterAccountNotOpened: '房間%{room}的水錶帳戶未開戶：請先在水錶檔案中開戶',
      requestReused: '請求%{requestId}已產生訂單%{orderId}，但內容不同：新的繳費請重新開啟儲值對話框',
      orderAlreadyVoid: '訂單%{orderId}已作廢',
    },
    validation: {
      amountFen: '必須是大於0的整數分（1元=100分）',
      requestId: '必須為8至64位字母、數字或 _ . : -',
    },
  },
};

export default messages;
