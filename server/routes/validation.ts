/** Shared validation constants of the API (SPEC.md section 9). */
export const PASSWORD_MIN = 6;
export const ELECTRIC_ADDRESS = /^\d{12}$/;
export const WATER_ADDRESS = /^\d{14}$/;
/** A phone number: mobile or landline, digits with an optional leading + and - or blanks between. */
export const PHONE = /^\+?\d[\d\- ]{4,19}$/;
/** An identity document number: a resident ID (15 or 18 characters) or a passport-like number. */
export const ID_NUMBER = /^[0-9A-Za-z]{5,20}$/;
