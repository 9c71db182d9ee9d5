/** Server messages of the tenant's page (issue 42) (zh-chs), merged into i18n/zh-chs.ts: refusals of the tenant calls, the sign-in code's SMS, the statement PDF's labels and the simulated SMS phone. */
const tenantServer = {
  server: {
    resourceFields: {
      tenant: {
        code: '验证码',
        credited: '充值到账提醒',
        data: '照片内容',
        daysLeft: '余额即将用完提醒',
        daysLeftThreshold: '提醒天数',
        lowBalance: '余额不足提醒',
        photo: '照片',
        provider: '支付方式',
        supply: '停电停水提醒',
        text: '问题描述',
      },
    },
    errors: {
      tenant: {
        signIn: '请先登录（或登录已过期，请重新登录）',
        codeTooSoon: '验证码发送太频繁，请 1 分钟后再试',
        codeTooMany: '验证码请求次数过多，请 1 小时后再试',
        codeExpired: '验证码已失效，请重新获取',
        codeWrong: '验证码错误，还可再试 %{left} 次',
        codeEnded: '验证码错误次数过多，请重新获取',
        photoTooLarge: '照片不能超过 2 MB',
        photoNotImage: '照片不是有效的 JPEG、PNG 或 WebP 图片'
      }
    },
    validation: {
      tenantPhone: '请输入 11 位手机号码',
      tenantCode: '请输入 6 位数字验证码'
    },
    tenant: {
      codeSms: '【租户服务】您的登录验证码为 %{code}，5 分钟内有效。如非本人操作，请忽略本短信。',
      pdf: {
        platform: '预付费电水费云平台',
        title: '月度账单',
        issuer: '出具单位',
        room: '房间',
        tenant: '租户',
        period: '账期',
        running: '本月尚未结束：截至今日的数据',
        utility: {
          electric: '电费',
          water: '水费'
        },
        opening: '期初余额',
        recharge: '充值',
        void: '充值作废',
        charge: '用量扣费',
        refund: '退款',
        gift: '赠送',
        adjust: '调整',
        closing: '期末余额',
        usage: '用量',
        lines: '账户明细',
        at: '时间',
        kind: '类型',
        amount: '金额',
        balanceAfter: '余额',
        kinds: {
          recharge: '充值',
          void: '作废',
          refund: '退款',
          gift: '赠送',
          charge: '扣费',
          adjust: '调整'
        },
        channel: {
          cash: '现金',
          wechat: '微信支付',
          alipay: '支付宝',
          card: '刷卡'
        },
        generatedAt: '生成时间 %{at}',
        page: '第 %{n} 页，共 %{total} 页',
        noLines: '本月没有账户明细',
        yuan: '元'
      },
      simSms: {
        title: '模拟短信（演示手机）',
        hint: '模拟短信服务商"发出"的短信，最新的在前。真实部署请设置 SMS_PROVIDER=http。',
        empty: '还没有短信'
      }
    }
  },
};

export default tenantServer;
