/** Shared validation constants of the API (SPEC.md section 9). */
export const PASSWORD_MIN = 6;
export const ELECTRIC_ADDRESS = /^\d{12}$/;
export const WATER_ADDRESS = /^\d{14}$/;
