/** Messages of issue 11's protocol part (zh-chs), merged into i18n/zh-chs.ts. */
const protocol = {};

export default protocol;
