/**
 * How a failed bridge call is told apart: a stable code (and the HTTP status when the server answered),
 * so a screen can tell "already exists" (409) from "not allowed" (403) without matching message text.
 */
export const BRIDGE_ERROR_CODES = [
  /** 403 from the server. */
  'FORBIDDEN',
  /** 404 from the server. */
  'NOT_FOUND',
  /** 409 from the server. */
  'CONFLICT',
  /** 400/422 from the server, or input the bridge refused before any call. */
  'INVALID',
  /** 401 on a call that carried the token: the session ended (the user is signed out). */
  'AUTH_REQUIRED',
  /** No usable answer: network failure, timeout, or a 5xx. */
  'UNAVAILABLE',
  /** A channel the contract does not name. */
  'UNKNOWN_CHANNEL',
  /** A caller that is not our own renderer. */
  'FORBIDDEN_SENDER',
  /** Anything else. */
  'FAILED',
] as const;
export type BridgeErrorCode = (typeof BRIDGE_ERROR_CODES)[number];

/** What a channel answers on failure: plain data, so it crosses IPC, HTTP and contextBridge whole. */
export interface BridgeError {
  code: BridgeErrorCode;
  message: string;
  /** The HTTP status of the server's answer, when there was one. */
  status?: number;
}
export type BridgeResult<T> = { ok: true; value: T } | { ok: false; error: BridgeError };

/** The code of a server's non-OK answer. */
export function codeForStatus(status: number): BridgeErrorCode {
  if (status === 400 || status === 422) return 'INVALID';
  if (status === 401) return 'AUTH_REQUIRED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404) return 'NOT_FOUND';
  if (status === 409) return 'CONFLICT';
  if (status >= 500) return 'UNAVAILABLE';
  return 'FAILED';
}

/** The error a bridge call rejects with in the renderer: the message for the user, its code and status. */
export class BridgeCallError extends Error {
  readonly code: BridgeErrorCode;
  readonly status: number | undefined;
  constructor(error: BridgeError) {
    super(error.message);
    this.name = 'BridgeCallError';
    this.code = error.code;
    this.status = error.status;
  }
}

/** Whether a rejected call failed with this code (false for anything that is not a BridgeCallError). */
export function hasErrorCode(error: unknown, code: BridgeErrorCode): boolean {
  return error instanceof BridgeCallError && error.code === code;
}

/** A channel's answer as its value, or a thrown BridgeCallError. */
export function unwrapResult<T>(result: BridgeResult<T>): T {
  if (result.ok) return result.value;
  throw new BridgeCallError(result.error);
}
