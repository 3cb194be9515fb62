import type { z } from 'zod';
import {
  bridgeContract,
  codeForStatus,
  isChannel,
  type BridgeErrorCode,
  type BridgeResult,
  type Channel,
} from '../../../shared/bridge/contract';
import { ERRORS } from '../../../shared/errors';
import { ApiError, AuthRequiredError, InvalidResponseError, NetworkError } from '../clients/errors';
import type { Logger } from '../logger';
import { BridgeFailure } from './failure';
import type { Handler, Handlers } from './handlers';

export interface DispatchDeps<S> {
  handlers: Handlers;
  /**
   * Whether the message comes from our own renderer. Electron: the main frame of our window showing
   * our renderer's file URL. Browser host: a request carrying the launch cookie from our own origin.
   */
  isTrustedSender: (sender: S) => boolean;
  logger: Logger;
}

/** The text of an error we did not expect: the details go to the log, never to the renderer. */
export const UNEXPECTED_ERROR_TEXT = 'Something went wrong in the console. Please try again.';

/**
 * The one dispatcher both hosts use. In order: the channel must be in the contract, the sender must
 * be trusted, the input must pass the channel's zod schema; then the handler runs and its answer is
 * checked against the channel's output schema. Always answers a serialisable BridgeResult.
 */
export async function handle<S>(
  deps: DispatchDeps<S>,
  channel: unknown,
  input: unknown,
  sender: S,
): Promise<BridgeResult<unknown>> {
  if (!isChannel(channel)) {
    deps.logger.warn(`Bridge call to unknown channel ${printable(channel)} refused`);
    return fail('UNKNOWN_CHANNEL', `Unknown channel ${printable(channel)}`);
  }
  if (!trusted(deps, sender)) {
    deps.logger.warn(`Bridge call to ${channel} from an untrusted sender refused`);
    return fail('FORBIDDEN_SENDER', 'This caller may not use the console bridge');
  }
  const contract = bridgeContract[channel];
  const parsed = contract.input.safeParse(input);
  if (!parsed.success) return fail('INVALID', describeIssues(parsed.error));

  let value: unknown;
  try {
    // The map is keyed by channel, so the handler matches the input the contract just checked.
    const handler = deps.handlers[channel] as Handler<Channel>;
    value = await handler(parsed.data as never);
  } catch (error) {
    return fromError(deps.logger, channel, error);
  }
  const output = (contract.output as z.ZodType).safeParse(value);
  if (!output.success) {
    deps.logger.error(`Handler of ${channel} answered outside the contract: ${describeIssues(output.error)}`);
    return fail('FAILED', UNEXPECTED_ERROR_TEXT);
  }
  return { ok: true, value: output.data };
}

function trusted<S>(deps: DispatchDeps<S>, sender: S): boolean {
  try {
    return deps.isTrustedSender(sender) === true;
  } catch {
    return false;
  }
}

function fromError(logger: Logger, channel: Channel, error: unknown): BridgeResult<never> {
  if (error instanceof BridgeFailure) return fail(error.code, error.message, error.status);
  // The clients' errors carry the spec's catalogue texts, which are meant to be shown.
  if (error instanceof ApiError) return fail(codeOfApiError(error), error.message, error.status);
  logger.error(`Handler of ${channel} failed`, error);
  return fail('FAILED', UNEXPECTED_ERROR_TEXT);
}

/** The code of a client's error: no answer at all is UNAVAILABLE, an answer is coded by its status. */
export function codeOfApiError(error: ApiError): BridgeErrorCode {
  if (error instanceof AuthRequiredError) return 'AUTH_REQUIRED';
  if (error instanceof NetworkError) return 'UNAVAILABLE';
  // A 2xx the contract does not describe is our failure, whatever its status.
  if (error instanceof InvalidResponseError || error.status === undefined) return 'FAILED';
  return codeForStatus(error.status);
}

function fail(code: BridgeErrorCode, message: string, status?: number): BridgeResult<never> {
  return { ok: false, error: status === undefined ? { code, message } : { code, message, status } };
}

/** "Invalid input: email: Too small…; password: …" — paths and messages, never the values. */
export function describeIssues(error: z.ZodError): string {
  const details = error.issues.map((issue) => {
    const path = issue.path.map(String).join('.');
    return path ? `${path}: ${issue.message}` : issue.message;
  });
  return `${ERRORS.invalidInput}: ${details.join('; ')}`;
}

function printable(value: unknown): string {
  const text = typeof value === 'string' ? value : typeof value;
  return JSON.stringify(text.length > 64 ? `${text.slice(0, 64)}…` : text);
}
