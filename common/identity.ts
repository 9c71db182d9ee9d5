/**
 * Identity rules, shared by the console's forms and the server (DOMAIN.md, Tenant): one phone rule
 * for tenants and contacts alike — a mainland mobile or landline number, or an international number
 * (E.164) — and an id number that is an 18-character mainland resident id whose birth date and check
 * digit are right, a passport number (5 to 20 letters or digits), or — for another document (Hong
 * Kong / Macau / Taiwan permit) — 5 to 30 letters, digits, brackets or hyphens.
 */

/**
 * A phone: mainland mobile (optionally +86), landline with area code (optional hyphen and
 * extension), or an international number in E.164 (+, a country code other than 86, 7 to 15 digits
 * in all, single spaces or hyphens allowed between them: +49 30 1234567).
 */
export const PHONE = /^(?:(?:\+86[ -]?)?1[3-9]\d{9}|0\d{2,3}-?\d{7,8}(?:-\d{1,6})?|\+(?!86)[1-9](?:[ -]?\d){6,14})$/;

/** The kinds of identity document. */
export const ID_TYPES = ['resident', 'passport', 'other'] as const;
export type IdType = (typeof ID_TYPES)[number];

/** Another document's number: 5 to 30 letters, digits, brackets or hyphens. */
export const OTHER_ID = /^[A-Za-z0-9()-]{5,30}$/;

/** A passport number: 5 to 20 letters or digits (stored upper case). */
export const PASSPORT = /^[A-Za-z0-9]{5,20}$/;

const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CHECK = '10X98765432';

/** The check character of the first 17 digits of a resident id (GB 11643, ISO 7064 MOD 11-2). */
export function residentCheckChar(first17: string): string {
  const sum = WEIGHTS.reduce((total, weight, i) => total + weight * Number(first17[i]), 0);
  return CHECK[sum % 11];
}

/** Why a resident id is wrong (`format`, `birthDate`, `checksum`), or undefined when it is right. */
export function residentIdProblem(value: string, today = new Date()): 'format' | 'birthDate' | 'checksum' | undefined {
  if (!/^[1-9]\d{16}[\dXx]$/.test(value)) return 'format';
  const y = Number(value.slice(6, 10));
  const m = Number(value.slice(10, 12));
  const d = Number(value.slice(12, 14));
  const birth = new Date(Date.UTC(y, m - 1, d));
  if (y < 1900 || birth.getUTCFullYear() !== y || birth.getUTCMonth() !== m - 1 || birth.getUTCDate() !== d || birth.getTime() > today.getTime()) return 'birthDate';
  if (residentCheckChar(value.slice(0, 17)) !== value[17].toUpperCase()) return 'checksum';
  return undefined;
}

/**
 * The message key (`validation.*`) of what is wrong with an id number of a kind, or undefined. The
 * same keys exist on both sides: `validation.idNumberFormat`, `…BirthDate`, `…Checksum`, `…Other`.
 */
export function idNumberProblem(value: string, type: IdType, today = new Date()): string | undefined {
  if (type === 'other') return OTHER_ID.test(value) ? undefined : 'validation.idNumberOther';
  if (type === 'passport') return PASSPORT.test(value) ? undefined : 'validation.idNumberPassport';
  const problem = residentIdProblem(value, today);
  return problem === 'format' ? 'validation.idNumberFormat' : problem === 'birthDate' ? 'validation.idNumberBirthDate' : problem === 'checksum' ? 'validation.idNumberChecksum' : undefined;
}

/** A resident id is stored with an upper-case X, a passport number in upper case. */
export const normalizeIdNumber = (value: string, type: IdType) => (type === 'other' ? value : value.toUpperCase());

/**
 * An id number as an operator without the personal-data grant sees it (read-only roles until the
 * grant exists). One rule for every kind of document: the same share of it is hidden as of an
 * 18-character resident id, whose first 4 and last 4 characters show (10 of 18 hidden: 5/9).
 * Of n characters, floor(4n/9) show — half of them (rounded down) at the start, the rest at the
 * end — and the others are * (so at least 5/9 of any number is hidden, and exactly 5/9 when n is a
 * multiple of 9): 3201**********1234 (18), C1*****7X (a 9-character passport), E***4 (5).
 */
export function maskIdNumber(value: string): string {
  const chars = [...value];
  const shown = Math.floor((4 * chars.length) / 9);
  const head = Math.floor(shown / 2);
  const tail = shown - head;
  return `${chars.slice(0, head).join('')}${'*'.repeat(chars.length - shown)}${tail ? chars.slice(-tail).join('') : ''}`;
}

/** A phone number as such an operator sees it: the first 3 and last 4 characters, the digits between as *: 138****5678. */
export const maskPhone = (value: string) =>
  value.length <= 7 ? value.replace(/\d/g, '*') : `${value.slice(0, 3)}${value.slice(3, -4).replace(/\d/g, '*')}${value.slice(-4)}`;
