import type { z } from 'zod';
import { sessionUser, type LoginData, type SessionUser } from '../../../shared/api/auth';
import type {
  AppInfo,
  BridgeContract,
  Channel,
  ChannelOutput,
  SessionState,
} from '../../../shared/bridge/contract';
import { ERRORS } from '../../../shared/errors';
import { AuthRequiredError } from '../clients/errors';
import type { GatewayClient } from '../clients/gateway-client';
import { describeError, type Logger } from '../logger';
import type { SessionStore } from '../store/session-store';
import type { BridgeEventBus } from './events';
import { BridgeFailure } from './failure';

/** A handler receives its channel's input after the zod check, and answers the channel's output. */
export type HandlerInput<C extends Channel> = z.output<BridgeContract[C]['input']>;
export type Handler<C extends Channel> = (input: HandlerInput<C>) => Promise<ChannelOutput<C>>;
export type Handlers = { [C in Channel]: Handler<C> };

export interface HandlerDeps {
  store: SessionStore;
  gateway: GatewayClient;
  events: BridgeEventBus;
  appInfo: () => Promise<AppInfo>;
  logger: Logger;
}

/** Every channel of shared/bridge/contract.ts; the `Handlers` type makes a missing one a compile error. */
export function createHandlers(deps: HandlerDeps): Handlers {
  const { store, gateway, events, logger } = deps;

  return {
    'app:info': async () => deps.appInfo(),

    // Part 1 §4: unknown → verifying the stored token → authenticated, or unauthenticated with the
    // token cleared. The token itself never crosses the bridge.
    'auth:session': async (): Promise<SessionState> => {
      if (!store.getToken()) return { status: 'unauthenticated' };
      try {
        const result = await gateway.verify();
        if (result.success) return { status: 'authenticated', user: toSessionUser(result.data) };
        store.clearToken();
        return { status: 'unauthenticated', reason: result.error };
      } catch (error) {
        // A 401 already cleared the token (and told the renderer through 'auth:expired').
        if (error instanceof AuthRequiredError) return { status: 'unauthenticated', reason: error.message };
        throw error;
      }
    },

    'auth:login': async (input) => {
      const result = await gateway.login(input);
      if (!result.success) throw new BridgeFailure('FAILED', result.error || ERRORS.loginFailed);
      store.setToken(result.data.token);
      logger.info(`Signed in as ${result.data.email}`);
      return toSessionUser(result.data);
    },

    // Best effort towards the server (revokes the token there); locally the session always ends.
    'auth:logout': async () => {
      if (store.getToken()) {
        try {
          const result = await gateway.logout();
          if (!result.success) logger.warn(`Sign-out on the server failed: ${result.error}`);
        } catch (error) {
          logger.warn(`Sign-out on the server failed: ${describeError(error)}`);
        }
      }
      store.clearToken();
      return null;
    },

    'settings:theme': async () => store.getTheme(),

    'settings:setTheme': async ({ theme }) => {
      store.setTheme(theme);
      events.emit('settings:themeChanged', { theme });
      return theme;
    },
  };
}

/** The session user without the token (zod drops every key the schema does not name). */
function toSessionUser(data: SessionUser | LoginData): SessionUser {
  return sessionUser.parse(data);
}
