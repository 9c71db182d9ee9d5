/** Server messages of the tenant's page (issue 42) (en), merged into i18n/en.ts: refusals of the tenant calls, the sign-in code's SMS, the statement PDF's labels and the simulated SMS phone. */
const tenantServer = {
  server: {
    resourceFields: {
      tenant: {
        code: 'Code',
        credited: 'Top-up credited notice',
        data: 'Photo data',
        daysLeft: 'Days-left notice',
        daysLeftThreshold: 'Days-left threshold',
        lowBalance: 'Low balance notice',
        photo: 'Photo',
        provider: 'Payment provider',
        supply: 'Supply notice',
        text: 'Description',
      },
    },
    errors: {
      tenant: {
        signIn: 'Please sign in (or your sign-in has expired: sign in again)',
        codeTooSoon: 'A code was sent less than a minute ago: try again in a minute',
        codeTooMany: 'Too many codes asked for: try again in an hour',
        codeExpired: 'This code is no longer valid: ask for a new one',
        codeWrong: 'Wrong code: %{left} more tries',
        codeEnded: 'Too many wrong codes: ask for a new one',
        photoTooLarge: 'The photo must be 2 MB or smaller',
        photoNotImage: 'The photo is not a valid JPEG, PNG or WebP image'
      }
    },
    validation: {
      tenantPhone: 'Enter an 11-digit mobile number',
      tenantCode: 'Enter the 6-digit code'
    },
    tenant: {
      codeSms: '[Tenant service] Your sign-in code is %{code}, valid for 5 minutes. If you did not ask for it, ignore this message.',
      pdf: {
        platform: 'Prepaid Electricity & Water Cloud',
        title: 'Monthly statement',
        issuer: 'Issued by',
        room: 'Room',
        tenant: 'Tenant',
        period: 'Period',
        running: 'The month is not over: figures to date',
        utility: {
          electric: 'Electricity',
          water: 'Water'
        },
        opening: 'Opening balance',
        recharge: 'Top-ups',
        void: 'Voided top-ups',
        charge: 'Usage charges',
        refund: 'Refunds',
        gift: 'Gifts',
        adjust: 'Adjustments',
        closing: 'Closing balance',
        usage: 'Usage',
        lines: 'Account lines',
        at: 'Time',
        kind: 'Kind',
        amount: 'Amount',
        balanceAfter: 'Balance',
        kinds: {
          recharge: 'Top-up',
          void: 'Void',
          refund: 'Refund',
          gift: 'Gift',
          charge: 'Charge',
          adjust: 'Adjustment'
        },
        channel: {
          cash: 'Cash',
          wechat: 'WeChat Pay',
          alipay: 'Alipay',
          card: 'Card'
        },
        generatedAt: 'Generated %{at}',
        page: 'Page %{n} of %{total}',
        noLines: 'No account lines this month',
        yuan: 'CNY'
      },
      simSms: {
        title: 'Simulated SMS (demo phone)',
        hint: 'Messages the simulated SMS provider "delivered", newest first. A real deployment sets SMS_PROVIDER=http.',
        empty: 'No messages yet'
      }
    }
  },
};

export default tenantServer;
