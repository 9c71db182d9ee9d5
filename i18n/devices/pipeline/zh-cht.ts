/** Messages of issue 11's pipeline part (zh-cht), merged into i18n/zh-cht.ts. */
const pipeline = {
  server: {
    errors: {
      keepSupplyTrip: '以下電錶處於保電狀態，請先解除保電：%{addresses}',
      payloadNotForType: '不適用於命令“%{type}”',
      parameterSetNotFound: '您的區域內沒有該%{setKind}',
    },
  },
};

export default pipeline;
