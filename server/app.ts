import swagger from '@fastify/swagger';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { createPrincipalCache } from './auth/principals';
import { loadSigningSecret } from './auth/secret';
import { createLoginThrottle } from './auth/throttle';
import { createTokenService } from './auth/tokens';
import { createChallengeService } from './auth/challenge';
import { resolveConfig, type ServerConfigOverrides } from './config';
import type { ServerContext } from './context';
import type { Database } from './db/client';
import type { JobRunner } from './jobs/runner';
import { fastifyTrustProxy, installHostCheck, installLaunchSecretCheck } from './http/edge';
import { frameworkErrors, installErrorHandling } from './http/error-handling';
import { installHandlerDeadline } from './http/handler-deadline';
import { installQueryPriority } from './http/query-priority';
import { installAvailabilityGate } from './http/availability';
import { installLoadShedding } from './http/shedding';
import { requestLoggerFactory } from './http/request-logger';
import { createRouter } from './http/router';
import { createApiKeyCache } from './integrations/api-key-cache';
import { createWebhookService } from './integrations/service';
import { raiseSystemAlert } from './alerts/service';
import { createLogger } from './logger';
import type { ModuleHost, ServerModule } from './module';
import { SERVER_MODULES } from './modules';
import type { OutboundPolicy } from './security/outbound';
import { createSecretBox, generateSecretKey } from './security/secret-box';
import { registerSettingsEffects } from './settings/effects';
import { registerSettingsGuards } from './settings/guards';
import { registerRateLimit } from './settings/rate-limit';
import { createSettingsStore } from './settings/store';
import { installRequestRecording, type RequestRecorder } from './monitoring/recorder';
import { registerTestFaults } from './testing/faults';

export interface BuildAppOptions {
  /** An open, migrated database. The app does not close it: whoever opened it does (see startServer). */
  database: Database;
  config?: ServerConfigOverrides;
  logger?: FastifyBaseLogger;
  /**
   * The server's job runner, not yet started: the app defines its queues on it (the demonstration
   * alerts). Without one the app runs no background work (most tests).
   */
  jobs?: JobRunner;
  /** Where answered requests are recorded (the monitoring signals); without one, none are. */
  requestRecorder?: RequestRecorder;
  /**
   * The key that seals secrets at rest (server/security/secret-box.ts); startServer loads it. Without
   * one, a key for this app only: what it seals does not open after a restart (tests).
   */
  secretKey?: Buffer;
  /** Test-only: addresses outgoing webhooks may reach although not public (a loopback sink). */
  outbound?: OutboundPolicy;
  /** The endpoint groups to serve: every one (SERVER_MODULES) unless a test needs fewer. */
  modules?: readonly ServerModule[];
  /**
   * What the start had to do to open the database (a repair, a fall-back: server/start.ts), raised as
   * platform alerts so that the admin reads it in the console, not only in the log.
   */
  startNotices?: readonly StartNotice[];
}

/** One thing the start did to the database that the admin must hear of. */
export interface StartNotice {
  title: string;
  description: string;
}

export async function buildApp({
  database,
  config: overrides,
  logger,
  jobs,
  requestRecorder,
  secretKey,
  outbound,
  modules = SERVER_MODULES,
  startNotices = [],
}: BuildAppOptions): Promise<FastifyInstance> {
  const config = resolveConfig(overrides);
  const secrets = createSecretBox(secretKey ?? generateSecretKey());
  const secret = await loadSigningSecret(database.db, secrets, config.jwtSecret);
  const log = logger ?? createLogger();
  const principals = await createPrincipalCache({ database, logger: log });
  const settings = await createSettingsStore(database, secrets, log);
  const apiKeys = await createApiKeyCache(database, log);
  const webhooks = createWebhookService({
    db: database.db,
    now: config.now,
    secrets,
    outbound: outbound ?? {},
    logger: log,
  });
  const ctx: ServerContext = {
    db: database.db,
    databaseKind: database.kind,
    config,
    tokens: createTokenService({ secret, lifetimeMinutes: config.sessionTimeoutMinutes, now: config.now }),
    challenges: createChallengeService(secret, config.now),
    throttle: createLoginThrottle(database.db, config.throttle, config.now),
    principals,
    settings,
    apiKeys,
    webhooks,
    secrets,
    log,
  };

  const app = Fastify({
    loggerInstance: log,
    childLoggerFactory: requestLoggerFactory,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // Routes are declared once in the contract; a trailing slash is not a second route.
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors,
    // No request waits without end (issue 27): a slow sender, an idle socket, a handler that hangs.
    requestTimeout: config.http.requestTimeoutMs,
    connectionTimeout: config.http.connectionTimeoutMs,
    // The handler timeout is installHandlerDeadline's, below (Fastify's own costs ~10 µs per request).
  });
  // First of the hooks: the deadline covers every hook's work too, as Fastify's handlerTimeout does.
  installHandlerDeadline(app, config.http.handlerTimeoutMs);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // PGlite's one connection takes turns by priority; PostgreSQL's pool has no such queue, and without the
  // priority's AsyncLocalStorage there Node 22 runs no promise hooks on every request (see deploy/).
  if (database.kind === 'pglite') installQueryPriority(app);
  installErrorHandling(app, { databaseRetryAfterSeconds: database.availability.retryAfterSeconds });
  installHostCheck(app, config.allowedHosts);
  if (config.launchSecret) installLaunchSecretCheck(app, config.launchSecret);
  installAvailabilityGate(app, database.availability);
  await installLoadShedding(app, config.shedding, database.kind);
  app.decorate('principals', principals);
  app.decorate('settings', settings);
  app.addHook('onClose', async () => principals.close());
  app.addHook('onClose', async () => settings.close());
  app.addHook('onClose', async () => apiKeys.close());
  registerSettingsGuards(app, ctx);
  await registerRateLimit(app, ctx);
  await registerSettingsEffects(app, ctx);
  if (requestRecorder) installRequestRecording(app, requestRecorder, config.now);
  if (config.testFaults) registerTestFaults(app);

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Operations Console API', version: config.version },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  const host: ModuleHost = {
    app,
    route: createRouter(app, ctx),
    ctx,
    database,
    log,
    ...(jobs ? { jobs } : {}),
  };
  for (const module of modules) await module.register(host);
  if (jobs) for (const module of modules) await module.jobs?.(jobs, host);

  await app.ready();
  for (const notice of startNotices)
    await raiseSystemAlert(
      ctx,
      { ...notice, severity: 'high', category: 'technical', source: 'Database', tags: ['database', 'start'] },
      (error) => log.error({ err: error }, 'an alert listener failed'),
    );
  return app;
}
