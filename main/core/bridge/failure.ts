import type { BridgeErrorCode } from '../../../shared/bridge/contract';

/**
 * An expected failure of a handler, whose message is meant for the user (the server's login
 * error, say). Anything else a handler throws is logged and answered with a generic text.
 */
export class BridgeFailure extends Error {
  readonly code: BridgeErrorCode;
  readonly status: number | undefined;
  constructor(code: BridgeErrorCode, message: string, status?: number) {
    super(message);
    this.name = 'BridgeFailure';
    this.code = code;
    this.status = status;
  }
}
