/** English messages of the bindings screens (merged into i18n/en.ts). */
const bindings = {};

export default bindings;
