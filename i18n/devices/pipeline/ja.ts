/** Messages of issue 11's pipeline part (ja), merged into i18n/ja.ts. */
const pipeline = {
  server: {
    errors: {
      keepSupplyTrip: '次のメーターは保電ロック中です（先に解除してください）：%{addresses}',
      payloadNotForType: 'はコマンド「%{type}」では使用しません',
      parameterSetNotFound: 'この ID の%{setKind}は担当エリアにありません',
    },
  },
};

export default pipeline;
