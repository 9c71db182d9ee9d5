/** Server messages of the tenant's page (issue 42) (zh-cht), merged into i18n/zh-cht.ts: refusals of the tenant calls, the sign-in code's SMS, the statement PDF's labels and the simulated SMS phone. */
const tenantServer = {
  server: {
    resourceFields: {
      tenant: {
        code: '驗證碼',
        credited: '儲值到帳提醒',
        data: '照片內容',
        daysLeft: '餘額即將用完提醒',
        daysLeftThreshold: '提醒天數',
        lowBalance: '餘額不足提醒',
        photo: '照片',
        provider: '支付方式',
        supply: '停電停水提醒',
        text: '問題描述',
      },
    },
    errors: {
      tenant: {
        signIn: '請先登入（或登入已過期，請重新登入）',
        codeTooSoon: '驗證碼發送太頻繁，請 1 分鐘後再試',
        codeTooMany: '驗證碼請求次數過多，請 1 小時後再試',
        codeExpired: '驗證碼已失效，請重新獲取',
        codeWrong: '驗證碼錯誤，還可再試 %{left} 次',
        codeEnded: '驗證碼錯誤次數過多，請重新獲取',
        photoTooLarge: '照片不能超過 2 MB',
        photoNotImage: '照片不是有效的 JPEG、PNG 或 WebP 圖片'
      }
    },
    validation: {
      tenantPhone: '請輸入 11 位手機號碼',
      tenantCode: '請輸入 6 位數字驗證碼'
    },
    tenant: {
      codeSms: '【租戶服務】您的登入驗證碼為 %{code}，5 分鐘內有效。如非本人操作，請忽略本簡訊。',
      pdf: {
        platform: '預付費電水費雲平台',
        title: '月度帳單',
        issuer: '出具單位',
        room: '房間',
        tenant: '租戶',
        period: '帳期',
        running: '本月尚未結束：截至今日的資料',
        utility: {
          electric: '電費',
          water: '水費'
        },
        opening: '期初餘額',
        recharge: '儲值',
        void: '儲值作廢',
        charge: '用量扣費',
        refund: '退款',
        gift: '贈送',
        adjust: '調整',
        closing: '期末餘額',
        usage: '用量',
        lines: '帳戶明細',
        at: '時間',
        kind: '類型',
        amount: '金額',
        balanceAfter: '餘額',
        kinds: {
          recharge: '儲值',
          void: '作廢',
          refund: '退款',
          gift: '贈送',
          charge: '扣費',
          adjust: '調整'
        },
        channel: {
          cash: '現金',
          wechat: '微信支付',
          alipay: '支付寶',
          card: '刷卡'
        },
        generatedAt: '產生時間 %{at}',
        page: '第 %{n} 頁，共 %{total} 頁',
        noLines: '本月沒有帳戶明細',
        yuan: '元'
      },
      simSms: {
        title: '模擬簡訊（示範手機）',
        hint: '模擬簡訊服務商「發出」的簡訊，最新的在前。正式部署請設定 SMS_PROVIDER=http。',
        empty: '還沒有簡訊'
      }
    }
  },
};

export default tenantServer;
