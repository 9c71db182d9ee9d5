/** Messages of issue 11's protocol part (ja), merged into i18n/ja.ts. */
const protocol = {};

export default protocol;
