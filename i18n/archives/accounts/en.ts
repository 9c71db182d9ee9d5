/** English messages of the accounts screens (merged into i18n/en.ts). */
const accounts = {};

export default accounts;
