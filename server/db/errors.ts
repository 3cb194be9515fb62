import { errorChain, hasErrorCode } from '../../shared/error-chain';

const UNIQUE_VIOLATION = '23505';

/** drizzle wraps driver errors; the SQLSTATE sits on the error or its cause, for pg and PGlite alike. */
export function isUniqueViolation(error: unknown): boolean {
  return hasErrorCode(error, (code) => code === UNIQUE_VIOLATION);
}

/** node-postgres's own texts for a connection that failed or gave no answer in time. */
const CONNECTION_FAILURE_TEXTS = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  // A client's own connect bound (connectionTimeoutMillis).
  'timeout expired',
  'Query read timeout',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'Connection terminated unexpectedly',
];
/** Socket errors of a database that is down or cut off. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/**
 * Whether an error says the database could not be reached (rather than refusing the query): a socket
 * error, node-postgres's connection and read timeouts, SQLSTATE class 08 (connection exception), the
 * server shutting down or starting (57P01–57P03) or out of connections (53300).
 */
export function isConnectionFailure(error: unknown): boolean {
  return errorChain(error).some((e) => {
    const code = 'code' in e && typeof e.code === 'string' ? e.code : '';
    if (SOCKET_CODES.has(code) || code.startsWith('08') || /^57P0[123]$/.test(code) || code === '53300') {
      return true;
    }
    const message = 'message' in e && typeof e.message === 'string' ? e.message : '';
    return CONNECTION_FAILURE_TEXTS.some((text) => message.includes(text));
  });
}

/** A statement the server cancelled for running past statement_timeout (SQLSTATE 57014). */
export function isStatementTimeout(error: unknown): boolean {
  return hasErrorCode(error, (code) => code === '57014');
}
