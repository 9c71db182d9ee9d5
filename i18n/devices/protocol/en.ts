/** Messages of issue 11's protocol part (en), merged into i18n/en.ts. */
const protocol = {};

export default protocol;
