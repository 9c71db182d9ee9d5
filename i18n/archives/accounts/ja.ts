import type { DeepStrings } from '../../types';
import type en from './en';

const messages: DeepStrings<typeof en> = {
  server: {
    errors: {
      rechargeAmount: 'amountFen: チャージ金額は0より大きい整数（単位：分）でなければなりません',
      rechargeMax: 'amountFen: 1件あたりの上限¥%{max}を超えています（RECHARGE_MAX_FEN）',
      hoardLimit: '残高上限：残高は¥%{limit}を超えられません。現在の残高は¥%{balance}のため、今回チャージできるのは最大¥%{most}です',
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
