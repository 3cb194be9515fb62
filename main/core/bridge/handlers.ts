import type { z } from 'zod';
import {
  authEndpoints,
  isChallenge,
  sessionUser,
  type LoginData,
  type SessionUser,
} from '../../../shared/api/auth';
import { TWO_FACTOR_TEXTS, type TwoFactorStep } from '../../../shared/two-factor';
import { buildPath, type Endpoint } from '../../../shared/api/endpoint';
import { organizationEndpoints } from '../../../shared/api/organizations';
import { roleEndpoints } from '../../../shared/api/roles';
import { userEndpoints } from '../../../shared/api/users';
import type {
  AppInfo,
  ServerStatus,
  BridgeContract,
  Channel,
  ChannelOutput,
  RoleCheck,
  SessionState,
} from '../../../shared/bridge/contract';
import { ERRORS } from '../../../shared/errors';
import type { AlertFeed } from '../alerts/feed';
import type { AlertRelay } from '../alerts/relay';
import { AuthRequiredError } from '../clients/errors';
import type { GatewayClient } from '../clients/gateway-client';
import type { OrganizationClient } from '../clients/organization-client';
import { describeError, type Logger } from '../logger';
import type { SessionStore } from '../store/session-store';
import { createBusinessHandlers } from './business-handlers';
import type { BridgeEventBus } from './events';
import { createExportHandlers, type ExportHandlerDeps } from './export-handlers';
import { createForwardedHandlers } from './forward';
import { createLogHandlers } from './log-handlers';
import { createUsageHandlers } from './usage-handlers';
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
  /** The embedded server's state, at once. */
  serverStatus: () => ServerStatus;
  logger: Logger;
  saveDialog: ExportHandlerDeps['saveDialog'];
  openDownload: ExportHandlerDeps['openDownload'];
  alerts: AlertFeed;
  /** Follows the session: listens to the alert stream while signed in. */
  relay: Pick<AlertRelay, 'sync'>;
}

/**
 * Every channel of shared/bridge/contract.ts: the hand-written ones here, the forwarded ones by the one
 * generic handler; the `Handlers` type makes a missing one a compile error.
 */
export function createHandlers(deps: HandlerDeps): Handlers {
  const { store, gateway, organizations, events, logger, alerts, relay } = deps;
  const orgs = organizationEndpoints;
  const roles = roleEndpoints;
  /** One checklist call: its outcome whatever it is (a 403 is what some roles must see). */
  const check = async (
    id: RoleCheck['id'],
    endpoint: Endpoint,
    params: Record<string, string> = {},
  ): Promise<RoleCheck> => {
    const result = await gateway.request(endpoint, { params });
    const base = { id, method: 'GET' as const, path: buildPath(endpoint.path, params) };
    if (result.success) return { ...base, status: 200, allowed: true };
    return { ...base, status: result.status ?? 0, allowed: false, error: result.error };
  };

  /** The second step's challenge of the sign-in in progress (issue 13), in memory only. */
  let pending: { challenge: string; step: TwoFactorStep } | null = null;
  const pendingChallenge = (step: TwoFactorStep): string => {
    if (pending?.step !== step) throw new BridgeFailure('FAILED', TWO_FACTOR_TEXTS.challengeExpired);
    return pending.challenge;
  };
  const signedIn = (data: LoginData): SessionUser => {
    pending = null;
    store.setToken(data.token);
    relay.sync();
    logger.info(`Signed in as ${data.email}`);
    return toSessionUser(data);
  };

  return {
    'app:info': async () => deps.appInfo(),
    'app:serverStatus': async () => deps.serverStatus(),

    'auth:session': async (): Promise<SessionState> => {
      try {
        return await verifySession();
      } finally {
        relay.sync();
      }
    },

    'auth:login': async (input) => {
      pending = null;
      const result = await gateway.login(input);
      if (!result.success) throw new BridgeFailure('FAILED', result.error || ERRORS.loginFailed);
      if (isChallenge(result.data)) {
        // The challenge is half a credential: like the token, it never reaches the page.
        pending = { challenge: result.data.challenge, step: result.data.twoFactor };
        return { status: 'twoFactor', step: result.data.twoFactor };
      }
      return { status: 'signedIn', user: signedIn(result.data) };
    },

    'auth:twoFactorCode': async ({ code }) =>
      signedIn(
        await gateway.call(authEndpoints.twoFactorVerify, {
          body: { challenge: pendingChallenge('code'), code },
        }),
      ),

    'auth:twoFactorSetup': async () =>
      gateway.call(authEndpoints.twoFactorEnrolment, { body: { challenge: pendingChallenge('enrol') } }),

    'auth:twoFactorConfirm': async ({ code }) => {
      const data = await gateway.call(authEndpoints.twoFactorEnrolmentConfirm, {
        body: { challenge: pendingChallenge('enrol'), code },
      });
      return { user: signedIn(data), recoveryCodes: data.recoveryCodes };
    },

    // Best effort towards the server (revokes the token there); locally the session always ends.
    'auth:logout': async () => {
      pending = null;
      if (store.getToken()) {
        try {
          const result = await gateway.logout();
          if (!result.success) logger.warn(`Sign-out on the server failed: ${result.error}`);
        } catch (error) {
          logger.warn(`Sign-out on the server failed: ${describeError(error)}`);
        }
      }
      store.clearToken();
      relay.sync();
      return null;
    },

    'auth:changePassword': async (body) => {
      const user = signedIn(await gateway.call(authEndpoints.changePassword, { body }));
      logger.info(`Password changed for ${user.email}`);
      return user;
    },

    'auth:acceptInvitation': async (body) => gateway.call(userEndpoints.acceptInvitation, { body }),

    'settings:theme': async () => store.getTheme(),

    'settings:setTheme': async ({ theme }) => {
      store.setTheme(theme);
      events.emit('settings:themeChanged', { theme });
      return theme;
    },

    // Part 1 §4, §8: the chosen organization lives in the main process; Client A sends it as
    // X-Organization-Id, and so does Client B on its tenant calls. Sign-out keeps it, so the choice
    // survives a restart; a user who no longer has it falls back to the first organization.
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
        throw new BridgeFailure('NOT_FOUND', ERRORS.organizationNotFound);
      }
      store.setOrganizationId(organizationId);
      events.emit('orgs:switched', { organizationId });
      return { organizationId };
    },

    // Part 2 §6: "a center admin should fail on the centers list and succeed on the center analytics".
    'roles:runChecks': async () => {
      const organizationId = store.getOrganizationId();
      const checks = [check('session', authEndpoints.verify), check('centers', roles.listCenters)];
      if (organizationId !== null) {
        checks.push(check('centerAnalytics', roles.centerAnalytics, { id: organizationId }));
      }
      return Promise.all(checks);
    },
    ...createExportHandlers(deps),
    'alerts:list': async () => alerts.list(),
    'alerts:dismiss': async ({ id }) => alerts.dismiss(id),
    ...createBusinessHandlers(gateway),
    ...createLogHandlers({ logger }),
    ...createUsageHandlers(gateway, deps.appInfo),
    ...createForwardedHandlers(deps),
  };

  // Part 1 §4: unknown → verifying the stored token → authenticated, or unauthenticated with the
  // token cleared. The token itself never crosses the bridge.
  async function verifySession(): Promise<SessionState> {
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
  }
}

/** The session user without the token (zod drops every key the schema does not name). */
function toSessionUser(data: SessionUser | LoginData): SessionUser {
  return sessionUser.parse(data);
}
