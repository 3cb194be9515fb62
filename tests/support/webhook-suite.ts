/**
 * A server suite for webhook deliveries: the app on the suite's database with a loopback sink allowed,
 * and a webhook service on the same key, clock and database that makes the attempts when the test says,
 * as the job runner would.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../../server/app';
import { createWebhookService, type WebhookService } from '../../server/integrations/service';
import { createLogger } from '../../server/logger';
import { createSecretBox } from '../../server/security/secret-box';
import type { TestDatabaseTarget } from './databases';
import { TEST_SECRET_KEY, TEST_SHEDDING, type TestClock } from './server';
import { useServerSuite, type ServerSuite } from './suite';
import { startWebhookSink, type WebhookSink } from './webhook-sink';

export const LOOPBACK = { allow: ['127.0.0.1/32'] };
const quiet = createLogger({ level: 'silent' });

export interface WebhookSuite {
  suite: ServerSuite;
  /** The key the app seals secrets with (another instance on the same database needs it). */
  secretKey: Buffer;
  /** Set in beforeAll. */
  app: FastifyInstance;
  sink: WebhookSink;
  service: WebhookService;
}

export function useWebhookSuite(
  target: TestDatabaseTarget,
  options: { clock: TestClock; serviceTimeoutMs: number },
): WebhookSuite {
  const { clock } = options;
  const suite = useServerSuite(target, { app: false, tenants: true, clock });
  // The suite's tokens (tokenFor) open the signing secret with the test key: the app seals with it too.
  const secretKey = TEST_SECRET_KEY;
  const made = { suite, secretKey } as WebhookSuite;
  beforeAll(async () => {
    made.sink = await startWebhookSink();
    made.app = await buildApp({
      database: suite.database,
      config: { now: clock.now, shedding: TEST_SHEDDING },
      logger: quiet,
      secretKey,
      outbound: LOOPBACK,
    });
    made.service = createWebhookService({
      db: suite.database.db,
      now: clock.now,
      secrets: createSecretBox(secretKey),
      outbound: LOOPBACK,
      timeoutMs: options.serviceTimeoutMs,
      logger: quiet,
    });
  });
  afterAll(async () => {
    await made.app?.close();
    await made.sink?.close();
  });
  return made;
}
