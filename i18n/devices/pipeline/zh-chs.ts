/** Messages of issue 11's pipeline part (zh-chs), merged into i18n/zh-chs.ts. */
const pipeline = {
  server: {
    errors: {
      keepSupplyTrip: '以下电表处于保电状态，请先解除保电：%{addresses}',
      payloadNotForType: '不适用于命令“%{type}”',
      parameterSetNotFound: '您的区域内没有该%{setKind}',
    },
  },
};

export default pipeline;
