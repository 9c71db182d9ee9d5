/** English messages of the estate screens (merged into i18n/en.ts). */
const estate = {};

export default estate;
