import { randomUUID } from 'node:crypto';
import { integrationEndpoints, type ApiKeyView, type Integration } from '../../shared/api';
import { formatError } from '../../shared/errors';
import {
  API_KEY_GRACE_HOURS,
  API_KEY_VISIBLE,
  INTEGRATION_TEXTS,
  WEBHOOK_SECRET_OVERLAP_MS,
  maskSecret,
} from '../../shared/integrations';
import type { ServerContext } from '../context';
import type { Db } from '../db/client';
import { HttpError } from '../http/errors';
import type { Route } from '../http/router';
import { apiKeyCallerOf } from './api-key-auth';
import { generateApiKey, hashApiKey } from './api-key-format';
import { generateWebhookSecret } from './signing';
import {
  deleteIntegration,
  findApiKeyRow,
  findIntegrationRow,
  insertApiKey,
  insertIntegration,
  markApiKeyReplaced,
  organizationExists,
  revokeApiKey,
  rotateIntegrationSecret,
  setIntegrationEnabled,
} from './store';
import { listApiKeys, listDeliveries, listIntegrations, loadIntegration, toDelivery } from './views';
import { OutboundAddressError, assertPublicUrl } from '../security/outbound';

const notFound = () => new HttpError(404, INTEGRATION_TEXTS.notFound);
const keyNotFound = () => new HttpError(404, INTEGRATION_TEXTS.apiKeyNotFound);

/** Integration management (issue 16): webhooks, their deliveries and API keys, behind platform.manage. */
export function registerIntegrationRoutes(route: Route, ctx: ServerContext): void {
  const now = () => ctx.config.now();
  const box = ctx.secrets;
  const outbound = () => ctx.webhooks.outbound;

  const reload = async (db: Db, id: string): Promise<Integration> => {
    const found = await loadIntegration(db, box, id, now());
    if (!found) throw notFound();
    return found;
  };
  const row = async (id: string) => {
    const found = await findIntegrationRow(ctx.db, id);
    if (!found) throw notFound();
    return found;
  };
  const reloadKey = async (db: Db, id: string): Promise<ApiKeyView> => {
    const [found] = await listApiKeys(db, now(), id);
    if (!found) throw keyNotFound();
    return found;
  };

  route(integrationEndpoints.listIntegrations, async () => ({
    integrations: await listIntegrations(ctx.db, box, now()),
  }));

  route(integrationEndpoints.createIntegration, async ({ body, session, audit }) => {
    audit.note({ details: { name: body.name, url: body.url, events: body.events } });
    try {
      await assertPublicUrl(body.url, outbound());
    } catch (error) {
      if (error instanceof OutboundAddressError) throw new HttpError(400, error.message);
      throw error;
    }
    const id = randomUUID();
    const secret = generateWebhookSecret();
    return ctx.db.transaction(async (tx) => {
      await insertIntegration(tx, {
        id,
        name: body.name,
        type: 'webhook',
        description: body.description,
        provider: body.provider,
        url: body.url,
        events: body.events,
        status: 'pending',
        secretSealed: box.seal(secret, id),
        apiKeySealed: body.apiKey ? box.seal(body.apiKey, id) : null,
        createdAt: new Date(now()),
        createdBy: session().userId,
      });
      await audit.record(tx, {
        resourceId: id,
        details: body.apiKey ? { apiKey: maskSecret(body.apiKey) } : {},
      });
      return { integration: await reload(tx, id), secret };
    });
  });

  route(integrationEndpoints.deleteIntegration, async ({ params, audit }) => {
    const found = await row(params.id);
    audit.note({ details: { name: found.name } });
    await ctx.db.transaction(async (tx) => {
      await deleteIntegration(tx, params.id);
      await audit.record(tx);
    });
    return { id: params.id };
  });

  route(integrationEndpoints.setIntegrationEnabled, async ({ params, body, audit }) => {
    const found = await row(params.id);
    audit.note({ details: { name: found.name, enabled: body.enabled } });
    return ctx.db.transaction(async (tx) => {
      await setIntegrationEnabled(tx, found, body.enabled);
      await audit.record(tx);
      return reload(tx, params.id);
    });
  });

  route(integrationEndpoints.syncIntegration, async ({ params, audit }) => {
    const found = await row(params.id);
    audit.note({ details: { name: found.name } });
    if (found.type !== 'webhook') throw new HttpError(409, INTEGRATION_TEXTS.notWebhook);
    if (found.status === 'inactive') throw new HttpError(409, INTEGRATION_TEXTS.inactive);
    const outcome = await ctx.webhooks.ping(params.id);
    const result = outcome.result;
    await audit.record(ctx.db, {
      details: { responseStatus: result?.status ?? null, ok: outcome.status === 'success' },
    });
    return {
      deliveryId: outcome.deliveryId,
      ok: outcome.status === 'success',
      responseStatus: result?.status ?? null,
      responseTimeMs: result?.timeMs ?? null,
      error: result?.error ?? (outcome.status === 'success' ? null : 'The ping was not sent'),
    };
  });

  route(integrationEndpoints.rotateSecret, async ({ params, audit }) => {
    const found = await row(params.id);
    if (found.type !== 'webhook') throw new HttpError(409, INTEGRATION_TEXTS.notWebhook);
    const secret = generateWebhookSecret();
    // An endpoint without a secret (the demo's) gets its first one: no old secret to keep signing.
    const until = new Date(now() + (found.secretSealed ? WEBHOOK_SECRET_OVERLAP_MS : 0));
    await ctx.db.transaction(async (tx) => {
      await rotateIntegrationSecret(tx, found.id, {
        secretSealed: box.seal(secret, found.id),
        previousSecretSealed: found.secretSealed,
        previousSecretUntil: until,
      });
      await audit.record(tx, { details: { name: found.name, previousSecretUntil: until.toISOString() } });
    });
    return { secret, previousSecretUntil: until.toISOString() };
  });

  route(integrationEndpoints.revealApiKey, async ({ params, audit }) => {
    const found = await row(params.id);
    if (!found.apiKeySealed) throw new HttpError(404, INTEGRATION_TEXTS.noApiKey);
    const apiKey = box.open(found.apiKeySealed, found.id);
    await audit.record(ctx.db, { details: { name: found.name, revealed: 'apiKey' } });
    return { apiKey };
  });

  route(integrationEndpoints.listDeliveries, async ({ query }) => ({
    deliveries: await listDeliveries(ctx.db, query),
  }));

  route(integrationEndpoints.replayDelivery, async ({ params, audit }) => {
    const replayed = await ctx.webhooks.replay(params.id);
    if (!replayed) throw new HttpError(404, INTEGRATION_TEXTS.deliveryNotFound);
    const endpoint = await row(replayed.integrationId);
    await audit.record(ctx.db, { details: { replay: replayed.id, event: replayed.eventType } });
    return { delivery: toDelivery(replayed, endpoint.name) };
  });

  route(integrationEndpoints.listApiKeys, async () => ({ apiKeys: await listApiKeys(ctx.db, now()) }));

  const assertNotByKey = (request: Parameters<typeof apiKeyCallerOf>[0]) => {
    if (apiKeyCallerOf(request)) throw new HttpError(403, INTEGRATION_TEXTS.keyCannotManageKeys);
  };

  route(integrationEndpoints.generateApiKey, async ({ body, session, audit, request }) => {
    audit.note({ details: { name: body.name, scopes: body.scopes, organizationId: body.organizationId } });
    assertNotByKey(request);
    const caller = session();
    const missing = body.scopes.find((scope) => !caller.permissions.includes(scope));
    if (missing)
      throw new HttpError(403, formatError(INTEGRATION_TEXTS.scopeNotHeld, { permission: missing }));
    if (body.organizationId) {
      if (!(await organizationExists(ctx.db, body.organizationId)))
        throw new HttpError(400, 'Organization not found');
    }
    const key = generateApiKey();
    const id = randomUUID();
    const at = now();
    return ctx.db.transaction(async (tx) => {
      await insertApiKey(tx, {
        id,
        name: body.name,
        prefix: key.slice(0, API_KEY_VISIBLE),
        hash: hashApiKey(key),
        scopes: body.scopes,
        organizationId: body.organizationId,
        createdBy: caller.userId,
        createdAt: new Date(at),
        expiresAt: body.expiresInDays ? new Date(at + body.expiresInDays * 86_400_000) : null,
      });
      await audit.record(tx, { resourceId: id, details: { apiKey: maskSecret(key) } });
      return { key, apiKey: await reloadKey(tx, id) };
    });
  });

  route(integrationEndpoints.regenerateApiKey, async ({ params, session, audit, request }) => {
    assertNotByKey(request);
    const old = await findApiKeyRow(ctx.db, params.id);
    if (!old) throw keyNotFound();
    audit.note({ details: { name: old.name } });
    if (old.revokedAt) throw new HttpError(409, INTEGRATION_TEXTS.keyAlreadyRevoked);
    const caller = session();
    const missing = old.scopes.find((scope) => !caller.permissions.includes(scope));
    if (missing)
      throw new HttpError(403, formatError(INTEGRATION_TEXTS.scopeNotHeld, { permission: missing }));
    const key = generateApiKey();
    const id = randomUUID();
    const at = now();
    const graceEnd = at + API_KEY_GRACE_HOURS * 3_600_000;
    return ctx.db.transaction(async (tx) => {
      await insertApiKey(tx, {
        id,
        name: old.name,
        prefix: key.slice(0, API_KEY_VISIBLE),
        hash: hashApiKey(key),
        scopes: old.scopes,
        organizationId: old.organizationId,
        createdBy: caller.userId,
        createdAt: new Date(at),
        expiresAt: old.expiresAt,
      });
      await markApiKeyReplaced(tx, old.id, {
        replacedBy: id,
        expiresAt: new Date(old.expiresAt ? Math.min(old.expiresAt.getTime(), graceEnd) : graceEnd),
      });
      ctx.apiKeys.forget(old.id);
      await audit.record(tx, {
        details: { apiKey: maskSecret(key), replaced: `${old.prefix}…`, graceHours: API_KEY_GRACE_HOURS },
      });
      return { key, apiKey: await reloadKey(tx, id) };
    });
  });

  route(integrationEndpoints.revokeApiKey, async ({ params, audit }) => {
    const old = await findApiKeyRow(ctx.db, params.id);
    if (!old) throw keyNotFound();
    audit.note({ details: { name: old.name, apiKey: maskSecret(old.prefix.padEnd(40, '*')) } });
    return ctx.db.transaction(async (tx) => {
      if (!(await revokeApiKey(tx, params.id, new Date(now()))))
        throw new HttpError(409, INTEGRATION_TEXTS.keyAlreadyRevoked);
      ctx.apiKeys.forget(params.id);
      await audit.record(tx);
      return reloadKey(tx, params.id);
    });
  });
}
