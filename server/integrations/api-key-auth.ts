import { and, eq, isNull, lt, ne, or } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Endpoint, SessionUser } from '../../shared/api';
import { ERRORS } from '../../shared/errors';
import { API_KEY_PREFIX, INTEGRATION_TEXTS } from '../../shared/integrations';
import type { ServerContext } from '../context';
import { apiKeys } from '../db/schema';
import { HttpError, authRequired } from '../http/errors';
import { requestedOrganization } from '../organizations/context';
import { hashApiKey, isWellFormedApiKey } from './api-key-format';

/** A key's last use is written at most this often (a read-mostly key costs no write per call). */
const LAST_USED_EVERY_MS = 60_000;

export interface ApiKeyCaller {
  id: string;
  organizationId: string | null;
}

const callers = new WeakMap<FastifyRequest, ApiKeyCaller>();

/** The key behind a request authenticated by one (undefined: a session token, or none). */
export const apiKeyCallerOf = (request: FastifyRequest) => callers.get(request);

export const looksLikeApiKey = (token: string) => token.startsWith(API_KEY_PREFIX);

/**
 * An `opc_` bearer credential: a live key whose creator is still active acts as that creator, with the
 * permissions of the creator's role that are also among the key's scopes, so a key never outgrows its
 * creator (a demoted creator's keys shrink with them).
 */
export async function authenticateApiKey(
  request: FastifyRequest,
  ctx: ServerContext,
  token: string,
): Promise<SessionUser> {
  if (!isWellFormedApiKey(token)) throw authRequired();
  const key = await ctx.apiKeys.byHash(hashApiKey(token));
  if (!key) throw authRequired();
  const now = ctx.config.now();
  if (key.revokedAt && key.revokedAt.getTime() <= now) throw new HttpError(401, INTEGRATION_TEXTS.keyRevoked);
  if (key.expiresAt && key.expiresAt.getTime() <= now) throw new HttpError(401, INTEGRATION_TEXTS.keyExpired);
  const creator = await ctx.principals.principal(key.createdBy);
  if (!creator) throw authRequired();
  if (creator.user.status !== 'active') throw new HttpError(401, ERRORS.accountDisabled);
  callers.set(request, { id: key.id, organizationId: key.organizationId });
  await touchKey(ctx, key.id, key.lastUsedAt, key.lastUsedAddress, request.ip, now).catch((error: unknown) =>
    request.log.warn({ err: error }, 'could not record an API key’s last use'),
  );
  const scopes = new Set(key.scopes);
  return { ...creator.session, permissions: creator.session.permissions.filter((p) => scopes.has(p)) };
}

const touched = new Map<string, { at: number; address: string }>();

async function touchKey(
  ctx: ServerContext,
  id: string,
  lastUsedAt: Date | null,
  lastUsedAddress: string | null,
  address: string,
  now: number,
): Promise<void> {
  const known =
    touched.get(id) ??
    (lastUsedAt ? { at: lastUsedAt.getTime(), address: lastUsedAddress ?? '' } : undefined);
  if (known && known.address === address && now - known.at < LAST_USED_EVERY_MS) return;
  touched.set(id, { at: now, address });
  if (touched.size > 10_000) touched.delete(touched.keys().next().value as string);
  const at = new Date(now);
  await ctx.db
    .update(apiKeys)
    .set({ lastUsedAt: at, lastUsedAddress: address })
    .where(
      and(
        eq(apiKeys.id, id),
        or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, at), ne(apiKeys.lastUsedAddress, address)),
      ),
    );
}

/**
 * An organization-scoped key reaches that organization's tenant routes only: not another's, and not the
 * platform-wide ones.
 */
export function assertKeyReaches(request: FastifyRequest, endpoint: Endpoint): void {
  const caller = callers.get(request);
  if (!caller?.organizationId) return;
  if (!endpoint.tenant || requestedOrganization(request, endpoint) !== caller.organizationId)
    throw new HttpError(403, INTEGRATION_TEXTS.keyOutsideOrganization);
}

/** The rate-limit key of a key's calls: its hash's start, never the key. */
export const apiKeyRateKey = (token: string) => `apikey:${hashApiKey(token).slice(0, 24)}`;
