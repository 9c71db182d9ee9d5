import type { DomainError, MessageParam, Outcome } from '../domain/results';

type Status = 400 | 401 | 403 | 404 | 409 | 413 | 429 | 500 | 503;

/**
 * An error the API reports to the caller: HTTP status and body `{ code, msg }`.
 * `key` names a `server.errors.*` message of i18n/, translated into the caller's language.
 */
export class ApiError extends Error {
  constructor(
    readonly status: Status,
    readonly key: string,
    readonly params: Record<string, MessageParam> = {},
    /** Already translated text (validation messages). */
    readonly text?: string,
    /** The input the message is about: the answer names it as the forms label it (server/http/fieldLabels.ts). */
    readonly field?: string,
  ) {
    super(text ?? key);
  }
}

export const badRequest = (key: string, params?: Record<string, MessageParam>) => new ApiError(400, key, params);
export const notFound = (key: string, params?: Record<string, MessageParam>) => new ApiError(404, key, params);
export const conflict = (key: string, params?: Record<string, MessageParam>) => new ApiError(409, key, params);
export const forbidden = (key: string, params?: Record<string, MessageParam>) => new ApiError(403, key, params);

/** The status of each domain outcome (server/domain/results.ts): the one place rules meet HTTP. */
export const OUTCOME_STATUS: Record<Outcome, 400 | 401 | 404 | 409 | 429> = { refused: 400, unauthorized: 401, notFound: 404, conflict: 409, tooMany: 429 };

/** A domain error as the API reports it: its outcome's status, its message key and parameters. */
export const apiErrorOf = (error: DomainError) => new ApiError(OUTCOME_STATUS[error.outcome], error.key, error.params, undefined, error.field);
