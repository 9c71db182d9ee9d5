/** Shared validation constants of the API (SPEC.md section 9). */
export const PASSWORD_MIN = 6;
export const ELECTRIC_ADDRESS = /^\d{12}$/;
export const WATER_ADDRESS = /^\d{14}$/;
/** A phone number: mobile or landline, digits with an optional leading + and - or blanks between. */
export const PHONE = /^\+?\d[\d\- ]{4,19}$/;
