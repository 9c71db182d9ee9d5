/**
 * What a domain service answers when it will not do what it was asked: rules know no HTTP, so they
 * throw these and the API layer (server/http/errors.ts) maps them to statuses and envelopes in one
 * place. A message is a key of `server.*` in i18n/ with its parameters, translated at the edge into
 * the caller's language; a parameter may itself be a message, or a list of messages joined by one.
 */
export type MessageParam = string | number | Message | MessageList;
export interface Message { key: string; params?: Record<string, MessageParam> }
/** Messages joined by the text of another message (", " in English, "、" in Chinese). */
export interface MessageList { items: Message[]; joinKey: string }

/**
 * - `refused`: the request breaks a rule of its own (an amount above the maximum): the caller's input.
 * - `notFound`: what it names does not exist, or not in the caller's areas.
 * - `conflict`: the request is right but the state is in the way (a room that still holds meters, a
 *   hoarding limit the balance would pass, an order already voided).
 * - `unauthorized`: the caller is not who they must be (a tenant's wrong or spent sign-in code).
 * - `tooMany`: a limit of attempts is reached (a tenant's sign-in codes).
 */
export type Outcome = 'refused' | 'notFound' | 'conflict' | 'unauthorized' | 'tooMany';

export class DomainError extends Error {
  constructor(
    readonly outcome: Outcome,
    readonly key: string,
    readonly params: Record<string, MessageParam> = {},
    /** The input it is about (`amountFen`), when one: the API names it as the forms label it. */
    readonly field?: string,
  ) {
    super(key);
    this.name = 'DomainError';
  }
}

export const refused = (key: string, params?: Record<string, MessageParam>, field?: string) => new DomainError('refused', key, params, field);
export const notFound = (key: string, params?: Record<string, MessageParam>) => new DomainError('notFound', key, params);
export const conflict = (key: string, params?: Record<string, MessageParam>) => new DomainError('conflict', key, params);
export const unauthorized = (key: string, params?: Record<string, MessageParam>) => new DomainError('unauthorized', key, params);
export const tooMany = (key: string, params?: Record<string, MessageParam>) => new DomainError('tooMany', key, params);

/** A name of the server's catalog as a message parameter: `nameOf('command', 'trip')` reads “Cut off” / “拉闸”. */
export const nameOf = (family: 'utility' | 'command' | 'setKind' | 'moduleKind' | 'type', value: string): Message => ({ key: `names.${family}.${value}` });

/**
 * Texts (addresses, names, ids) as one message parameter, joined as the caller's language joins a
 * list (`A, B` / `A、B`); past `max` of them, how many more there are (of `total`, when the texts
 * given are only the first of them).
 */
export function listOf(texts: readonly (string | number)[], max = 10, total = texts.length): MessageParam {
  const shown: MessageList = { items: texts.slice(0, max).map((text) => ({ key: 'names.list.item', params: { text } })), joinKey: 'names.list.join' };
  const more = total - shown.items.length;
  return more > 0 ? { key: 'names.list.more', params: { list: shown, more } } : shown;
}

/** A refusal not yet thrown: what a pure rule returns when it says no (undefined when it says yes). */
export interface Refusal { outcome: Outcome; key: string; params?: Record<string, MessageParam>; field?: string }

/** Throws a rule's refusal as the domain error it describes. */
export const refusalError = (refusal: Refusal) => new DomainError(refusal.outcome, refusal.key, refusal.params, refusal.field);
