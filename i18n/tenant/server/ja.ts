/** Server messages of the tenant's page (issue 42) (ja), merged into i18n/ja.ts: refusals of the tenant calls, the sign-in code's SMS, the statement PDF's labels and the simulated SMS phone. */
const tenantServer = {
  server: {
    resourceFields: {
      tenant: {
        code: '認証コード',
        credited: '入金通知',
        data: '写真データ',
        daysLeft: '残り日数の通知',
        daysLeftThreshold: '通知する残り日数',
        lowBalance: '残高不足の通知',
        photo: '写真',
        provider: '支払方法',
        supply: '供給停止・再開の通知',
        text: '内容',
      },
    },
    errors: {
      tenant: {
        signIn: 'ログインしてください（ログインの有効期限が切れました）',
        codeTooSoon: '認証コードの送信間隔が短すぎます。1 分後にもう一度お試しください',
        codeTooMany: '認証コードの要求が多すぎます。1 時間後にもう一度お試しください',
        codeExpired: '認証コードの有効期限が切れました。新しいコードを取得してください',
        codeWrong: '認証コードが正しくありません（あと %{left} 回）',
        codeEnded: '認証コードの誤りが多すぎます。新しいコードを取得してください',
        photoTooLarge: '写真は 2 MB 以下にしてください',
        photoNotImage: '写真が有効な JPEG・PNG・WebP 画像ではありません'
      }
    },
    validation: {
      tenantPhone: '11 桁の携帯電話番号を入力してください',
      tenantCode: '6 桁の認証コードを入力してください'
    },
    tenant: {
      codeSms: '【入居者サービス】ログイン認証コードは %{code} です（5 分間有効）。お心当たりのない場合は破棄してください。',
      pdf: {
        platform: 'プリペイド電気・水道クラウド',
        title: '月次明細書',
        issuer: '発行者',
        room: '部屋',
        tenant: '入居者',
        period: '対象期間',
        running: '当月は未確定です：本日までの数値',
        utility: {
          electric: '電気料金',
          water: '水道料金'
        },
        opening: '期首残高',
        recharge: 'チャージ',
        void: 'チャージ取消',
        charge: '使用料',
        refund: '返金',
        gift: '付与',
        adjust: '調整',
        closing: '期末残高',
        usage: '使用量',
        lines: '口座明細',
        at: '日時',
        kind: '種類',
        amount: '金額',
        balanceAfter: '残高',
        kinds: {
          recharge: 'チャージ',
          void: '取消',
          refund: '返金',
          gift: '付与',
          charge: '使用料',
          adjust: '調整'
        },
        channel: {
          cash: '現金',
          wechat: 'WeChat Pay',
          alipay: 'Alipay',
          card: 'カード'
        },
        generatedAt: '作成日時 %{at}',
        page: '%{n} / %{total} ページ',
        noLines: '当月の口座明細はありません',
        yuan: '元'
      },
      simSms: {
        title: 'SMS シミュレーター（デモ用端末）',
        hint: 'シミュレートされた SMS 事業者が「配信」したメッセージ（新しい順）。本番環境では SMS_PROVIDER=http を設定します。',
        empty: 'メッセージはまだありません'
      }
    }
  },
};

export default tenantServer;
