/** SPEC.md section 8: HTTP statuses and the message key shown for each. */
export const STATUS_MESSAGES: Record<number, string> = {
  400: 'http.400', 401: 'http.401', 403: 'http.403', 404: 'http.404', 408: 'http.408', 500: 'http.500',
  501: 'http.501', 502: 'http.502', 503: 'http.503', 504: 'http.504', 505: 'http.505',
};

/** A failed call: HTTP status (0 = no response), the server's code and message when it sent one. */
export class HttpError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body?: { code?: number; msg?: string; [key: string]: unknown },
    /** The session token the request was sent with (a late answer to an ended session is not the current session's). */
    readonly sentToken?: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}
