import type { DeepStrings } from '../../types';
import type en from './en';

const messages: DeepStrings<typeof en> = {
  resources: {
    userJiaofei: {
      name: '入金',
      empty: '部屋番号、入居者名または電話番号で部屋を検索します。入力して ↑ ↓ で選び、Enter で決定します。',
      tenant: '入居者',
      vacant: '空室（入居者なし）',
      noMeter: 'メーターなし',
      online: 'オンライン',
      offline: 'オフライン',
      arrears: '未払い',
      cutOff: '未払いで供給停止',
      rechargeUtility: '%{utility}をチャージ',
      browse: { button: 'プロジェクトと建物から選ぶ', title: '部屋を選ぶ：プロジェクト → 建物 → 部屋', room: '部屋', take: 'この部屋にする' },
      search: {
        label: '部屋・入居者・電話',
        placeholder: '例：1203、張、138…',
        hint: '部屋番号、入居者名または電話番号を入力してください',
        none: '該当する部屋はありません'
      },
      utility: {
        electric: '電気',
        water: '水道'
      },
      fields: {
        balanceFen: '残高',
        freeLeft: '無料枠の残り',
        overdraftFen: '当座貸越',
        alarm1Fen: '警告レベル1',
        alarm2Fen: '警告レベル2',
        hoardLimitFen: '残高上限',
        saleCount: 'チャージ回数',
        meterAddress: 'メーター'
      },
      states: {
        on: '通電',
        off: '遮断',
        close_pending: '通電許可',
        open: 'バルブ開',
        closed: 'バルブ閉',
        abnormal: 'バルブ異常'
      },
      openAccount: { button: '口座開設', done: '水道口座を開設しました。チャージできます' },
      blocked: {
        noMeter: 'この種類のメーターがありません。先に部屋の紐付けで設定してください',
        notOpened: '水道口座が未開設です。開設するとチャージできます'
      },
      ledger: {
        since: '%{date} の入居以降の明細（入居時残高 %{amount}）。それ以前は部屋の精算明細をご覧ください',
        title: '最近の取引',
        empty: '取引はまだありません',
        time: '日時',
        kind: '種類',
        amount: '金額（元）',
        balanceAfter: '残高（元）',
        ref: '参照',
        copy: '注文番号をコピー',
        copied: '注文番号%{orderId}をコピーしました'
      },
      kinds: {
        opening: '期首',
        recharge: 'チャージ',
        deduction: '引き落とし',
        gift: '贈与',
        calibration: '校正',
        refund: '返金',
        settlement: '精算'
      },
      channels: {
        cash: '現金',
        wechat: 'WeChat',
        alipay: 'Alipay',
        card: '銀行カード',
        gift: '贈与',
        calibration: '校正'
      },
      status: {
        0: '無効',
        1: '支払済み',
        2: 'メーター書込済み',
        3: 'メーター書込失敗'
      },
      restore: {
        electric: '通電を許可',
        water: 'バルブを開く'
      },
      dialog: {
        title: '%{utility}のチャージ：%{room}',
        balance: '残高%{balance}、今回のチャージは最大%{most}',
        amount: '金額（元）',
        channel: '支払方法',
        remark: '備考',
        submit: '%{amount}を受け取る',
        sending: '送信中…',
        amountRequired: '金額を入力してください',
        amountPositive: '金額は0より大きくしてください',
        amountMost: '今回のチャージは最大%{most}です',
        done: '%{amount}を受け取りました：注文%{orderId}',
        /** A recharge of a room without a current tenant: said, not refused (a landlord's top-up is legitimate). */
        vacant: 'この部屋は現在空室（入居者なし）です。チャージは部屋のアカウントに残ります'
      },
      order: {
        title: '最新の注文',
        commands: 'コマンドの進捗',
        receipt: '領収書を印刷'
      },
      receipt: {
        dialogTitle: '領収書',
        title: '入金領収書',
        paper: '用紙',
        thermal80: '80 mm 感熱紙',
        a5: 'A5',
        print: '印刷',
        meter: 'メーター番号',
        unitPrice: '単価',
        remark: '備考',
        seal: '社印',
        orderId: '注文番号',
        room: '部屋',
        tenant: '入居者',
        utility: '種別',
        amount: '金額',
        capital: '金額（大写）',
        channel: '支払方法',
        balanceAfter: 'チャージ後残高',
        operator: '担当者',
        time: '日時',
        thanks: 'ご利用ありがとうございました。本領収書は大切に保管してください。',
        reprint: '再発行',
        reprintTitle: '入金領収書（再発行）',
        reprintedAt: '再発行日時',
        voided: 'この注文は取消済みです',
        reprintAction: '領収書を再発行'
      }
    }
  },
  server: {
    errors: {
      rechargeAmount: 'チャージ金額は0より大きい整数（単位：分）でなければなりません',
      rechargeMax: '1件あたりの上限%{max}を超えています（RECHARGE_MAX_FEN）',
      hoardLimit: '残高上限：残高は%{limit}を超えられません。現在の残高は%{balance}のため、今回チャージできるのは最大%{most}です',
      noElectricMeter: '部屋%{room}には電力メーターがありません。電気料金を受け取る前にメーターを紐付けてください',
      noWaterMeter: '部屋%{room}には水道メーターがありません。水道料金を受け取る前にメーターを紐付けてください',
      waterAccountNotOpened: '部屋%{room}の水道口座は未開設です。先に水道メーター台帳で開設してください',
      requestReused: 'リクエスト%{requestId}は内容の異なる注文%{orderId}で使用済みです。新しい入金はダイアログを開き直してください',
      orderAlreadyVoid: '注文%{orderId}はすでに無効です',
    },
    validation: {
      amountFen: '0より大きい整数の分で指定してください（1元＝100分）',
      requestId: '8〜64文字の英数字または _ . : - で指定してください',
    },
  },
};

export default messages;
