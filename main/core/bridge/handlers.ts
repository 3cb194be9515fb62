import type { z } from 'zod';
import { sessionUser, type LoginData, type SessionUser } from '../../../shared/api/auth';
import { organizationEndpoints } from '../../../shared/api/organizations';
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
import type { OrganizationClient } from '../clients/organization-client';
import { describeError, type Logger } from '../logger';
import type { SessionStore } from '../store/session-store';
import { createBusinessHandlers } from './business-handlers';
import type { BridgeEventBus } from './events';
import { BridgeFailure } from './failure';

/** A handler receives its channel's input after the zod check, and answers the channel's output. */
export type HandlerInput<C extends Channel> = z.output<BridgeContract[C]['input']>;
export type Handler<C extends Channel> = (input: HandlerInput<C>) => Promise<ChannelOutput<C>>;
export type Handlers = { [C in Channel]: Handler<C> };

export interface HandlerDeps {
  store: SessionStore;
  gateway: GatewayClient;
  organizations: OrganizationClient;
  events: BridgeEventBus;
  appInfo: () => Promise<AppInfo>;
  logger: Logger;
}

/** Every channel of shared/bridge/contract.ts; the `Handlers` type makes a missing one a compile error. */
export function createHandlers(deps: HandlerDeps): Handlers {
  const { store, gateway, organizations, events, logger } = deps;
  const orgs = organizationEndpoints;
  const byId = (organizationId: string) => ({ params: { id: organizationId } });

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

    // Part 1 §4, §8: the chosen organization lives in the main process; Client A sends it as
    // X-Organization-Id, and so does Client B on its tenant calls. Sign-out keeps it, so the choice
    // survives a restart; a user who no longer has it falls back to the first organization.
    'orgs:list': async () => organizations.request(orgs.list),

    'orgs:current': async () => {
      const list = await organizations.request(orgs.list);
      const stored = store.getOrganizationId();
      if (stored !== null && list.some((o) => o.id === stored)) return { organizationId: stored };
      const first = list[0]?.id ?? null;
      if (first !== stored) store.setOrganizationId(first);
      return { organizationId: first };
    },

    'orgs:switch': async ({ organizationId }) => {
      const list = await organizations.request(orgs.list);
      if (!list.some((o) => o.id === organizationId)) {
        throw new BridgeFailure('FAILED', ERRORS.organizationNotFound);
      }
      store.setOrganizationId(organizationId);
      events.emit('orgs:switched', { organizationId });
      return { organizationId };
    },

    'orgs:context': async ({ organizationId }) => organizations.request(orgs.context, byId(organizationId)),
    'orgs:get': async ({ organizationId }) => organizations.request(orgs.get, byId(organizationId)),
    'orgs:members': async ({ organizationId }) => organizations.request(orgs.members, byId(organizationId)),
    'orgs:stats': async ({ organizationId }) => organizations.request(orgs.stats, byId(organizationId)),

    'orgs:update': async ({ organizationId, changes }) =>
      organizations.request(orgs.update, { ...byId(organizationId), body: changes }),

    'orgs:invite': async ({ organizationId, email, role }) =>
      organizations.request(orgs.invite, { ...byId(organizationId), body: { email, role } }),

    'orgs:updateMember': async ({ organizationId, userId, role }) =>
      organizations.request(orgs.updateMember, {
        params: { id: organizationId, userId },
        body: { role },
      }),

    'orgs:removeMember': async ({ organizationId, userId }) =>
      organizations.request(orgs.removeMember, { params: { id: organizationId, userId } }),

    ...createBusinessHandlers(gateway),
  };
}

/** The session user without the token (zod drops every key the schema does not name). */
function toSessionUser(data: SessionUser | LoginData): SessionUser {
  return sessionUser.parse(data);
}
