/** Messages of issue 11's protocol part (zh-cht), merged into i18n/zh-cht.ts. */
const protocol = {};

export default protocol;
