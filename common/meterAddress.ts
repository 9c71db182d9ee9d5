/**
 * Device addresses as the protocols carry them (DOMAIN.md, Devices), checked alike by the console's
 * forms, the API and the simulated devices.
 */

/** An electric meter on DL/T 645-2007: 12 decimal digits (6 BCD bytes on the wire). */
export const ELECTRIC_ADDRESS = /^\d{12}$/;

/** A water meter on CJ/T 188: 14 decimal digits (7 BCD bytes on the wire). */
export const WATER_ADDRESS = /^\d{14}$/;

/** A collection module (DTU or concentrator): 1 to 32 letters or digits, stored upper case. */
export const MODULE_ADDRESS = /^[0-9A-Za-z]{1,32}$/;
