import { ERRORS, httpErrorText } from '../../../shared/errors';

/**
 * Errors of the two HTTP clients. Each carries the spec's text (part 1 §8) as its message, so the
 * bridge can show it as it is; `status` is the HTTP status when there was a response.
 */
export class ApiError extends Error {
  readonly status: number | undefined;
  constructor(message: string, status?: number, options?: ErrorOptions) {
    super(message, options);
    this.name = new.target.name;
    this.status = status;
  }
}

/** No answer at all: refused connection, DNS failure, reset (part 1 §7: "Network error occurred"). */
export class NetworkError extends ApiError {
  constructor(message: string = ERRORS.networkError, options?: ErrorOptions) {
    super(message, undefined, options);
  }
}

/** No answer within the timeout (30 s, part 1 §9). A network failure for Client B's result. */
export class TimeoutError extends NetworkError {
  readonly timeoutMs: number;
  constructor(timeoutMs: number, options?: ErrorOptions) {
    super(`Request timed out after ${formatSeconds(timeoutMs)}`, options);
    this.timeoutMs = timeoutMs;
  }
}

/** A non-OK answer without a usable envelope: "HTTP {status}: {statusText}". */
export class HttpStatusError extends ApiError {
  readonly statusText: string;
  constructor(status: number, statusText: string) {
    super(httpErrorText(status, statusText), status);
    this.statusText = statusText;
  }
}

/** A 401 on a request that carried the token: the token is cleared and the user goes to /login. */
export class AuthRequiredError extends ApiError {
  constructor() {
    super(ERRORS.authRequired, 401);
  }
}

/** Client A: an answer whose `success` is not true: its `message`, or "API request failed". */
export class ApiRequestFailedError extends ApiError {
  constructor(message: string | undefined, status?: number) {
    super(message && message.length > 0 ? message : ERRORS.apiRequestFailed, status);
  }
}

/** Verifying a session with no stored token. */
export class NoTokenError extends ApiError {
  constructor() {
    super(ERRORS.noToken);
  }
}

/** A 2xx answer that is not the envelope the contract describes. */
export class InvalidResponseError extends ApiError {
  constructor(status: number, detail: string) {
    super(`Invalid response from server (${detail})`, status);
  }
}

function formatSeconds(ms: number): string {
  return ms >= 1000 && ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}
